"""A real SMTP server for the tests (aiosmtpd on a spare port of 127.0.0.1), and what it
received, parsed: the site's mail goes out by Django's SMTP backend to it, as in production.

    def test_x(mail_server, transactional_db): ...; (message,) = mail_server.to("a@b.org")

`transactional_db`: mail leaves after the commit (accounts.mail), which a test inside one
transaction never reaches.
"""

from __future__ import annotations

import email
import email.policy
import socket
import threading
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller


class Received:
    """The aiosmtpd handler: keeps every message it was sent, with its envelope."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        with self.lock:
            self.messages.append(message)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        """The messages sent to `address` (any letter case), oldest first."""
        with self.lock:
            return [m for m in self.messages if address.lower() in m["X-Envelope-To"].lower()]

    def clear(self) -> None:
        with self.lock:
            self.messages.clear()


def text_of(message: EmailMessage) -> str:
    """The plain-text part of a message."""
    return message.get_body(preferencelist=("plain",)).get_content()


def html_of(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("html",)).get_content()


def link_in(message: EmailMessage, start: str) -> str:
    """The first line of the plain text that is a link starting with `start` (a path)."""
    for line in text_of(message).splitlines():
        if line.startswith("http") and start in line:
            return line[line.index(start) :].strip()
    raise AssertionError(f"no link with {start!r} in: {text_of(message)}")


def _spare_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def _smtp_controller() -> Iterator[tuple[Controller, Received]]:
    handler = Received()
    controller = Controller(handler, hostname="127.0.0.1", port=_spare_port())
    controller.start()
    yield controller, handler
    controller.stop()


@pytest.fixture
def mail_server(_smtp_controller: tuple[Controller, Received], settings: Any) -> Received:
    """The site mails by SMTP to a real server for this test; returns what it received."""
    controller, handler = _smtp_controller
    handler.clear()
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": controller.hostname, "port": controller.port, "timeout": 10},
        }
    }
    return handler
