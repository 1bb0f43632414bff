"""The security log says who, from where and what: one `key=value` line on
`accounts.security` per login (the admin's too), failure, lockout, logout, refused login of
a banned player and moderator action; addresses only as a keyed hash."""

from __future__ import annotations

import logging
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from django_otp import DEVICE_ID_SESSION_KEY

from accounts.security_log import keyed_hash
from accounts.services import ban_create
from tests.staff import app_of, staff_client

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
ADDRESS = "198.51.100.23"


@pytest.fixture
def lines(caplog) -> list[str]:
    caplog.set_level(logging.INFO, logger="accounts.security")
    return caplog


def security_lines(caplog) -> list[dict[str, str]]:
    """The security log's lines as dicts of their key=value pairs."""
    found = []
    for record in caplog.records:
        message = record.getMessage()
        if record.name == "accounts.security" and message.startswith("security "):
            found.append(dict(re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', message)))
    return found


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


def test_a_successful_admin_login_says_who_from_where_and_what(lines) -> None:
    make_user("root", is_staff=True, is_superuser=True)
    Client(REMOTE_ADDR=ADDRESS).post(
        "/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD}
    )
    [line] = [e for e in security_lines(lines) if e["event"] == "login"]
    assert line["user"] == "root" and line["staff"] == "yes"
    assert line["addr"] == keyed_hash(ADDRESS)
    assert line["path"] == "/admin/login/"


def test_a_site_login_a_failure_and_a_logout_are_logged(lines) -> None:
    ann = make_user("ann")
    client = Client(REMOTE_ADDR=ADDRESS)
    client.post("/accounts/login/", {"username": "ann", "password": "wrong"})
    client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    client.post("/accounts/logout/")
    events = [(e["event"], e.get("user"), e.get("user_id")) for e in security_lines(lines)]
    assert events == [("login_failed", "ann", str(ann.pk)), ("login", "ann", str(ann.pk)),
                      ("logout", "ann", str(ann.pk))]  # fmt: skip
    assert {e["addr"] for e in security_lines(lines)} == {keyed_hash(ADDRESS)}


def test_no_line_holds_an_address_or_an_unknown_typed_name_plainly(lines) -> None:
    Client(REMOTE_ADDR=ADDRESS).post(
        "/accounts/login/", {"username": "MySecretPassw0rd", "password": "x"}
    )
    [line] = security_lines(lines)
    assert line["name_hash"] == keyed_hash("mysecretpassw0rd")
    text = " ".join(r.getMessage() for r in lines.records if r.name == "accounts.security")
    assert ADDRESS not in text and "MySecretPassw0rd".lower() not in text.lower()


def test_a_lockout_names_the_account_and_the_address(lines, settings) -> None:
    make_user("root", is_staff=True)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        Client(REMOTE_ADDR=ADDRESS).post(
            "/admin/login/?next=/admin/", {"username": "root", "password": "wrong"}
        )
    lockouts = [e for e in security_lines(lines) if e["event"] == "lockout"]
    assert lockouts and lockouts[0]["user"] == "root"
    assert lockouts[0]["addr"] == keyed_hash(ADDRESS)


def test_a_banned_players_refused_login_has_the_address(lines) -> None:
    mod, pat = make_user("mod", is_staff=True), make_user("pat")
    ban_create(mod, pat, "cheating", timezone.now() + timedelta(days=1))
    Client(REMOTE_ADDR=ADDRESS).post("/accounts/login/", {"username": "pat", "password": PASSWORD})
    [line] = [e for e in security_lines(lines) if e["event"] == "login_refused_banned"]
    assert line["user"] == "pat" and line["addr"] == keyed_hash(ADDRESS)


def test_a_sanction_in_the_admin_says_who_to_whom_and_from_where(lines) -> None:
    root = make_user("root", is_staff=True, is_superuser=True)
    pat = make_user("pat")
    client = staff_client(root, Client(REMOTE_ADDR=ADDRESS))
    client.post(f"/admin/accounts/mute/add/?user={pat.pk}",
                {"user": pat.pk, "duration": 3600, "reason": "calm down"})  # fmt: skip
    [line] = [e for e in security_lines(lines) if e["event"] == "moderation"]
    assert (line["action"], line["actor"], line["target_user"]) == ("mute", "root", "pat")
    assert line["addr"] == keyed_hash(ADDRESS)


def test_log_hash_prints_the_hash_an_operator_searches_for(capsys) -> None:
    call_command("log_hash", ADDRESS, "2001:db8:1:2::99", "Ann")
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{ADDRESS} addr={keyed_hash(ADDRESS)}",
                   f"2001:db8:1:2::99 addr={keyed_hash('2001:db8:1:2::/64')}",
                   f"Ann name_hash={keyed_hash('ann')}"]  # fmt: skip


@pytest.mark.django_db(transaction=True)
async def test_a_sanction_through_the_asgi_handler_still_has_the_address(lines) -> None:
    """Under ASGI the middleware's address reaches the audit row's line (the sync view runs
    in a thread of its own; the context variable must go with it)."""
    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    root = await sync_to_async(make_user)("root", is_staff=True, is_superuser=True)
    pat = await sync_to_async(make_user)("pat")
    client = AsyncClient()  # its scope's client is 127.0.0.1
    await client.aforce_login(root)
    session = await client.asession()
    await session.aset(DEVICE_ID_SESSION_KEY, (await sync_to_async(app_of)(root)).persistent_id)
    await session.asave()
    await client.post(f"/admin/accounts/mute/add/?user={pat.pk}",
                      {"user": pat.pk, "duration": 3600, "reason": "calm down"})  # fmt: skip
    [line] = [e for e in security_lines(lines) if e["event"] == "moderation"]
    assert line["addr"] == keyed_hash("127.0.0.1")
