"""Table chat: stored raw (pages insert it as text), cleaned of invisible characters,
length-limited and rate-limited per user; refused to muted and banned players, and to
spectators at a players-only table."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import AuditEntry, User
from accounts.selectors import mute_active, when
from accounts.services import audit_record
from accounts.text import clean_text
from games import broadcast
from games.models import ChatMessage, Table
from games.reads.messages import chat_dict, user_name
from games.reads.queries import can_watch, is_seated
from games.services.errors import ServiceError, check_ban
from runtime.locks import xact_lock

RATE_COUNT, RATE_SECONDS = 5, 10


def chat_post(
    table_id: int, user: User, text: object, session: SessionBase | None = None
) -> dict[str, Any]:
    """Store a chat line of a logged-in user who may watch the table (a private one: its
    players, creator and those whose `session` holds the invite) and send it to everyone
    at the table."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to chat"))
    text = _clean(text)
    _check_sanctions(user)
    since = timezone.now() - timedelta(seconds=RATE_SECONDS)
    with transaction.atomic():
        table = (
            Table.objects.filter(pk=table_id)
            .only("chat_players_only", "private", "created_by", "invite_token")
            .first()
        )
        if table is None:
            raise ServiceError("no_table", _("there is no table %(id)s") % {"id": table_id})
        if not can_watch(table, user, session):
            raise ServiceError("forbidden", _("this private table needs its invite link"))
        if table.chat_players_only and not is_seated(table_id, user):
            raise ServiceError("players_only", _("only the players chat at this table"))
        _one_at_a_time(user.pk)
        if ChatMessage.objects.filter(user=user, created__gte=since).count() >= RATE_COUNT:
            raise ServiceError(
                "rate_limited",
                _("at most %(count)s messages in %(seconds)s seconds")
                % {"count": RATE_COUNT, "seconds": RATE_SECONDS},
            )
        message = ChatMessage.objects.create(
            table_id=table_id, user=user, name=user_name(user), text=text
        )
        entry = chat_dict(message)
        broadcast.chat_posted(table_id, [entry])
    return entry


def _one_at_a_time(user_id: int) -> None:
    """The rest of the transaction runs for one chat line of the user at a time: on
    PostgreSQL a lock of the transaction on the user's number (an advisory lock, which no
    row lock waits for), so the count of their recent lines and the new line's insert are
    one step (8 lines sent at once were all counted before any was stored: 12 stored where
    5 may be). SQLite runs one write at a time anyway."""
    xact_lock("games.chat", user_id)


def _check_sanctions(user: User) -> None:
    check_ban(user)
    mute = mute_active(user)
    if mute is not None:
        message = _("you are muted until %(until)s") % {"until": when(mute.until)}
        raise ServiceError("muted", f"{message}: {mute.reason}" if mute.reason else message)


def _clean(text: object) -> str:
    if not isinstance(text, str):
        raise ServiceError("bad_message", _("chat text is a string"))
    # Control characters could break layouts or logs; bidi overrides and zero-width
    # characters could disguise a line or a name (accounts.text).
    text = clean_text(text)
    if not text:
        raise ServiceError("chat_empty", _("write something first"))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            "chat_too_long",
            _("at most %(most)s characters, not %(length)s")
            % {"most": ChatMessage.MAX_LENGTH, "length": len(text)},
        )
    return text


def chat_hide(message_ids: list[int], moderator: User | None = None, reason: str = "") -> int:
    """Hide chat messages (moderation); their tables' sockets drop them; one audit row per
    message hidden by a moderator. The count hidden."""
    with transaction.atomic():
        rows = list(ChatMessage.objects.filter(pk__in=message_ids, hidden=False))
        ChatMessage.objects.filter(pk__in=[m.pk for m in rows]).update(hidden=True)
        by_table: dict[int, list[int]] = {}
        for message in rows:
            by_table.setdefault(message.table_id, []).append(message.pk)
            if moderator is not None:
                _audit_hide(moderator, message, reason)
        for table_id, ids in by_table.items():
            broadcast.chat_hidden(table_id, ids)
    return len(rows)


def _audit_hide(moderator: User, message: ChatMessage, reason: str) -> None:
    audit_record(
        moderator, AuditEntry.Action.HIDE, target_user=message.user,
        target=f"chat message {message.pk} at table {message.table_id}", reason=reason,
        details={"message": message.pk, "table": message.table_id, "text": message.text},
    )  # fmt: skip
