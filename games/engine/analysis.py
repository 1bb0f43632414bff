"""Analysis of a finished game: for each card played, the best cards in that position.

Exact where an exact answer is cheap, after the game, with every hand known: German
Whist's second half (the two-hand solver the Expert uses, solvers/two_hand.py) and the last
few tricks of every Whist and Knockout Whist deal (solvers/exact.py, once at most
EXACT_CARDS cards are left). Elsewhere the Expert's sampled estimate, computed from the
seat view of the player to act only (what they could see), and marked as an estimate.
A position's value: Whist and German Whist exact, the tricks the player's side takes
from there to the end of the deal (German: of the second half); Knockout exact, the
tricks the player can be sure of in the rest of the round against all the others;
estimates, the Expert's utility (Whist: its side's tricks; Knockout: its chance to win
the game; German first half: its chance to win the game, plus a little per trick).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from .actions import KNOCK, PLAY
from .bots import expert
from .bots.seen import read
from .cards import SUIT_OF, card_str
from .descriptors import side_of, sides
from .engine import legal_actions
from .german import GermanState
from .knockout import KnockoutState
from .record_check import Replay, Step
from .solvers.exact import KNOCK as KNOCK_MOVE
from .solvers.exact import Search
from .solvers.two_hand import Solver
from .state import State
from .views import seat_view

EXACT_CARDS = 16  # Whist, Knockout: exact once the hands and the trick hold at most this many
ESTIMATE_BUDGET = 0.1  # seconds of sampling per estimated position
VERSION = 2  # 2: measure; estimates' margin, samples and ties within the margin

Progress = Callable[[int, int], None]


def positions(replay: Replay) -> list[Step]:
    """The steps worth analysing: card plays (and a dog's knock) where there was a choice."""
    out = []
    for step in replay.steps:
        if step.action.kind not in (PLAY, KNOCK):
            continue
        legal = legal_actions(step.before, step.action.seat, resign_too=False)
        if len(legal) > 1:
            out.append(step)
    return out


def analyse(
    replay: Replay,
    progress: Progress | None = None,
    seed: int = 0,
    budget: float = ESTIMATE_BUDGET,
) -> dict[str, Any]:
    """Every analysed position by event number, and a summary per seat; `budget` is the
    sampling time of each estimated position."""
    steps = positions(replay)
    cache = _Searches()
    found: dict[str, Any] = {}
    for done, step in enumerate(steps):
        entry = _position(step, cache, seed, budget)
        if entry is not None:
            found[str(step.number)] = entry
        if progress is not None:
            progress(done + 1, len(steps))
    return {"version": VERSION, "positions": found, "summary": summary(found, replay.rules.players),
            "exact_cards": EXACT_CARDS}  # fmt: skip


def _position(step: Step, cache: _Searches, seed: int, budget: float) -> dict[str, Any] | None:
    state, action = step.before, step.action
    played = "knock" if action.kind == KNOCK else card_str(action.card)
    values = exact_values(state, cache)
    measure = _measure(state, exact=values is not None)
    if values is None:
        sampled = estimate_spread(state, seed + step.number, budget)
        if sampled is None:
            return None
        return {"seat": action.seat, "played": played, "kind": "estimate", "measure": measure,
                **sampled}  # fmt: skip
    best_value = max(values.values()) if values else 0
    entry: dict[str, Any] = {
        "seat": action.seat, "played": played, "kind": "exact", "measure": measure,
        "values": values, "best": sorted(m for m, v in values.items() if v == best_value),
    }  # fmt: skip
    if played in values:
        entry["loss"] = best_value - values[played]
    return entry


def _measure(state: State, exact: bool) -> str:
    """What a position's numbers count, for the legend people read (static/js/replay.js):
    "side_tricks" (Whist: the tricks the player's side takes from here to the end of the
    deal), "tricks" (German Whist's second half: the player's tricks in the rest of it),
    "sure_tricks" (Knockout, exact: the tricks the player is sure of in the rest of the
    round), "win_chance" (Knockout estimate: the chance to win the game, 0 to 1) or
    "win_chance_tricks" (German Whist's first half: the chance to win the game, plus 0.02
    per second-half trick)."""
    game = state.rules.game
    if game == "whist":
        return "side_tricks"
    if game == "german":
        return "tricks" if exact else "win_chance_tricks"
    return "sure_tricks" if exact else "win_chance"


TIE_SE = 2.0  # moves within this many standard errors of the best are shown as equal


class _Searches:
    """Exact searches kept per deal, trump and side, so a deal's positions share tables."""

    def __init__(self) -> None:
        self.found: dict[tuple[Any, ...], Any] = {}

    def get(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        if key not in self.found:
            if len(self.found) > 64:
                self.found.clear()
            self.found[key] = make()
        return self.found[key]


def exact_values(state: State, cache: _Searches | None = None) -> dict[str, float] | None:
    """Each legal move's exact value for the seat to act, or None where it is not exact."""
    if cache is None:
        cache = _Searches()
    game = state.rules.game
    if game == "german":
        assert isinstance(state, GermanState)
        return _german(state, cache) if state.half == 2 else None
    left = sum(h.bit_count() for h in state.hands) + len(state.trick)
    if left > EXACT_CARDS:
        return None
    seat = state.to_act
    side = set(sides(game, state.players)[side_of(game, seat)])
    dogs = tuple(state.dogs) if isinstance(state, KnockoutState) else ()
    key = (state.deal_no, state.trump, frozenset(side), dogs)
    search = cache.get(key, lambda: Search(state.trump, side, dogs))
    raw = search.values(state.hands, state.trick, state.pending)
    return {("knock" if m == KNOCK_MOVE else card_str(m)): v for m, v in raw.items()}


def _german(state: State, cache: _Searches) -> dict[str, float]:
    """German Whist's second half: tricks the seat to act takes in the rest of the half."""
    seat = state.to_act
    solver = cache.get(("german", state.deal_no, state.trump), lambda: Solver(state.trump))
    mine, other = state.hands[seat], state.hands[1 - seat]
    moves = [c for c in range(52) if _legal_mask(state, seat) >> c & 1]
    if state.trick:
        led = state.trick[0][1]
        lead = other | 1 << led
        return {card_str(c): solver.follow_value(lead, mine, led, c) for c in moves}
    return {card_str(c): solver.lead_value(mine, other, c) for c in moves}


def _legal_mask(state: State, seat: int) -> int:
    mask = 0
    for action in legal_actions(state, seat, resign_too=False):
        if action.kind == PLAY:
            mask |= 1 << action.card
    return mask


def estimate_spread(
    state: State, seed: int, budget: float = ESTIMATE_BUDGET
) -> dict[str, Any] | None:
    """The Expert's sampled utility of each legal card, from the seat's own view only, with
    what sampling leaves open: `samples` (deals sampled), `margin` (per card, TIE_SE paired
    standard errors of its difference from the best card) and `best` (every card whose
    shortfall is within its margin: equal to the best as far as the samples can tell).
    None where the Expert makes no estimate (a dog's knock)."""
    seat = state.to_act
    view = seat_view(state, seat)
    if any(e["action"] == "knock" for e in view["legal"]):
        return None  # the Expert leaves the dog's choice to the Club player: no estimate
    seen = read(view)
    moves = expert.candidates(seen)
    totals = expert.sample(seen, moves, random.Random(seed), budget)
    n = len(totals[0])
    means = [sum(t) / n for t in totals]
    top = max(range(len(moves)), key=means.__getitem__)
    margins = [_paired_margin(totals[top], t) for t in totals]
    tied = {i for i in range(len(moves)) if means[top] - means[i] <= margins[i]}
    legal = [c for c in range(52) if _legal_mask(state, seat) >> c & 1]
    reps = {card_str(c): _rep(moves, c) for c in legal}
    return {
        "values": {c: round(means[i], 3) for c, i in reps.items()},
        "margin": {c: round(margins[i], 3) for c, i in reps.items()},
        "best": sorted(c for c, i in reps.items() if i in tied),
        "samples": n,
    }


def _paired_margin(best: list[float], other: list[float]) -> float:
    """TIE_SE standard errors of the mean of `best` minus `other` over the same deals."""
    n = len(best)
    if n < 2:
        return float("inf")
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return TIE_SE * math.sqrt(var / n)


def _rep(moves: list[int], card: int) -> int:
    """The index of the candidate standing for `card`: the highest of its suit not above it."""
    same = [i for i, m in enumerate(moves) if SUIT_OF[m] == SUIT_OF[card] and m <= card]
    return max(same, key=moves.__getitem__)


def summary(found: dict[str, Any], players: int) -> list[dict[str, int]]:
    """Per seat: positions the exact search judged, cards that lost tricks, tricks lost."""
    rows = [{"seat": s, "judged": 0, "given_away": 0, "tricks_lost": 0} for s in range(players)]
    for entry in found.values():
        if entry["kind"] != "exact" or "loss" not in entry:
            continue
        row = rows[entry["seat"]]
        row["judged"] += 1
        if entry["loss"] > 0:
            row["given_away"] += 1
            row["tricks_lost"] += entry["loss"]
    return rows
