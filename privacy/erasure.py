"""Erasing a closed account once its grace period is over (accounts.deletion): the games
stay in the other players' histories with the seat named "deleted player"; chat lines, club
wall lines, the profile and every row with a key to the player go; the player's names are
reserved for a while; what others keep (reports, the moderators' log, notifications, the
others' lines) loses the name."""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from accounts.deletion import legal_hold
from accounts.models import AuditEntry, Report, ReservedName
from accounts.services import audit_record
from clubs.models import Membership, Post
from clubs.services import member_erase
from games.models import ChatMessage, Table
from records.models import GamePlayer, GameRecord
from records.presenters import DELETED_PLAYER
from social.models import Notification

log = logging.getLogger(__name__)
DELETED = DELETED_PLAYER  # the seat's name in stored games (records' pages translate it)


def _scrub(value: Any, names: set[str]) -> tuple[Any, bool]:
    """`value` (JSON) with every string equal to one of `names` replaced, and a line (a dict
    with a "text") written under one of them emptied; and whether anything changed."""
    if isinstance(value, str):
        return (DELETED, True) if value.casefold() in names else (value, False)
    if isinstance(value, list):
        pairs = [_scrub(v, names) for v in value]
        return [p[0] for p in pairs], any(p[1] for p in pairs)
    if isinstance(value, dict):
        out, changed = {}, False
        for key, item in value.items():
            out[key], hit = _scrub(item, names)
            changed |= hit
        if any(str(value.get(k, "")).casefold() in names for k in ("name", "username")):
            if "text" in out:
                out["text"], changed = "", True
        return out, changed
    return value, False


def _seats_erase(user: Any) -> None:
    """The player's seats in stored games and in their tables' records: "deleted player".
    GameRecord refuses a change through save() (records.models); this is the one change of
    a stored game besides annulling, so it goes by update()."""
    for row in GamePlayer.objects.filter(user=user).select_related("record"):
        record = row.record
        seats = [dict(s) for s in record.seats]
        seats[row.seat] = {"name": DELETED, "user": None, "username": None, "bot": None}
        data = dict(record.record)
        data["seats"] = [dict(s) for s in data["seats"]]
        data["seats"][row.seat]["name"] = DELETED
        GameRecord.objects.filter(pk=record.pk).update(seats=seats, record=data)
    GamePlayer.objects.filter(user=user).update(user=None, name=DELETED)
    for table in Table.objects.filter(seats__user=user).distinct():
        if isinstance(table.record, dict) and table.record.get("seats"):
            index = {s.index for s in table.seats.all() if s.user_id == user.pk}
            data = dict(table.record)
            data["seats"] = [
                {**s, "name": DELETED} if i in index else s for i, s in enumerate(data["seats"])
            ]
            Table.objects.filter(pk=table.pk).update(record=data)


def _chat_erase(user: Any) -> None:
    """The player's chat lines go (their wall lines go with the account: Post.author is
    CASCADE); the others' lines at their tables and on their clubs' walls lose the player's
    names."""
    tables = list(Table.objects.filter(chat__user=user).values_list("pk", flat=True).distinct())
    clubs = list(Membership.objects.filter(user=user).values_list("club_id", flat=True))
    ChatMessage.objects.filter(user=user).delete()
    _mentions_erase(ChatMessage.objects.filter(table_id__in=tables), user)
    _mentions_erase(Post.objects.filter(club_id__in=clubs), user)


def _mentions_erase(lines: Any, user: Any) -> None:
    """Each of these lines (a `text` field) with the player's names put as "deleted player"."""
    names = [n for n in (user.display_name, user.username) if n]
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    mentions = Q()
    for name in names:
        mentions |= Q(text__icontains=name)
    found = list(lines.filter(mentions).only("pk", "text"))
    for line in found:
        line.text = pattern.sub(DELETED, line.text)
    lines.model.objects.bulk_update(found, ["text"])  # one UPDATE


def _mentioning(rows: Any, field: str, name: str) -> Any:
    """The rows whose JSON `field` has `name` somewhere (the scrub decides what it is)."""
    return rows.annotate(_text=Cast(field, TextField())).filter(_text__icontains=name).iterator()


def _names_erase(user: Any) -> None:
    """What other people keep loses the player's names."""
    names = {n.casefold() for n in (user.username, user.display_name, user.email) if n}
    target = f"player #{user.pk}"
    for entry in AuditEntry.objects.filter(target_user=user).iterator():
        entry.details, _changed = _scrub(entry.details, names)
        entry.target = target
        entry.save(update_fields=["details", "target"])
    AuditEntry.objects.filter(actor=user).update(actor_name=f"deleted account #{user.pk}")
    for report in _mentioning(Report.objects.all(), "context", user.username):
        context, changed = _scrub(report.context, names)
        if changed:
            Report.objects.filter(pk=report.pk).update(context=context)
    for note in _mentioning(Notification.objects.exclude(user=user), "data", user.username):
        if _scrub(note.data, names)[1]:
            note.delete()
    LogEntry.objects.filter(object_repr__in=[user.username, str(user)]).update(
        object_repr=target, change_message=""
    )


def erase(user: Any) -> bool:
    """Erase the account now, unless a legal hold keeps it (then audited once, and False)."""
    hold = legal_hold(user)
    if hold:
        if not AuditEntry.objects.filter(target_user=user, action=AuditEntry.Action.HELD).exists():
            audit_record(None, AuditEntry.Action.HELD, target_user=user,
                         target=f"player #{user.pk}", reason=hold)  # fmt: skip
        return False
    until = timezone.now() + timedelta(days=settings.WHIST_NAME_RESERVED_DAYS)
    with transaction.atomic():
        for key in {user.username_key, user.name_key} - {""}:
            ReservedName.objects.create(key=ReservedName.reserved_key(key), until=until)
        _seats_erase(user)
        _chat_erase(user)
        member_erase(user)  # the clubs it alone owns pass on; its wall lines go with it
        # Reports about the player: all closed by now (an open one holds the erasure back).
        Report.objects.filter(reported=user).delete()
        _names_erase(user)
        audit_record(None, AuditEntry.Action.ERASED, target=f"player #{user.pk}")
        user.delete()
    return True


def erase_due(now: Any = None) -> int:
    """Erase every closed account whose grace period is over; how many were erased."""
    due = get_user_model().objects.filter(deletion_due__lte=now or timezone.now())
    erased = 0
    for user in due.iterator():
        try:
            erased += erase(user)
        except Exception:  # one account's failure must not stop the others
            log.exception("erasing account %s failed", user.pk)
    return erased
