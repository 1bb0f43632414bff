"""The tests' flush (tests/flush) leaves the database as Django's flush does."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command, get_commands
from django.db import connection
from django.db.models.signals import post_migrate

from accounts.moderators import GROUP
from games import services
from games.models import Move, Seat, Table

pytestmark = pytest.mark.django_db(transaction=True)


def filled_tables() -> list[str]:
    names = connection.introspection.django_table_names(only_existing=True)
    with connection.cursor() as cursor:
        return [n for n in names if cursor.execute(f'SELECT 1 FROM "{n}" LIMIT 1').fetchone()]


def test_the_suites_flush_is_the_tests_own():
    assert get_commands()["flush"] == "tests.flush"


def test_a_flush_empties_every_table_but_content_types_and_permissions():
    ann = get_user_model().objects.create_user("ann", password="x-Long-pass-1")
    table = services.table_play_now(ann, "knockout", 4, "beginner")
    assert Seat.objects.filter(table=table).count() == 4
    call_command("flush", interactive=False, verbosity=0, reset_sequences=False,
                 inhibit_post_migrate=True)  # fmt: skip
    assert sorted(filled_tables()) == ["auth_permission", "django_content_type"]
    assert not Table.objects.exists() and not Move.objects.exists()


def test_a_flush_keeps_the_moderators_share():
    Group.objects.all().delete()
    call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
    group = Group.objects.get(name=GROUP)
    assert group.permissions.filter(codename="add_ban").exists()
    assert ContentType.objects.filter(app_label="games", model="table").exists()


def share_rows() -> tuple[list, list, dict]:
    """What post_migrate writes: content types, permissions, each group's permissions."""
    return (
        sorted(ContentType.objects.values_list("app_label", "model")),
        sorted(Permission.objects.values_list("content_type__app_label", "codename")),
        {g.name: sorted(g.permissions.values_list("codename", flat=True))
         for g in Group.objects.all()},
    )  # fmt: skip


def test_a_flush_runs_post_migrate_again_only_when_its_rows_changed():
    """post_migrate was most of a flush's cost: a flush that finds its rows as it left them
    keeps them; one that finds them changed (the group emptied) runs it again."""
    call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
    after_post_migrate = share_rows()
    senders: list[str] = []

    def note(sender, **kwargs):
        senders.append(sender.label)

    post_migrate.connect(note, weak=False, dispatch_uid="test-flush-note")
    try:
        get_user_model().objects.create_user("ann", password="x-Long-pass-1")
        call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
        assert senders == []
        assert share_rows() == after_post_migrate
        assert sorted(filled_tables()) == sorted(
            ["auth_group", "auth_group_permissions", "auth_permission", "django_content_type"]
        )
        Group.objects.get(name=GROUP).permissions.clear()
        call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
        assert "accounts" in senders
        assert share_rows() == after_post_migrate
    finally:
        post_migrate.disconnect(dispatch_uid="test-flush-note")


def test_a_flush_that_resets_sequences_is_djangos_own():
    user_model = get_user_model()
    user_model.objects.create_user("ann", password="x-Long-pass-1")
    call_command("flush", interactive=False, verbosity=0, reset_sequences=True)
    assert user_model.objects.create_user("bob", password="x-Long-pass-1").pk == 1
    assert Permission.objects.filter(codename="add_ban").exists()
