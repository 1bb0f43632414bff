"""German Whist's Swiss pairing: the FIDE Dutch system of caissify-pairings (checked by its
authors against bbpPairings), fed the history it needs. docs/rules.md §5.1.

Seat 0 is "white". A player paired with no one plays a bot: the library's bye; their
points there count as any game's (docs/rules.md §5.2), so the bye is worth what they score.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from collections.abc import Hashable, Sequence

from caissify_pairings import MissingFloatHistoryWarning, generate_pairings

# One played round: (seat 0's id, seat 1's id or None for a bot, seat 0's points, seat 1's).
Game = tuple[Hashable, Hashable | None, float, float]


def dutch_pairs(
    ranked: Sequence[Hashable], history: Sequence[Sequence[Game]], rounds: int
) -> list[tuple[Hashable, Hashable | None]]:
    """The next round's pairs (seat 0, seat 1), None for a bot opponent; `ranked` are the
    players still in, best first (their start numbers are their places in the first
    round's order: the caller passes a stable order)."""
    ids = {p: i + 1 for i, p in enumerate(sorted(ranked, key=_start_key(ranked)))}
    back = {i: p for p, i in ids.items()}
    players, previous = _players(ranked, history, ids)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingFloatHistoryWarning)
        rows = generate_pairings(
            system="dutch", players=players, previous_pairings=previous,
            round_number=len(history) + 1, total_rounds=max(rounds, len(history) + 1),
        )  # fmt: skip
    pairs = []
    for row in sorted(rows, key=lambda r: r["table"]):
        black = row.get("black_id")
        pairs.append((back[row["white_id"]], back[black] if black is not None else None))
    return pairs


def _start_key(ranked: Sequence[Hashable]):
    order = {p: i for i, p in enumerate(ranked)}
    return lambda p: order[p]


def _players(ranked: Sequence[Hashable], history: Sequence[Sequence[Game]], ids: dict):
    score: dict = defaultdict(float)
    colours: dict = defaultdict(list)
    floats: dict = defaultdict(list)
    byes: dict = defaultdict(int)
    previous = set()
    for games in history:
        before = dict(score)
        for white, black, white_points, black_points in games:
            score[white] += white_points
            if black is None:
                byes[white] += 1
                colours[white].append("none")
                floats[white].append("down")
                continue
            score[black] += black_points
            colours[white].append("white")
            colours[black].append("black")
            a, b = before.get(white, 0.0), before.get(black, 0.0)
            floats[white].append("down" if a > b else "up" if a < b else "none")
            floats[black].append("down" if b > a else "up" if b < a else "none")
            if white in ids and black in ids:
                previous.add((ids[white], ids[black]))
    players = [
        {"id": ids[p], "name": str(p), "score": score[p], "rating": 0,
         "starting_number": ids[p], "color_hist": colours[p], "float_history": floats[p],
         "bye_count": byes[p]}
        for p in ranked
    ]  # fmt: skip
    return players, previous
