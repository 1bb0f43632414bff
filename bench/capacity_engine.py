"""Bot capacity, part 1 (bench/capacity.py runs it first): Expert decisions per second of
CPU in bot-only games of Knockout Whist (4 players), Whist and German Whist, the engine
alone (no database); every decision (`choose_action`) is timed with `time.process_time`
and `time.perf_counter`. Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import statistics
import time

from games.engine import action_from_event, apply, make_rules, new_game
from games.engine.arena import percentile
from games.engine.bots import choose_action, forced
from games.engine.views import seat_view

CASES = (("knockout", 4), ("whist", 4), ("german", 2))
TARGET_CPU_MS = 80.0  # Expert's mean CPU per decision: two cores >= 25 decisions per second


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def expert_games(game: str, players: int, seconds: float) -> tuple[list[tuple], int, int]:
    """(forced, cpu s, wall s) of each Expert decision in `seconds` of games; games played, over."""
    rules = make_rules(game, players)
    timings: list[tuple[bool, float, float]] = []
    played = finished = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        seed, played = 1000 + played, played + 1
        state, moves = new_game(rules, seed=seed), 0
        while not state.over and time.perf_counter() < end:
            view = seat_view(state, state.to_act)
            cpu, wall = time.process_time(), time.perf_counter()
            event = choose_action(view, "expert", seed=(seed + moves) % 2**32)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            timings.append((forced(view), cpu, wall))
            state, moves = apply(state, action_from_event(event)), moves + 1
        finished += state.over
    return timings, played, finished


def mean_ms(values: list[float], digits: int = 2) -> str:
    return f"{1000 * statistics.fmean(values):.{digits}f}" if values else "-"


def engine_row(name: str, timings: list[tuple], games: str) -> str:
    cpus = [c for _, c, _ in timings]
    walls = [w for _, _, w in timings]
    forced_cpu = [c for f, c, _ in timings if f]
    free_cpu = [c for f, c, _ in timings if not f]
    mean = 1000 * statistics.fmean(cpus)
    return (
        f"{name:<15}{len(timings):>6}{len(forced_cpu):>7}{games:>7}{mean:>9.2f}"
        f"{mean_ms(forced_cpu, 3):>8}{mean_ms(free_cpu):>8}{mean_ms(walls):>8}"
        f"{1000 * percentile(walls, 0.95):>8.1f}{1000 * max(walls):>8.1f}"
        f"{sum(cpus) / sum(walls):>6.2f}{1000 / mean:>8.1f}"
    )


def engine_part(seconds: float) -> None:
    print(f"part 1: the engine alone, every seat Expert, {seconds:g} s of games per game, one core")
    print(
        f"{'game':<15}{'moves':>6}{'forced':>7}{'games':>7}{'cpu ms':>9}{'forced':>8}"
        f"{'others':>8}{'wall ms':>8}{'p95':>8}{'max':>8}{'cpu/w':>6}{'/s/core':>8}"
    )
    pooled: list[tuple] = []
    for game, players in CASES:
        timings, played, finished = expert_games(game, players, seconds)
        pooled += timings
        games = f"{finished}+{played - finished}"
        print(engine_row(f"{game} ({players}p)", timings, games), flush=True)
    print(engine_row("all three", pooled, ""))
    print(
        "moves: Expert decisions (forced moves included: one legal action, answered at once);\n"
        "cpu ms: mean CPU per decision (process_time), then over forced moves and the others;\n"
        "wall ms: mean perf_counter per decision, its p95 and max; cpu/w: CPU over wall time\n"
        "(under 1: the process waited for a core; the Expert's budget is wall time, so a\n"
        "busy machine shortens its search); /s/core: 1000 / mean cpu ms, decisions per second\n"
        "per core; games: finished + the one cut off when the time ran out.\n"
        f"target: mean CPU under {TARGET_CPU_MS:g} ms per decision, i.e. at least "
        f"{1000 / TARGET_CPU_MS:g} decisions/s per core, 25 on two cores"
    )
    print(f"load average (1, 5, 15 min) after part 1: {load()}", flush=True)
