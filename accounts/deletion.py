"""Closing an account: the player (after their password) or staff (audited) ask for it; the
account is closed at once and erased after a grace period (privacy.erasure) in which logging
in restores it. An open report naming the player or a sanction in force is a legal hold: the
erasure waits until it ends (audited)."""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts import mail, signals
from accounts.models import AuditEntry, Ban, Mute, Report, User
from accounts.services import audit_record
from accounts.sessions import sessions_end


def legal_hold(user: Any) -> str:
    """Why the player's data must be kept for now ("" if nothing holds it): a report naming
    them still open, or a ban or mute in force."""
    if Report.objects.filter(reported=user, status=Report.Status.OPEN).exists():
        return "open report"
    if Ban.objects.active().filter(user=user).exists():
        return "ban in force"
    if Mute.objects.active().filter(user=user).exists():
        return "mute in force"
    return ""


def deletion_schedule(user: Any, actor: Any = None, reason: str = "") -> Any:
    """Close the account now and set its erasure for the end of the grace period; `actor`
    is the staff member who asked (None: the player). Its sessions end, its seats go to
    bots (games.receivers), and its confirmed address is told how to undo it."""
    due = timezone.now() + timedelta(days=settings.WHIST_DELETION_GRACE_DAYS)
    with transaction.atomic():
        User.objects.filter(pk=user.pk).update(deletion_due=due, is_active=False)
        user.deletion_due, user.is_active = due, False
        audit_record(
            actor or user, AuditEntry.Action.DELETION, target_user=user,
            target=f"player #{user.pk}", reason=reason,
            details={"due": due.isoformat(), "by_staff": actor is not None,
                     "hold": legal_hold(user)},
        )  # fmt: skip
        if user.email:
            mail.send(user, "deletion_scheduled", {"due": due}, to=user.email)
    sessions_end(user)
    transaction.on_commit(partial(signals.account_closed.send, sender=User, user=user))
    return due


def deletion_cancel(user: Any) -> None:
    """The player logged in within the grace period: the account is theirs again."""
    User.objects.filter(pk=user.pk).update(deletion_due=None, is_active=True)
    user.deletion_due, user.is_active = None, True
    audit_record(user, AuditEntry.Action.RESTORED, target_user=user, target=f"player #{user.pk}")
