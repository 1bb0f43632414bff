"""The development mail backend (`make run`): each mail on the console as a reader sees it,
its headers and its plain text decoded (a link in one piece, ready to copy), not the
quoted-printable source Django's console backend prints."""

from __future__ import annotations

from django.core.mail.backends.console import EmailBackend as ConsoleBackend

SHOWN = ("From", "To", "Subject", "Content-Language")


class EmailBackend(ConsoleBackend):
    def write_message(self, message) -> None:
        headers = {"From": message.from_email, "To": ", ".join(message.to),
                   "Subject": message.subject, **message.extra_headers}  # fmt: skip
        for name in SHOWN:
            if headers.get(name):
                self.stream.write(f"{name}: {headers[name]}\n")
        kinds = ", ".join(["text/plain", *(a.mimetype for a in message.alternatives)])
        self.stream.write(f"Parts: {kinds}\n\n{message.body}\n{'-' * 79}\n")
