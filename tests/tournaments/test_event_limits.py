"""Limits that hold for events: private events have a cap and a daily rate per player; event
tables count toward a player's open tables, so one player is not seated at a table of every
event; an entrant who never comes to the event's tables is not seated round after round
(docs/rules.md §5.5)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import services as games
from games.models import Presence, Table
from tests.games.helpers import play_first_legal, state
from tournaments import services
from tournaments.models import Entry, Event, Placement
from tournaments.services.rounds import _absent

from .conftest import all_present, event_with

pytestmark = pytest.mark.django_db


def private_event(user: Any, name: str = "Mine") -> Event:
    start = timezone.now() + timedelta(hours=1)
    return services.event_create(user, name=name, game="knockout", starts_at=start, rounds=2,
                                 private=True)  # fmt: skip


def test_a_player_has_at_most_three_private_events_coming(players: Any, settings: Any) -> None:
    (ann,) = players(1)
    made = [private_event(ann, f"E{i}") for i in range(settings.WHIST_MAX_PRIVATE_EVENTS)]
    with pytest.raises(services.ServiceError) as refused:
        private_event(ann)
    assert refused.value.code == "too_many_events"
    services.event_cancel(ann, made[0].pk)
    private_event(ann)  # a cancelled one leaves room


def test_creating_private_events_has_a_daily_rate_that_cancelling_does_not_reset(
    players: Any, settings: Any
) -> None:
    (ann,) = players(1)
    for i in range(settings.WHIST_PRIVATE_EVENTS_PER_DAY):
        services.event_cancel(ann, private_event(ann, f"E{i}").pk)
    with pytest.raises(services.ServiceError) as refused:
        private_event(ann)
    assert refused.value.code == "event_rate"


def test_event_tables_count_toward_a_players_open_tables(
    staff: Any, players: Any, settings: Any
) -> None:
    """A player who already sits at WHIST_MAX_OPEN_TABLES tables sits the event's round out
    (an absence); the others are seated."""
    users = players(4)
    event = event_with(staff, users, rounds=2, table_size=4)
    for _ in range(settings.WHIST_MAX_OPEN_TABLES):
        games.table_create(users[0], "german")
    all_present(event)
    services.event_tick()
    seated = {p.entry.user_id for p in Placement.objects.filter(round__event=event) if p.entry}
    assert seated == {u.pk for u in users[1:]}
    assert Entry.objects.get(event=event, user=users[0]).absences == 1


def test_an_entrant_present_only_at_another_table_is_absent(staff: Any, players: Any) -> None:
    """A socket at a casual table says nothing of the event: never coming to the event's
    page or tables, the entrant is absent (and withdrawn after two rounds, docs/rules.md §5.5)."""
    users = players(4)
    event = event_with(staff, users, rounds=2, table_size=4)
    all_present(event, but=users[3])
    casual = games.table_create(users[3], "german")
    Presence.objects.create(seat=casual.seats.get(index=0), channel="elsewhere",
                            seen=timezone.now())  # fmt: skip
    entries = list(Entry.objects.filter(event=event))
    assert _absent(event, entries, timezone.now()) == {
        e.pk for e in entries if e.user_id == users[3].pk
    }


def play_idle(table_id: int, humans: dict[int, Any], idle: int) -> None:
    """The table to its end, the seat `idle` never acting: its turns time out, then the
    stand-in bot plays them (tasks run in the test's process)."""
    for _ in range(3000):
        table = Table.objects.get(pk=table_id)
        if table.status == Table.Status.FINISHED:
            return
        seat = state(table_id).to_act
        if seat == idle:
            if not games.bot_play(table_id, table.moves):  # not away yet: the time runs out
                Table.objects.filter(pk=table_id).update(
                    turn_deadline=timezone.now() - timedelta(seconds=1)
                )
                assert games.timeout_play(table_id)
        else:
            play_first_legal(table_id, humans[seat], seat)
    raise AssertionError("the game did not end")


def play_round_idle(event: Event, number: int, idle: Any) -> None:
    for table_id, humans in seated(event, number).items():
        seats = [seat for seat, user in humans.items() if user == idle]
        play_idle(table_id, humans, seats[0] if seats else -1)


def seated(event: Event, number: int) -> dict[int, dict[int, Any]]:
    tables: dict[int, dict[int, Any]] = {}
    for p in Placement.objects.filter(round__event=event, round__number=number).select_related(
        "entry__user"
    ):
        tables.setdefault(p.table_id, {})
        if p.entry is not None:
            tables[p.table_id][p.seat] = p.entry.user
    return tables


@pytest.mark.django_db(transaction=True)  # a finished table ends the round after the commit
def test_an_entrant_with_the_event_page_open_who_never_plays_is_absent(
    staff: Any, players: Any
) -> None:
    """Presence is playing: the event page open does not make present an entrant whose every
    decision at their last table of the event was made for them (timeouts, the stand-in
    bot); absent twice in a row, they are withdrawn and not seated again
    (docs/rules.md §5.5). The others, who played, stay present."""
    users = players(4)
    idle = users[3]
    event = event_with(staff, users, rounds=4, table_size=4)
    all_present(event)
    services.event_tick()
    play_round_idle(event, 1, idle)
    all_present(event)  # everyone's event page open, the idle entrant's too
    services.event_tick()
    entries = {e.user_id: e for e in Entry.objects.filter(event=event)}
    assert entries[idle.pk].absences == 1 and not entries[idle.pk].withdrawn
    assert [e.absences for u, e in entries.items() if u != idle.pk] == [0, 0, 0]
    second = Placement.objects.get(round__event=event, round__number=2, entry__user=idle)
    assert second.absent
    play_round_idle(event, 2, idle)
    all_present(event)
    services.event_tick()
    entry = Entry.objects.get(event=event, user=idle)
    assert entry.withdrawn and entry.withdrawn_round == 3
    play_round_idle(event, 3, idle)
    all_present(event)
    services.event_tick()
    fourth = Placement.objects.filter(round__event=event, round__number=4, entry__isnull=False)
    assert idle.pk not in {p.entry.user_id for p in fourth}


@pytest.mark.parametrize("rated", [True, False])
def test_a_leaver_who_must_wait_sits_a_rated_events_round_out(
    staff: Any, players: Any, rated: bool
) -> None:
    """Two leaves in the week earn a wait (docs/rules.md §4.4): a rated event's round is a
    rated game, so the leaver sits it out as an absence; a casual event seats them."""
    from rankings.services import game_score_create
    from tests.rankings.test_leavers import leave

    users = players(4)
    for minutes in (30, 5):
        leave(users[0], lambda table: game_score_create(table.pk), minutes)
    event = event_with(staff, users, rounds=2, table_size=4, rated=rated)
    all_present(event)
    services.event_tick()
    seated = {p.entry.user_id for p in Placement.objects.filter(round__event=event) if p.entry}
    waiting = Entry.objects.get(event=event, user=users[0])
    if rated:
        assert seated == {u.pk for u in users[1:]} and waiting.absences == 1
    else:
        assert seated == {u.pk for u in users} and waiting.absences == 0
