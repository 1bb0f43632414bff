"""Elimination events (docs/rules.md §5.9): who is still in, the round's tables, who went
out after each round, and when the event is over. The decisions are tournaments.elimination's."""

from __future__ import annotations

import random
from collections.abc import Collection

from games.engine.descriptors import game_of
from tournaments import elimination, seating
from tournaments.models import Entry, Event
from tournaments.selectors import going_out_in_round

Group = list[Entry | None]


def elimination_groups(
    event: Event, entries: list[Entry], number: int, apart: Collection[frozenset] = ()
) -> tuple[list[Group], elimination.Seating]:
    """The round's tables, seats in order (None: a bot), of the players still in (`entries`
    in seed order: round 1 by lot, later the standings), and the seating's decisions (its
    byes, whether it is the final, the tables seating a blocked pair: the round keeps
    them); who went out in the last round is settled first. Blocked pairs (`apart`, of
    entry ids) are swapped apart where another table can take one."""
    if number > 1:
        settle(event, number - 1)
    still = [e for e in entries if e.out_round is None]
    by_id = {e.pk: e for e in still}
    plan = elimination.seat_round([e.pk for e in still], event.table_size, event.through, apart)
    rng = random.Random(event.pk * 100 + number)
    sides = game_of(event.game).partnerships  # Whist: partners drawn per table
    tables = [seating.partnerships(t, seating.Met(), rng) if sides and len(t) == 4
              else t for t in plan.tables]  # fmt: skip
    groups = [[by_id[p] for p in t] + [None] * (event.table_size - len(t)) for t in tables]
    return groups, plan


def settle(event: Event, number: int) -> bool:
    """Mark who went out in round `number` (its tables all scored): at each table all but
    the best `through` places (ties: the standings), at the final all but the best place.
    Whether the round was the final (as its seating decided). Safe to run twice."""
    out, final = going_out_in_round(event, number)
    Entry.objects.filter(pk__in=out, out_round__isnull=True).update(out_round=number)
    return final


def elimination_over(event: Event) -> bool:
    """After a round has ended: whether it was the final, or at most one player is still in
    (the others out or withdrawn)."""
    if not event.current_round:
        return False
    final = settle(event, event.current_round)
    still = Entry.objects.filter(event=event, withdrawn=False, out_round__isnull=True)
    return final or still.count() <= 1
