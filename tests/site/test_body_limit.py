"""A request body over WHIST_MAX_BODY is refused with 413 before it is read whole, by the
ASGI app and by a real Daphne, declared (Content-Length) or not (chunked), whatever the proxy
in front does (whistsite/body_limit.py)."""

from __future__ import annotations

import asyncio
import os
import select
import socket
import tempfile
from pathlib import Path

import psutil
import pytest
from django.conf import settings

from tests.servers import daphne
from whistsite.asgi import application

CHUNK = 64 * 1024


def http_scope(headers: list[tuple[bytes, bytes]]) -> dict:
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/games/upload/", "raw_path": b"/games/upload/",
        "root_path": "", "query_string": b"", "client": ("192.0.2.1", 5000),
        "server": ("127.0.0.1", 8000),
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/octet-stream"),
                    *headers],
    }  # fmt: skip


async def post_to_app(total: int, declared: bool) -> tuple[int, int]:
    """POST `total` bytes to the site's ASGI app in 64 KB chunks; the status it answers and
    how many chunks it took."""
    headers = [(b"content-length", str(total).encode())] if declared else []
    chunks = [b"x" * CHUNK] * (total // CHUNK)
    taken = 0
    sent: list[dict] = []

    async def receive() -> dict:
        nonlocal taken
        if taken < len(chunks):
            taken += 1
            return {"type": "http.request", "body": chunks[taken - 1],
                    "more_body": taken < len(chunks)}  # fmt: skip
        await asyncio.sleep(3600)  # the client waits for the answer
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await asyncio.wait_for(application(http_scope(headers), receive, send), 60)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, taken


async def test_the_app_refuses_a_declared_body_over_the_limit_before_reading_it() -> None:
    status, taken = await post_to_app(settings.WHIST_MAX_BODY + CHUNK, declared=True)
    assert status == 413
    assert taken == 0


async def test_the_app_refuses_an_undeclared_body_once_it_passes_the_limit() -> None:
    total = 4 * settings.WHIST_MAX_BODY
    status, taken = await post_to_app(total, declared=False)
    assert status == 413
    assert taken * CHUNK <= settings.WHIST_MAX_BODY + CHUNK  # it stopped reading at the limit


async def test_a_body_under_the_limit_reaches_the_site() -> None:
    status, _taken = await post_to_app(4 * CHUNK, declared=False)
    assert status == 403  # Django's CSRF check answered: the request got through


# --- A real Daphne -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> tuple[str, int]:
    log = Path(tempfile.mkdtemp(prefix="whist-body-")) / "daphne.log"
    with daphne("tests.settings", dict(os.environ), str(log)) as address:
        port = int(address.rsplit(":", 1)[1])
        pid = next(
            c.pid for c in psutil.net_connections("tcp")
            if c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
        )  # fmt: skip
        yield port, pid


def request_head(port: int, headers: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=15)
    sock.sendall(
        f"POST /games/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode("ascii")
    )
    return sock


def answer(sock: socket.socket) -> bytes:
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


def test_daphne_answers_413_to_a_declared_huge_body_before_it_is_sent(server) -> None:
    port, _pid = server
    sock = request_head(port, "Content-Length: 209715200\r\n")  # 200 MB, none of it sent
    with sock:
        assert answer(sock).startswith(b"HTTP/1.1 413 ")


def test_daphne_refuses_a_chunked_body_as_it_passes_the_limit_and_keeps_no_copy(server) -> None:
    port, pid = server
    before = psutil.Process(pid).memory_info().rss
    sock = request_head(port, "Transfer-Encoding: chunked\r\n")
    piece = b"%x\r\n%s\r\n" % (CHUNK, b"x" * CHUNK)
    sent = 0
    with sock:
        try:
            while sent < 100 * 1024 * 1024:  # 100 MB unless answered first
                sock.sendall(piece)
                sent += CHUNK
                if select.select([sock], [], [], 0)[0]:
                    break  # an answer came
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            pass
        reply = answer(sock)
    grown = psutil.Process(pid).memory_info().rss - before

    assert reply.startswith(b"HTTP/1.1 413 ")
    assert sent < 100 * 1024 * 1024
    assert grown < 50 * 1024 * 1024, f"Daphne grew by {grown / 2**20:.0f} MiB"


def test_daphne_passes_a_small_body_on_to_the_site(server) -> None:
    port, _pid = server
    sock = request_head(port, "Content-Length: 5\r\nConnection: close\r\n")
    with sock:
        sock.sendall(b"hello")
        assert answer(sock).startswith(b"HTTP/1.1 403 ")  # Django's CSRF check
