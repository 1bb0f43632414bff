"""An elimination event's seating and who goes through: pure functions over player ids.

tournaments.services.elimination reads the players still in and the tables' places and
writes who went out. docs/rules.md §5.9.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass, field

Apart = Collection[frozenset]  # pairs of ids that should not sit at one table (blocks)


@dataclass
class Seating:
    """One round: its tables (people only, best seed first; bots fill the empty seats),
    who has a bye (through without playing), whether it is the final (one table) and how
    many tables seat a blocked pair it could not keep apart. The round keeps them
    (tournaments.models.Round): the page shows them and the final decides who goes out."""

    tables: list[list[Hashable]]
    byes: list[Hashable] = field(default_factory=list)
    final: bool = False
    together: int = 0


def seat_round(seeded: Sequence[Hashable], size: int, through: int, apart: Apart = ()) -> Seating:
    """The round of the players still in, best seed first (docs/rules.md §5.9): all of
    them at one table once they fit; else full tables, and the players left over (fewer
    than a table) make a short table if more than `through` of them, else the best seeds
    among them have a bye. Seeds are dealt to tables in a serpentine, so the best meet
    last; then blocked pairs are swapped apart where another table can take one of them."""
    players = list(seeded)
    if len(players) <= size:
        tables = [players] if players else []
        return Seating(tables, final=True, together=tables_together(tables, apart))
    full, left = divmod(len(players), size)
    byes: list[Hashable] = []
    sizes = [size] * full
    if left > through:
        sizes.append(left)
    elif left:
        byes, players = players[:left], players[left:]
    tables = _serpentine(players, sizes)
    rank = {p: i for i, p in enumerate(seeded)}
    _keep_apart(tables, apart, rank)
    return Seating(tables, byes=byes, together=tables_together(tables, apart))


def going_through(places: Sequence[tuple[Hashable, int]], through: int, rank: dict) -> list:
    """The people of one table who go through: the `through` best places (bots are not
    listed, so the places after a bot's move up); between equal places, the better seed
    of the round (`rank`, 0 the best)."""
    ordered = sorted(places, key=lambda row: (row[1], rank.get(row[0], len(rank))))
    return [p for p, _place in ordered[:through]]


def going_out(
    people: Sequence[tuple[Hashable, int | None]], through: int, rank: dict, final: bool
) -> list:
    """The people of one scored table who go out (docs/rules.md §5.9): at the final all but
    the table's best place (1, docs/rules.md §0.6; a bot's, bots unlisted, leaves no person
    winning), else all but those going through (`going_through`). `people`: each one's
    place at the table (None: not placed, as the worst)."""
    placed = [(p, place if place is not None else 99) for p, place in people]
    if final:
        return [p for p, place in placed if place != 1]
    kept = set(going_through(placed, through, rank))
    return [p for p, _place in placed if p not in kept]


def valid_through(through: int, size: int, side: int = 1) -> bool:
    """At least one goes through and at least one goes out at a full table; in a game of
    partnerships (`side` seats each) a side goes through or out together."""
    return 1 <= through < size and through % side == 0


def _serpentine(players: list, sizes: list[int]) -> list[list]:
    tables: list[list] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    row = 0
    it = iter(players)
    placed = 0
    while placed < len(players):
        for t in order if row % 2 == 0 else reversed(order):
            if len(tables[t]) < sizes[t] and placed < len(players):
                tables[t].append(next(it))
                placed += 1
        row += 1
    return tables


def tables_together(tables: Sequence[Sequence], apart: Apart) -> int:
    """How many of the tables seat a blocked pair (any seating: the rounds store it)."""
    return sum(1 for t in tables if _pairs_at(t, apart))


def _pairs_at(table: Sequence, apart: Apart) -> list[frozenset]:
    return [frozenset((a, b)) for i, a in enumerate(table) for b in table[i + 1 :]
            if frozenset((a, b)) in apart]  # fmt: skip


def _keep_apart(tables: list[list], apart: Apart, rank: dict) -> None:
    """Swap the worse seed of a blocked pair with the nearest seed at another table when
    that leaves fewer blocked pairs at the two tables; until no swap helps (bounded)."""
    if not apart:
        return
    for _ in range(len(rank)):
        if not _swap_one(tables, apart, rank):
            return


def _swap_one(tables: list[list], apart: Apart, rank: dict) -> bool:
    for t, table in enumerate(tables):
        for pair in _pairs_at(table, apart):
            for moving in sorted(pair, key=lambda p: -rank[p]):  # the worse seed first
                if _swap_away(tables, t, table.index(moving), apart, rank):
                    return True
    return False


def _swap_away(tables: list[list], t: int, i: int, apart: Apart, rank: dict) -> bool:
    """Swap tables[t][i] with the nearest seed at another table whose swap leaves fewer
    blocked pairs at the two tables; whether one did."""
    table, moving = tables[t], tables[t][i]
    others = [(u, j) for u in range(len(tables)) if u != t for j in range(len(tables[u]))]
    others.sort(key=lambda uj: abs(rank[tables[uj[0]][uj[1]]] - rank[moving]))
    for u, j in others:
        before = len(_pairs_at(table, apart)) + len(_pairs_at(tables[u], apart))
        table[i], tables[u][j] = tables[u][j], table[i]
        if len(_pairs_at(table, apart)) + len(_pairs_at(tables[u], apart)) < before:
            return True
        table[i], tables[u][j] = tables[u][j], table[i]
    return False
