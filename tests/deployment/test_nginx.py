"""nginx in front of Daphne, configured by deploy/nginx.conf.template as docs/deployment.md
says (rendered by deploy/render_nginx.py): TLS, a redirect from http, static files,
WebSocket upgrades that carry the Origin check through, and X-Forwarded-For that the site
believes only as the proxy sets it, whatever a client sends."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import secrets
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from deploy.render_nginx import render
from games import services
from games.models import Presence
from tests.servers import ROOT, free_port, nginx_main, stop, wait_for

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PASSWORD = "a-Long-pass-42"
TLS = ssl.create_default_context()
TLS.check_hostname, TLS.verify_mode = False, ssl.CERT_NONE  # the test's own certificate

NO_NGINX = "nginx is not installed (make test-setup: apt-get install nginx-light)"
pytestmark = [
    pytest.mark.deployment,
    pytest.mark.xdist_group("deployment"),  # one worker: the module's proxy is built once
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.path.exists(NGINX), reason=NO_NGINX),
]


def spare_ports(count: int) -> list[int]:
    """Free ports from 18500–18509 (kept for this suite's servers), else any free ones."""
    found = []
    for port in range(18500, 18510):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        found.append(port)
        if len(found) == count:
            return found
    return [free_port() for _ in range(count)]


def daphne_command(port: int) -> list[str]:
    """The Procfile's web process, bound to 127.0.0.1 (the site believes the proxy's headers:
    WHIST_TRUSTED_PROXIES)."""
    web = next(line for line in (ROOT / "Procfile").read_text().splitlines()
               if line.startswith("web:"))  # fmt: skip
    flags = re.findall(r"--websocket-max-message-size \d+|--ping-interval \d+|--ping-timeout \d+",
                       web)  # fmt: skip
    words = [w for flag in flags for w in flag.split()]
    return [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), *words,
            "whistsite.asgi:application"]  # fmt: skip


@pytest.fixture(scope="module")
def proxy(django_db_setup: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    """Daphne with production settings and nginx in front of it; yields their addresses."""
    if "postgres" not in settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs PostgreSQL (DATABASE_URL), which the Daphne process shares")
    folder = tmp_path_factory.mktemp("nginx")
    https_port, http_port, daphne_port = spare_ports(3)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.deployment.server_settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,  # sessions made here are valid there
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        # nginx connects from 127.0.0.1: only its X-Forwarded-For and -Proto are believed.
        "WHIST_TRUSTED_PROXIES": "127.0.0.1",
        "WHIST_TEST_DATABASE_NAME": settings.DATABASES["default"]["NAME"],
        "WHIST_TEST_STATIC_ROOT": str(folder / "static"),
        # Two sign-ups per client address, in a window no earlier run shares.
        "WHIST_RATE_SIGNUP": f"2/{3600 + secrets.randbelow(3600)}s",
    }
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                   cwd=ROOT, env=env, check=True)  # fmt: skip
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-keyout", folder / "key.pem",
                    "-out", folder / "cert.pem"], check=True, capture_output=True)  # fmt: skip
    site = folder / "whist.conf"
    site.write_text(render(
        "127.0.0.1", [f"127.0.0.1:{daphne_port}"], str(folder / "cert.pem"),
        str(folder / "key.pem"), str(folder / "static"), https_listen=f"127.0.0.1:{https_port}",
        http_listen=f"127.0.0.1:{http_port}", https_port=https_port,
    ))  # fmt: skip
    (folder / "nginx.conf").write_text(nginx_main(folder, site))
    log = open(folder / "daphne.log", "w")  # noqa: SIM115
    daphne = subprocess.Popen(daphne_command(daphne_port), cwd=ROOT, env=env, stdout=log,
                              stderr=subprocess.STDOUT)  # fmt: skip
    nginx = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf")],
                             stderr=subprocess.PIPE)  # fmt: skip
    try:
        wait_for(daphne_port, daphne)
        wait_for(https_port, nginx)
        yield {"https": https_port, "http": http_port, "daphne": daphne_port, "folder": folder}
    finally:
        stop(nginx)
        stop(daphne)
        log.close()


