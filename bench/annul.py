"""Annulling a game: how long a moderator's annulment takes with 10,000 stored rated games.

It uses a database of its own, `whist_bench_annul` (on the server of DATABASE_URL, default
the Makefile's), migrated, and dropped at the end. PLAYERS players play GAMES rated German
Whist matches (one kind: the replay's worst case, since only games of the annulled one's
kind are rated again), one in five against a Club or Expert bot (a bot level has one
rating, so bots tie every player to every other). They are scored in order with the
bookkeeping's own arithmetic and rules (ratings chained game to game, XP, levels, level-ups,
achievements, unlocks) and inserted in bulk, with their stored records (records app).

Then games are annulled through records.services.game_annul, the moderator's action (the
record, the audit row and rankings' replay in one transaction): the oldest game (every
later game is rated again), one in the middle, and the newest. Each line prints the wall
time, the queries, and how many later games were rated again out of how many there are.
Figures are printed, never asserted.
Run: `.venv/bin/python bench/annul.py [--players N] [--games N]`.
"""

from __future__ import annotations

import os
import random
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.arguments import Parser, whole_number  # noqa: E402
from bench.capacity import drop_database, load  # noqa: E402
from bench.django_env import bench_database, django_on  # noqa: E402

BENCH_DATABASE = "whist_bench_annul"
BATCH = 2000


count = whole_number(2)


class Season:
    """GAMES matches scored in memory as the bookkeeping scores them, then stored in bulk."""

    def __init__(self, users: list[Any], games: int, seed: int = 1) -> None:
        from games.engine import make_rules
        from games.engine.simulate import random_game

        self.rng, self.users, self.games = random.Random(seed), users, games
        self.record = random_game(make_rules("german"), seed=3)
        self.ratings: dict[tuple, list] = {}  # key -> [mu, sigma, games, wins, last]
        self.progress: dict[int, list] = {}  # user id -> [xp, games, wins, rated wins]
        self.codes: dict[int, set[str]] = {}
        self.rows: dict[str, list] = {k: [] for k in ("results", "achievements", "levels")}

    def pairs(self) -> list[list[Any]]:
        out = []
        for _ in range(self.games):
            a, b = self.rng.sample(self.users, 2)
            out.append([a, self.rng.choice(["club", "expert"]) if self.rng.random() < 0.2 else b])
        return out

    def score(self, table: Any, seats: list[Any], winner: int) -> None:
        from rankings import rating as openskill
        from rankings.outcome import SeatFacts

        keys = [(s.pk, "") if hasattr(s, "pk") else (None, s) for s in seats]
        old = [tuple(self.ratings.get(k, [*openskill.initial()])[:2]) for k in keys]
        places = [0, 1] if winner == 0 else [1, 0]
        new = openskill.rate("german", old, places)
        after = openskill.merged(keys, old, new)
        facts = [SeatFacts(i, k[0], k[1], places[i], i == winner, False, k[0] is not None)
                 for i, k in enumerate(keys)]  # fmt: skip
        for i, k in enumerate(keys):
            row = self.ratings.setdefault(k, [*old[i], 0, 0, None])
            row[:5] = [*after[k], row[2] + 1, row[3] + (i == winner), table.finished]
            self.rows["results"].append(self._result(table, facts, i, (old[i], new[i]), row))

    def _result(self, table: Any, facts: list, i: int, change: tuple, row: list) -> Any:
        from rankings import rating as openskill
        from rankings.models import SeatResult

        f, (old, new) = facts[i], change
        result = SeatResult(
            table_id=table.pk, seat=f.index, user_id=f.user_id, bot=f.bot, game="german",
            finished=table.finished, place=f.place + 1, won=f.won, resigned=False,
            counted=f.counted, rated=True, mu_before=old[0], sigma_before=old[1],
            mu_after=new[0], sigma_after=new[1], rating_before=openskill.display(*old),
            rating_after=openskill.display(*row[:2]), rated_games=row[2],
        )  # fmt: skip
        if f.earns:
            self._credit(table, facts, f, result)
        return result

    def _credit(self, table: Any, facts: list, f: Any, result: Any) -> None:
        """XP, level, achievements and unlocks as rankings.services.progress.credit gives them."""
        from rankings.achievements import Counts, Game, earned
        from rankings.models import Achievement, LevelUp
        from rankings.progression import level_of, xp_for
        from rankings.unlocks import newly_unlocked

        p = self.progress.setdefault(f.user_id, [0, 0, 0, 0])
        had = self.codes.setdefault(f.user_id, set())
        before = (level_of(p[0]), set(had))
        p[:] = [p[0] + xp_for(f), p[1] + 1, p[2] + f.won, p[3] + f.won]
        codes = earned(Game(self.record, facts, True), f, Counts(*p[1:]), had)
        had |= set(codes)
        result.xp, result.level_before, result.level_after = xp_for(f), before[0], level_of(p[0])
        result.achievements = codes
        result.unlocks = [list(u) for u in newly_unlocked(before, (result.level_after, had))]
        self.rows["achievements"] += [
            Achievement(user_id=f.user_id, code=c, table_id=table.pk, earned=table.finished)
            for c in codes
        ]
        self.rows["levels"] += [
            LevelUp(user_id=f.user_id, level=n, table_id=table.pk, reached=table.finished)
            for n in range(before[0] + 1, result.level_after + 1)
        ]


