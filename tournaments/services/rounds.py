"""Rounds on time: an event starts, each round is seated and dealt, the event ends.

`event_tick` runs from the watchdog (Celery beat; the embedded server's loop in `make run`),
so rounds start on time in both modes. docs/rules.md §5.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from accounts.selectors import blocked_pairs
from games import signals as games_signals
from games.engine.descriptors import game_of
from games.models import Move, Presence, Seat, Table
from games.reads.lobby import slot_tables
from games.services.arranged import table_arrange
from games.sockets.limits import on_page
from rankings.leavers import waiting
from runtime import metrics
from tournaments import seating
from tournaments.elimination import tables_together
from tournaments.models import Entry, Event, Placement, Round
from tournaments.pairing import dutch_pairs
from tournaments.selectors import history_of, ranked_entries
from tournaments.services.drives import drive_groups, drive_options
from tournaments.services.elimination import elimination_groups, elimination_over
from tournaments.services.live import event_page, version_bump
from tournaments.services.reminders import event_tell, events_remind

DUTCH_MOST = 64  # German Whist: the Dutch system up to this many players (it grows fast)
MIN_PLAYERS = 2
BLOCK_WEIGHT = 100  # a blocked pair weighs as this many meetings (tournaments/seating.py)


def event_tick(now: datetime | None = None) -> int:
    """Start the events and rounds that are due and end the finished events; how many."""
    now = now or timezone.now()
    events_remind(now)
    due = Event.objects.filter(
        Q(status=Event.Status.COMING, starts_at__lte=now) | Q(status=Event.Status.RUNNING)
    ).exclude(kind=Event.Kind.DAILY)
    changed = 0
    for event_id in due.values_list("pk", flat=True):
        changed += _advance(event_id, now)
    return changed


def _advance(event_id: int, now: datetime) -> bool:
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if event.status == Event.Status.COMING:
            if event.starts_at > now:
                return False
            if Entry.objects.filter(event=event).count() < MIN_PLAYERS:
                event_tell(event, "cancelled_few")  # its page says why, too
                return _close(event, Event.Status.CANCELLED)
            event.status = Event.Status.RUNNING
            event_tell(event, "started")
        elif event.status != Event.Status.RUNNING or not _round_over(event):
            return False
        if _over(event):
            return _close(event, Event.Status.FINISHED)
        # A drive's next hand is seated as soon as the last one has ended (docs/rules.md §5.8).
        due = event.kind == Event.Kind.DRIVE or now >= round_due(event, event.current_round + 1)
        if event.current_round and not due:
            return False
        round_start(event)
        return True


def round_due(event: Event, number: int) -> datetime:
    """When round `number` is due: the start plus a round's minutes for each one before."""
    return event.starts_at + timedelta(minutes=event.round_minutes * (number - 1))


def _round_over(event: Event) -> bool:
    if not event.current_round:
        return True
    current = Round.objects.get(event=event, number=event.current_round)
    return current.finished is not None


def _over(event: Event) -> bool:
    if event.kind == Event.Kind.ELIMINATION:  # docs/rules.md §5.9: until one table is left
        return elimination_over(event)
    return event.current_round >= event.rounds or not _has_players(event)


def _has_players(event: Event) -> bool:
    return Entry.objects.filter(event=event, withdrawn=False).count() >= 1


def _close(event: Event, status: str) -> bool:
    event.status = status
    event.finished = timezone.now()
    version_bump(event, "status", "finished")
    return True


def round_start(event: Event) -> Round:
    """Seat the next round (the event row locked by the caller): the players still in, by
    standing; absent ones seated too, a bot playing for them; bots fill the tables; a player
    whose other tables already fill their open-table allowance, or who must wait before a
    rated game of a rated event, sits the round out, as an absence (in an elimination event
    a bot takes their seat and plays it for them: they cannot come back to it); then who
    is absent for the second round in a row is withdrawn.
    docs/rules.md §5.5, docs/rules.md §5.1, docs/rules.md §5.9"""
    number = event.current_round + 1
    drive = event.kind == Event.Kind.DRIVE
    elimination = event.kind == Event.Kind.ELIMINATION
    entries = ranked_entries(event) if not drive else _drive_entries(event)
    if elimination:  # who went out is no longer in the event: neither seated nor absent
        entries = [e for e in entries if e.out_round is None]
    if number == 1:
        random.Random(f"{event.pk}:{event.starts_at}").shuffle(entries)
    absent = _absent(event, entries, timezone.now())
    busy = _busy(entries) | _waiting(event, entries)
    _count_lateness(event, number)
    board = Round.objects.create(event=event, number=number, seed=_board_seed(event))
    apart = _apart(entries) if not drive else set()
    if drive:  # docs/rules.md §5.8: the movement places everyone, a bot plays for the away
        groups = [[e if e is None or e.pk not in busy else None for e in group]
                  for group in drive_groups(event, entries, number)]  # fmt: skip
    elif elimination:  # docs/rules.md §5.9
        groups, plan = elimination_groups(event, entries, number, apart)
        board.byes, board.final = plan.byes, plan.final
        seated = {e.pk for group in groups for e in group if e is not None}
        entries = [e for e in entries if e.pk in seated]  # a bye is no absence
    else:
        groups = _groups(event, [e for e in entries if e.pk not in busy], number, apart)
    board.together = seating_together(groups, apart)
    board.save(update_fields=["byes", "final", "together"])
    options = drive_options(event, number) if drive else event.options
    stand_in = busy if elimination else set()
    placements = []
    for table_number, group in enumerate(groups, 1):
        placements += _seat_table(
            event, board, table_number, group, absent | stand_in, options, stand_in
        )
    Placement.objects.bulk_create(placements)
    _tell_seated(event, number, placements)
    if not drive:  # a drive's movement keeps every place: an absent player's bot plays on
        _count_absences(event, entries, absent | busy, number)
    event.current_round = number
    version_bump(event, "status", "current_round")
    return board


