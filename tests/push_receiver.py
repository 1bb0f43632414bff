"""A push service for the tests: an HTTP server on 127.0.0.1 that takes what the site pushes
to a device's endpoint, as a browser's push service would, and a device's keys that decrypt
it (RFC 8291, aes128gcm, by http_ece) after checking the VAPID signature (RFC 8292).

    def test_x(push_service, transactional_db):
        device = push_service.device("phone")  # endpoint + keys, as a PushSubscription gives
        ...; (message,) = push_service.received("phone"); message.json()
"""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Device:
    """A browser's push subscription: its endpoint and the keys only it holds."""

    name: str
    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64(
            self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        )

    @property
    def auth(self) -> str:
        return b64(self.secret)

    def subscription(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass
class Push:
    """One push as received, decrypted with the device's keys."""

    headers: dict[str, str]
    body: bytes
    device: Device

    def text(self) -> str:
        plain = http_ece.decrypt(
            self.body, private_key=self.device.key, auth_secret=self.device.secret,
            version="aes128gcm",
        )  # fmt: skip
        return plain.decode()

    def json(self) -> Any:
        return json.loads(self.text())

    def signed_by(self, public_key: str, audience: str) -> bool:
        """Whether the VAPID header (RFC 8292: `vapid t=<JWT>, k=<key>`) names this public
        key, its ES256 token verifies with it, and it is meant for this push service."""
        parts = dict(
            p.strip().partition("=")[::2]
            for p in self.headers.get("authorization", "").removeprefix("vapid ").split(",")
        )
        if parts.get("k") != public_key:
            return False
        head, claims, signature = parts.get("t", "..").split(".")
        raw = _unb64(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:]))
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(public_key))
        try:
            key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return False
        return json.loads(_unb64(claims))["aud"] == audience


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    def __init__(self, base: str) -> None:
        self.base = base
        self.devices: dict[str, Device] = {}
        self.answers: dict[str, int] = {}  # device name -> status the service answers
        self.pushes: dict[str, list[Push]] = {}
        self.lock = threading.Lock()

    def device(self, name: str) -> Device:
        device = Device(name, f"{self.base}/push/{name}")
        self.devices[name] = device
        return device

    def received(self, name: str) -> list[Push]:
        with self.lock:
            return list(self.pushes.get(name, []))


def _handler(service: PushService) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            name = self.path.rsplit("/", 1)[-1]
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            status = service.answers.get(name, 201)
            device = service.devices.get(name)
            if status == 201 and device is not None:
                headers = {k.lower(): v for k, v in self.headers.items()}
                with service.lock:
                    service.pushes.setdefault(name, []).append(Push(headers, body, device))
            self.send_response(status if device is not None else 404)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


@pytest.fixture
def push_service(settings: Any) -> Iterator[PushService]:
    """A push service on a spare port, and the site's push turned on with a key of its own."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(PushService("")))
    service = PushService(f"http://127.0.0.1:{server.server_address[1]}")
    server.RequestHandlerClass = _handler(service)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    from social.services.pushing import new_private_key

    settings.WHIST_VAPID_PRIVATE_KEY = new_private_key()
    settings.WHIST_PUSH_HTTP = True
    yield service
    server.shutdown()
    server.server_close()
