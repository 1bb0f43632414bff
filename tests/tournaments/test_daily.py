"""The daily challenge: the same boards for everyone against bots of one level, ranked by
matchpoints; yesterday's closed and open to replay (docs/rules.md §5.6)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

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


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_page_says_when_the_days_boards_change_in_the_readers_time_zone(
    players: Any, language: str
) -> None:
    """The boards change at midnight UTC for everyone; the page names that moment in the
    reader's own zone (and says it is midnight UTC), and the day is the same wherever they are."""
    (ann,) = players(1)
    seen = set()
    for zone in ("America/New_York", "Pacific/Kiritimati", "UTC"):
        client = Client()
        client.force_login(ann)
        client.cookies["tz"] = zone
        client.cookies["django_language"] = language
        page = client.get(reverse("daily", args=["german"])).content.decode()
        event = services.daily_get("german")
        assert event.starts_at == datetime.combine(event.day, time.min, tzinfo=UTC)
        ends = (event.starts_at + timedelta(days=1)).astimezone(ZoneInfo(zone))
        shown = page.split('data-testid="daily-ends"')[1].split("</p>")[0]
        assert f"{ends:%Y-%m-%d %H:%M} {ends.tzname()}" in shown
        assert "UTC" in shown  # the moment the boards change, named in UTC as well
        seen.add(event.pk)
    assert len(seen) == 1


def test_the_standings_name_only_players_who_finished_a_board_numbered_from_one(
    players: Any,
) -> None:
    """A player who opened a board and has not finished one has no place yet: the first one
    to finish is 1st, and before anyone has, the page says nobody has played."""
    ann, bob = players(2)
    services.daily_play(ann, "german", 1)  # ann signed up first, and plays on
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("daily", args=["german"])).content.decode()
    assert "Nobody has played yet." in page and 'data-testid="daily-standings"' not in page
    play_to_end(services.daily_play(bob, "german", 1).pk, {0: bob})
    page = client.get(reverse("daily", args=["german"])).content.decode()
    rows = page.split('data-testid="daily-standings"')[1].split("</table>")[0]
    assert re.findall(r"<tr[^>]*><td>(\d+)</td><td><a[^>]*>([^<]+)</a>", rows) == [("1", "P1")]


def test_a_refused_board_is_said_once_on_the_daily_page(players: Any) -> None:
    (ann,) = players(1)
    client = Client()
    client.force_login(ann)
    page = client.post(reverse("daily_play", args=["german", 9]), follow=True)
    assert page.content.decode().lower().count("there is no board 9 today") == 1


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "against Club player bots"), ("de", "gegen Bots der Stufe Vereinsspieler"),
     ("nl", "tegen bots van niveau Clubspeler")],
)  # fmt: skip
def test_the_page_names_the_bots_level_once(players: Any, language: str, words: str) -> None:
    """It said "against Bot (Club player) bots": the bot's name where its level belongs."""
    client = Client()
    client.cookies["django_language"] = language
    page = client.get(reverse("daily", args=["german"])).content.decode()
    assert words in page
