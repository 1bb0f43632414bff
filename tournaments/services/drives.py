"""Whist drives (docs/rules.md §5.8): each round one hand of Whist with the round's trump,
the players seated by the drive's movement, each seat scoring its side's tricks."""

from __future__ import annotations

from typing import Any

from games.engine.descriptors import side_of
from tournaments import movements as mv
from tournaments.models import Entry, Event, Placement

Group = list[Entry | None]


def drive_groups(event: Event, entries: list[Entry], number: int) -> list[Group]:
    """The round's tables, seats in order (None: a bot): hand 1 lays the players out in the
    (shuffled) order given; later hands follow the movement from hand 1's tables, or
    (semi-partner) from the last hand's tables and who won at each."""
    by_id = {e.pk: e for e in entries}
    if number == 1:
        tables = mv.start([e.pk for e in entries])
    elif event.movement == Event.Movement.SEMI_PARTNER:
        last, winners = _seated(event, number - 1)
        tables = mv.semi_partner(last, winners)
    else:
        first, _winners = _seated(event, 1)
        move = mv.travelling if event.movement == Event.Movement.TRAVELLING else mv.progressive
        tables = move(first, number)
    return [[by_id.get(p) if p is not None else None for p in t] for t in tables]


def _seated(event: Event, number: int) -> tuple[list[list[Any]], list[int]]:
    """A played hand's tables (entry ids, None for bots) and the side that won each."""
    rows = Placement.objects.filter(round__event=event, round__number=number)
    tables: dict[int, list[Any]] = {}
    winners: dict[int, int] = {}
    for table, seat, entry, place in rows.values_list("number", "seat", "entry_id", "place"):
        tables.setdefault(table, [None] * 4)[seat] = entry
        if place == 1:
            winners[table] = side_of(event.game, seat)
    order = sorted(tables)
    return [tables[t] for t in order], [winners.get(t, 0) for t in order]


def drive_options(event: Event, number: int) -> dict[str, Any]:
    """The round's table rules: one hand (a game to 1 point) with the rotation's trump."""
    return {**event.options, "trump_suit": mv.trump_of(number, event.no_trump_hand)}


def hand_scores(seats: list[Placement], record: Any) -> None:
    """Each seat of a finished drive table scores its side's tricks (its points too)."""
    deals = (record.record or {}).get("deals") or [{}]
    tricks = (deals[0].get("outcome") or {}).get("tricks") or [0, 0]
    for p in seats:
        p.score = p.points = float(tricks[side_of(record.game, p.seat)])
