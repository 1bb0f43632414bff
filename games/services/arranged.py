"""Tables that another app arranges and starts at once: players seated where it says, bots
in the other seats, dealt from a seed it may choose (events: tournaments' rounds and boards)."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from typing import Any

from django.db import transaction

from games.engine.descriptors import is_standard
from games.models import Seat, Table
from games.services.moves import lock_table
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
) -> Table:
    """A table dealt at once: `users[i]` at seat i (None: a bot of `bot_level`); the seats
    in `away` are played by the stand-in bot from the first move until their player is
    back (a player absent at the start). `seed` (stored; the deal is keyed by the deal
    secret as every table's) gives every table of a duplicate board the same cards.
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