def seating_together(groups: list[list[Entry | None]], apart: set[frozenset[int]]) -> int:
    """How many of the round's tables seat a blocked pair (the event page tells its
    organiser and staff, naming no one)."""
    return tables_together([[e.pk for e in g if e is not None] for g in groups], apart)


def _tell_seated(event: Event, number: int, placements: list[Placement]) -> None:
    """After the commit, each player seated hears where their table is (any open page)."""
    base = {"what": "table_dealt", "title": event.name, "round": number,
            "board": event.kind == Event.Kind.DUPLICATE, "event_id": event.pk}  # fmt: skip
    notices = [
        (p.entry.user_id, {**base, "url": reverse("table", args=[p.table_id])})
        for p in placements
        if p.entry is not None
    ]
    transaction.on_commit(
        partial(games_signals.event_news.send, sender=Event, notices=notices), robust=True
    )


def _board_seed(event: Event) -> int | None:
    """Duplicate: one stored seed for every table of the round (the deal is keyed by the
    server's deal secret, games.models.Table.deal_seed, so the seed alone gives no hand)."""
    shared = event.kind not in (Event.Kind.SWISS, Event.Kind.ELIMINATION)
    return secrets.randbits(62) if shared else None


def _absent(event: Event, entries: list[Entry], now: datetime) -> set[int]:
    """Entries absent at the round's start: those whose every decision at their last table of
    the event was made for them (the event page left open says nothing of playing), and
    those with no socket on the event page (`?page=event-<id>`, the page's notices socket)
    now or in the last WHIST_EVENT_PRESENT seconds nor at a table of this event (a socket
    at another table says nothing of this event). docs/rules.md §5.5"""
    since = now.timestamp() - settings.WHIST_EVENT_PRESENT
    here = on_page(event_page(event.pk), [e.user_id for e in entries], since)
    users = [e.user_id for e in entries if e.user_id not in here]
    tables = Placement.objects.filter(round__event=event).values("table_id")
    at_tables = set(
        Presence.objects.filter(seat__user_id__in=users, seat__table_id__in=tables)
        .values_list("seat__user_id", flat=True)
    )  # fmt: skip
    unseen = {e.pk for e in entries if e.user_id in users and e.user_id not in at_tables}
    return unseen | _left_to_bots(event)


def _left_to_bots(event: Event) -> set[int]:
    """Entries seated in the event's last round whose seat's decisions there were all made
    for them, by a timeout or the stand-in bot (and at least one was)."""
    last = Placement.objects.filter(
        round__event=event, round__number=event.current_round, entry__isnull=False
    )
    moves = Move.objects.filter(table_id__in=last.values("table_id"))
    by = {(t, s, b) for t, s, b in moves.values_list("table_id", "seat", "by").distinct()}
    rows = last.values_list("entry_id", "table_id", "seat")
    return {
        entry for entry, table, seat in rows
        if (table, seat, Move.By.HUMAN) not in by
        and {(table, seat, Move.By.BOT), (table, seat, Move.By.TIMEOUT)} & by
    }  # fmt: skip


