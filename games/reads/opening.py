"""What a table socket's opening reads, in one statement written out: the table's fields that
say who may watch it, whether the user holds a seat there, whether it has chat, and the user's
block list and ban in force. A restart opens every socket at once, and the opening's read
(the table with its seats, their users and open sockets through the ORM, then the block list,
the ban and the chat, each a query) was a third of a Daphne's samples in a storm
(docs/benchmarks.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection

from accounts.models import Ban, Block
from games.models import ChatMessage, Seat, Table
from games.reads import rows


@dataclass
class Opening:
    """One row of `opening_read`: a table without its seats (the fields `can_watch` and
    the opening need), and what it holds for the user."""

    table: Table
    seated: bool
    has_chat: bool
    blocked: set[int]
    ban: dict[str, Any] | None


def opening_read(table_id: int, user_id: int | None) -> Opening | None:
    """The table `table_id` as the socket of `user_id` (None: anonymous) opens on it; None
    if there is no such table."""
    found = rows.fetch(_opening_sql(), [user_id, user_id, user_id, rows.now_param(), table_id])
    if not found:
        return None
    (version, private, board_held, created_by_id, invite_token, seated, has_chat, blocked,
     *ban_columns) = found[0]  # fmt: skip
    table = Table(id=table_id, version=version, private=bool(private), board_held=bool(board_held),
                  created_by_id=created_by_id, invite_token=invite_token)  # fmt: skip
    ban = None
    if ban_columns[0] is not None:  # the ban's id
        row = rows.plan(Ban).build(ban_columns)
        ban = {"reason": row.reason, "until": row.until}
    return Opening(table, bool(seated), bool(has_chat), _ids(blocked), ban)


def _ids(value: Any) -> set[int]:
    """The block list as the database aggregated it (an array, or text joined by commas)."""
    if not value:
        return set()
    if isinstance(value, str):
        return {int(v) for v in value.split(",")}
    return set(value)


@cache
def _opening_sql() -> str:
    q = connection.ops.quote_name
    table, seat, chat, block, ban = (
        q(m._meta.db_table) for m in (Table, Seat, ChatMessage, Block, Ban)
    )
    if connection.vendor == "postgresql":
        blocked = f"ARRAY(SELECT k.blocked_id FROM {block} k WHERE k.owner_id = %s)"
    else:
        blocked = f"(SELECT group_concat(k.blocked_id, ',') FROM {block} k WHERE k.owner_id = %s)"
    # The ban in force that ends last, as accounts.selectors.ban_in_force picks it (its ORDER
    # BY until, reversed: on PostgreSQL a ban without an end first).
    in_force = (
        f"SELECT b2.id FROM {ban} b2 WHERE b2.user_id = %s AND b2.lifted_at IS NULL"
        " AND (b2.until IS NULL OR b2.until > %s) ORDER BY b2.until DESC LIMIT 1"
    )
    return (
        f"SELECT t.version, t.private, t.board_held, t.created_by_id, t.invite_token,"
        f" EXISTS (SELECT 1 FROM {seat} s WHERE s.table_id = t.id AND s.user_id = %s),"
        f" EXISTS (SELECT 1 FROM {chat} c WHERE c.table_id = t.id AND NOT c.hidden),"
        f" {blocked}, {rows.columns(Ban, 'b')}"
        f" FROM {table} t LEFT JOIN {ban} b ON b.id = ({in_force})"
        f" WHERE t.id = %s"
    )
