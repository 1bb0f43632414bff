"""Notifications: stored for the centre and sent at once to the player's open pages through
their user group (every page has a socket in it: the table's, the lobby's or the small
notices socket; docs/protocol.md §"Notifications")."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from accounts.time_zones import chosen_of
from games import broadcast
from runtime.scheduling import run_later
from social import texts
from social.models import OFF_BY_DEFAULT, Kind, Mail, Notification, SocialSettings
from social.selectors import kind_off, mail_choice, push_wanted, settings_of, unread_count
from social.services import pushing


def notify(user_id: int, kind: str, data: dict[str, Any]) -> Notification | None:
    """Keep a notification for the user and send it to their open pages after the commit
    (and by mail and push, as they chose); None if they turned this kind off."""
    if kind not in Kind.values:
        raise ValueError(f"unknown notification kind {kind!r}")
    choices = settings_of(user_id)
    if kind_off(choices, kind):
        return None
    note = Notification.objects.create(user_id=user_id, kind=kind, data=data)
    _deliver(note, choices, pushing.wanted(user_id, kind), chosen_of([user_id]).get(user_id))
    return note


def notify_many(kind: str, notices: list[tuple[int, dict[str, Any]]]) -> list[Notification]:
    """`notify` for many (user id, data) at once (an event's round seated: hundreds): the
    players' choices and push devices read in one query each, the rows made in one INSERT,
    each delivered after the commit."""
    if kind not in Kind.values:
        raise ValueError(f"unknown notification kind {kind!r}")
    ids = [user for user, _data in notices]
    choices = {row.user_id: row for row in SocialSettings.objects.filter(user_id__in=ids)}
    devices = pushing.users_with_devices(ids)
    default = SocialSettings()
    wanted = [(u, d) for u, d in notices if not kind_off(choices.get(u, default), kind)]
    notes = Notification.objects.bulk_create(
        [Notification(user_id=u, kind=kind, data=d) for u, d in wanted]
    )
    zones = chosen_of([u for u, _d in wanted])
    for note in notes:
        row = choices.get(note.user_id, default)
        push = note.user_id in devices and push_wanted(row, kind)
        _deliver(note, row, push, zones.get(note.user_id))
    return notes


def _deliver(note: Notification, choices: SocialSettings, push: bool, zone: str | None) -> None:
    """After the commit: the live notice (its times in the reader's `zone`), the mail at
    once (social/services/mailing.py) and the push (social/services/pushing.py) if the
    player chose them."""
    transaction.on_commit(partial(send_live, note, zone), robust=True)
    if mail_choice(choices, note.kind) == Mail.NOW:
        later = partial(run_later, "social.tasks.notice_mail", (note.pk,))
        transaction.on_commit(later, robust=True)
    if push:
        later = partial(run_later, "social.tasks.notice_push", (note.pk,))
        transaction.on_commit(later, robust=True)


def send_live(note: Notification, zone: str | None = None) -> None:
    """The notification on every open socket of its user, with their unread count; its
    times in the reader's chosen `zone` (else UTC, named), not the sender's."""
    with timezone.override(zone):
        words = texts.texts(note.kind, note.data)
    message = {
        "type": "notice", "id": note.pk, "kind": note.kind,
        "texts": words, "url": texts.link(note.kind, note.data),
        "unread": unread_count(note.user_id), "data": _public(note),
    }  # fmt: skip
    broadcast.user_send(note.user_id, {"type": "user.notice", "message": message})


def _public(note: Notification) -> dict[str, Any]:
    """What the page needs to act on a notification (an invitation's answer buttons)."""
    if note.kind == Kind.INVITATION:
        return {"invitation": note.data.get("invitation"), "expires": note.data.get("expires")}
    return {}


def notifications_read(user: User, ids: list[int] | None = None) -> int:
    """Mark the user's notifications read (those of `ids`, or all); the new unread count goes
    to their open pages. How many changed."""
    rows = Notification.objects.filter(user=user, read=False)
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    changed = rows.update(read=True)
    if changed:
        count = {"type": "notice_count", "unread": unread_count(user.pk)}
        send = partial(broadcast.user_send, user.pk, {"type": "user.notice", "message": count})
        transaction.on_commit(send, robust=True)
    return changed


def settings_save(
    user: User,
    muted: list[str],
    mail: dict[str, str] | None = None,
    push_muted: list[str] | None = None,
) -> SocialSettings:
    """Which kinds of notification the player turned off, and (if given) which come by mail
    at once or in the daily digest (Mail values; anything else is no mail) and which are
    not pushed to their devices."""
    chosen = {k for k in muted if k in Kind.values}
    defaults: dict[str, Any] = {
        "muted": sorted(chosen - OFF_BY_DEFAULT),
        "enabled": sorted(OFF_BY_DEFAULT - chosen),
    }
    if push_muted is not None:
        defaults["push_muted"] = sorted({k for k in push_muted if k in Kind.values})
    if mail is not None:
        defaults["mail"] = {
            k: v for k, v in mail.items() if k in Kind.values and v in (Mail.NOW, Mail.DAILY)
        }
    row, _ = SocialSettings.objects.update_or_create(user=user, defaults=defaults)
    return row
