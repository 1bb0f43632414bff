"""Tables that another app arranges and starts at once: players seated where it says, bots
in the other seats, dealt from a seed it may choose (events: tournaments' rounds and boards)."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engine.descriptors import is_standard
from games.models import Seat, Table
from games.services.moves import commit, lock_table
from games.services.tables import bot_levels_for, check_time_limit, deal, rules_for


def table_arrange(
    game: str,
    users: Sequence[Any],
    *,
    bot_level: str,
    options: dict[str, Any] | None = None,
    preset: str | None = None,
    time_limit: int = 60,
    rated: bool = False,
    private: bool = False,
    away: Collection[int] = (),
    seed: int | None = None,
    after_url: str = "",
) -> Table:
    """A table dealt at once: `users[i]` at seat i (None: a bot of `bot_level`); the seats
    in `away` are played by the stand-in bot from the first move until their player is
    back (a player absent at the start). `seed` (stored; the deal is keyed by the deal
    secret as every table's) gives every table of a duplicate board the same cards, and
    holds the table's cards closed until the board is released (`boards_release`).
    `after_url`: where the arranging app tells a player what follows the table (no rematch).
    Unlike table_create, it holds none of the players' table slots: an event seats them."""
    options = dict(options or {})
    rules = rules_for(game, len(users), preset, options)
    levels = bot_levels_for([None if u is not None else bot_level for u in users], rules.players)
    check_time_limit(time_limit)
    with transaction.atomic():
        table = Table.objects.create(
            game=game, players=rules.players, options=options, preset=preset or "",
            private=private, invite_token=secrets.token_urlsafe(16) if private else "",
            rated=rated and is_standard(rules), time_limit=time_limit,
            board_held=seed is not None, after_url=after_url,
        )  # fmt: skip
        Seat.objects.bulk_create(
            Seat(
                table=table, index=i, user=u, bot=levels[i] or "", away=u is not None and i in away
            )
            for i, u in enumerate(users)
        )
        table, seats = lock_table(table.pk)
        deal(table, seats, seed=seed)
    return table


def boards_release(table_ids: Collection[int]) -> int:
    """Every table of a board has finished: their cards may be shown (games.reads.sight,
    docs/rules.md §5.7); how many tables were held."""
    return Table.objects.filter(pk__in=list(table_ids), board_held=True).update(board_held=False)


def tables_end(table_ids: Collection[int]) -> int:
    """Arranged tables whose time is up (the daily challenge's day has closed): each still in
    play is ended where it stands, with no result and no record; how many."""
    ended = 0
    for table_id in table_ids:
        with transaction.atomic():
            table, seats = lock_table(table_id)
            if table.status != Table.Status.PLAYING:
                continue
            table.status, table.finished = Table.Status.ABORTED, timezone.now()
            table.turn_deadline = None
            commit(table, seats, lobby=True)
            ended += 1
    return ended