def request(port: int, method: str, path: str, tls: bool = True, source: str = "127.0.0.1",
            headers: dict[str, str] | None = None, body: str | None = None) -> Any:  # fmt: skip
    kind = http.client.HTTPSConnection if tls else http.client.HTTPConnection
    extra = {"context": TLS} if tls else {}
    conn = kind("127.0.0.1", port, timeout=10, source_address=(source, 0), **extra)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    response.text = response.read().decode()
    conn.close()
    return response


def sign_up(port: int, name: str, source: str, forwarded_for: str) -> int:
    """Sign up through the proxy from `source`, claiming `forwarded_for`; the status."""
    page = request(port, "GET", "/accounts/signup/", source=source)
    cookie = re.search(r"csrftoken=([^;]+)", page.getheader("Set-Cookie")).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    form = (f"csrfmiddlewaretoken={token}&username={name}&display_name={name}"
            f"&password1={PASSWORD}&password2={PASSWORD}&accept_terms=on")  # fmt: skip
    origin = f"https://127.0.0.1:{port}"
    headers = {"Cookie": f"csrftoken={cookie}", "Origin": origin, "Referer": f"{origin}/",
               "Content-Type": "application/x-www-form-urlencoded",
               "X-Forwarded-For": forwarded_for}  # fmt: skip
    return request(port, "POST", "/accounts/signup/", source=source, headers=headers,
                   body=form).status  # fmt: skip


def socket_to(proxy: dict, path: str, cookie: str = "", origin: str | None = None) -> Any:
    """A socket through the proxy (`async with` or `await`). The asyncio client, not the sync
    one: the sync client reads TLS in a thread of its own while the caller's thread writes,
    on one SSL object. Once its handshake request never reached nginx
    ("client timed out ... while waiting for request"), and after the 30 s open timeout it
    waited for ever for its reading thread, blocked in SSL read (pytest-timeout, 300 s)."""
    origin = origin or f"https://127.0.0.1:{proxy['https']}"
    headers = {"Cookie": cookie} if cookie else {}
    return connect(f"wss://127.0.0.1:{proxy['https']}{path}", ssl=TLS, origin=origin,
                   additional_headers=headers, open_timeout=30, compression=None)  # fmt: skip


def test_pages_come_over_tls_with_the_sites_security_headers(proxy) -> None:
    response = request(proxy["https"], "GET", "/")
    assert response.status == 200 and "Whist" in response.text
    assert "max-age=31536000" in response.getheader("Strict-Transport-Security")


def test_healthz_passes_and_readyz_and_metrics_stay_private(proxy) -> None:
    health = request(proxy["https"], "GET", "/healthz")
    assert (health.status, json.loads(health.text)) == (200, {"alive": True})
    assert request(proxy["https"], "GET", "/readyz").status == 404
    assert request(proxy["https"], "GET", "/metrics").status == 404
    assert request(proxy["daphne"], "GET", "/readyz", tls=False).status == 200


def test_plain_http_is_redirected_to_https(proxy) -> None:
    response = request(proxy["http"], "GET", "/lobby/?x=1", tls=False)
    assert response.status == 301
    assert response.getheader("Location") == f"https://127.0.0.1:{proxy['https']}/lobby/?x=1"


def test_static_files_come_from_the_collected_folder(proxy) -> None:
    response = request(proxy["https"], "GET", "/static/js/lobby.js")
    assert response.status == 200 and "/ws/lobby/" in response.text
    assert "javascript" in response.getheader("Content-Type")


def test_static_files_say_nosniff_and_hsts_as_pages_do(proxy) -> None:
    response = request(proxy["https"], "GET", "/static/js/lobby.js")
    assert response.getheader("X-Content-Type-Options") == "nosniff"
    assert "max-age=31536000" in response.getheader("Strict-Transport-Security")


def test_nginx_does_not_show_its_version(proxy) -> None:
    answers = [
        request(proxy["https"], "GET", "/static/js/lobby.js"),
        request(proxy["https"], "GET", "/static/no-such-file.js"),
        request(proxy["http"], "GET", "/", tls=False),
    ]
    assert [a.getheader("Server") for a in answers] == ["nginx"] * 3


