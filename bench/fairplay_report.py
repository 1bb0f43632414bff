"""What bench/fairplay.py prints from judged games: careers detected and honest seats flagged
after N games, honest careers drawn from the honest seat-games (a bootstrap, for horizons
longer than the careers played), and the honest baseline of each level (fairplay.rules)."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import Any

from fairplay import rules

Sums = list[float]  # positions, matched, then one log ratio per cheat rate


def seat_sums(positions: list[list[float]], shift: float) -> Sums:
    out = [float(len(positions)), float(sum(m for _, m in positions))]
    llr = [0.0] * len(rules.CHEAT_RATES)
    for chance, matched in positions:
        llr = [a + b for a, b in zip(llr, rules.position_llr(chance, bool(matched), shift),
                                     strict=True)]  # fmt: skip
    return out + llr


def add(total: Sums, more: Sums) -> Sums:
    return [a + b for a, b in zip(total, more, strict=True)]


def flagged(s: Sums) -> bool:
    return rules.hidden_flagged(int(s[0]), s[2:])


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson interval of k in n, as percentages."""
    if n == 0:
        return 0.0, 100.0
    z, p = 1.96, k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def shift_fit(positions: list[list[float]]) -> tuple[float, float]:
    """The log-odds shift that makes the honest model fit these positions (maximum
    likelihood), and its standard error."""
    a, info = 0.0, 1.0
    for _ in range(30):
        grad = info = 0.0
        for chance, matched in positions:
            q = rules.honest(chance, a)
            grad += matched - q
            info += q * (1 - q)
        if info <= 0:
            return 0.0, float("inf")
        a += grad / info
    return a, 1 / math.sqrt(info)


