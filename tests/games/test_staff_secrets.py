"""No staff page shows what a player could not see: the deal comes from
the stored seed and the server's deal secret, so the row alone gives no hand; the admin
shows no seed, invite token or move of a game in play, keeps a running table read-only and
audits each view of it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import AuditEntry
from accounts.moderators import ACCOUNTS_PERMISSIONS
from games import services
from games.engine import new_game
from games.engine.record_check import check
from games.gamestate import cache_clear, rules_for, state_for
from games.models import Move, Table
from games.reads.queries import INVITES_SESSION_KEY
from tests.staff import made_moderator, staff_client

from .helpers import german_table, play_turns

pytestmark = pytest.mark.django_db
GAMES_PERMISSIONS = ["view_table", "view_chatmessage", "change_chatmessage"]


def user(name: str, **extra):
    return get_user_model().objects.create_user(name, password="pw", **extra)


def moderator():
    permissions = {"accounts": ACCOUNTS_PERMISSIONS, "games": GAMES_PERMISSIONS}
    return made_moderator(user("mod"), permissions)


def logged_in(who) -> Client:
    return staff_client(who)


def private_running_table() -> Table:
    ann, bob = user("ann"), user("bob")
    table = services.table_create(ann, "german", private=True)
    invited = {INVITES_SESSION_KEY: {str(table.pk): table.invite_token}}
    services.seat_take(bob, table.pk, 1, session=invited)
    return services.table_start(ann, table.pk)


def test_the_hands_derived_from_the_stored_seed_alone_differ_from_the_dealt_hands():
    table = german_table(user("ann"), user("bob"))
    dealt = state_for(table).hands
    from_row = new_game(rules_for(table), seed=table.seed).hands
    assert dealt != from_row
    assert new_game(rules_for(table), seed=table.deal_seed).hands == dealt


def test_the_deal_depends_on_the_deal_secret(settings):
    table = german_table(user("ann"), user("bob"))
    dealt = state_for(table).hands
    settings.WHIST_DEAL_SECRET = "another-deal-secret-" + "x" * 20
    cache_clear()
    assert state_for(Table.objects.get(pk=table.pk)).hands != dealt


def test_a_table_dealt_before_the_deal_secret_keeps_its_cards():
    """Migration 0006 marks existing tables unkeyed: running games go on with their cards."""
    table = german_table(user("ann"), user("bob"))
    Table.objects.filter(pk=table.pk).update(seed_keyed=False)
    cache_clear()
    legacy = Table.objects.get(pk=table.pk)
    assert state_for(legacy).hands == new_game(rules_for(legacy), seed=legacy.seed).hands


def test_an_open_table_from_before_the_deal_secret_deals_keyed():
    ann, bob = user("ann"), user("bob")
    table = services.table_create(ann, "german")
    services.seat_take(bob, table.pk, 1)
    Table.objects.filter(pk=table.pk).update(seed_keyed=False)  # as migration 0006 left it
    dealt = services.table_start(ann, table.pk)
    assert Table.objects.get(pk=dealt.pk).seed_keyed
    assert state_for(dealt).hands != new_game(rules_for(dealt), seed=dealt.seed).hands


def test_the_admin_page_of_a_running_table_shows_a_moderator_no_seed_or_invite_token():
    table = private_running_table()
    page = logged_in(moderator()).get(f"/admin/games/table/{table.pk}/change/")
    assert page.status_code == 200
    body = page.content.decode()
    assert str(table.seed) not in body
    assert table.invite_token not in body
    assert str(table.deal_seed) not in body


def test_a_staff_view_of_a_running_table_is_audited():
    table = private_running_table()
    mod = moderator()
    logged_in(mod).get(f"/admin/games/table/{table.pk}/change/")
    entry = AuditEntry.objects.get()
    assert (entry.actor, entry.action, entry.target) == (mod, "viewed", f"table {table.pk}")


def test_no_one_edits_a_running_table_in_the_admin():
    table = private_running_table()
    root = user("root", is_staff=True, is_superuser=True)
    client = logged_in(root)
    page = client.get(f"/admin/games/table/{table.pk}/change/").content.decode()
    assert 'name="_save"' not in page and str(table.seed) not in page
    assert client.post(f"/admin/games/table/{table.pk}/change/", {}).status_code == 403
    assert client.get(f"/admin/games/table/{table.pk}/delete/").status_code == 403
    client.post(
        "/admin/games/table/",
        {"action": "delete_selected", "_selected_action": [table.pk], "post": "yes"},
    )
    assert Table.objects.filter(pk=table.pk).exists()


def test_the_move_log_hides_the_moves_of_a_game_in_play():
    ann, bob = user("ann"), user("bob")
    table = german_table(ann, bob)
    play_turns(table.pk, {0: ann, 1: bob}, 1)
    played = repr(Move.objects.get(table=table).event["card"])  # as the admin shows a dict
    client = logged_in(user("root", is_staff=True, is_superuser=True))
    listing = client.get("/admin/games/move/").content.decode()
    move = Move.objects.get(table=table)
    page = client.get(f"/admin/games/move/{move.pk}/change/").content.decode()
    for body in (listing, page):
        assert "hidden until the game is over" in body
        assert played not in body and played.replace("'", "&#x27;") not in body


def test_a_finished_games_record_holds_its_deal_and_replays_exactly():
    """The record (downloads, replays, the records app) carries the deal and the keyed seed
    it came from, so nothing after the game needs the deal secret."""
    ann, bob = user("ann"), user("bob")
    table = german_table(ann, bob)
    while not state_for(Table.objects.get(pk=table.pk)).over:
        play_turns(table.pk, {0: ann, 1: bob}, 1)
    finished = Table.objects.get(pk=table.pk)
    record, final = finished.record, state_for(finished)
    assert record["seed"] == finished.deal_seed != finished.seed
    replay = check(record)
    assert replay.start.hands == new_game(rules_for(finished), seed=record["seed"]).hands
    assert replay.steps[-1].after.result == final.result
