"""Reads about partners in the quick-play pool: the invitations open to a player, one of them,
and a wait with its partner's name."""

from __future__ import annotations

from typing import Any

from games.models import PoolEntry


def _invitation(entry: PoolEntry) -> dict[str, Any]:
    line = entry.line
    return {"inviter": entry.user_id, "name": str(entry.user), "game": line.game,
            "players": line.players, "rated": line.rated}  # fmt: skip


def pair_invitations(user_id: int | None, inviter: int | None = None) -> list[dict[str, Any]]:
    """The invitations open to `user_id` to wait as partners (only `inviter`'s, if given),
    oldest first: who invites (id, shown name) and to which line."""
    if user_id is None:
        return []
    rows = PoolEntry.objects.filter(partner_id=user_id, pending=True)
    if inviter is not None:
        rows = rows.filter(user_id=inviter)
    rows = rows.select_related("user", "line").order_by("joined", "pk")
    return [_invitation(e) for e in rows]


def pair_wait(user_id: int | None, channel: str) -> tuple[PoolEntry, str] | None:
    """The user's wait from `channel` with its partner's shown name, if they wait with one."""
    entry = (PoolEntry.objects.filter(user_id=user_id, channel=channel, partner__isnull=False)
             .select_related("line", "partner").first())  # fmt: skip
    return None if entry is None else (entry, str(entry.partner))
