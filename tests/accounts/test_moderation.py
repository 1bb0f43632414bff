"""Moderation: bans and mutes with their audit rows, reports in the admin, the Moderators
group, the read-only admin, names that cannot imitate, and e-mail changes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from accounts import services
from accounts.models import AuditEntry, Ban, Mute, Report
from accounts.moderators import ACCOUNTS_PERMISSIONS, GROUP
from accounts.selectors import ban_cache_key
from clubs.apps import MODERATOR_PERMISSIONS as CLUBS_PERMISSIONS
from fairplay.apps import MODERATOR_PERMISSIONS as FAIRPLAY_PERMISSIONS
from games import services as games
from games.models import ChatMessage, Move
from tests.staff import made_moderator
from tests.staff import staff_client as verified_client

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"
GAMES_PERMISSIONS = ["view_table", "view_chatmessage", "change_chatmessage"]
RECORDS_PERMISSIONS = ["view_gamerecord", "view_gameplayer", "annul_gamerecord"]


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


@pytest.fixture
def moderator():
    """A staff user in the Moderators group (made as the migrations make it)."""
    return made_moderator(
        make_user("mod"), {"accounts": ACCOUNTS_PERMISSIONS, "games": GAMES_PERMISSIONS}
    )


def staff_client(user) -> Client:
    return verified_client(user)


def test_a_ban_refuses_the_next_login_on_the_site_and_in_the_admin_and_says_why(moderator):
    pat = make_user("pat", is_staff=True)
    root = make_user("root", is_staff=True, is_superuser=True)  # only superusers ban staff
    services.ban_create(root, pat, "abusive chat", timezone.now() + timedelta(days=7))

    site = Client().post("/accounts/login/", {"username": "pat", "password": PASSWORD})
    admin = Client().post("/admin/login/", {"username": "pat", "password": PASSWORD})

    for response in (site, admin):
        assert response.status_code == 200
        body = response.content.decode()
        assert "banned until" in body and "abusive chat" in body
    assert (
        "banned"
        not in Client()
        .post("/accounts/login/", {"username": "pat", "password": "not-it"})
        .content.decode()
    )  # the reason is for the player, not for whoever guesses the name


def test_a_banned_players_open_session_ends_at_the_next_request(moderator):
    pat = make_user("pat")
    client = staff_client(pat)
    services.ban_create(moderator, pat, "cheating")

    response = client.get("/lobby/")
    assert response.status_code == 403
    assert "cheating" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_ban_ends_at_its_end_and_when_lifted(moderator):
    pat, sam = make_user("pat"), make_user("sam")
    ended = services.ban_create(moderator, pat, "spam", timezone.now() + timedelta(hours=1))
    Ban.objects.filter(pk=ended.pk).update(until=timezone.now() - timedelta(seconds=1))
    cache.delete(ban_cache_key(pat.pk))
    lifted = services.ban_create(moderator, sam, "spam")
    services.ban_lift(moderator, lifted, "appeal granted")

    for name in ("pat", "sam"):
        client = Client()
        client.post("/accounts/login/", {"username": name, "password": PASSWORD})
        assert "_auth_user_id" in client.session


def test_every_moderator_action_writes_exactly_one_audit_row(moderator):
    pat, ann = make_user("pat"), make_user("ann")
    table = games.table_create(ann, "german")
    games.seat_take(pat, table.pk, 1)
    line = games.chat_post(table.pk, pat, "rude words")
    report = services.report_create(ann, pat, "abuse", chat_message_id=line["id"])
    soon = timezone.now() + timedelta(hours=1)

    mute = services.mute_create(moderator, pat, soon, "cool down")
    services.mute_lift(moderator, mute)
    games.chat_hide([line["id"]], moderator=moderator, reason="rude")
    ban = services.ban_create(moderator, pat, "repeated abuse", soon)
    services.ban_lift(moderator, ban)
    services.report_close(moderator, report, "banned", "see ban")
    # Doing it again changes nothing and writes nothing.
    assert not services.mute_lift(moderator, mute)
    assert not services.ban_lift(moderator, ban)
    assert not services.report_close(moderator, report, "banned")
    assert games.chat_hide([line["id"]], moderator=moderator) == 0

    rows = list(AuditEntry.objects.order_by("id").values_list("action", "actor_name"))
    assert rows == [(a, "mod") for a in ("mute", "unmute", "hide", "ban", "unban", "report_closed")]
    assert set(AuditEntry.objects.values_list("target_user", flat=True)) == {pat.pk}


def moderators_permissions() -> set[str]:
    group = Group.objects.get(name=GROUP)
    return {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}


MODERATORS_NEED = (
    {f"accounts.{c}" for c in ACCOUNTS_PERMISSIONS}
    | {f"games.{c}" for c in GAMES_PERMISSIONS}
    | {f"records.{c}" for c in RECORDS_PERMISSIONS}
    | {f"fairplay.{c}" for c in FAIRPLAY_PERMISSIONS}
    | {f"clubs.{c}" for c in CLUBS_PERMISSIONS}
)


def test_the_moderators_group_has_exactly_the_permissions_it_needs():
    assert moderators_permissions() == MODERATORS_NEED


@pytest.mark.django_db(transaction=True)
def test_the_moderators_group_outlives_a_flush():
    """The group was made by data migrations alone, so a flush (`manage.py flush`, and every
    transactional test's teardown) took it away: a fresh clone's CI failed the test above
    with Group.DoesNotExist after such a test ran first on its worker. Each app keeps its
    share after every migrate and flush (post_migrate), as Django keeps permissions."""
    call_command("flush", interactive=False, verbosity=0)
    assert moderators_permissions() == MODERATORS_NEED


def test_nobody_edits_audit_rows_or_the_move_log_in_the_admin(moderator):
    root = make_user("root", is_staff=True, is_superuser=True)
    pat = make_user("pat")
    entry = services.ban_create(moderator, pat, "spam")
    table = games.table_play_now(pat, "german", 2)  # the bot's moves go to the log
    row = AuditEntry.objects.get(action="ban")
    move = Move.objects.create(table=table, number=999, seat=0, event={"action": "play"})
    client = staff_client(root)

    for model, obj in (("accounts/auditentry", row), ("games/move", move)):
        assert client.get(f"/admin/{model}/").status_code == 200  # readable
        assert client.get(f"/admin/{model}/add/").status_code == 403
        assert client.get(f"/admin/{model}/{obj.pk}/delete/").status_code == 403
        page = client.get(f"/admin/{model}/{obj.pk}/change/")
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
        assert client.post(f"/admin/{model}/{obj.pk}/change/", {}).status_code == 403
    assert AuditEntry.objects.get(pk=row.pk).reason == entry.reason


def test_a_moderator_works_a_report_in_the_admin(moderator):
    ann, pat = make_user("ann"), make_user("pat")
    table = games.table_create(ann, "german")
    games.seat_take(pat, table.pk, 1)
    games.chat_post(table.pk, ann, "good luck")
    bad = games.chat_post(table.pk, pat, "you are all idiots")
    games.chat_post(table.pk, ann, "please be nice")
    reporter = staff_client(ann)
    reporter.post(
        f"/tables/{table.pk}/chat/{bad['id']}/report/", {"reason": "abuse", "text": "rude"}
    )
    report = Report.objects.get()
    client = staff_client(moderator)

    queue = client.get("/admin/accounts/report/?status__exact=open").content.decode()
    assert "you are all idiots" in queue
    page = client.get(f"/admin/accounts/report/{report.pk}/change/").content.decode()
    for text in ("good luck", "you are all idiots", "please be nice", "<mark>", "Ban player"):
        assert text in page
    until_form = client.get(f"/admin/accounts/mute/add/?user={pat.pk}&report={report.pk}")
    assert until_form.status_code == 200
    client.post(
        f"/admin/accounts/mute/add/?user={pat.pk}&report={report.pk}",
        {"user": pat.pk, "duration": 3600, "reason": "calm down"},
    )
    client.post(
        f"/admin/accounts/report/{report.pk}/change/", {"outcome": "muted", "note": "1 hour"}
    )

    report.refresh_from_db()
    assert report.status == "closed" and report.outcome == "muted" and report.closed_by == moderator
    assert Mute.objects.active().filter(user=pat).exists()
    assert list(AuditEntry.objects.values_list("action", flat=True)) == ["report_closed", "mute"]


@pytest.mark.parametrize(
    "language, done", [("en", "Done: mute of Pat."), ("de", "Erledigt: Stummschaltung von Pat.")]
)
def test_the_admin_names_the_muted_player_in_the_moderators_language(moderator, language, done):
    """The walk under make run: the report page said "Done: mute of 4 (1)." (the sanction's
    user id and its own), in English whatever the moderator's language."""
    ann, pat = make_user("ann"), make_user("pat", display_name="Pat")
    report = services.report_create(ann, pat, "abuse", "rude")
    client = staff_client(moderator)
    client.cookies["django_language"] = language
    page = client.post(
        f"/admin/accounts/mute/add/?user={pat.pk}&report={report.pk}",
        {"user": pat.pk, "duration": 3600, "reason": "calm down"},
        follow=True,
    )
    assert done in page.content.decode()


def test_a_moderator_hides_a_line_from_the_chat_admin_and_it_is_audited(moderator):
    ann = make_user("ann")
    table = games.table_create(ann, "german")
    line = games.chat_post(table.pk, ann, "spam spam")
    client = staff_client(moderator)
    client.post(
        "/admin/games/chatmessage/",
        {"action": "hide", "_selected_action": [line["id"]]},
    )
    assert ChatMessage.objects.get().hidden
    assert AuditEntry.objects.get().action == "hide"


def test_a_player_reports_another_from_the_profile_once_and_not_themselves():
    ann, pat = make_user("ann"), make_user("pat")
    client = staff_client(ann)
    for _ in range(2):
        client.post("/accounts/players/pat/report/", {"reason": "name", "text": "rude name"})
    response = client.post("/accounts/players/ann/report/", {"reason": "name"}, follow=True)

    assert Report.objects.filter(reporter=ann, reported=pat).count() == 1
    assert "cannot report yourself" in response.content.decode()


def test_the_report_page_of_oneself_refuses_and_shows_no_form():
    """The walk under make run: /players/<self>/report/ showed the form, and sending it was
    refused; the page says so at once, on the player's own page."""
    ann = make_user("ann")
    response = staff_client(ann).get("/accounts/players/ann/report/", follow=True)

    assert response.redirect_chain == [("/accounts/players/ann/", 302)]
    page = response.content.decode()
    assert "cannot report yourself" in page
    assert 'name="reason"' not in page


def test_a_second_report_of_the_same_player_adds_its_details_to_the_open_one():
    """The walk under make run: Dan reported Cat without details, then again with them; he
    was thanked both times, and the moderators' report still said "Details: -"."""
    ann, pat = make_user("ann"), make_user("pat")
    client = staff_client(ann)
    client.post("/accounts/players/pat/report/", {"reason": "abuse"})
    client.post("/accounts/players/pat/report/", {"reason": "abuse", "text": "rude in chat"})
    client.post("/accounts/players/pat/report/", {"reason": "abuse", "text": "rude in chat"})
    client.post("/accounts/players/pat/report/", {"reason": "abuse", "text": "and on the wall"})

    (report,) = Report.objects.filter(reporter=ann, reported=pat)
    assert report.text == "rude in chat\nand on the wall"


@pytest.mark.parametrize(
    "name", ["Bot (Expert)", "bot", "BOT club", "Ｂｏｔ x", "\u202ebot", "ANN", "Ａnn", "an\u200bn"]
)
def test_display_names_cannot_imitate_bots_or_another_player(name: str):
    make_user("ann")
    pat = make_user("pat")
    client = staff_client(pat)
    response = client.post("/accounts/profile/edit/", {"display_name": name, "email": ""})

    assert response.status_code == 200  # the form again, with the error
    pat.refresh_from_db()
    assert pat.display_name == ""


def test_sign_up_refuses_a_username_that_reads_as_another_players_name():
    make_user("zed", display_name="Annie")
    data = {"username": "annie", "password1": PASSWORD, "password2": PASSWORD}
    assert Client().post("/accounts/signup/", data).status_code == 200
    data = {"username": "botty_mc", "password1": PASSWORD, "password2": PASSWORD,
            "accept_terms": "on"}  # fmt: skip
    assert Client().post("/accounts/signup/", data).status_code == 302  # "botty" is not "bot"


def test_bidi_overrides_and_zero_width_characters_leave_display_names():
    pat = make_user("pat")
    staff_client(pat).post(
        "/accounts/profile/edit/",
        {"display_name": "\u202eP\u200ba\u2066t\u2069\ufeffy", "email": ""},
    )
    pat.refresh_from_db()
    assert pat.display_name == "Paty"


def test_changing_the_e_mail_address_needs_the_current_password():
    pat = make_user("pat", email="pat@example.org")
    client = staff_client(pat)
    refused = client.post("/accounts/profile/edit/", {"display_name": "", "email": "x@example.org"})
    wrong = client.post(
        "/accounts/profile/edit/",
        {"display_name": "", "email": "x@example.org", "current_password": "nope"},
    )
    pat.refresh_from_db()
    assert refused.status_code == wrong.status_code == 200 and pat.email == "pat@example.org"
    client.post(
        "/accounts/profile/edit/",
        {"display_name": "Pat", "email": "x@example.org", "current_password": PASSWORD},
    )
    pat.refresh_from_db()
    assert (pat.email, pat.email_pending) == ("pat@example.org", "x@example.org")  # its link
    client.post("/accounts/profile/edit/", {"display_name": "Patty", "email": "x@example.org"})
    pat.refresh_from_db()
    assert pat.display_name == "Patty"  # the same address needs no password


def test_e_mail_addresses_are_unique_whatever_the_case():
    make_user("ann", email="Ann@Example.org")
    data = {"username": "bob", "email": "ann@example.ORG", "password1": PASSWORD,
            "password2": PASSWORD, "accept_terms": "on"}  # fmt: skip
    response = Client().post("/accounts/signup/", data)
    assert response.status_code == 302  # the page does not say it (accounts.email_address)
    assert get_user_model().objects.get(username="bob").email == ""


def test_a_player_hides_and_shows_another_players_chat_from_the_profile():
    ann, pat = make_user("ann"), make_user("pat")
    client = staff_client(ann)
    client.post("/accounts/players/pat/block/")
    assert "pat" in client.get("/accounts/players/ann/").content.decode()
    assert list(ann.blocks.values_list("blocked__username", flat=True)) == ["pat"]
    client.post("/accounts/players/pat/unblock/")
    assert not ann.blocks.exists()
    assert client.post("/accounts/players/ann/block/").status_code == 302  # self: refused
    assert not ann.blocks.exists() and pat.pk


@pytest.mark.parametrize(
    "language, title", [("en", "report "), ("de", "Meldung "), ("nl", "melding ")]
)
def test_the_admin_titles_a_report_in_the_moderators_language(moderator, language, title):
    """The walk under make run: the report's change page said "report 1" in German and
    Dutch (the model's name in English, whatever the moderator's language)."""
    ann, pat = make_user("ann"), make_user("pat")
    report = services.report_create(ann, pat, "abuse", "rude")
    client = staff_client(moderator)
    client.cookies["django_language"] = language
    page = client.get(f"/admin/accounts/report/{report.pk}/change/").content.decode()
    assert f"<h2>{title}{report.pk}</h2>" in page
