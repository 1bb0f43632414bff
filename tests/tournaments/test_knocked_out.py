"""A player knocked out of an elimination event is told so after their last table, not sent
to wait for a next table they will never have: the game-over dialog's answer
(`/events/after.json`, static/js/after_game.js) says the round they went out in and, once
that round has ended, where they finished (docs/rules.md §5.9). The dialog's words:
tests/e2e/test_knocked_out.py."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import all_present, event_with, play_round, play_to_end
from tournaments import services
from tournaments.elimination import going_out
from tournaments.models import Entry, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def after(user: Any, table_id: int) -> dict[str, Any]:
    client = Client()
    client.force_login(user)
    return client.get(reverse("table_after"), {"table": table_id}).json()


def first_table_played(staff: Any, players: Any) -> tuple[Any, list[Placement]]:
    """Six players, tables of three, one goes through: round 1 seated, its first table
    played to the end while the other plays on (so the round is not over yet)."""
    event = event_with(staff, players(6), kind="elimination", table_size=3, through=1)
    all_present(event)
    services.event_tick()
    seats = list(
        Placement.objects.filter(round__event=event, round__number=1, number=1,
                                 entry__isnull=False).select_related("entry__user")
    )  # fmt: skip
    play_to_end(seats[0].table_id, {p.seat: p.entry.user for p in seats})
    for p in seats:
        p.refresh_from_db()
    return event, seats


def test_a_player_out_at_their_table_is_told_so_as_soon_as_it_ends(
    staff: Any, players: Any
) -> None:
    event, seats = first_table_played(staff, players)
    assert not Entry.objects.filter(event=event, out_round__isnull=False).exists()
    best = min(p.place for p in seats)
    outs = [p for p in seats if after(p.entry.user, p.table_id)["out"] is not None]
    assert len(outs) == 2 and all(p.place != best for p in outs)
    for p in outs:
        told = after(p.entry.user, p.table_id)
        assert told["out"] == {"round": 1, "final": False}
        assert told["next"] is None and told["sitting_out"] is None


def test_a_player_who_goes_through_is_not_told_they_are_out(staff: Any, players: Any) -> None:
    _event, seats = first_table_played(staff, players)
    through = [p for p in seats if after(p.entry.user, p.table_id)["out"] is None]
    assert len(through) == 1 and through[0].place == min(p.place for p in seats)


def test_once_the_round_is_settled_the_player_out_is_told_where_they_finished(
    staff: Any, players: Any
) -> None:
    event = event_with(staff, players(6), kind="elimination", table_size=3, through=1)
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    all_present(event)
    services.event_tick()  # the final seated: round 1 settled
    seats = Placement.objects.filter(round__event=event, round__number=1, entry__isnull=False)
    for p in seats.select_related("entry__user"):
        told = after(p.entry.user, p.table_id)
        if Entry.objects.get(pk=p.entry_id).out_round == 1:
            assert told["out"] == {"round": 1, "final": True}
            assert 3 <= told["standing"]["place"] <= 6 and told["standing"]["of"] == 6
            assert told["next"] is None
        else:  # through to the final: their next table, not out
            assert told["out"] is None and told["next"] is not None


def test_other_events_say_nothing_of_going_out(staff: Any, players: Any) -> None:
    event = event_with(staff, players(6), table_size=3)  # a Swiss event
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    for p in Placement.objects.filter(round__event=event, entry__isnull=False):
        assert after(p.entry.user, p.table_id)["out"] is None


def test_going_out_at_the_final_is_all_but_the_best_place() -> None:
    assert going_out([("a", 2), ("b", 1), ("c", 3)], 1, {}, final=True) == ["a", "c"]
    assert going_out([("a", 2), ("b", 1), ("c", 3)], 2, {}, final=False) == ["c"]
    assert going_out([("a", None), ("b", 1)], 1, {}, final=False) == ["a"]  # not placed
