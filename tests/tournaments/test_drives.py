"""Whist drives (issue 44 item 1, docs/rules.md §5.8): one hand a round with the trumps in
their rotation, players moved by the drive's movement, bots in the empty places, each
seat scoring its side's tricks, the next hand seated as soon as the last one ends; score
cards and prizes. The players here are absent: the stand-in bots play every hand (tasks
run in the test's process), so a drive plays itself."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.services.errors import ServiceError
from records.models import GameRecord
from tournaments import movements as mv
from tournaments import selectors, services
from tournaments.models import Entry, Event, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def drive_with(staff: Any, users: list[Any], **kwargs: Any) -> Event:
    fields = {"name": "Church hall drive", "game": "whist", "kind": "drive", "rounds": 3,
              "movement": "progressive", "bot_level": "beginner"}  # fmt: skip
    fields.update(kwargs)
    event = services.event_create(staff, starts_at=timezone.now() + timedelta(minutes=5), **fields)
    for user in users:
        services.entry_join(user, event.pk)
    # Nobody has the event page open: absent, bots play for them.
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    return Event.objects.get(pk=event.pk)


def _tables(event: Event, number: int) -> list[list[Any]]:
    rows = Placement.objects.filter(round__event=event, round__number=number)
    tables: dict[int, list[Any]] = {}
    for p in rows:
        tables.setdefault(p.number, [None] * 4)[p.seat] = p.entry_id
    return [tables[t] for t in sorted(tables)]


def _run(event: Event) -> None:
    for _ in range(event.rounds + 2):
        services.event_tick()
    event.refresh_from_db()


def test_a_progressive_drive_moves_by_the_movement_with_the_rotations_trump_and_bots_fill(
    staff: Any, players: Any
) -> None:
    """7 players: two tables, one bot; the second hand seated without waiting for the
    round's minutes; every seat its side's tricks; the standings add them up."""
    event = drive_with(staff, players(7), rounds=2, round_minutes=60)
    _run(event)
    assert event.status == Event.Status.FINISHED and event.current_round == 2
    first = _tables(event, 1)
    everyone = sorted(Entry.objects.filter(event=event).values_list("pk", flat=True))
    for number in (1, 2):
        seated = _tables(event, number)
        assert seated == mv.progressive(first, number)
        assert sorted(p for t in seated for p in t if p) == everyone  # nobody sits out
        assert [p for t in seated for p in t].count(None) == 1
        for p in Placement.objects.filter(round__event=event, round__number=number):
            record = GameRecord.objects.get(pk=p.table_id)
            assert record.options["trump_suit"] == ("hearts", "clubs")[number - 1]
            assert len(record.record["deals"]) == 1  # one hand
            assert p.score == record.record["deals"][0]["outcome"]["tricks"][p.seat % 2]
    for entry in Entry.objects.filter(event=event):
        assert entry.points == sum(p.score for p in entry.placements.all()) and entry.games == 2


def test_a_semi_partner_drives_winners_keep_partner_and_table(staff: Any, players: Any) -> None:
    event = drive_with(staff, players(8), rounds=2, movement="semi_partner")
    _run(event)
    first, second = _tables(event, 1), _tables(event, 2)
    for t, table in enumerate(first):
        won = Placement.objects.filter(round__event=event, round__number=1, number=t + 1, place=1)
        side = won.first().seat % 2
        assert (second[t][side], second[t][side + 2]) == (table[side], table[side + 2])


def test_the_score_card_and_the_prizes_of_a_drive(staff: Any, players: Any) -> None:
    """Each hand's table, partner, trump, tricks and running total; first, best pair and
    booby prizes under the organiser's names."""
    users = players(4)
    event = drive_with(staff, users, rounds=2, prizes={"first": "A tin of biscuits"})
    _run(event)
    entry = Entry.objects.get(event=event, user=users[0])
    card = selectors.score_card(event, entry)
    assert [(line["hand"], line["trump"]) for line in card] == [(1, "hearts"), (2, "clubs")]
    running = 0.0
    for line in card:
        p = Placement.objects.get(round__event=event, round__number=line["hand"], entry=entry)
        partner = Placement.objects.get(table_id=p.table_id, seat=(p.seat + 2) % 4)
        running += p.score
        assert (line["table"], line["tricks"], line["total"]) == (p.number, p.score, running)
        assert line["partner"] == (str(partner.entry.user) if partner.entry else None)
    prizes = selectors.drive_prizes(event)
    ranked = selectors.standings(event)
    assert prizes["first"]["name"] == "A tin of biscuits"
    assert prizes["first"]["winners"] == ranked[:1] and prizes["booby"]["winners"] == ranked[-1:]
    assert len(prizes["pair"]["winners"]) == 2
    client = Client()
    client.force_login(users[0])
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert 'data-testid="score-card"' in page and "A tin of biscuits" in page
    assert 'data-testid="drive-rules"' in page


def test_a_drive_is_created_from_the_event_form(players: Any) -> None:
    (ann,) = players(1)
    client = Client()
    client.force_login(ann)
    start = (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    client.post(reverse("event_create"), {
        "name": "Hall drive", "game": "whist", "kind": "drive", "table_size": 4, "rounds": 24,
        "starts_at": start, "round_minutes": 15, "time_limit": 60, "bot_level": "club",
        "private": "on", "movement": "travelling", "no_trump_hand": "on",
        "prize_booby": "A wooden spoon",
    })  # fmt: skip
    event = Event.objects.get()
    assert (event.kind, event.rounds, event.movement, event.no_trump_hand) == (
        "drive", 24, "travelling", True
    )  # fmt: skip
    assert event.prizes == {"booby": "A wooden spoon"} and event.options == {"target": 1}


def test_a_drive_is_whist_with_a_movement(staff: Any) -> None:
    start = timezone.now() + timedelta(hours=1)
    with pytest.raises(ServiceError):
        services.event_create(staff, name="x", game="knockout", kind="drive", rounds=12,
                              starts_at=start, movement="progressive")  # fmt: skip
    with pytest.raises(ServiceError):
        services.event_create(staff, name="x", game="whist", kind="drive", rounds=12,
                              starts_at=start, movement="waltz")  # fmt: skip
