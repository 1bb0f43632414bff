"""Writes of moderation: bans, mutes, reports, block lists, and one audit row per moderator
action (each also logged on `accounts.audit`)."""

from __future__ import annotations

import logging
from datetime import datetime
from functools import partial
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import signals
from accounts.models import AuditEntry, Ban, Block, Mute, Report, User
from accounts.selectors import ban_cache_key

audit_log = logging.getLogger("accounts.audit")
REPORT_TEXT = Report._meta.get_field("text").max_length  # a report's details, at most


class ModerationError(ValueError):
    """A refused moderation request, with a message for people."""


def audit_record(
    actor: User,
    action: str,
    *,
    target_user: User | None = None,
    target: str = "",
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEntry:
    """Write the one audit row of a moderator action (AuditEntry.Action: hide, mute, ban,
    unban, annul, report_closed, ...)."""
    if action not in AuditEntry.Action.values:
        raise ModerationError(f"unknown moderator action {action!r}")
    entry = AuditEntry.objects.create(
        actor=actor,
        actor_name=actor.get_username() if actor else "",
        action=action,
        target_user=target_user,
        target=target[:200],
        reason=reason,
        details=details or {},
    )
    audit_log.info(
        "%s %s %s%s: %s",
        entry.actor_name,
        action,
        target or "-",
        f" (player {target_user.pk})" if target_user else "",
        reason or "-",
    )
    return entry


def _check_until(until: datetime | None, required: bool) -> None:
    if until is None and required:
        raise ModerationError(_("A mute needs an end."))
    if until is not None and until <= timezone.now():
        raise ModerationError(_("The end must lie in the future."))


def sanction_check(actor: User, user: User) -> None:
    """Whether `actor` may ban or mute `user` (or lift it): nobody sanctions themselves, and
    only superusers sanction staff (moderators and superusers)."""
    if user is None:
        raise ModerationError(_("Choose a player."))
    if actor is not None and actor.pk == user.pk:
        raise ModerationError(_("Nobody can sanction themselves."))
    if (user.is_staff or user.is_superuser) and not getattr(actor, "is_superuser", False):
        raise ModerationError(_("Only a superuser can sanction a member of staff."))


def ban_create(actor: User, user: User, reason: str, until: datetime | None = None) -> Ban:
    """Ban `user` until `until` (None: until lifted). After the commit their open sockets
    close on every server and their seats go to bots (games.receivers)."""
    sanction_check(actor, user)
    _check_until(until, required=False)
    if not (reason or "").strip():
        raise ModerationError(_("A ban needs a reason."))
    with transaction.atomic():
        ban = Ban.objects.create(user=user, reason=reason.strip(), until=until, created_by=actor)
        audit_record(
            actor,
            AuditEntry.Action.BAN,
            target_user=user,
            target=f"player {user}",
            reason=ban.reason,
            details={"ban": ban.pk, "until": _iso(until)},
        )
        transaction.on_commit(partial(_banned, user, ban))
    return ban


def _banned(user: User, ban: Ban) -> None:
    cache.delete(ban_cache_key(user.pk))
    signals.user_banned.send(sender=Ban, user=user, ban=ban)


def ban_lift(actor: User, ban: Ban, reason: str = "") -> bool:
    """End a ban now; False if it was no longer in force."""
    with transaction.atomic():
        ban = Ban.objects.select_for_update().select_related("user").get(pk=ban.pk)
        if not ban.in_force:
            return False
        sanction_check(actor, ban.user)
        ban.lifted_at, ban.lifted_by = timezone.now(), actor
        ban.save(update_fields=["lifted_at", "lifted_by"])
        audit_record(
            actor,
            AuditEntry.Action.UNBAN,
            target_user=ban.user,
            target=f"player {ban.user}",
            reason=reason,
            details={"ban": ban.pk},
        )
        transaction.on_commit(partial(cache.delete, ban_cache_key(ban.user_id)))
    return True


def mute_create(actor: User, user: User, until: datetime, reason: str = "") -> Mute:
    """Refuse `user`'s chat until `until`."""
    sanction_check(actor, user)
    _check_until(until, required=True)
    with transaction.atomic():
        mute = Mute.objects.create(
            user=user, reason=(reason or "").strip(), until=until, created_by=actor
        )
        audit_record(
            actor,
            AuditEntry.Action.MUTE,
            target_user=user,
            target=f"player {user}",
            reason=mute.reason,
            details={"mute": mute.pk, "until": _iso(until)},
        )
    return mute


def mute_lift(actor: User, mute: Mute, reason: str = "") -> bool:
    """End a mute now; False if it was no longer in force."""
    with transaction.atomic():
        mute = Mute.objects.select_for_update().select_related("user").get(pk=mute.pk)
        if not mute.in_force:
            return False
        sanction_check(actor, mute.user)
        mute.lifted_at, mute.lifted_by = timezone.now(), actor
        mute.save(update_fields=["lifted_at", "lifted_by"])
        audit_record(
            actor,
            AuditEntry.Action.UNMUTE,
            target_user=mute.user,
            target=f"player {mute.user}",
            reason=reason,
            details={"mute": mute.pk},
        )
    return True


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def report_create(
    reporter: User,
    reported: User,
    reason: str,
    text: str = "",
    *,
    table_id: int | None = None,
    chat_message_id: int | None = None,
    wall_post_id: int | None = None,
    context: dict[str, Any] | None = None,
) -> Report:
    """A player's report (of a chat line, a wall line, or the player); a second open report
    of the same thing by the same player is the first one again, its details added to the
    first's (a report without them, then one with them: they were dropped, and the reporter
    thanked), under the report's row lock so that two at once both add theirs. The
    reporter's row is held meanwhile (FOR NO KEY UPDATE: rows that refer to the user are
    not held up), so that two first reports at once make one."""
    if reported is None or reporter is None or reported.pk == reporter.pk:
        raise ModerationError(_("You cannot report yourself."))
    if reason not in Report.Reason.values:
        raise ModerationError(_("Choose a reason."))
    same = Report.objects.filter(
        reporter=reporter,
        reported=reported,
        chat_message_id=chat_message_id,
        wall_post_id=wall_post_id,
        status=Report.Status.OPEN,
    )
    text = (text or "").strip()
    with transaction.atomic():  # the open report held while its details grow: none lost
        User.objects.select_for_update(no_key=True).filter(pk=reporter.pk).first()
        existing = same.select_for_update(of=("self",)).first()
        if existing is not None:
            if text and text not in existing.text:
                existing.text = "\n".join(filter(None, (existing.text, text)))[:REPORT_TEXT]
                existing.save(update_fields=["text"])
            return existing
        return Report.objects.create(
            reporter=reporter,
            reported=reported,
            reason=reason,
            text=text[:REPORT_TEXT],
            table_id=table_id,
            chat_message_id=chat_message_id,
            wall_post_id=wall_post_id,
            context=context or {},
        )


def report_close(actor: User, report: Report, outcome: str, note: str = "") -> bool:
    """Close an open report with an outcome; False if it was closed already."""
    if outcome not in Report.Outcome.values:
        raise ModerationError(_("Choose an outcome."))
    with transaction.atomic():
        locked = Report.objects.select_for_update(of=("self",)).select_related("reported")
        report = locked.get(pk=report.pk)
        if report.status == Report.Status.CLOSED:
            return False
        report.status, report.outcome, report.note = Report.Status.CLOSED, outcome, note
        report.closed_at, report.closed_by = timezone.now(), actor
        report.save(update_fields=["status", "outcome", "note", "closed_at", "closed_by"])
        audit_record(
            actor,
            AuditEntry.Action.REPORT_CLOSED,
            target_user=report.reported,
            target=f"report {report.pk}",
            reason=note,
            details={"report": report.pk, "outcome": outcome},
        )
        if outcome == Report.Outcome.WARNED and report.reported is not None:
            notice_add(report.reported, {"kind": "warned", "reason": report.reason})
        closed = partial(signals.report_closed.send, sender=Report, report=report)
        transaction.on_commit(closed, robust=True)
    return True


def notice_add(user: User, notice: dict[str, Any]) -> None:
    """Keep a moderator's notice for `user`: a message on their next page (accounts.middleware
    NoticeMiddleware, which words it in their language)."""
    with transaction.atomic():
        row = User.objects.select_for_update().only("pk", "notices").get(pk=user.pk)
        User.objects.filter(pk=user.pk).update(notices=[*(row.notices or []), notice])
        added = partial(signals.notice_added.send, sender=User, user=row, notice=notice)
        transaction.on_commit(added, robust=True)


def notices_take(user: User) -> list[dict[str, Any]]:
    """The player's unseen notices, now marked seen."""
    with transaction.atomic():
        row = User.objects.select_for_update().only("pk", "notices").get(pk=user.pk)
        if row.notices:
            User.objects.filter(pk=user.pk).update(notices=[])
    return list(row.notices or [])


def display_name_set(actor: User, user: User, name: str, reason: str) -> bool:
    """A moderator replaces `user`'s display name (checked by the caller's form: clean, not
    a bot's or another player's; empty shows the username); audited, and the player is told
    on their next page. False if the name was that already."""
    sanction_check(actor, user)
    if not (reason or "").strip():
        raise ModerationError(_("Say why the name is changed."))
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        old = user.display_name
        if old == name:
            return False
        user.display_name = name
        user.save(update_fields=["display_name"])
        audit_record(
            actor,
            AuditEntry.Action.RENAMED,
            target_user=user,
            target=f"player {user.username}",
            reason=reason.strip(),
            details={"from": old, "to": name},
        )
        notice_add(user, {"kind": "renamed", "name": name or user.username, "reason": reason})
    return True


def block_add(owner: User, blocked: User) -> bool:
    """Hide `blocked`'s chat from `owner`; False if it was hidden already."""
    if owner.pk == blocked.pk:
        raise ModerationError(_("You cannot block yourself."))
    try:
        with transaction.atomic():
            Block.objects.create(owner=owner, blocked=blocked)
    except IntegrityError:
        return False
    transaction.on_commit(partial(signals.blocks_changed.send, sender=Block, user=owner))
    return True


def block_remove(owner: User, blocked: User) -> bool:
    """Show `blocked`'s chat to `owner` again; False if it was not hidden."""
    deleted, _rows = Block.objects.filter(owner=owner, blocked=blocked).delete()
    if deleted:
        transaction.on_commit(partial(signals.blocks_changed.send, sender=Block, user=owner))
    return bool(deleted)


def sessions_revoke(user: User) -> None:
    """After a password change or reset: close the open sockets of the user's sessions
    (those of the session that made the change reconnect; the others' are no longer valid)."""
    transaction.on_commit(partial(signals.sessions_revoked.send, sender=type(user), user=user))
