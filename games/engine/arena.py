"""The arena: bots play duplicate deals (each deal with the seats rotated) and get scored."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from .actions import action_from_event
from .bots import choose_action, forced
from .descriptors import side_of
from .engine import apply, new_game
from .rules import Ruleset
from .state import State
from .views import seat_view


@dataclass
class Tally:
    """Per level: one score per deal (the mean over its seats and rotations), decision times."""

    scores: dict[str, list[float]] = field(default_factory=dict)
    tricks: dict[str, list[float]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    forced: dict[str, list[float]] = field(default_factory=dict)

    def merge(self, other: Tally) -> None:
        for mine, theirs in (
            (self.scores, other.scores),
            (self.tricks, other.tricks),
            (self.times, other.times),
            (self.forced, other.forced),
        ):
            for level, values in theirs.items():
                mine.setdefault(level, []).extend(values)


def rotations(rules: Ruleset) -> list[int]:
    """Seat shifts for duplicate play: every seat for Knockout and German, sides for Whist."""
    return [0, 1] if rules.game == "whist" else list(range(rules.players))


def play_deal(rules: Ruleset, bots: list[str], deal: int, seed: int) -> Tally:
    """Play one deal once per rotation of the bots; score each level by its mean per deal."""
    sums: dict[str, list[float]] = {}
    tricks: dict[str, list[float]] = {}
    tally = Tally()
    for shift in rotations(rules):
        seats = [bots[(i - shift) % len(bots)] for i in range(rules.players)]
        state = _play(rules, seats, seed * 1_000_003 + deal, tally)
        for seat, level in enumerate(seats):
            score, taken = _score(state, seat)
            sums.setdefault(level, []).append(score)
            tricks.setdefault(level, []).append(taken)
    for level, values in sums.items():
        tally.scores.setdefault(level, []).append(sum(values) / len(values))
        tally.tricks.setdefault(level, []).append(sum(tricks[level]) / len(tricks[level]))
    return tally


def _play(rules: Ruleset, seats: list[str], game_seed: int, tally: Tally) -> State:
    """One game (Whist: its first hand only) with the bots in `seats`."""
    state = new_game(rules, seed=game_seed)
    step = 0
    while not state.over and not (rules.game == "whist" and state.deal_no > 0):
        seat = state.to_act
        view = seat_view(state, seat)
        start = time.perf_counter()
        event = choose_action(view, seats[seat], seed=game_seed + step)
        spent = time.perf_counter() - start
        (tally.forced if forced(view) else tally.times).setdefault(seats[seat], []).append(spent)
        state = apply(state, action_from_event(event))
        step += 1
    return state


def _score(state: State, seat: int) -> tuple[float, float]:
    """(score, tricks): Whist points and tricks of the seat's side; else win (a share) and 0."""
    if state.rules.game == "whist":
        outcome = state.history[0].outcome or {}
        side = side_of(state.rules.game, seat)
        return float(outcome["points"][side]), float(outcome["tricks"][side])
    winners = (state.result or {}).get("winners") or []
    if state.rules.game == "german":
        taken = (state.history[-1].outcome or {})["tricks"][seat] if state.history else 0
        if not winners:
            return 0.5, float(taken)
        return (1.0 if seat in winners else 0.0), float(taken)
    return (1.0 / len(winners) if seat in winners else 0.0), 0.0


def run(rules: Ruleset, bots: list[str], deals: int, seed: int, jobs: int = 1) -> Tally:
    """Play `deals` duplicate deals, in `jobs` processes."""
    tally = Tally()
    for part in _results(rules, bots, deals, seed, jobs):
        tally.merge(part)
    return tally


def _one(args: tuple[Ruleset, list[str], int, int]) -> Tally:
    return play_deal(*args)


def _results(rules: Ruleset, bots: list[str], deals: int, seed: int, jobs: int) -> Iterator[Tally]:
    work = [(rules, bots, d, seed) for d in range(deals)]
    if jobs <= 1:
        yield from map(_one, work)
        return
    from multiprocessing import get_context

    with get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(_one, work, chunksize=1)


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(rules: Ruleset, bots: list[str], deals: int, tally: Tally) -> list[str]:
    """The arena's printout: score per level with a 95% interval, then decision times."""
    unit = {"whist": "points per deal", "german": "win rate", "knockout": "win rate"}[rules.game]
    lines = [f"{rules.game}, {rules.players} players, bots {','.join(bots)}, {deals} deals "
             f"x {len(rotations(rules))} rotations"]  # fmt: skip
    for level in dict.fromkeys(bots):
        mean, half = mean_ci(tally.scores.get(level, []))
        pct = unit == "win rate"
        text = f"{100 * mean:.1f}% ± {100 * half:.1f}" if pct else f"{mean:.3f} ± {half:.3f}"
        line = f"  {level:9s} {unit}: {text}"
        if rules.game != "knockout":
            tmean, thalf = mean_ci(tally.tricks.get(level, []))
            line += f"   tricks per deal: {tmean:.3f} ± {thalf:.3f}"
        lines.append(line)
    lines += _diff_lines(bots, tally, rules)
    lines.append("decision time (ms), forced moves apart:")
    for level in dict.fromkeys(bots):
        t = [1000 * x for x in tally.times.get(level, [])]
        f = [1000 * x for x in tally.forced.get(level, [])]
        lines.append(
            f"  {level:9s} n={len(t)} median {percentile(t, 0.5):.2f} p95 "
            f"{percentile(t, 0.95):.2f} max {max(t, default=0):.2f}"
            f"   forced n={len(f)} median {percentile(f, 0.5):.3f}"
        )
    return lines


def _diff_lines(bots: list[str], tally: Tally, rules: Ruleset) -> list[str]:
    """Two levels: the paired difference per deal (duplicate scoring cancels the cards' luck)."""
    levels = list(dict.fromkeys(bots))
    if len(levels) != 2:
        return []
    a, b = levels
    key = tally.tricks if rules.game == "whist" else tally.scores
    diffs = [x - y for x, y in zip(key.get(a, []), key.get(b, []), strict=False)]
    mean, half = mean_ci(diffs)
    what = "tricks per deal" if rules.game == "whist" else "score per deal"
    return [f"  {a} - {b}, {what}: {mean:+.3f} ± {half:.3f} (paired by deal)"]
