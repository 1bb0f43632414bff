"""Seating a Swiss round of tables of three or more: leaders together, fewest repeat meetings.

Pure functions over player ids; tournaments.services.rounds gives them the standings and
who met whom. docs/rules.md §5.1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Hashable, Sequence
from itertools import combinations

Met = Counter[frozenset[Hashable]]  # frozenset({a, b}) -> how many times a and b sat at one table

WINDOW = 8  # candidates scanned per free place: times the table's size, nearest first
SWAP_PASSES = 6
SEARCH_NODES = 200_000


def table_humans(players: int, size: int) -> list[int]:
    """How many people sit at each table, best tables first: as even as possible, the
    fuller ones at the top (a table that cannot be filled with people gets bots)."""
    if players == 0:
        return []
    tables = -(-players // size)
    base, extra = divmod(players, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def seat_round(ranked: Sequence[Hashable], size: int, met: Met, seed: int = 0) -> list[list]:
    """The round's tables: lists of ids, best first. Each table starts with the best player
    not yet seated and takes the nearest in the standings who met no one already there
    (else who met them least); swaps between tables then remove repeats that are left."""
    remaining = list(ranked)
    order = {p: i for i, p in enumerate(ranked)}
    tables = []
    for humans in table_humans(len(ranked), size):
        group = [remaining.pop(0)]
        while len(group) < humans:
            group.append(remaining.pop(_best_candidate(remaining, group, met, size)))
        tables.append(group)
    _swap_repeats(tables, met, order, random.Random(seed))
    if any(repeats(t, met) for t in tables):
        exact = _search(list(ranked), [len(t) for t in tables], met)
        if exact is not None:
            return exact
    return tables


def repeats(group: Sequence[Hashable], met: Met) -> int:
    """Meetings at this table that happened before (each pair counted once per meeting)."""
    return sum(met[frozenset(pair)] for pair in combinations(group, 2))


def _best_candidate(remaining: list, group: list, met: Met, size: int) -> int:
    best, best_cost = 0, None
    for i, candidate in enumerate(remaining[: WINDOW * size]):
        cost = sum(met[frozenset((candidate, p))] for p in group)
        if cost == 0:
            return i
        if best_cost is None or cost < best_cost:
            best, best_cost = i, cost
    return best


def _search(ranked: list, sizes: list[int], met: Met) -> list[list] | None:
    """A seating without any repeat, searched in standing order (each table takes the best
    player left, then the nearest who fit), or None if none is found within SEARCH_NODES
    steps: after a few rounds the greedy seating can paint itself into a corner that a
    repeat-free seating avoids. docs/rules.md §5.1."""
    budget = [SEARCH_NODES]
    tables: list[list] = []

    def fill(left: list, group: list, humans: int, start: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if len(group) == humans:
            tables.append(group)
            if _place(left):
                return True
            tables.pop()
            return False
        for i in range(start, len(left)):
            p = left[i]
            if all(not met[frozenset((p, q))] for q in group):
                if fill(left[:i] + left[i + 1 :], [*group, p], humans, i):
                    return True
        return False

    def _place(left: list) -> bool:
        if not left:
            return True
        humans = sizes[len(tables)]
        return fill(left[1:], [left[0]], humans, 0)

    return tables if _place(ranked) else None


def _swap_repeats(tables: list[list], met: Met, order: dict, rng: random.Random) -> None:
    """Swap players between tables while that lowers the repeats: the nearest tables first,
    so leaders stay together. Bounded passes; the first improvement found is taken."""
    for _ in range(SWAP_PASSES):
        costs = [repeats(t, met) for t in tables]
        if not any(costs):
            return
        improved = False
        for t in [i for i, c in enumerate(costs) if c]:
            improved |= _improve_table(tables, t, met, rng)
        if not improved:
            return


def _improve_table(tables: list[list], t: int, met: Met, rng: random.Random) -> bool:
    others = sorted(range(len(tables)), key=lambda u: (abs(u - t), rng.random()))
    for a_index, a in enumerate(tables[t]):
        if not sum(met[frozenset((a, p))] for p in tables[t] if p != a):
            continue
        for u in others:
            if u == t:
                continue
            for b_index, b in enumerate(tables[u]):
                if _swap_gain(tables[t], tables[u], a, b, met) > 0:
                    tables[t][a_index], tables[u][b_index] = b, a
                    return True
    return False


def _swap_gain(here: list, there: list, a: Hashable, b: Hashable, met: Met) -> int:
    def with_(group: list, out: Hashable, into: Hashable) -> int:
        return sum(met[frozenset((into, p))] for p in group if p != out)

    before = with_(here, None, a) + with_(there, None, b)
    before -= met[frozenset((a, a))] + met[frozenset((b, b))]
    after = with_(here, a, b) + with_(there, b, a)
    return before - after


def record_meetings(met: Met, tables: Sequence[Sequence[Hashable]]) -> None:
    """Count the meetings of a seated round."""
    for group in tables:
        for pair in combinations(group, 2):
            met[frozenset(pair)] += 1


def partnerships(group: Sequence[Hashable], partners: Met, rng: random.Random) -> list:
    """Whist: the four drawn into two partnerships (seats 0 and 2, 1 and 3), fewest repeat
    partnerships first, then by lot. docs/rules.md §5.1."""
    a, b, c, d = group
    splits = [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]
    rng.shuffle(splits)
    (p, q), (r, s) = min(
        splits, key=lambda x: partners[frozenset(x[0])] + partners[frozenset(x[1])]
    )
    seats = [p, r, q, s]
    if rng.random() < 0.5:
        seats = [r, p, s, q]
    return seats


Sides = Sequence[Sequence[int]]  # a game's partnerships: the seats of each side


def pair_round(
    ranked: Sequence[Hashable],
    pairs: dict,
    sides: Sides,
    met: Met,
    partners: Met,
    seed: int = 0,
    apart: Collection[frozenset] = (),
) -> list[list]:
    """A Whist round where pairs entered together (`pairs`: each one's partner, both ways):
    each pair is one side; players alone become sides two by two in standing order (each
    with the nearest below who has not partnered them yet and is not `apart` from them, else
    the one they partnered least, one apart only where no other is left); the sides are
    then seated two to a table as players are (seat_round, their meetings summed), and each
    table's seats laid out by the game's partnerships (`sides`); None: a bot. docs/rules.md §5.1."""
    units = _units(ranked, pairs, partners, apart)
    ids = list(range(len(units)))
    unit_met: Met = Counter()
    for i, j in combinations(ids, 2):
        count = sum(
            met[frozenset((a, b))]
            for a in units[i]
            for b in units[j]
            if a is not None and b is not None
        )
        if count:
            unit_met[frozenset((i, j))] = count
    tables = seat_round(ids, len(sides), unit_met, seed)
    seated = []
    for table in tables:
        seats: list = [None] * sum(len(side) for side in sides)
        for side, unit in zip(sides, table, strict=False):
            for seat, person in zip(side, units[unit], strict=True):
                seats[seat] = person
        seated.append(seats)
    return seated


def _units(
    ranked: Sequence[Hashable], pairs: dict, partners: Met, apart: Collection[frozenset]
) -> list[tuple]:
    """The sides of a round in standing order (a pair at its better player's place), a
    last player alone partnered by a bot (None)."""
    units: list[tuple] = []
    alone: list = []
    placed: set = set()
    for p in ranked:
        if p in placed:
            continue
        mate = pairs.get(p)
        if mate is not None and mate in ranked:
            units.append((p, mate))
            placed |= {p, mate}
        else:
            alone.append(p)
            placed.add(p)
    made: list[list] = []

    def cost(first: Hashable, i: int) -> tuple:
        pair = frozenset((first, alone[i]))
        return (pair in apart, partners[pair], i)

    while alone:
        first = alone.pop(0)
        mate = alone.pop(min(range(len(alone)), key=lambda i: cost(first, i))) if alone else None
        made.append([first, mate])
    _swap_partners(made, partners, apart)
    units += [tuple(u) for u in made]
    order = {p: i for i, p in enumerate(ranked)}
    return sorted(units, key=lambda u: min(order[p] for p in u if p is not None))


def _swap_partners(made: list[list], partners: Met, apart: Collection[frozenset]) -> None:
    """A side of two who partnered before (or are apart) swaps its second with another
    side's second where that leaves neither side a repeat."""

    def fresh(a: Hashable, b: Hashable) -> bool:
        return b is None or not (partners[frozenset((a, b))] or frozenset((a, b)) in apart)

    for unit in made:
        if fresh(*unit):
            continue
        for other in made:
            if other is not unit and fresh(unit[0], other[1]) and fresh(other[0], unit[1]):
                unit[1], other[1] = other[1], unit[1]
                break