def _busy(entries: list[Entry]) -> set[int]:
    """Entries whose player already holds WHIST_MAX_OPEN_TABLES tables (open ones they sit
    at, games they play: event tables count as any other), so that one player cannot be
    seated at a table of every event they made or joined."""
    most = settings.WHIST_MAX_OPEN_TABLES
    if not most:
        return set()
    users = [e.user_id for e in entries]
    counts = Counter(
        Seat.objects.filter(user_id__in=users,
                            table__status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .values_list("user_id", flat=True)
    )  # fmt: skip
    candidates = [e for e in entries if counts[e.user_id] >= most]
    return {e.pk for e in candidates if len(slot_tables(e.user)) >= most}


def _waiting(event: Event, entries: list[Entry]) -> set[int]:
    """Entries of a rated event whose player must wait before a rated game (a leaver's wait,
    docs/rules.md §4.4): they sit the round out, as an absence, as a busy player does."""
    if not event.rated:
        return set()
    users = waiting([e.user_id for e in entries])
    return {e.pk for e in entries if e.user_id in users}


def _groups(
    event: Event, entries: list[Entry], number: int, apart: set[frozenset[int]]
) -> list[list[Entry | None]]:
    """The round's tables, best first, each padded with None (a bot) to the table's size."""
    by_id = {e.pk: e for e in entries}
    ids = [e.pk for e in entries]
    if event.table_size == 2 and len(ids) <= DUTCH_MOST:
        history = history_of(event)
        tables = [[a] if b is None else [a, b] for a, b in dutch_pairs(ids, history, event.rounds)]
    else:
        met, partners = _meetings(event)
        for pair in apart:  # docs/rules.md §5.1: parted before any repeat meeting
            met[pair] += BLOCK_WEIGHT
        pairs = {e.pk: e.partner_id for e in entries if e.partner_id in by_id}
        sides = game_of(event.game).partnerships
        if pairs and sum(map(len, sides)) == event.table_size:  # pairs entered: partners always
            seed = event.pk * 100 + number
            tables = seating.pair_round(ids, pairs, sides, met, partners, seed, apart)
            return [[by_id.get(p) for p in t] for t in tables]
        tables = seating.seat_round(ids, event.table_size, met, seed=event.pk * 100 + number)
        if game_of(event.game).partnerships:  # an individual event: partners drawn per round
            rng = random.Random(event.pk * 100 + number)
            tables = [seating.partnerships(t, partners, rng) if len(t) == 4 else t for t in tables]
    return [[by_id[p] for p in t] + [None] * (event.table_size - len(t)) for t in tables]


def _apart(entries: list[Entry]) -> set[frozenset[int]]:
    """The entries' pairs of whom one blocked the other. A Swiss seating counts them as
    having met BLOCK_WEIGHT times, so it parts them before any repeat meeting; an
    elimination seating swaps them apart (docs/rules.md §5.1, docs/rules.md §5.9)."""
    entry_of = {e.user_id: e.pk for e in entries}
    return {frozenset(entry_of[u] for u in pair) for pair in blocked_pairs(list(entry_of))}


def _meetings(event: Event) -> tuple[seating.Met, seating.Met]:
    """Who sat with whom so far, and (Whist) who partnered whom."""
    met, partners = seating.Met(), seating.Met()
    tables: dict[int, dict[int, int]] = {}
    rows = Placement.objects.filter(round__event=event, entry__isnull=False)
    for table_id, seat, entry_id in rows.values_list("table_id", "seat", "entry_id"):
        tables.setdefault(table_id, {})[seat] = entry_id
    for seats in tables.values():
        seating.record_meetings(met, [list(seats.values())])
        for a, b in game_of(event.game).partnerships:
            if a in seats and b in seats:
                partners[frozenset((seats[a], seats[b]))] += 1
    return met, partners


def _drive_entries(event: Event) -> list[Entry]:
    """A drive's players in sign-up order (hand 1 shuffles them; the movement does the rest)."""
    return list(Entry.objects.filter(event=event).select_related("user").order_by("joined", "pk"))


def _seat_table(
    event: Event,
    board: Round,
    number: int,
    group: list[Entry | None],
    absent: set[int],
    options: dict[str, Any],
    stand_in: set[int],
) -> list[Placement]:
    """One table's seats; the entries in `stand_in` are seated with a bot in the table's
    seat (their result is theirs, but they cannot take the seat back)."""
    users = [e.user if e is not None and e.pk not in stand_in else None for e in group]
    away = {i for i, e in enumerate(group) if e is not None and e.pk in absent}
    table = table_arrange(
        event.game, users, bot_level=event.bot_level, options=options,
        preset=event.preset or None, time_limit=event.time_limit, rated=event.rated,
        private=event.private, away=away, seed=board.seed, after_url=reverse("table_after"),
    )  # fmt: skip
    return [
        Placement(round=board, table=table, number=number, seat=i, entry=e,
                  absent=e is not None and e.pk in absent)
        for i, e in enumerate(group)
    ]  # fmt: skip


def _count_absences(event: Event, entries: list[Entry], absent: set[int], number: int) -> None:
    """Absent twice in a row: withdrawn (seated this round still; past results stay). Only
    `entries` count: an elimination's byes and players out are neither."""
    present = [e.pk for e in entries if e.pk not in absent]
    absent = {e.pk for e in entries if e.pk in absent}
    Entry.objects.filter(pk__in=present).update(absences=0)
    Entry.objects.filter(pk__in=absent).update(absences=F("absences") + 1)
    limit = settings.WHIST_EVENT_ABSENCES
    Entry.objects.filter(pk__in=absent, absences__gte=limit).update(
        withdrawn=True, withdrawn_round=number
    )


def _count_lateness(event: Event, number: int) -> None:
    """How long after it was due the round starts (runtime/metrics.py), once committed."""
    late = (timezone.now() - round_due(event, number)).total_seconds()

    def count() -> None:
        metrics.EVENT_ROUND_DELAY.observe(max(late, 0.0))
        if late > metrics.ROUND_LATE_AFTER:
            metrics.EVENT_ROUNDS_LATE.inc()

    transaction.on_commit(count)
