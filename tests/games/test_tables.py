"""Tables before play: creating, seats, starting, rematches and invites, through the services."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import services
from games.models import Seat, Table
from games.reads import lobby, messages, queries
from games.services import ServiceError

pytestmark = pytest.mark.django_db


def test_create_refuses_a_combination_the_rules_refuse_with_the_rules_message(make_user):
    ann = make_user("ann")
    with pytest.raises(ServiceError) as refused:
        services.table_create(ann, "knockout", 7, options={"start_cards": 8})

    assert refused.value.code == "bad_rules"
    assert "do not fit in a pack" in refused.value.message


def test_create_refuses_an_unknown_bot_level_and_a_silly_time_limit(make_user):
    ann = make_user("ann")
    with pytest.raises(ServiceError, match="bot level"):
        services.table_create(ann, "german", bot_levels=[None, "grandmaster"])
    with pytest.raises(ServiceError) as refused:
        services.table_create(ann, "german", time_limit=3)
    assert refused.value.code == "bad_time_limit"


def test_create_seats_the_creator_and_the_bots(make_user):
    ann = make_user("ann")
    table = services.table_create(
        ann, "knockout", 4, preset="dutch", bot_levels=[None, "club", None, "beginner"]
    )

    seats = list(table.seats.order_by("index"))
    assert [s.user_id for s in seats] == [ann.pk, None, None, None]
    assert [s.bot for s in seats] == ["", "club", "", "beginner"]
    assert table.status == Table.Status.OPEN and table.preset == "dutch"


def test_take_leave_and_start_when_full(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, "german")

    with pytest.raises(ServiceError) as refused:
        services.table_start(ann, table.pk)
    assert refused.value.code == "not_full"
    assert services.seat_take(bob, table.pk).index == 1
    with pytest.raises(ServiceError, match="already"):
        services.seat_take(bob, table.pk, 0)
    services.seat_leave(bob, table.pk)
    services.seat_take(bob, table.pk, 1)
    services.table_start(bob, table.pk)

    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.seed is not None
    with pytest.raises(ServiceError) as refused:
        services.seat_leave(bob, table.pk)
    assert refused.value.code == "not_open"


def test_start_can_fill_the_empty_seats_with_bots(make_user):
    ann = make_user("ann")
    table = services.table_create(ann, "knockout", 3)
    services.table_start(ann, table.pk, fill_bots="beginner")

    assert list(Seat.objects.filter(table=table).values_list("bot", flat=True)) == [
        "", "beginner", "beginner"
    ]  # fmt: skip


def test_a_private_table_needs_its_invite(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, "german", private=True)
    session: dict[str, Any] = {}

    with pytest.raises(ServiceError) as refused:
        services.seat_take(bob, table.pk, session=session)
    assert refused.value.code == "forbidden"
    assert not services.table_invite_accept(session, table.pk, "wrong")
    assert services.table_invite_accept(session, table.pk, table.invite_token)
    assert services.seat_take(bob, table.pk, session=session).index == 1
    assert queries.can_watch(table, None, session)
    assert not queries.can_watch(table, None, {})
    assert lobby.page_tables(lobby.ListFilter())[0] == []


def test_play_now_starts_a_table_with_bots(make_user):
    ann = make_user("ann")
    table = services.table_play_now(ann, "knockout", 3)

    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert [s.bot for s in table.seats.order_by("index")] == ["", "beginner", "beginner"]


def test_rematch_keeps_rules_and_bots_and_is_shared(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, "knockout", 3, bot_levels=[None, None, "club"])
    services.seat_take(bob, table.pk, 1)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)

    first = services.table_rematch(ann, table.pk)
    again = services.table_rematch(bob, table.pk)

    assert first.pk == again.pk and first.rematch_of_id == table.pk
    seats = list(first.seats.order_by("index"))
    assert [(s.user_id, s.bot) for s in seats] == [(ann.pk, ""), (bob.pk, ""), (None, "club")]
    assert messages.table_payload(queries.table_get(table.pk), ann)["table"]["rematch"] == (
        first.pk
    )


def test_lobby_lists_public_open_tables_with_their_seats(make_user):
    ann = make_user("ann")
    services.table_create(ann, "whist", bot_levels=[None, "club"])

    (entry,) = lobby.page_tables(lobby.ListFilter())[0]
    assert entry["game"] == "whist" and entry["status"] == "open"
    assert [s["name"] for s in entry["seats"]] == ["Ann", "Bot (Club player)", None, None]


def _idle(table_id: int, seconds: float) -> None:
    """The table was made, and its players last seen at it, `seconds` ago."""
    then = timezone.now() - timedelta(seconds=seconds)
    Table.objects.filter(pk=table_id).update(created=then)
    Seat.objects.filter(table_id=table_id).update(last_seen=then)


def test_an_open_table_its_players_left_long_ago_is_closed_and_leaves_the_lobby(
    make_user, settings
):
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, "knockout", 3, bot_levels=[None, None, "club"])
    services.seat_take(bob, table.pk, 1)
    _idle(table.pk, settings.WHIST_OPEN_ABANDON + 60)

    assert services.table_close_abandoned() == 1
    table.refresh_from_db()
    assert table.status == Table.Status.ABORTED and table.finished is not None
    assert table.pk not in [t["id"] for t in lobby.page_tables(lobby.ListFilter())[0]]


def test_an_open_table_with_a_player_at_it_or_seen_lately_stays_open(make_user, settings):
    ann, bob = make_user("ann"), make_user("bob")
    waiting = services.table_create(ann, "german")
    _idle(waiting.pk, settings.WHIST_OPEN_ABANDON + 60)
    services.seat_connect(waiting.pk, ann, "ann-1")  # she has the table page open
    Seat.objects.filter(table=waiting).update(last_seen=timezone.now() - timedelta(hours=1))
    lately = services.table_create(bob, "german")
    _idle(lately.pk, settings.WHIST_OPEN_ABANDON + 60)
    Seat.objects.filter(table=lately, user=bob).update(last_seen=timezone.now())
    new = services.table_create(make_user("cy"), "german")  # never opened, but just made

    assert services.table_close_abandoned() == 0
    assert {t.status for t in Table.objects.filter(pk__in=[waiting.pk, lately.pk, new.pk])} == {
        Table.Status.OPEN
    }


def test_a_table_in_play_is_never_closed_as_abandoned(make_user, settings):
    ann = make_user("ann")
    table = services.table_play_now(ann)
    _idle(table.pk, settings.WHIST_OPEN_ABANDON + 60)

    assert services.table_close_abandoned() == 0
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
