"""Reports of chat lines: the report keeps the line, the chat around it and the table as
they were, for the moderators (accounts.services.report_create stores it)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from accounts.models import Report, User
from accounts.services import ModerationError, report_create
from games.models import ChatMessage
from games.reads.messages import chat_around, chat_dict
from games.services.errors import ServiceError


def chat_message_get(table_id: int, message_id: int) -> ChatMessage:
    """A chat line of a table that players may still read, with its writer and table: a line
    a moderator hid is gone for them, its report page included."""
    message = (
        ChatMessage.objects.select_related("table", "user")
        .filter(pk=message_id, table_id=table_id, hidden=False)
        .first()
    )
    if message is None:
        raise ServiceError("no_message", _("there is no such chat line at this table"))
    return message


def chat_report(user: User, message: ChatMessage, reason: str, text: str = "") -> Report:
    """`user` reports the writer of a chat line."""
    if message.user is None:
        raise ServiceError("no_player", _("this line has no player to report"))
    table = message.table
    context = {
        "table": {"id": table.pk, "game": table.game, "status": table.status},
        "line": {k: v for k, v in chat_dict(message).items() if k != "uid"},
        "chat": chat_around(message),
    }
    try:
        return report_create(
            user, message.user, reason, text, table_id=table.pk, chat_message_id=message.pk,
            context=context,
        )  # fmt: skip
    except ModerationError as error:
        raise ServiceError("bad_report", str(error)) from error
