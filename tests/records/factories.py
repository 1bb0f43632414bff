"""Many stored games at once, for the query-count tests and the bench: the records, and
rankings' rows of the rated ones.

The rows of one kind differ in a few columns only (a game's seed and times, its table, its
seat), so each kind is written from one model instance, its values prepared once as Django
prepares a save's (`Field.pre_save`, `get_db_prep_save`; a JSON value dumped once), and the
few columns each row gives: on PostgreSQL by one COPY, with ids drawn from the table's
sequence. Made row by row with bulk_create, Django prepared each of the 1.25 million values of
10,000 games and psycopg wrote each column as a text array (each string escaped by a regular
expression, every record's JSON among them): about 20 CPU-s of tests/records/test_queries.py's
(docs/benchmarks.md, "make test's bytecode, and more of its CPU")."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db import connection
from django.db.models import Model
from django.utils import timezone
from psycopg.types.json import Json, Jsonb

from games.models import Seat, Table
from rankings.models import GameScore, SeatResult
from records.models import GamePlayer, GameRecord


def insert_like(model: type[Model], proto: Model, varying: Sequence[str],
                rows: Sequence[Sequence[Any]]) -> list[int]:  # fmt: skip
    """Rows of `model`, each as `proto` but for the fields named (by attname: `table_id`) in
    `varying`, whose values each row of `rows` gives in that order; their ids, in order."""
    meta = model._meta
    if connection.vendor != "postgresql":
        made = []
        for row in rows:
            obj = copy.copy(proto)
            for name, value in zip(varying, row, strict=True):
                setattr(obj, name, value)
            made.append(obj)
        return [obj.pk for obj in model._default_manager.bulk_create(made)]
    # An automatic key is drawn from its sequence; any other (a record's, its table's id) is
    # one of the fields each row gives.
    drawn = meta.pk.attname not in varying
    by_name = {f.attname: f for f in meta.concrete_fields}
    fixed = [f for f in meta.concrete_fields if f.attname not in varying and f is not meta.pk]
    values = tuple(_text(f.get_db_prep_save(f.pre_save(proto, True), connection)) for f in fixed)
    columns = [*([meta.pk.column] if drawn else []), *(by_name[name].column for name in varying),
               *(f.column for f in fixed)]  # fmt: skip
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        if drawn:
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [meta.db_table, meta.pk.column, len(rows)],
            )
            ids = [pk for (pk,) in cursor.fetchall()]
        else:
            ids = [row[list(varying).index(meta.pk.attname)] for row in rows]
        sql = f"COPY {quote(meta.db_table)} ({', '.join(map(quote, columns))}) FROM STDIN"
        with cursor.cursor.copy(sql) as out:
            for pk, row in zip(ids, rows, strict=True):
                out.write_row((pk, *row, *values) if drawn else (*row, *values))
    return ids


def _text(value: Any) -> Any:
    """A JSON value as its text, dumped once (psycopg would dump it again for every row)."""
    if isinstance(value, Json | Jsonb):  # as Django makes them: with its encoder's dumps
        return (value.dumps or json.dumps)(value.obj)
    return value


def store_many(user: Any, count: int, record: dict[str, Any]) -> list[int]:
    """`count` finished German Whist games of `user` (seat 0) against a bot, newest last. The
    record is stored once, in records' GameRecord, which the pages read; the games app's
    Table row is only what it points to (a copy there made each 10,000-game test insert
    100 MB of JSON, quoted in Python: about 15 s of a 33-s test)."""
    now = timezone.now()
    finished = [now - timedelta(minutes=count - i) for i in range(count)]
    table = Table(game="german", players=2, status=Table.Status.FINISHED, record=None, seed=0,
                  finished=now)  # fmt: skip
    tables = insert_like(Table, table, ("seed", "finished"), list(enumerate(finished)))
    for i in (0, 1):
        seat = Seat(table=table, index=i, user=user if i == 0 else None,
                    bot="" if i == 0 else "club")  # fmt: skip
        insert_like(Seat, seat, ("table_id",), [(t,) for t in tables])
    stored = _record(table, user, record)
    games = [(t, t % 2 == 0, f) for t, f in zip(tables, finished, strict=True)]  # id, rated
    insert_like(GameRecord, stored, ("table_id", "rated", "started", "finished"),
                [(t, rated, f, f) for t, rated, f in games])  # fmt: skip
    for player in _players(stored, user):
        insert_like(GamePlayer, player, ("record_id", "rated", "finished"), games)
    return tables


def _record(table: Table, user: Any, record: dict[str, Any]) -> GameRecord:
    seats = [
        {"name": user.username, "user": user.pk, "username": user.username, "bot": None},
        {"name": "Bot (Club player)", "user": None, "username": None, "bot": "club"},
    ]
    return GameRecord(
        table=table, game="german", players=2, options={"games": 1}, preset="custom",
        rated=table.pk is not None and table.pk % 2 == 0, status="finished",
        started=table.finished, finished=table.finished, seats=seats, result=record["result"],
        record=record,
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


def score_many(user: Any, ids: list[int]) -> int:
    """Rankings' rows of the rated games among `store_many`'s: a GameScore and a SeatResult
    per seat with its rating change (`user` at seat 0, the Club bot at 1); how many."""
    rated = GameRecord.objects.filter(pk__in=ids, rated=True)
    stored = list(rated.values_list("table_id", "finished"))
    if not stored:
        return 0
    score = GameScore(table_id=stored[0][0], game="german", rated=True, finished=stored[0][1])
    scores = insert_like(GameScore, score, ("table_id", "finished"), stored)
    for s in (0, 1):
        result = SeatResult(score=score, table_id=score.table_id, seat=s,
                            user=user if s == 0 else None, bot="" if s == 0 else "club",
                            game="german", finished=score.finished, place=s + 1, won=s == 0,
                            resigned=False, counted=s == 0, rated=True, rating_before=1200,
                            rating_after=1212 - 24 * s)  # fmt: skip
        insert_like(SeatResult, result,
                    ("score_id", "table_id", "finished", "rating_before", "rating_after"),
                    [(pk, t, f, 1200 + t % 50, 1212 - 24 * s + t % 50)
                     for pk, (t, f) in zip(scores, stored, strict=True)])  # fmt: skip
    return len(scores)