def build(players: int, games: int) -> list[int]:
    """The users, tables, seats, stored records, scores, results, ratings and progress."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Seat, Table
    from rankings.models import GameScore

    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"p{i:04d}", password="!") for i in range(players)],
        batch_size=BATCH,
    )
    season = Season(users, games)
    start = timezone.now() - timedelta(minutes=games)
    tables = Table.objects.bulk_create(
        [Table(game="german", players=2, status=Table.Status.FINISHED, rated=True, seed=i,
               record=season.record, started=start + timedelta(minutes=i),
               finished=start + timedelta(minutes=i, seconds=30)) for i in range(games)],
        batch_size=BATCH,
    )  # fmt: skip
    pairs = season.pairs()
    seats = [
        Seat(table=t, index=i, user=s if hasattr(s, "pk") else None,
             bot="" if hasattr(s, "pk") else s)
        for t, pair in zip(tables, pairs, strict=True) for i, s in enumerate(pair)
    ]  # fmt: skip
    Seat.objects.bulk_create(seats, batch_size=BATCH)
    _store_records(tables, seats)
    scores = GameScore.objects.bulk_create(
        [GameScore(table=t, game="german", rated=True, finished=t.finished) for t in tables],
        batch_size=BATCH,
    )
    for table, score, pair in zip(tables, scores, pairs, strict=True):
        season.score(table, pair, season.rng.randrange(2))
        for result in season.rows["results"][-2:]:
            result.score = score
    _save(season)
    return [t.pk for t in tables]


def _store_records(tables: list[Any], seats: list[Any]) -> None:
    """Each table's stored game (records.GameRecord, GamePlayer), in bulk."""
    from records.models import GamePlayer, GameRecord

    by_table: dict[int, list[Any]] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(seat)
    stored = GameRecord.objects.bulk_create(
        [GameRecord(table=t, game="german", players=2, options=t.record["options"],
                    preset="custom", rated=True, status="finished", started=t.started,
                    finished=t.finished, seats=[_seat(s) for s in by_table[t.pk]],
                    result=t.record["result"], record=t.record) for t in tables],
        batch_size=BATCH,
    )  # fmt: skip
    GamePlayer.objects.bulk_create(
        [GamePlayer(record=r, seat=s.index, user_id=s.user_id, name=r.seats[s.index]["name"],
                    bot=s.bot, place=1 + s.index, won=s.index == 0,
                    result="won" if s.index == 0 else "lost", game="german", rated=True,
                    finished=r.finished) for r in stored for s in by_table[r.pk]],
        batch_size=BATCH,
    )  # fmt: skip


def _seat(seat: Any) -> dict[str, Any]:
    name = seat.user.username if seat.user_id else f"Bot ({seat.bot})"
    return {"name": name, "user": seat.user_id, "username": seat.user_id and name,
            "bot": seat.bot or None}  # fmt: skip


def _save(season: Season) -> None:
    from django.contrib.auth import get_user_model

    from rankings.models import Achievement, LevelUp, Progress, Rating, SeatResult
    from rankings.progression import level_of
    from rankings.rating import display

    SeatResult.objects.bulk_create(season.rows["results"], batch_size=BATCH)
    Rating.objects.bulk_create(
        [Rating(game="german", user_id=k[0], bot=k[1], mu=r[0], sigma=r[1],
                display=display(r[0], r[1]), games=r[2], wins=r[3], last_played=r[4])
         for k, r in season.ratings.items()], batch_size=BATCH,
    )  # fmt: skip
    Progress.objects.bulk_create(
        [Progress(user_id=u, xp=p[0], level=level_of(p[0]), games=p[1], wins=p[2],
                  rated_wins=p[3]) for u, p in season.progress.items()], batch_size=BATCH,
    )  # fmt: skip
    Achievement.objects.bulk_create(season.rows["achievements"], batch_size=BATCH)
    LevelUp.objects.bulk_create(season.rows["levels"], batch_size=BATCH)
    for level in {level_of(p[0]) for p in season.progress.values()} - {1}:
        users = [u for u, p in season.progress.items() if level_of(p[0]) == level]
        get_user_model().objects.filter(pk__in=users).update(level=level)


def annul_part(tables: list[int]) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from rankings.models import SeatResult
    from records.services import game_annul

    moderator = get_user_model().objects.create_user("moderator", password="!", is_staff=True)
    for label, index in (("oldest", 0), ("middle", len(tables) // 2), ("newest", -1)):
        table_id = tables[index]
        first = SeatResult.objects.filter(table_id=table_id).order_by("pk").first()
        later = SeatResult.objects.filter(pk__gt=first.pk, annulled=False).exclude(table=table_id)
        before = {pk: (t, mu) for pk, t, mu in later.values_list("pk", "table_id", "mu_after")}
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            game_annul(table_id, moderator, "bench")
            took = time.perf_counter() - start
        now = dict(later.values_list("pk", "mu_after"))
        rated = {t for pk, (t, mu) in before.items() if now[pk] != mu}
        print(f"annul the {label:6} game: {took * 1000:7.0f} ms, {len(queries):3} queries, "
              f"{len(rated):,} of {len({t for t, _mu in before.values()}):,} later games "
              f"rated again")  # fmt: skip


def main() -> None:
    parser = Parser(prog="annul.py", description=__doc__)
    parser.add_argument("--players", type=count, default=1000)
    parser.add_argument("--games", type=count, default=10_000)
    args = parser.parse_args()
    url = bench_database(BENCH_DATABASE)
    print(f"{os.cpu_count()} cores; load average (1, 5, 15 min): {load()}")
    try:
        django_on(url)
        start = time.perf_counter()
        tables = build(args.players, args.games)
        took = time.perf_counter() - start
        print(f"built {args.players:,} players and {args.games:,} scored games in {took:.1f} s")
        annul_part(tables)
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