async def receive(ws: Any) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), 10))


def test_a_websocket_upgrade_passes_and_answers_a_ping(proxy) -> None:
    async def ping() -> None:
        async with socket_to(proxy, "/ws/lobby/") as ws:
            assert (await receive(ws))["type"] == "tables"
            await ws.send(json.dumps({"type": "ping"}))
            kinds = []
            while "pong" not in kinds:
                kinds.append((await receive(ws))["type"])

    asyncio.run(ping())


def test_a_player_plays_a_card_through_the_proxy(proxy) -> None:
    ann, bob = (get_user_model().objects.create_user(n, password=PASSWORD) for n in ("ann", "bob"))
    table = services.table_create(ann, "german")
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)
    cookies = {}
    for user in (ann, bob):
        client = Client()
        client.force_login(user)
        cookies[user.username] = f"sessionid={client.cookies['sessionid'].value}"
    path = f"/ws/table/{table.pk}/"

    async def play() -> None:
        async with AsyncExitStack() as stack:
            sockets = {name: await stack.enter_async_context(socket_to(proxy, path, cookie))
                       for name, cookie in cookies.items()}  # fmt: skip
            states = {name: await first_state(ws) for name, ws in sockets.items()}
            name, state = next((n, s) for n, s in states.items() if s["view"]["legal"])
            action = {k: v for k, v in state["view"]["legal"][0].items() if k != "seat"}
            act = {"type": "act", "version": state["version"], "action": action}
            await sockets[name].send(json.dumps(act))
            after = await first_state(sockets[name], newer_than=state["version"])
            assert after["version"] == state["version"] + 1 and after["seat"] == state["seat"]

    asyncio.run(play())
    # The server records the closed sockets (presence rows, a new version) in its own
    # transactions: wait for that before the test's database is emptied under it.
    wait_until(lambda: not Presence.objects.filter(seat__table=table).exists())
    time.sleep(0.5)  # the last change's broadcast and its task, after the commit


def wait_until(condition: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the server did not finish in time"
        time.sleep(0.05)


async def first_state(ws: Any, newer_than: int = -1) -> dict[str, Any]:
    while True:
        message = await receive(ws)
        if message["type"] == "state" and message["version"] > newer_than:
            return message


def test_a_page_of_another_origin_cannot_open_a_socket_through_the_proxy(proxy) -> None:
    async def refused(origin: str) -> None:
        with pytest.raises(InvalidStatus, match="403"):
            await socket_to(proxy, "/ws/lobby/", origin=origin)

    for origin in (f"http://127.0.0.1:{proxy['https']}", "https://127.0.0.1:8443"):
        asyncio.run(refused(origin))


def test_the_client_address_is_the_one_the_proxy_saw_not_the_one_claimed(proxy) -> None:
    """Two sign-ups per address: claiming other addresses in X-Forwarded-For gains nothing,
    while a second real address (127.0.0.2, as nginx sees it) has its own allowance."""
    port = proxy["https"]
    claims = ["10.1.1.1", "10.2.2.2", "10.3.3.3"]
    statuses = [sign_up(port, f"p{i}", "127.0.0.1", claim) for i, claim in enumerate(claims)]
    assert statuses == [302, 302, 429]
    assert sign_up(port, "other", "127.0.0.2", "10.3.3.3") == 302


def test_a_peer_that_is_not_the_proxy_cannot_claim_https_or_an_address(proxy) -> None:
    """Straight at Daphne from 127.0.0.2 (not the proxy): X-Forwarded-Proto: https is not
    believed (the production settings redirect plain http), and neither is X-Forwarded-For."""
    claims = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.9.9.9", "Host": "127.0.0.1"}
    direct = request(proxy["daphne"], "GET", "/accounts/signup/", tls=False, source="127.0.0.2",
                     headers=claims)  # fmt: skip
    assert direct.status == 301 and direct.getheader("Location").startswith("https://")
    through = request(proxy["daphne"], "GET", "/accounts/signup/", tls=False, source="127.0.0.1",
                      headers=claims)  # fmt: skip
    assert through.status == 200  # the proxy's own claim of https is believed
