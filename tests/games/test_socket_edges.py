"""The edges of the WebSocket handshake: the origin check compares scheme, host and port;
a path that is no socket of the site is closed with 4404
(docs/protocol.md §"Close codes")."""

from __future__ import annotations

import pytest

from tests.games.helpers import Communicator
from whistsite.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


async def opens(headers: list[tuple[bytes, bytes]], path: str = "/ws/lobby/", **scope) -> bool:
    communicator = Communicator(application, path, headers=headers)
    communicator.scope.update(scope)
    connected, _ = await communicator.connect()
    await communicator.disconnect()
    return connected


HOST = (b"host", b"127.0.0.1:8000")


async def test_a_page_of_the_site_itself_may_open_a_socket():
    assert await opens([HOST, (b"origin", b"http://127.0.0.1:8000")])


@pytest.mark.parametrize(
    "origin",
    [
        b"http://127.0.0.1:8080",  # another port of the same host
        b"https://127.0.0.1:8000",  # another scheme
        b"http://localhost:8000",  # another (allowed) host name
        b"http://evil.example",
        b"null",
        b"http://127.0.0.1:notaport",
    ],
)
async def test_another_origin_is_refused_at_the_handshake(origin):
    assert not await opens([HOST, (b"origin", origin)])


async def test_a_socket_without_an_origin_or_with_a_foreign_host_is_refused():
    assert not await opens([HOST])
    assert not await opens([(b"host", b"evil.example"), (b"origin", b"http://evil.example")])


async def test_a_secure_socket_pairs_with_an_https_page():
    headers = [(b"host", b"127.0.0.1"), (b"origin", b"https://127.0.0.1")]
    assert await opens(headers, scheme="wss")
    assert not await opens(headers, scheme="ws")


async def test_behind_a_trusted_proxy_its_forwarded_scheme_counts(settings):
    headers = [(b"host", b"127.0.0.1"), (b"origin", b"https://127.0.0.1"),
               (b"x-forwarded-proto", b"https")]  # fmt: skip
    assert not await opens(headers)  # no proxy configured: the header is anyone's to send
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert await opens(headers)


async def test_a_trusted_origin_may_open_a_socket(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://cards.example"]
    assert await opens([HOST, (b"origin", b"https://cards.example")])
    assert not await opens([HOST, (b"origin", b"https://cards.example:444")])


@pytest.mark.parametrize("path", ["/ws/nothing/", "/ws/table/abc/", "/ws/", "/elsewhere/"])
async def test_a_path_that_is_no_socket_is_closed_with_4404(path):
    communicator = Communicator(
        application, path, headers=[HOST, (b"origin", b"http://127.0.0.1:8000")]
    )
    connected, _ = await communicator.connect()
    assert connected
    assert await communicator.receive_output(5) == {"type": "websocket.close", "code": 4404}
