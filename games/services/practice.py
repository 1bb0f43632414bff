"""Practice tables: "play it again from here" (games.engine.practice), a casual table against
bots that starts at a finished game's position."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.models import User
from games.engine.practice import Position
from games.models import Move, Table
from games.services.moves import lock_table
from games.services.tables import deal, table_create


def table_practice(
    user: User, original: Table, record: dict[str, Any], pos: Position, upto: int, level: str
) -> Table:
    """A new casual table, started: `user` at the position's seat, `level` bots at the others,
    the original's deals so far and its first `upto` decisions as its first moves. It is as
    private as the original (its first moves are the original's). The user's practice table
    from the same game and step, if one is still in play, instead of a second one."""
    n = len(record["seats"])
    levels: list[str | None] = [None if i == pos.seat else level for i in range(n)]
    with transaction.atomic():
        # One at a time per original game (its row locked): a form sent twice opens one table.
        Table.objects.select_for_update().filter(pk=original.pk).first()
        running = practice_in_play(user, original, upto)
        if running is not None:
            return running
        created = table_create(
            user, record["game"], players=n, options=record["options"], bot_levels=levels,
            seat=pos.seat, time_limit=0, announce=False, private=original.private,
        )  # fmt: skip
        Move.objects.bulk_create(
            Move(table=created, number=i, seat=e["seat"], event=e, by=Move.By.ORIGINAL)
            for i, e in enumerate(pos.events)
        )
        table, seats = lock_table(created.pk)
        table.practice_of = original
        table.start = {"deals": pos.deals, "from": upto, "seat": pos.seat, "fresh": pos.fresh}
        # Later deals come from its seed; its friends hear of it as of any table against bots.
        deal(table, seats, moves=len(pos.events), announce=True)
    return table


def practice_in_play(user: User, original: Table, upto: int) -> Table | None:
    """The user's practice table from `original` after `upto` events that is still in play."""
    tables = Table.objects.filter(practice_of=original, created_by=user, start__from=upto)
    return tables.filter(status=Table.Status.PLAYING).order_by("-pk").first()
