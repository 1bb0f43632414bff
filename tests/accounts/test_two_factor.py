"""Staff and moderators reach the admin and every moderation page only with a second factor
(accounts.two_factor, django-otp): a one-time-password app set up from a QR code, or one of
its recovery codes, each used once; players never meet it; the admin login keeps its
throttle."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.models import AuditEntry
from accounts.moderators import ACCOUNTS_PERMISSIONS
from tests.staff import app_of, code_now, made_moderator

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
SETUP = "/accounts/two-factor/"


def make_user(name: str, **extra):
    return get_user_model().objects.create_user(name, password=PASSWORD, **extra)


@pytest.fixture
def mod():
    return made_moderator(make_user("mod"), {"accounts": ACCOUNTS_PERMISSIONS})


def password_only(user) -> Client:
    client = Client()
    client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert "_auth_user_id" in client.session
    return client


def test_a_staff_member_with_a_password_alone_is_sent_to_the_second_factor(mod):
    client = password_only(mod)
    for page in ["/admin/", "/admin/accounts/report/", "/admin/accounts/user/?q=a",
                 "/games/1/annul/"]:  # fmt: skip
        response = client.get(page)
        assert response.status_code == 302, page
        assert response["Location"].startswith(f"{SETUP}?next=/"), page
    assert client.get("/lobby/").status_code == 200  # playing needs no second factor


def test_the_admin_login_leads_on_to_the_second_factor(mod):
    client = Client()
    response = client.post("/admin/login/?next=/admin/", {"username": "mod", "password": PASSWORD},
                           follow=True)  # fmt: skip
    assert response.redirect_chain[-1][0].startswith(SETUP)
    assert b"two-factor-qr" in response.content


def test_a_moderator_sets_up_the_app_from_the_qr_code_and_gets_in(mod):
    client = password_only(mod)
    page = client.get(f"{SETUP}?next=/admin/accounts/report/").content.decode()
    assert "<svg" in page and 'data-testid="two-factor-key"' in page
    device = TOTPDevice.objects.get(user=mod, confirmed=False)
    response = client.post(SETUP, {"code": code_now(device), "next": "/admin/accounts/report/"})
    assert response.status_code == 200
    codes = response.context["codes"]
    assert len(codes) == 10 and all(code in response.content.decode() for code in codes)
    assert TOTPDevice.objects.get(user=mod).confirmed
    assert client.get("/admin/accounts/report/").status_code == 200
    entry = AuditEntry.objects.get(action=AuditEntry.Action.SECOND_FACTOR)
    assert entry.actor_name == "mod"


def test_a_wrong_code_sets_nothing_up_and_lets_nobody_in(mod):
    client = password_only(mod)
    client.get(SETUP)
    response = client.post(SETUP, {"code": "000000"})
    assert response.status_code == 200 and response.context["form"].errors
    assert not TOTPDevice.objects.filter(user=mod, confirmed=True).exists()
    assert client.get("/admin/").status_code == 302


def test_the_next_session_asks_the_app_for_a_code(mod):
    device = app_of(mod)
    client = password_only(mod)
    page = client.get(SETUP).content.decode()
    assert "two-factor-qr" not in page  # no new key shown to a password alone
    assert client.post(SETUP, {"code": code_now(device), "next": "/admin/"})["Location"] == (
        "/admin/"
    )
    assert client.get("/admin/").status_code == 200


def test_guessing_codes_is_slowed_down(mod):
    device = app_of(mod)
    client = password_only(mod)
    client.post(SETUP, {"code": "000000"})
    # Right after a failure even the right code waits (django-otp's throttle), and the page
    # says so: it said the right code was "not right".
    response = client.post(SETUP, {"code": code_now(device)})
    assert response.status_code == 200 and client.get("/admin/").status_code == 302
    assert response.context["form"].errors["code"] == [
        "Too many wrong codes: wait 1 second, then type the app's current code."
    ]


def test_setting_up_says_to_wait_after_a_wrong_code(mod):
    client = password_only(mod)
    client.get(SETUP)
    device = TOTPDevice.objects.get(user=mod, confirmed=False)
    client.post(SETUP, {"code": "000000"})
    client.post(SETUP, {"code": "000000"})  # ignored: the first failure's second runs still
    response = client.post(SETUP, {"code": code_now(device)})
    assert "wait 1 second," in response.context["form"].errors["code"][0]
    assert not TOTPDevice.objects.filter(user=mod, confirmed=True).exists()


def test_a_recovery_code_lets_in_once(mod):
    client = password_only(mod)
    client.get(SETUP)
    device = TOTPDevice.objects.get(user=mod)
    code = client.post(SETUP, {"code": code_now(device)}).context["codes"][0]
    again = password_only(mod)
    assert again.post(SETUP, {"code": code, "next": "/admin/"}).status_code == 302
    assert again.get("/admin/").status_code == 200
    third = password_only(mod)
    assert third.post(SETUP, {"code": code}).status_code == 200
    assert third.get("/admin/").status_code == 302
    assert StaticToken.objects.filter(device__user=mod).count() == 9


def test_players_have_no_second_factor_page():
    client = password_only(make_user("ann"))
    assert client.get(SETUP).status_code == 404
    assert client.get("/admin/").status_code == 302  # the admin's own login, as before


def test_the_admin_login_keeps_its_throttle(settings, mod):
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        Client().post("/admin/login/", {"username": "mod", "password": f"guess{attempt}"})
    locked = Client().post("/admin/login/", {"username": "mod", "password": PASSWORD})
    assert locked.status_code == 429
