"""Reads of the social app: friends (who is online, who is at a table), friend requests,
invitations, notifications, blocks between two players, and the player search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone
from friendship.models import Friend, FriendshipRequest

from accounts.models import Block
from accounts.text import name_key
from games.models import Seat, Table
from games.reads.sight import cards_open
from games.sockets.limits import online
from social.models import OFF_BY_DEFAULT, Invitation, Kind, Mail, Notification, SocialSettings

SEARCH_RESULTS = 20
LIVE = (Table.Status.OPEN, Table.Status.PLAYING)


@dataclass(frozen=True)
class FriendRow:
    """One friend as the friends list shows them."""

    user: Any
    online: bool
    table: Table | None  # the public table they sit at now, to watch
    private_table: bool  # they sit at a private table (not linked)


def blocked_between(a_id: int, b_id: int) -> bool:
    """Whether either player blocks the other."""
    return Block.objects.filter(
        Q(owner_id=a_id, blocked_id=b_id) | Q(owner_id=b_id, blocked_id=a_id)
    ).exists()


def _blocked_either(user_id: int) -> set[int]:
    rows = Block.objects.filter(Q(owner_id=user_id) | Q(blocked_id=user_id))
    return {b if o == user_id else o for o, b in rows.values_list("owner_id", "blocked_id")}


def friend_ids(user_id: int) -> list[int]:
    """The user's friends, less anyone either of them blocks."""
    ids = Friend.objects.filter(from_user_id=user_id).values_list("to_user_id", flat=True)
    hidden = _blocked_either(user_id)
    return [i for i in ids if i not in hidden]


def are_friends(a_id: int, b_id: int) -> bool:
    return Friend.objects.filter(from_user_id=a_id, to_user_id=b_id).exists()


def friends_of(user: Any) -> list[FriendRow]:
    """The user's friends, online ones first, each with the table they sit at now."""
    ids = friend_ids(user.pk)
    users = get_user_model().objects.filter(pk__in=ids, is_active=True)
    here = online(ids)
    seats = Seat.objects.filter(user_id__in=ids, table__status__in=LIVE).select_related("table")
    at: dict[int, Table] = {}
    for seat in seats.order_by("table__created"):
        at[seat.user_id] = seat.table
    # A private table, or a held board's (games.reads.sight), is not linked.
    shown = {k: t for k, t in at.items() if not t.private and cards_open(t, user)}
    rows = [
        FriendRow(
            user=u,
            online=u.pk in here,
            table=shown.get(u.pk),
            private_table=u.pk in at and u.pk not in shown,
        )  # fmt: skip
        for u in users
    ]
    return sorted(rows, key=lambda r: (not r.online, r.table is None, str(r.user).casefold()))


def requests_received(user: Any) -> list[FriendshipRequest]:
    hidden = _blocked_either(user.pk)
    rows = FriendshipRequest.objects.filter(to_user=user, rejected__isnull=True)
    return [r for r in rows.select_related("from_user") if r.from_user_id not in hidden]


def requests_sent(user: Any) -> list[FriendshipRequest]:
    rows = FriendshipRequest.objects.filter(from_user=user, rejected__isnull=True)
    return list(rows.select_related("to_user"))


def request_pending(from_id: int, to_id: int) -> bool:
    return FriendshipRequest.objects.filter(
        from_user_id=from_id, to_user_id=to_id, rejected__isnull=True
    ).exists()


def invitations_pending(user: Any) -> list[Invitation]:
    """Invitations waiting for the user's answer, not yet expired, newest first."""
    rows = Invitation.objects.filter(
        recipient=user, status=Invitation.Status.PENDING, expires__gt=timezone.now()
    )
    return list(rows.select_related("sender", "table").order_by("-created"))


def invitations_waiting_from(user_id: int) -> int:
    """How many of the user's invitations wait for an answer now."""
    return Invitation.objects.filter(
        sender_id=user_id, status=Invitation.Status.PENDING, expires__gt=timezone.now()
    ).count()


def unread_count(user_id: int) -> int:
    return Notification.objects.filter(user_id=user_id, read=False).count()


def notifications_recent(user: Any, limit: int = 50) -> list[Notification]:
    return list(Notification.objects.filter(user=user).order_by("-created", "-pk")[:limit])


def muted_kinds(user_id: int) -> set[str]:
    row = settings_of(user_id)
    return {k for k in Kind.values if kind_off(row, k)}


def kind_off(row: SocialSettings, kind: str) -> bool:
    """Whether the player does not want this kind at all (turned off, or off by default
    and never turned on)."""
    if kind in OFF_BY_DEFAULT:
        return kind not in (row.enabled or [])
    return kind in (row.muted or [])


def settings_of(user_id: int) -> SocialSettings:
    """The player's notification choices (the defaults, unsaved, if they never chose)."""
    return SocialSettings.objects.filter(user_id=user_id).first() or SocialSettings(user_id=user_id)


def push_wanted(row: SocialSettings, kind: str) -> bool:
    """Whether the player wants this kind pushed to the devices they allowed."""
    return not kind_off(row, kind) and kind not in (row.push_muted or [])


def mail_choice(row: SocialSettings, kind: str) -> str:
    """Mail.NOW, Mail.DAILY or Mail.NONE for this kind: none if the kind is turned off."""
    if kind_off(row, kind):
        return Mail.NONE
    choice = (row.mail or {}).get(kind, Mail.NONE)
    return choice if choice in Mail.values else Mail.NONE


def player_search(query: str, viewer: Any = None) -> list[Any]:
    """Active players whose username or shown name contains `query` (letter case and
    look-alike letters ignored for a whole-name match, which comes first)."""
    query = (query or "").strip()[:150]
    if not query:
        return []
    key = name_key(query)
    active = get_user_model().objects.filter(is_active=True).order_by("username")
    # Two bounded queries, each on an index: the name keys (b-tree), then the parts of either
    # name (PostgreSQL: trigram indexes on UPPER(name), which icontains compares).
    exact = list(active.filter(Q(username_key=key) | Q(name_key=key))[:SEARCH_RESULTS])
    if len(exact) == SEARCH_RESULTS:
        return exact
    parts = active.filter(Q(username__icontains=query) | Q(display_name__icontains=query))
    rest = parts.exclude(pk__in=[u.pk for u in exact])[: SEARCH_RESULTS - len(exact)]
    return exact + list(rest)


def open_tables_of(user: Any) -> list[Table]:
    """The open tables the user sits at, with a free seat: where they may invite someone."""
    seats = Seat.objects.filter(user=user, table__status=Table.Status.OPEN).select_related("table")
    tables = [s.table for s in seats.order_by("-table__created")]
    free = set(
        Seat.objects.filter(table__in=tables, user__isnull=True, bot="").values_list(
            "table_id", flat=True
        )
    )
    return [t for t in tables if t.pk in free]
