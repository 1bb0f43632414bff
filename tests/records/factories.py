"""Many stored games at once (bulk inserts), for the query-count tests and the bench: the
records, and rankings' rows of the rated ones."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from games.models import Seat, Table
from rankings.models import GameScore, SeatResult
from records.models import GamePlayer, GameRecord


def store_many(user: Any, count: int, record: dict[str, Any], batch: int = 2000) -> list[int]:
    """`count` finished German Whist games of `user` (seat 0) against a bot, newest last. The
    record is stored once, in records' GameRecord, which the pages read; the games app's
    Table row is only what it points to (a copy there made each 10,000-game test insert
    100 MB of JSON, quoted in Python: about 15 s of a 33-s test)."""
    now = timezone.now()
    ids: list[int] = []
    for start in range(0, count, batch):
        size = min(batch, count - start)
        tables = Table.objects.bulk_create(
            Table(game="german", players=2, status=Table.Status.FINISHED, record=None,
                  seed=start + i, finished=now - timedelta(minutes=count - start - i))
            for i in range(size)
        )  # fmt: skip
        Seat.objects.bulk_create(
            Seat(table=t, index=i, user=user if i == 0 else None, bot="" if i == 0 else "club")
            for t in tables for i in (0, 1)
        )  # fmt: skip
        stored = GameRecord.objects.bulk_create(_record(t, user, record) for t in tables)
        GamePlayer.objects.bulk_create(p for s in stored for p in _players(s, user))
        ids += [t.pk for t in tables]
    return ids


def _record(table: Table, user: Any, record: dict[str, Any]) -> GameRecord:
    seats = [
        {"name": user.username, "user": user.pk, "username": user.username, "bot": None},
        {"name": "Bot (Club player)", "user": None, "username": None, "bot": "club"},
    ]
    return GameRecord(
        table=table, game="german", players=2, options={"games": 1}, preset="custom",
        rated=table.pk % 2 == 0, status="finished", started=table.finished,
        finished=table.finished, seats=seats, result=record["result"], record=record,
    )  # fmt: skip


def _players(stored: GameRecord, user: Any) -> list[GamePlayer]:
    winners = stored.result["winners"]
    common = {"record": stored, "game": "german", "rated": stored.rated, "private": False,
              "finished": stored.finished}  # fmt: skip
    return [
        GamePlayer(seat=s, user=user if s == 0 else None, name=stored.seats[s]["name"],
                   bot="" if s == 0 else "club", place=1 if s in winners else 2,
                   won=s in winners, result="won" if s in winners else "lost", **common)
        for s in (0, 1)
    ]  # fmt: skip


def score_many(user: Any, ids: list[int], batch: int = 2000) -> int:
    """Rankings' rows of the rated games among `store_many`'s: a GameScore and a SeatResult
    per seat with its rating change (`user` at seat 0, the Club bot at 1); how many."""
    stored = list(GameRecord.objects.filter(pk__in=ids, rated=True).values_list("pk", "finished"))
    scores = GameScore.objects.bulk_create(
        [GameScore(table_id=pk, game="german", rated=True, finished=f) for pk, f in stored],
        batch_size=batch,
    )
    SeatResult.objects.bulk_create(
        [SeatResult(score=score, table_id=score.table_id, seat=s, user=user if s == 0 else None,
                    bot="" if s == 0 else "club", game="german", finished=score.finished,
                    place=s + 1, won=s == 0, resigned=False, counted=s == 0, rated=True,
                    rating_before=1200 + score.table_id % 50, rating_after=1212 - 24 * s
                    + score.table_id % 50) for score in scores for s in (0, 1)],
        batch_size=batch,
    )  # fmt: skip
    return len(scores)
