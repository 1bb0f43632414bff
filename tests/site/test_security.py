"""Fail-closed settings, the Content-Security-Policy, the site's own error pages, and bad
input on every page: a form error or a clear message, never a server error."""

from __future__ import annotations

import logging
import os
import re
import secrets
import subprocess
import sys
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.utils import timezone
from django.views.defaults import server_error

from accounts.services import mute_create
from games import services
from tests.servers import ROOT, free_port

PASSWORD = "a-Long-pass-2024"
LANGUAGES = [("en", "Back to the lobby"), ("de", "Zurück zur Lobby"), ("nl", "Terug naar de lobby")]


def clean_env(**variables: str) -> dict[str, str]:
    """The machine's environment without any of the site's own variables, plus these."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "WHIST_"))}
    keep.pop("DATABASE_URL", None)
    return keep | {"DJANGO_SETTINGS_MODULE": "whistsite.settings"} | variables


PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "WHIST_DEAL_SECRET": secrets.token_urlsafe(32),
    "DJANGO_ALLOWED_HOSTS": "whist.example.org",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://whist.example.org",
    "DJANGO_EMAIL_HOST": "smtp.example.org",
    "REDIS_URL": "redis://127.0.0.1:6379",
}


def test_check_deploy_passes_at_warning_level_with_the_production_variables() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=clean_env(**PRODUCTION), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    "key", [None, "short-key", "django-insecure-" + "x" * 60], ids=["missing", "short", "dev"]
)
def test_the_asgi_app_refuses_to_start_without_debug_and_a_real_key(key: str | None) -> None:
    env = clean_env(DJANGO_DEBUG="false") | ({"DJANGO_SECRET_KEY": key} if key else {})
    result = subprocess.run(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(free_port()),
         "whistsite.asgi:application"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    first = result.stderr.strip().splitlines()[0]
    assert first.startswith("settings: DJANGO_SECRET_KEY is missing")
    assert "DJANGO_DEBUG=true" in first


def test_debug_is_off_unless_asked_for() -> None:
    code = "from django.conf import settings; print(settings.DEBUG, settings.SECURE_SSL_REDIRECT)"
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
        env=clean_env(DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
                      WHIST_DEAL_SECRET=secrets.token_urlsafe(32)),
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.stdout.split() == ["False", "True"], result.stderr


def test_the_language_cookie_is_secure_and_same_site_as_the_session_cookie() -> None:
    names = ("SECURE", "SAMESITE", "HTTPONLY")
    code = "from django.conf import settings as s; print(" + ", ".join(
        f"s.SESSION_COOKIE_{n}, s.LANGUAGE_COOKIE_{n}" for n in names
    ) + ")"  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
        env=clean_env(**PRODUCTION), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    secure, lang_secure, samesite, lang_samesite, _http, lang_http = result.stdout.split()
    assert (secure, samesite) == ("True", "Lax"), result.stderr
    assert (lang_secure, lang_samesite, lang_http) == ("True", "Lax", "True")


@pytest.mark.parametrize("secret", [None, "short"], ids=["missing", "short"])
def test_the_site_refuses_to_start_without_debug_and_a_deal_secret(secret: str | None) -> None:
    """The deal secret keys every deal (games.models.Table.deal_seed): no default in production."""
    env = clean_env(DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], cwd=ROOT,
        env=env | ({"WHIST_DEAL_SECRET": secret} if secret else {}), capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("settings: WHIST_DEAL_SECRET is missing")


@pytest.mark.django_db
def test_pages_carry_the_content_security_policy(client: Client) -> None:
    policy = client.get("/lobby/")["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_templates_and_scripts_have_nothing_inline() -> None:
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        assert not re.search(r"\son[a-z]+\s*=", text), path
        assert not re.search(r"\sstyle\s*=", text), path
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        assert "javascript:" not in text, path
    for path in (ROOT / "static" / "js").glob("*.js"):
        text = path.read_text()
        assert not re.search(r"setAttribute\(\s*[\"'](style|on[a-z]+)", text), path
        assert "innerHTML" not in text and "eval(" not in text, path


@pytest.mark.django_db
def test_the_development_setup_says_so(client: Client, settings) -> None:
    assert 'data-testid="development-setup"' not in client.get("/").content.decode()
    settings.DEBUG = True
    assert "Development setup" in client.get("/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "back"), LANGUAGES)
def test_error_pages_are_the_sites_own_in_three_languages(language: str, back: str) -> None:
    client = Client()
    client.cookies["django_language"] = language
    owner = get_user_model().objects.create_user("ann", password=PASSWORD)
    private = services.table_create(owner, "german", private=True)
    client.force_login(get_user_model().objects.create_user("bob", password=PASSWORD))

    missing = client.get("/no/such/page/")
    forbidden = client.get(f"/tables/{private.pk}/")
    for response, code in ((missing, 404), (forbidden, 403)):
        assert response.status_code == code
        body = response.content.decode()
        assert 'data-testid="error-page"' in body and back in body and 'href="/lobby/"' in body
        assert "Traceback" not in body and "technical" not in body.lower()
    request = RequestFactory().get("/")
    from django.utils import translation

    with translation.override(language):
        failed = server_error(request)
    assert failed.status_code == 500 and back in failed.content.decode()
    csrf = Client(enforce_csrf_checks=True)
    csrf.cookies["django_language"] = language
    refused = csrf.post("/accounts/login/", {"username": "x", "password": "y"})
    assert refused.status_code == 403 and back in refused.content.decode()


@pytest.fixture
def table_and_player(db):
    ann = get_user_model().objects.create_user("ann", password=PASSWORD, display_name="Ann")
    bob = get_user_model().objects.create_user("bob", password=PASSWORD)
    table = services.table_create(ann, "german")
    line = services.chat_post(table.pk, ann, "hello")
    client = Client()
    client.force_login(bob)
    return table, line, client


JUNK = ["²", "-1", "1e9", "abc", "", "\x00", "٣", "9" * 40, "<script>", "\u202e", "[]", "../"]


@pytest.mark.django_db
@pytest.mark.parametrize("value", JUNK)
def test_bad_input_on_every_page_is_never_a_server_error(table_and_player, value: str) -> None:
    table, line, client = table_and_player
    t, m = table.pk, line["id"]
    anonymous = Client()
    posts = [
        (client, f"/tables/{t}/sit/", {"index": value}),
        (client, f"/tables/{t}/start/", {"fill_bots": value}),
        (client, f"/tables/{t}/leave/", {"x": value}),
        (client, f"/tables/{t}/rematch/", {}),
        (client, "/tables/new/", {k: value for k in ("game", "players", "time_limit",
                                                     "start_cards", "seat_0", "private")}),
        (client, f"/tables/{t}/chat/{m}/report/", {"reason": value, "text": value}),
        (client, "/accounts/players/ann/report/", {"reason": value, "text": value}),
        (client, "/accounts/profile/edit/", {"display_name": value, "email": value,
                                             "current_password": value}),
        (client, "/accounts/password_change/", {"old_password": value, "new_password1": value}),
        (anonymous, "/accounts/login/", {"username": value, "password": value}),
        (anonymous, "/admin/login/", {"username": value, "password": value}),
        (anonymous, "/accounts/signup/", {"username": value, "email": value,
                                          "display_name": value, "password1": value}),
        (anonymous, "/accounts/password_reset/", {"email": value}),
        (anonymous, "/i18n/setlang/", {"language": value, "next": value}),
        (client, "/accounts/email/resend/", {"x": value}),
        (anonymous, f"/accounts/email/confirm/{value or 'x'}/", {}),
        (client, "/accounts/sessions/end/", {"session": value, "all": value}),
        (client, "/accounts/data/export/", {"x": value}),
        (client, "/accounts/delete/", {"password": value}),
    ]  # fmt: skip
    gets = [
        f"/tables/{value}/", f"/tables/{t}/invite/{value or 'x'}/", f"/rules/{value}/",
        f"/accounts/players/{value}/", f"/accounts/reset/{value or 'x'}/{value or 'y'}/",
        f"/tables/{t}/chat/{value}/report/", f"/lobby/?page={value}",
        f"/accounts/email/confirm/{value or 'x'}/", f"/accounts/data/export/{value or 'x'}/",
    ]  # fmt: skip
    for who, url, data in posts:
        assert who.post(url, data).status_code < 500, url
    for url in gets:
        assert client.get(url).status_code < 500, url


@pytest.mark.django_db
def test_a_table_id_too_large_for_the_database_is_a_404(client: Client) -> None:
    assert client.get("/tables/99999999999999999999/").status_code == 404
    assert client.get("/tables/999999999999999999/").status_code == 404


@pytest.mark.django_db
def test_the_log_has_failed_requests_security_events_failed_logins_and_moderator_actions(
    caplog, client: Client
) -> None:
    logging.getLogger("django").addHandler(caplog.handler)  # it does not propagate
    caplog.set_level(logging.INFO)
    try:
        mod = get_user_model().objects.create_user("mod", password=PASSWORD)
        pat = get_user_model().objects.create_user("pat", password=PASSWORD)
        client.get("/no/such/page/")
        client.get("/", HTTP_HOST="evil.example")
        client.post("/accounts/login/", {"username": "pat", "password": "wrong"})
        mute_create(mod, pat, timezone.now() + timedelta(hours=1), "calm down")
    finally:
        logging.getLogger("django").removeHandler(caplog.handler)
    by_logger = {(r.name, r.levelname) for r in caplog.records}
    assert ("django.request", "WARNING") in by_logger  # the 404
    assert ("django.security.DisallowedHost", "ERROR") in by_logger
    assert any(r.name.startswith("axes") and "login failure" in r.getMessage()
               for r in caplog.records)  # fmt: skip
    assert any(r.name == "accounts.audit" and "mute" in r.getMessage() for r in caplog.records)
