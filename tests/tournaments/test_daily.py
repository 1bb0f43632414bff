"""The daily challenge: the same boards for everyone against bots of one level, ranked by
matchpoints; yesterday's closed and open to replay (docs/rules.md §5.6)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from records.models import GameRecord, UploadedRecord
from records.services import upload_store
from tests.tournaments.conftest import play_to_end
from tournaments import services
from tournaments.duplicate import board_score
from tournaments.models import STANDING_ORDER, Entry, Event, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_daily_challenge_gives_everyone_the_same_deals_and_ranks_them_by_matchpoints(
    players: Any,
) -> None:
    users = players(3)
    for user in users:
        for board in (1, 2, 3):
            table = services.daily_play(user, "german", board)
            assert [s.bot for s in table.seats.order_by("index")] == ["", "club"]
            play_to_end(table.pk, {0: user})
    event = services.daily_get("german")
    assert event.kind == Event.Kind.DAILY and event.day == timezone.now().date()
    for board in (1, 2, 3):
        seats = Placement.objects.filter(round__event=event, round__number=board, seat=0)
        stored = [GameRecord.objects.get(pk=p.table_id) for p in seats]
        assert len({str([d["hands"] for d in r.record["deals"]]) for r in stored}) == 1
        scores = {
            p.entry_id: board_score(r.game, r.result, 0) for p, r in zip(seats, stored, strict=True)
        }
        for p in seats:
            mine = scores[p.entry_id]
            others = [s for e, s in scores.items() if e != p.entry_id]
            assert p.matchpoints == sum(1 if mine > o else 0.5 if mine == o else 0 for o in others)
    entries = list(Entry.objects.filter(event=event).order_by(*STANDING_ORDER))
    totals = [sum(p.matchpoints for p in e.placements.all()) for e in entries]
    assert [e.points for e in entries] == totals and totals == sorted(totals, reverse=True)


def test_a_board_is_played_once_a_day_asking_again_gives_the_same_table(players: Any) -> None:
    (ann,) = players(1)
    first = services.daily_play(ann, "whist", 1)
    assert services.daily_play(ann, "whist", 1).pk == first.pk
    with pytest.raises(services.ServiceError):
        services.daily_play(ann, "whist", 9)


def test_yesterdays_challenge_is_closed_and_its_boards_open_for_replay(players: Any) -> None:
    (ann,) = players(1)
    table = services.daily_play(ann, "german", 1)
    play_to_end(table.pk, {0: ann})
    yesterday = timezone.now().date() - timedelta(days=1)
    Event.objects.filter(kind=Event.Kind.DAILY).update(day=yesterday)
    event = services.days_back("german")
    assert event is not None and event.status == Event.Status.FINISHED
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("daily", args=["german"]))
    assert reverse("game_replay", args=[table.pk]).encode() in page.content
    assert client.get(reverse("game_replay", args=[table.pk])).status_code == 200


def _yesterday_with_one_game(players: Any) -> tuple[Any, Any, int]:
    ann, bob = players(2)
    table = services.daily_play(ann, "german", 1)
    play_to_end(table.pk, {0: ann})
    yesterday = timezone.now().date() - timedelta(days=1)
    Event.objects.filter(kind=Event.Kind.DAILY).update(day=yesterday)
    return ann, bob, table.pk


def _best_game_link(client: Client) -> str:
    page = client.get(reverse("daily", args=["german"])).content.decode()
    page = page.split('data-testid="yesterday-boards"')[1]
    best = re.search(r'<td>1</td>\s*<td><a href="([^"]+)"', page)
    assert best is not None, "no best-game link for board 1"
    return best.group(1)


def test_a_past_boards_best_game_links_to_the_stored_game_for_anyone(players: Any) -> None:
    _ann, bob, table_id = _yesterday_with_one_game(players)
    client = Client()
    client.force_login(bob)  # not a player of that private game
    link = _best_game_link(client)
    assert link == reverse("game_replay", args=[table_id])
    assert client.get(link).status_code == 200
    assert Client().get(link).status_code == 200  # logged out too


def test_a_past_boards_best_game_link_never_expires(players: Any, settings: Any) -> None:
    _ann, bob, _table_id = _yesterday_with_one_game(players)
    client = Client()
    client.force_login(bob)
    link = _best_game_link(client)
    # Uploads go after 30 days and beyond the newest WHIST_UPLOADS_KEPT.
    settings.WHIST_UPLOADS_KEPT = 1
    UploadedRecord.objects.update(created=timezone.now() - timedelta(days=31))
    for _ in range(2):
        upload_store(GameRecord.objects.first().record)
    assert client.get(link).status_code == 200
    assert _best_game_link(client) == link


def test_todays_boards_are_private_until_the_day_is_over(players: Any) -> None:
    ann, bob = players(2)
    table = services.daily_play(ann, "german", 1)
    assert table.private  # nobody watches today's cards being played
    client = Client()
    client.force_login(bob)
    assert client.get(reverse("table", args=[table.pk])).status_code in (403, 404)
