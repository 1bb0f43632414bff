"""Events: seating a 512-player round, and the standings of a 512-player event after each
table's end (docs/rules.md §5; goals: seating under 1 s, standings under 50 ms).

Part 1 (no database): tournaments.seating.seat_round for PLAYERS players, tables of 4
(Knockout Whist, Whist) and 2 (German Whist beyond the Dutch system's 64), ROUNDS rounds
with random results between them; German Whist's Dutch pairing (caissify-pairings) for 64.
Part 2 (PostgreSQL): a PLAYERS-player Knockout Whist event of ROUNDS rounds; each round is
seated by tournaments.services.round_start (the seating and every table created and dealt
through games.services.arranged.table_arrange), then each table's end is scored as
table_done scores it (its seats' places and points written) and the standings recounted
(tournaments.services.results.standings_update), timed per table.

Figures are printed, never asserted; each also in calibration units (kshuf: thousands of
52-card shuffles of this machine, as bench/engine.py). It uses a database of its own,
`whist_bench_events`, dropped at the end.
Run: `.venv/bin/python bench/events.py [--players N] [--rounds N]`.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.arguments import Parser, whole_number  # noqa: E402
from bench.capacity import drop_database, load  # noqa: E402
from bench.django_env import bench_database, django_on  # noqa: E402
from bench.engine import calibration  # noqa: E402

BENCH_DATABASE = "whist_bench_events"
SEAT_GOAL_MS, STANDINGS_GOAL_MS = 1000.0, 50.0


def all_present(event_id: int, user_ids: list[int]) -> None:
    """Every player had the event page open until now, as each one's socket says when it
    closes (presence comes from the sockets: games.sockets.limits)."""
    from games.sockets.limits import page_close
    from tournaments.services.live import event_page

    for user_id in user_ids:
        page_close(event_page(event_id), user_id, "bench-drive")


def percentiles(ms: list[float], shuffles: float) -> str:
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    p50, top = statistics.median(ordered), ordered[-1]
    return (f"p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  max {top:7.1f} ms  "
            f"(p95 {p95 * shuffles / 1e6:6.1f} kshuf)")  # fmt: skip


def seating_part(players: int, rounds: int, shuffles: float) -> None:
    from tournaments.pairing import dutch_pairs
    from tournaments.seating import Met, record_meetings, repeats, seat_round

    for size in (4, 2):
        rng, met, points = random.Random(size), Met(), dict.fromkeys(range(players), 0.0)
        ms, left = [], 0
        for number in range(rounds):
            ranked = sorted(points, key=lambda p: (-points[p], p))
            start = time.perf_counter()
            tables = seat_round(ranked, size, met, seed=number)
            ms.append((time.perf_counter() - start) * 1000)
            left += sum(repeats(t, met) for t in tables)
            record_meetings(met, tables)
            for t in tables:
                rng.shuffle(t)
                for place, p in enumerate(t):
                    points[p] += (len(t) - 1 - place) / max(len(t) - 1, 1)
        verdict = "met" if max(ms) < SEAT_GOAL_MS else "NOT met"
        print(f"seat {players} players, tables of {size}, {rounds} rounds: "
              f"{percentiles(ms, shuffles)}  repeats {left}  goal < 1 s: {verdict}")  # fmt: skip
    history: list = []
    ms = []
    for _number in range(rounds):
        start = time.perf_counter()
        pairs = dutch_pairs(list(range(64)), history, rounds)
        ms.append((time.perf_counter() - start) * 1000)
        history.append([(a, b, 1.0, 0.0) if b is not None else (a, None, 1.0, 0.0)
                        for a, b in pairs])  # fmt: skip
    print(f"Dutch pairing of 64 players, {rounds} rounds:        {percentiles(ms, shuffles)}")


def event_part(players: int, rounds: int, shuffles: float) -> None:
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from tournaments.models import Entry, Event, Placement
    from tournaments.scoring import placement_points
    from tournaments.services import round_start
    from tournaments.services.results import standings_update

    model = get_user_model()
    users = model.objects.bulk_create(
        model(username=f"bench{i:04d}", display_name=f"B{i}") for i in range(players)
    )
    staff = model.objects.create(username="director", is_staff=True)
    event = Event.objects.create(
        name="bench", game="knockout", table_size=4, rounds=rounds, created_by=staff,
        starts_at=timezone.now() - timedelta(hours=1), status=Event.Status.RUNNING,
        options={"start_cards": 3},
    )  # fmt: skip
    Entry.objects.bulk_create(Entry(event=event, user=u) for u in users)
    rng, seat_ms, standing_ms = random.Random(5), [], []
    for _number in range(rounds):
        all_present(event.pk, [u.pk for u in users])
        with transaction.atomic():
            locked = Event.objects.select_for_update().get(pk=event.pk)
            start = time.perf_counter()
            board = round_start(locked)
            seat_ms.append((time.perf_counter() - start) * 1000)
        tables: dict[int, list] = {}
        for p in board.placements.all():
            tables.setdefault(p.table_id, []).append(p)
        for seats in tables.values():
            places = list(range(1, len(seats) + 1))
            rng.shuffle(places)
            points = placement_points(places)
            start = time.perf_counter()
            with transaction.atomic():
                for p in seats:
                    p.place, p.points = places[p.seat], points[p.seat]
                Placement.objects.bulk_update(seats, ["place", "points"])
                standings_update(event)
            standing_ms.append((time.perf_counter() - start) * 1000)
    tables_made = Placement.objects.filter(round__event=event).count() // 4 // rounds
    print(f"round_start, {players} players ({tables_made} tables dealt per round): "
          f"{percentiles(seat_ms, shuffles)}")  # fmt: skip
    verdict = (
        "met"
        if sorted(standing_ms)[int(0.95 * len(standing_ms))] < STANDINGS_GOAL_MS
        else "NOT met"
    )
    print(f"a table's end: seats scored + standings of {players} recounted "
          f"({len(standing_ms)} tables): {percentiles(standing_ms, shuffles)}  "
          f"goal p95 < 50 ms: {verdict}")  # fmt: skip


def main() -> None:
    parser = Parser(prog="events.py", description=__doc__)
    parser.add_argument("--players", type=whole_number(4), default=512)
    parser.add_argument("--rounds", type=whole_number(1), default=4)
    args = parser.parse_args()
    url = bench_database(BENCH_DATABASE)
    shuffles = calibration(1.0)
    print(f"{os.cpu_count()} cores; load average (1, 5, 15 min): {load()}; "
          f"calibration {shuffles:,.0f} shuffles/s")  # fmt: skip
    try:
        django_on(url)  # eager tasks: a bot's first move runs in the call
        from django.conf import settings

        settings.WHIST_THREAD_TIMERS = False  # no timer threads: the tables wait for their humans
        seating_part(args.players, 6, shuffles)
        event_part(args.players, args.rounds, shuffles)
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
