"""Deleting an account (issue 40 item 2): after the password, closed at once; logging in
within the grace period restores it; after it, every personal datum is gone (a walk of every
model), the games stay in the others' histories as "deleted player" and still replay, the
ratings leave the leaderboards, the name stays reserved; legal holds and staff requests are
audited."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import models
from django.db.models.functions import Cast
from django.test import Client
from django.utils import timezone

from accounts.models import AuditEntry, Mute, Report
from accounts.services import mute_lift, report_close
from clubs.models import Post
from games.engine.record import replay_record
from privacy.erasure import DELETED
from privacy.holdings import user_keys
from privacy.services import sweep
from rankings.models import Rating
from records.models import GamePlayer, GameRecord
from tests.privacy.conftest import NAMES, PASSWORD, Full
from tests.staff import staff_client

User = get_user_model()
LATER = timedelta(days=400)


def delete(full: Full, password: str = PASSWORD):
    return full.client.post("/accounts/delete/", {"password": password})


def holds_lifted(full: Full) -> None:
    root = User.objects.get(username="root")
    for report in Report.objects.filter(reported=full.ann):
        report_close(root, report, "no_action")
    for mute in Mute.objects.filter(user=full.ann):
        mute_lift(root, mute)


def test_deleting_needs_the_password(full_player: Full) -> None:
    page = delete(full_player, "wrong")
    assert page.status_code == 200 and "not your password" in page.content.decode()
    full_player.ann.refresh_from_db()
    assert full_player.ann.is_active and full_player.ann.deletion_due is None


def test_a_deleted_account_is_closed_at_once_and_audited(full_player: Full) -> None:
    assert delete(full_player).status_code == 200
    ann = User.objects.get(pk=full_player.ann.pk)
    assert not ann.is_active and ann.deletion_due > timezone.now() + timedelta(days=13)
    assert full_player.client.get("/accounts/data/").status_code == 302  # logged out
    assert Client().get(f"/accounts/players/{NAMES[0]}/").status_code == 404
    assert AuditEntry.objects.filter(action="deletion", target_user=ann).exists()


def test_logging_in_within_the_grace_period_restores_the_account(full_player: Full) -> None:
    delete(full_player)
    client = Client()
    page = client.post("/accounts/login/", {"username": NAMES[0], "password": PASSWORD},
                       follow=True).content.decode()  # fmt: skip
    assert "Welcome back" in page
    ann = User.objects.get(pk=full_player.ann.pk)
    assert ann.is_active and ann.deletion_due is None
    sweep(timezone.now() + LATER)
    assert User.objects.filter(pk=ann.pk).exists()


def test_a_legal_hold_keeps_the_data_until_it_ends_and_is_audited(full_player: Full) -> None:
    delete(full_player)
    assert sweep(timezone.now() + timedelta(days=15))["erased"] == 0
    assert AuditEntry.objects.filter(action="held", target_user=full_player.ann).count() == 1
    holds_lifted(full_player)
    assert sweep(timezone.now() + timedelta(days=15))["erased"] == 1


def _text_fields(model: type[models.Model]) -> list[str]:
    kinds = (models.CharField, models.TextField, models.JSONField)
    return [f.name for f in model._meta.concrete_fields if isinstance(f, kinds)]


def test_a_deleted_account_leaves_no_personal_data_in_any_table(full_player: Full) -> None:
    pk = full_player.ann.pk
    delete(full_player)
    holds_lifted(full_player)
    sweep(timezone.now() + timedelta(days=15))

    for model, fields in user_keys():  # no row keeps a key to the player
        for name in fields:
            assert not model._default_manager.filter(**{f"{name}_id": pk}).exists(), (model, name)
    for model in apps.get_models(include_auto_created=True):  # no text names them
        for name in _text_fields(model):
            rows = model._default_manager.annotate(_t=Cast(name, models.TextField()))
            for value in NAMES:
                found = rows.filter(_t__icontains=value).values_list("pk", flat=True)[:3]
                assert not found, f"{model._meta.label}.{name} still holds {value!r}: {found}"
    for session in Session.objects.all():
        assert session.get_decoded().get("_auth_user_id") != str(pk)
    # Lines with no key left to the player (a wall post's author is kept null) go too.
    assert list(Post.objects.values_list("text", flat=True)) == ["welcome, deleted player"]


def test_the_other_players_history_keeps_the_game_as_deleted_player(full_player: Full) -> None:
    delete(full_player)
    holds_lifted(full_player)
    sweep(timezone.now() + timedelta(days=15))

    (bobs,) = GamePlayer.objects.filter(user=full_player.bob)
    stored = GameRecord.objects.get(pk=bobs.record_id)
    assert replay_record(stored.record) == []
    names = [seat["name"] for seat in stored.record["seats"]]
    assert DELETED in names and "bob" in " ".join(names).lower()
    bob = Client()
    bob.force_login(full_player.bob)
    history = bob.get("/players/bob/games/").content.decode()
    assert "deleted player" in history


def test_ratings_leave_the_leaderboards_and_the_name_stays_reserved(full_player: Full) -> None:
    assert Rating.objects.filter(user=full_player.ann).exists()
    delete(full_player)
    holds_lifted(full_player)
    sweep(timezone.now() + timedelta(days=15))
    assert NAMES[0] not in Client().get("/leaderboards/german/").content.decode()

    data = {"username": NAMES[0], "password1": PASSWORD, "password2": PASSWORD,
            "accept_terms": "on"}  # fmt: skip
    assert Client().post("/accounts/signup/", data).status_code == 200  # refused
    sweep(timezone.now() + LATER)
    assert Client().post("/accounts/signup/", data).status_code == 302


@pytest.mark.parametrize("superuser", [True])
def test_staff_ask_for_a_deletion_in_the_admin_audited(full_player: Full, superuser) -> None:
    staff = Client()
    staff_client(User.objects.get(username="root"), staff)
    staff.post("/admin/accounts/user/", {"action": "schedule_deletion",
                                          "_selected_action": [full_player.bob.pk]})  # fmt: skip
    bob = User.objects.get(pk=full_player.bob.pk)
    assert bob.deletion_due is not None and not bob.is_active
    entry = AuditEntry.objects.get(action="deletion", target_user=bob)
    assert entry.actor.username == "root" and entry.details["by_staff"] is True
