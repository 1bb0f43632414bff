"""Clients that drop their socket mid-request, on a real Daphne: each request ends as any
other and nothing is logged. Before, Django cancelled the request at the disconnect while its
sync middleware thread was inside asgiref's async_to_sync; asgiref copied that thread's
half-finished context (its CurrentThreadExecutor) into the request's task, and the request's
end (request_finished, which closes its database connection) died with "RuntimeError:
CurrentThreadExecutor already quit or is broken" (Daphne: "Exception inside application")."""

from __future__ import annotations

import os
import socket
import struct
import tempfile
import time
from pathlib import Path

from tests.servers import daphne

# Seconds between a request and its client's reset: the drop lands at every step of the
# request's way through the middleware and the view.
DELAYS = [0.0, 0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.03, 0.06]


def _drop(port: int, path: str, delay: float) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    time.sleep(delay)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset
    sock.close()


def test_clients_gone_mid_request_leave_no_error_in_the_log() -> None:
    log = Path(tempfile.mkdtemp(prefix="whist-gone-")) / "daphne.log"
    with daphne("tests.settings", dict(os.environ), str(log)) as address:
        port = int(address.rsplit(":", 1)[1])
        for path in ("/", "/rules/knockout/", "/accounts/login/"):
            for _ in range(8):
                for delay in DELAYS:
                    _drop(port, path, delay)
        time.sleep(1.0)  # the last requests end
    text = log.read_text()
    assert "already quit" not in text
    assert "Exception inside application" not in text
