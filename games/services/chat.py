"""Table chat: stored raw (pages insert it as text), length-limited and rate-limited per user."""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import broadcast
from games.models import ChatMessage, Table
from games.selectors import chat_dict, user_name
from games.services.errors import ServiceError

RATE_COUNT, RATE_SECONDS = 5, 10


def chat_post(table_id: int, user: Any, text: Any) -> dict[str, Any]:
    """Store a chat line of a logged-in user and send it to everyone at the table."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to chat"))
    text = _clean(text)
    since = timezone.now() - timedelta(seconds=RATE_SECONDS)
    with transaction.atomic():
        if not Table.objects.filter(pk=table_id).exists():
            raise ServiceError("no_table", _("there is no table %(id)s") % {"id": table_id})
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


def _clean(text: Any) -> str:
    if not isinstance(text, str):
        raise ServiceError("bad_message", _("chat text is a string"))
    # Control characters (other than none we need) could break layouts or logs.
    text = "".join(c for c in text if unicodedata.category(c) != "Cc").strip()
    if not text:
        raise ServiceError("chat_empty", _("write something first"))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            "chat_too_long",
            _("at most %(most)s characters, not %(length)s")
            % {"most": ChatMessage.MAX_LENGTH, "length": len(text)},
        )
    return text


def chat_hide(message_ids: list[int]) -> int:
    """Hide chat messages (moderation); their tables' sockets drop them. The count hidden."""
    with transaction.atomic():
        rows = list(ChatMessage.objects.filter(pk__in=message_ids, hidden=False))
        ChatMessage.objects.filter(pk__in=[m.pk for m in rows]).update(hidden=True)
        by_table: dict[int, list[int]] = {}
        for message in rows:
            by_table.setdefault(message.table_id, []).append(message.pk)
        for table_id, ids in by_table.items():
            broadcast.chat_hidden(table_id, ids)
    return len(rows)
