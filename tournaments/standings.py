"""The standings of an event, recounted from its scored placements: docs/rules.md §5.3.

Pure: it takes rows and returns each entry's figures and rank; services write them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.engine.descriptors import Sides, unit_of


@dataclass
class Standing:
    entry: int
    joined: int  # order of sign-up: the last tie-break
    points: float = 0.0
    opponents_points: float = 0.0
    wins: int = 0
    games: int = 0
    rank: int = 0


# One scored seat: (table id, seat, entry id or None for a bot, points, place).
Row = tuple[int, int, int | None, float, int]


def recount(entries: Sequence[tuple[int, int]], rows: Iterable[Row], sides: Sides = ()) -> list:
    """Each entry's points (sum of its placement points), opponents' points (for each game,
    the mean of its human opponents' points: in a game of partnerships, `sides` (the game's
    descriptor), the other side's), wins
    (first places, a shared first included) and games, ranked by points, then opponents'
    points, then wins, then sign-up; best first."""
    table = {entry: Standing(entry, joined) for entry, joined in entries}
    seats: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_id, seat, entry, points, place in rows:
        if entry is None or entry not in table:
            continue  # a bot: it held a seat, but it is nobody's opponent in the standings
        s = table[entry]
        s.points += points or 0.0  # a duplicate seat scored before its board's matchpoints
        s.games += 1
        s.wins += place == 1
        seats[table_id].append((unit_of(sides, seat), entry))
    for at_table in seats.values():
        _add_opponents(at_table, table, bool(sides))
    ranked = sorted(
        table.values(), key=lambda s: (-s.points, -s.opponents_points, -s.wins, s.joined)
    )
    for rank, s in enumerate(ranked, 1):
        s.rank = rank
    return ranked


def _add_opponents(at_table: list[tuple[int, int]], table: dict, sided: bool) -> None:
    """Add to each person at one table the mean points of their human opponents: everyone
    else at the table, or (`sided`: a game of partnerships) the other side's people."""
    if not sided:
        total, count = sum(table[e].points for _, e in at_table), len(at_table)
        if count > 1:
            for _, e in at_table:
                table[e].opponents_points += (total - table[e].points) / (count - 1)
        return
    sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])
    for unit, e in at_table:
        sums[unit][0] += table[e].points
        sums[unit][1] += 1
    for unit, e in at_table:
        others = [v for u, v in sums.items() if u != unit and v[1]]
        total, count = sum(v[0] for v in others), sum(int(v[1]) for v in others)
        if count:
            table[e].opponents_points += total / count
