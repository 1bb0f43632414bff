"""Staff changes on the record: every change to an account or a
table in the admin writes an audit row; scores cannot be deleted there; moderators rename an
offensive display name (with the reason, audited, and the player told) and see no e-mail
address; a player warned after a report is told on their next page."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import services
from accounts.models import AuditEntry, Report
from accounts.moderators import ACCOUNTS_PERMISSIONS
from games import services as games
from games.models import Table
from rankings.models import GameScore
from rankings.services import game_score_create
from tests.rankings.helpers import store, winning
from tests.staff import made_moderator, staff_client

pytestmark = pytest.mark.django_db


def make_user(name: str, **extra):
    return get_user_model().objects.create_user(name, password="pw", **extra)


@pytest.fixture
def moderator():
    return made_moderator(make_user("mod"), {"accounts": ACCOUNTS_PERMISSIONS})


@pytest.fixture
def root():
    return make_user("root", is_staff=True, is_superuser=True)


def logged_in(user) -> Client:
    return staff_client(user)


def post_admin_form(client: Client, url: str, **changes) -> int:
    """Post the admin's change form as shown, with `changes`; the response's status."""
    form = client.get(url).context["adminform"].form
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if field.disabled or value is None:
            continue
        if isinstance(value, list | tuple) and name.startswith(("last_login", "date_joined")):
            continue
        data[name] = value
    data.update(changes)
    for name in [k for k, v in data.items() if v is False]:
        del data[name]
    for key in ("seats-TOTAL_FORMS", "seats-INITIAL_FORMS"):
        data.setdefault(key, "0")
    return client.post(url, data).status_code


def test_a_superusers_change_to_an_account_writes_an_audit_row(root):
    pat = make_user("pat", email="pat@example.org")
    status = post_admin_form(
        logged_in(root), f"/admin/accounts/user/{pat.pk}/change/", is_staff=True,
        date_joined_0="2026-01-01", date_joined_1="10:00:00",
    )  # fmt: skip
    assert status == 302
    entry = AuditEntry.objects.get()
    assert (entry.actor, entry.action, entry.target_user) == (root, "changed", pat)
    assert entry.details["fields"]["is_staff"] == [False, True]
    assert "pat@example.org" not in str(entry.details)  # moderators read the audit log


def test_a_password_set_in_the_admin_and_a_deleted_account_are_audited(root):
    pat = make_user("pat")
    client = logged_in(root)
    client.post(
        f"/admin/accounts/user/{pat.pk}/password/",
        {"password1": "n3w-Long-pass!", "password2": "n3w-Long-pass!", "usable_password": "true"},
    )
    client.post(f"/admin/accounts/user/{pat.pk}/delete/", {"post": "yes"})
    assert not get_user_model().objects.filter(username="pat").exists()
    rows = list(AuditEntry.objects.order_by("id").values_list("action", "target"))
    assert rows == [("changed", "player pat"), ("deleted", "player pat")]


def test_a_superusers_change_to_a_table_writes_an_audit_row(root):
    ann = make_user("ann")
    table = games.table_create(ann, "german")
    url = f"/admin/games/table/{table.pk}/change/"
    assert post_admin_form(logged_in(root), url, time_limit=120) == 302
    assert Table.objects.get(pk=table.pk).time_limit == 120
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.target) == ("changed", f"table {table.pk}")
    assert entry.details["fields"]["time_limit"] == [60, 120]


def test_nobody_deletes_a_score_in_the_admin(root):
    """The watchdog scored a deleted game again: rated games 1 -> 2, XP 10 -> 20."""
    ann = make_user("ann")
    score = game_score_create(store(winning("german", 2, 0), [ann, "club"]).pk)
    client = logged_in(root)
    assert client.get(f"/admin/rankings/gamescore/{score.pk}/delete/").status_code == 403
    client.post(
        "/admin/rankings/gamescore/",
        {"action": "delete_selected", "_selected_action": [score.pk], "post": "yes"},
    )
    assert GameScore.objects.filter(pk=score.pk).exists()


def rename(client: Client, player, name: str, reason: str):
    return client.post(
        "/admin/accounts/user/",
        {"action": "rename", "_selected_action": [player.pk], "apply": "yes",
         "display_name": name, "reason": reason},
    )  # fmt: skip


def test_a_moderator_renames_an_offensive_display_name_and_the_player_is_told(moderator):
    pat = make_user("pat", display_name="Rude Word")
    player = logged_in(pat)
    assert rename(logged_in(moderator), pat, "Pat the Polite", "offensive name").status_code == 302

    pat.refresh_from_db()
    assert pat.display_name == "Pat the Polite"
    entry = AuditEntry.objects.get()
    assert (entry.actor, entry.action, entry.target_user) == (moderator, "renamed", pat)
    assert entry.reason == "offensive name"
    assert entry.details == {"from": "Rude Word", "to": "Pat the Polite"}
    page = player.get("/lobby/").content.decode()
    assert "changed your display name to “Pat the Polite”: offensive name" in page
    assert "changed your display name" not in player.get("/lobby/").content.decode()


def test_a_rename_needs_a_reason_and_a_name_no_one_else_goes_by(moderator):
    make_user("ann", display_name="Ann")
    pat = make_user("pat", display_name="Rude Word")
    client = logged_in(moderator)
    assert "Say why the name is changed." in rename(client, pat, "Nice", "").content.decode()
    taken = rename(client, pat, "ANN", "offensive").content.decode()
    assert "Another player already goes by this name." in taken
    pat.refresh_from_db()
    assert pat.display_name == "Rude Word" and not AuditEntry.objects.exists()


def test_a_moderator_cannot_rename_a_superuser(moderator, root):
    rename(logged_in(moderator), root, "Silly", "because")
    root.refresh_from_db()
    assert root.display_name == "" and not AuditEntry.objects.exists()


def test_a_player_warned_after_a_report_is_told_on_their_next_page(moderator):
    ann, pat = make_user("ann"), make_user("pat")
    report = services.report_create(ann, pat, "abuse", "rude")
    player = logged_in(pat)
    services.report_close(moderator, report, Report.Outcome.WARNED, "first warning")

    page = player.get("/lobby/").content.decode()
    assert "A moderator warned you after a report (Abusive or hateful language)" in page
    assert "A moderator warned you" not in player.get("/lobby/").content.decode()
    assert "ann" not in page.split("A moderator warned you")[1][:200]  # not who reported


def test_moderators_see_no_e_mail_address_and_superusers_do(moderator, root):
    pat = make_user("pat", email="pat@example.org")
    for who, shown in ((moderator, False), (root, True)):
        client = logged_in(who)
        listing = client.get("/admin/accounts/user/").content.decode()
        page = client.get(f"/admin/accounts/user/{pat.pk}/change/").content.decode()
        found = client.get("/admin/accounts/user/?q=example.org").content.decode()
        assert ("pat@example.org" in listing) is shown
        assert ("pat@example.org" in page) is shown
        assert (f"/admin/accounts/user/{pat.pk}/change/" in found) is shown  # search by e-mail
