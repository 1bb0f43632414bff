"""Never lost between rounds (issue 44 item 3): an event's or a daily board's table offers no
rematch, its game-over dialog learns the player's standing and their next table or board
as soon as it is dealt, and a notice of the dealt table reaches the player's open pages."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.reads.messages import table_dict
from games.services import ServiceError, table_rematch
from social.models import Kind, Notification
from tests.tournaments.conftest import all_present, event_with, play_round, play_to_end
from tournaments import services
from tournaments.models import Placement

pytestmark = pytest.mark.django_db(transaction=True)


def _after(user: Any, table_id: int) -> Any:
    client = Client()
    client.force_login(user)
    return client.get(reverse("table_after"), {"table": table_id})


def _first_round(staff: Any, users: list[Any]) -> tuple[Any, Placement]:
    event = event_with(staff, users, rounds=2, table_size=4)
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    seat = Placement.objects.get(round__event=event, round__number=1, entry__user=users[0])
    return event, seat


def test_an_event_table_offers_no_rematch(staff: Any, players: Any) -> None:
    users = players(4)
    _event, seat = _first_round(staff, users)
    assert table_dict(seat.table, seat.seat)["after"] == reverse("table_after")
    with pytest.raises(ServiceError) as refused:
        table_rematch(users[0], seat.table_id)
    assert refused.value.code == "arranged"


def test_a_daily_challenge_table_offers_no_rematch_and_its_next_board_is_named(
    players: Any,
) -> None:
    (ann,) = players(1)
    table = services.daily_play(ann, "german", 1)
    play_to_end(table.pk, {0: ann})
    with pytest.raises(ServiceError):
        table_rematch(ann, table.pk)
    after = _after(ann, table.pk).json()
    assert after["next"] == {
        "url": reverse("daily_play", args=["german", 2]),
        "post": True,
        "board": True,
    }
    assert after["event_url"] == reverse("daily", args=["german"])


def test_the_next_table_is_named_as_soon_as_the_next_round_is_seated(
    staff: Any, players: Any
) -> None:
    users = players(4)
    event, seat = _first_round(staff, users)
    before = _after(users[0], seat.table_id).json()
    assert before["next"] is None and before["standing"]["of"] == 4
    assert before["standing"]["place"] in (1, 2, 3, 4)
    all_present(event)
    services.event_tick()
    nxt = Placement.objects.get(round__event=event, round__number=2, entry__user=users[0])
    after = _after(users[0], seat.table_id).json()
    assert after["next"]["url"] == reverse("table", args=[nxt.table_id])


def test_the_after_answer_is_only_for_the_tables_own_players(staff: Any, players: Any) -> None:
    users = players(5)
    _event, seat = _first_round(staff, users[:4])
    assert _after(users[4], seat.table_id).status_code == 404
    assert _after(users[0], "x").status_code == 404


def test_each_player_seated_hears_that_their_next_table_is_dealt(staff: Any, players: Any) -> None:
    users = players(4)
    event, _seat = _first_round(staff, users)
    all_present(event)
    services.event_tick()
    for user in users:
        nxt = Placement.objects.get(round__event=event, round__number=2, entry__user=user)
        notes = Notification.objects.filter(user=user, kind=Kind.EVENT, data__round=2)
        assert [n.data["url"] for n in notes] == [reverse("table", args=[nxt.table_id])]