def report(done: list[dict[str, Any]], games: int, resample: int, seed: int,
           horizon: int = 200, shift: float = rules.HONEST_SHIFT) -> None:  # fmt: skip
    careers: dict[tuple, list[dict]] = defaultdict(list)
    for g in done:
        careers[(g["cheat"], g["level"], g["seed"] // 1000)].append(g)
    for c in careers.values():
        c.sort(key=lambda g: g["seed"])
    honest_games: dict[str, list[list[list[float]]]] = defaultdict(list)
    for g in done:
        for s, ps in g["seats"].items():
            if not (g["cheat"] == "seer" and s == "0") and not (
                g["cheat"] == "team" and s in ("0", "1")
            ):
                honest_games[g["level"]].append(ps)
    print(f"rule: evidence >= {rules.ODDS:,.0f} to 1 after >= {rules.MIN_POSITIONS} positions;"
          f" honest model shifted {shift:+.2f} log-odds")  # fmt: skip
    _careers(careers, games, shift)
    _teams([c for key, c in careers.items() if key[0] == "team"], games)
    seer_games = [g["seats"]["0"] for g in done if g["cheat"] == "seer"]
    if seer_games and resample:
        _drawn_seers(seer_games, resample, games, seed, shift)
    for level, pool in sorted(honest_games.items()):
        _bootstrap(level, pool, resample, horizon, seed, shift)
        flat = [p for ps in pool for p in ps]
        a, se = shift_fit(flat)
        n, m = len(flat), sum(x for _, x in flat)
        seen = sum(c for c, _ in flat)
        print(f"baseline {level}: {n} positions in {len(pool)} honest seat-games"
              f" ({n / max(len(pool), 1):.2f} a seat-game), {m} truly best, {seen:.1f} by"
              f" the view's chance: shift {a:+.3f} log-odds (standard error {se:.3f})")  # fmt: skip
        for lo, hi in ((0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01)):
            part = [(c, x) for c, x in flat if lo <= c < hi]
            if part:
                print(f"  chance {lo:.2f}-{min(hi, 1):.2f}: {len(part)} positions, mean chance"
                      f" {sum(c for c, _ in part) / len(part):.3f}, truly best"
                      f" {sum(x for _, x in part) / len(part):.3f}")  # fmt: skip


def _careers(careers: dict[tuple, list[dict]], games: int, shift: float) -> None:
    """Per checkpoint N: the careers (and honest seats) flagged at some game up to N."""
    for kind in ("seer", "none"):
        mine = [c for key, c in careers.items() if key[0] == kind]
        if not mine:
            continue
        longest = max(len(c) for c in mine)
        steps = sorted({n for n in (5, 10, 15, 20, 30, 50, 100, 200, games) if n <= longest})
        cheat = kind == "seer"
        seers = [(len(c), _first(c, "0", shift)) for c in mine] if cheat else []
        seats = [(len(c), _first(c, s, shift)) for c in mine for s in c[0]["seats"]
                 if not (cheat and s == "0")]  # fmt: skip
        for n in steps:
            full = [first for length, first in seers if length >= n]
            detected = sum(first <= n for first in full)
            honest = [first for length, first in seats if length >= n]
            false = sum(first <= n for first in honest)
            lo, hi = wilson(false, len(honest))
            head = f"seers flagged {detected}/{len(full)}, " if cheat else ""
            print(f"by game {n:4d}: {head}honest seats flagged {false}/{len(honest)}"
                  f" (95% interval {lo:.1f}-{hi:.1f}%)")  # fmt: skip
        if cheat:
            seer = [p for c in mine for g in c for p in g["seats"]["0"]]
            print(f"seers: flagged at game {sorted(f for _, f in seers)} (inf: not in the"
                  f" career); {len(seer)} positions in {sum(len(c) for c in mine)} games, all"
                  f" but {sum(1 - m for _, m in seer)} truly best, mean chance"
                  f" {sum(c for c, _ in seer) / max(len(seer), 1):.3f}")  # fmt: skip


def _teams(careers: list[list[dict]], games: int) -> None:
    """Knockout pairs: the sparing pair (seats 0 and 1) and the honest one (2 and 3) flagged
    by the soft-play rule over the first N games."""
    for n in sorted({k for k in (5, 10, 20, games) if k <= games}):
        full = [c[:n] for c in careers if len(c) >= n]
        if not full:
            continue
        team = sum(_pair_flagged(c, 0, 1) for c in full)
        honest = sum(_pair_flagged(c, 2, 3) for c in full)
        print(f"by game {n:4d}: sparing pairs flagged {team}/{len(full)}, honest pairs"
              f" {honest}/{len(full)}")  # fmt: skip


def _pair_flagged(games: list[dict], a: int, b: int) -> bool:
    pair, rest = [0, 0], [0, 0]
    for g in games:
        for x, y, chances, spared in g["pairs"]:
            if x in (a, b):
                into = pair if {x, y} == {a, b} else rest
                into[0], into[1] = into[0] + chances, into[1] + spared
    return rules.soft_flagged(len(games), (pair[0], pair[1]), (rest[0], rest[1]))


def _first(career: list[dict], seat: str, shift: float) -> float:
    """The game at which the seat's sums first pass the rule (inf: never)."""
    total = [0.0] * (2 + len(rules.CHEAT_RATES))
    for n, g in enumerate(career, 1):
        total = add(total, seat_sums(g["seats"].get(seat, []), shift))
        if flagged(total):
            return n
    return math.inf


def _drawn_seers(pool: list, resample: int, games: int, seed: int, shift: float) -> None:
    """Seer careers of up to `games` games drawn (with replacement) from the seer's games:
    the share flagged by each checkpoint."""
    sums = [seat_sums(ps, shift) for ps in pool]
    rng = random.Random(seed + 1)
    firsts = []
    for _ in range(resample):
        total, first = [0.0] * len(sums[0]), math.inf
        for n in range(1, games + 1):
            total = add(total, rng.choice(sums))
            if flagged(total):
                first = n
                break
        firsts.append(first)
    steps = sorted({n for n in (5, 10, 15, 20, 30, games) if n <= games})
    parts = []
    for n in steps:
        k = sum(f <= n for f in firsts)
        lo, hi = wilson(k, resample)
        parts.append(f"by game {n}: {100 * k / resample:.1f}% ({lo:.1f}-{hi:.1f}%)")
    print(f"seer careers drawn from {len(pool)} seer games ({resample}): flagged "
          + "; ".join(parts))  # fmt: skip


def _bootstrap(level: str, pool: list, resample: int, horizon: int, seed: int,
               shift: float) -> None:  # fmt: skip
    """Honest careers of `horizon` seat-games drawn (with replacement) from the pool."""
    if not pool or not resample:
        return
    sums = [seat_sums(ps, shift) for ps in pool]
    rng = random.Random(seed)
    false = 0
    for _ in range(resample):
        total = [0.0] * len(sums[0])
        hit = False
        for _ in range(horizon):
            total = add(total, rng.choice(sums))
            hit = hit or flagged(total)
        false += hit
    lo, hi = wilson(false, resample)
    print(f"{level}: {resample} honest careers of {horizon} games drawn from {len(pool)}"
          f" honest seat-games: flagged at any point {false} ({100 * false / resample:.2f}%,"
          f" 95% interval {lo:.2f}-{hi:.2f}%)")  # fmt: skip
