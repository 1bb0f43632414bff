"""A whist drive of TABLES tables x 4 players (docs/rules.md §5.8; goal: from the last table's
last trick to the next hand's first card, p99 < 3 s).

Each hand, every table but the last ends first (a player resigns: the hand is over with one
move); then the last table's end is timed through everything that follows it, as one call
runs it without a broker (runtime/scheduling.py: tasks at once, one after another): the
game stored, its seats scored and the standings recounted (tournaments table_done), the
round closed, the tick that seats the next hand by the movement (tournaments round_start:
every table created and dealt through games.services.arranged.table_arrange, the players'
notices), and then the next hand's first card (its leader's move_play). With Celery each
of these is a task on the bookkeeping queue and a worker's hop more; the bookkeeping of the
other tables' games (rankings) runs in the same call here, which a worker would run apart.

Figures are printed, never asserted; each also in calibration units (kshuf: thousands of
52-card shuffles of this machine, as bench/engine.py). A database of its own,
`whist_bench_drive`, dropped at the end.
Run: `.venv/bin/python bench/drive.py [--tables N] [--hands N] [--movement NAME]`.
"""

from __future__ import annotations

import os
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
from bench.events import all_present, percentiles  # noqa: E402

BENCH_DATABASE = "whist_bench_drive"
GOAL_MS = 3000.0


def _resign(table_id: int, users: dict[int, object]) -> None:
    from games.models import Table
    from games.services import move_play

    table = Table.objects.get(pk=table_id)
    seat, user = next(iter(users.items()))
    move_play(table_id, {"action": "resign"}, table.version, user=user)


def _first_card(table_id: int, users: dict[int, object]) -> None:
    from games.gamestate import state_for
    from games.models import Table
    from games.services import move_play

    table = Table.objects.get(pk=table_id)
    state = state_for(table)
    user = users[state.to_act]
    event = {"action": "play", "card": _first_legal(state)}
    move_play(table_id, event, table.version, user=user)


def _first_legal(state: object) -> str:
    from games.engine import legal_actions
    from games.engine.cards import card_str

    action = next(a for a in legal_actions(state, resign_too=False) if a.kind == "play")
    return card_str(action.card)


def _hand(event: object, number: int) -> dict[int, dict[int, object]]:
    from tournaments.models import Placement

    tables: dict[int, dict[int, object]] = {}
    rows = Placement.objects.filter(round__event=event, round__number=number)
    for p in rows.select_related("entry__user").order_by("number", "seat"):
        tables.setdefault(p.table_id, {})[p.seat] = p.entry.user if p.entry else None
    return tables


def drive(tables: int, hands: int, movement: str, shuffles: float) -> None:
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Entry, Event

    model = get_user_model()
    users = model.objects.bulk_create(
        model(username=f"drive{i:04d}", display_name=f"D{i}") for i in range(4 * tables)
    )
    staff = model.objects.create(username="director", is_staff=True)
    event = Event.objects.create(
        name="bench drive", kind=Event.Kind.DRIVE, game="whist", table_size=4, rounds=hands,
        created_by=staff, starts_at=timezone.now() - timedelta(seconds=1),
        options={"target": 1}, movement=movement, time_limit=600,
    )  # fmt: skip
    Entry.objects.bulk_create(Entry(event=event, user=u) for u in users)
    all_present(event.pk, [u.pk for u in users])
    services.event_tick()  # hand 1 seated
    gaps, parts = [], []
    for number in range(1, hands):
        all_present(event.pk, [u.pk for u in users])
        seated = _hand(event, number)
        order = list(seated)
        for table_id in order[:-1]:
            _resign(table_id, {s: u for s, u in seated[table_id].items() if u})
        start = time.perf_counter()
        _resign(order[-1], {s: u for s, u in seated[order[-1]].items() if u})
        ended = time.perf_counter()
        event.refresh_from_db()
        assert event.current_round == number + 1, "the next hand was not seated"
        nxt = _hand(event, number + 1)
        first = next(iter(nxt))
        _first_card(first, {s: u for s, u in nxt[first].items() if u})
        done = time.perf_counter()
        gaps.append((done - start) * 1000)
        parts.append(((ended - start) * 1000, (done - ended) * 1000))
    print(f"whist drive, {tables} tables x 4 players, {movement}, {hands - 1} changes of hand:")
    print(f"  last trick -> next hand's first card: {percentiles(gaps, shuffles)}  "
          f"goal p99 < {GOAL_MS / 1000:.0f} s: {'met' if max(gaps) < GOAL_MS else 'NOT met'} "
          f"(p99 of {len(gaps)} = the max)")  # fmt: skip
    ends = [a for a, _b in parts]
    cards = [b for _a, b in parts]
    print(f"  of which the end, scoring and seating: {percentiles(ends, shuffles)}")
    print(f"  of which the first card:               {percentiles(cards, shuffles)}")


def main() -> None:
    parser = Parser(prog="drive.py", description=__doc__)
    parser.add_argument("--tables", type=whole_number(1), default=100)
    parser.add_argument("--hands", type=whole_number(2), default=6)
    parser.add_argument("--movement", default="progressive",
                        choices=["progressive", "semi_partner", "travelling"])  # fmt: skip
    args = parser.parse_args()
    url = bench_database(BENCH_DATABASE)
    shuffles = calibration(1.0)
    print(f"{os.cpu_count()} cores; load average (1, 5, 15 min): {load()}; "
          f"calibration {shuffles:,.0f} shuffles/s")  # fmt: skip
    try:
        django_on(url)  # tasks run at once, in the call
        from django.conf import settings

        settings.WHIST_THREAD_TIMERS = False  # no timer threads: the tables wait for their humans
        drive(args.tables, args.hands, args.movement, shuffles)
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
