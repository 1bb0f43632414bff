"""Notifications by mail (docs/deployment.md §"Mail"): per kind the player chooses no mail,
a mail at once or a daily digest. Every mail goes through accounts.mail (the reader's
language, a plain-text part, only to a confirmed address; times in the zone the reader
chose on their profile, else UTC, named), never to a player who is online
at that moment (the live notice suffices), at most WHIST_NOTICE_MAILS_PER_DAY a day each,
and carries a one-click unsubscribe (RFC 8058: List-Unsubscribe with a signed link that
needs no login, and List-Unsubscribe-Post).
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation

from accounts import mail
from accounts.time_zones import chosen
from games.sockets.limits import online
from social import texts
from social.models import Kind, Mail, Notification, SocialSettings
from social.selectors import mail_choice, settings_of

log = logging.getLogger(__name__)
SALT = "social.unsubscribe"


def unsubscribe_token(user_id: int, kinds: list[str]) -> str:
    """A signed token naming the player and the kinds whose mail it stops."""
    return signing.dumps({"u": user_id, "k": sorted(kinds)}, salt=SALT, compress=True)


def unsubscribe_read(token: str) -> tuple[int, list[str]] | None:
    """The player and kinds of a token, or None if it is not one of ours."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None
    kinds = [k for k in data.get("k") or [] if k in Kind.values]
    return data["u"], kinds


def unsubscribe(user_id: int, kinds: list[str]) -> bool:
    """No more mail of these kinds for the player; False if there is no such player."""
    with transaction.atomic():
        if not get_user_model().objects.filter(pk=user_id).exists():
            return False
        row, _ = SocialSettings.objects.select_for_update().get_or_create(user_id=user_id)
        row.mail = {k: v for k, v in (row.mail or {}).items() if k not in kinds}
        row.save(update_fields=["mail"])
    return True


def _headers(user_id: int, kinds: list[str]) -> tuple[str, dict[str, str]]:
    link = mail.absolute_url(
        reverse("social_unsubscribe", args=[unsubscribe_token(user_id, kinds)])
    )
    return link, {
        "List-Unsubscribe": f"<{link}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }


def _within_bound(user_id: int, today: datetime.date) -> bool:
    """Count one more notification mail of today for the player; False past the bound."""
    bound = settings.WHIST_NOTICE_MAILS_PER_DAY
    with transaction.atomic():
        row, _ = SocialSettings.objects.select_for_update().get_or_create(user_id=user_id)
        if row.mails_day != today:
            row.mails_day, row.mails_sent = today, 0
        if row.mails_sent >= bound:
            return False
        row.mails_sent += 1
        row.save(update_fields=["mails_day", "mails_sent"])
    return True


def notice_mail(note_id: int) -> bool:
    """Mail one notification at once, if the player still wants it so, may be mailed, is
    not online and is within today's bound. Whether a mail was queued."""
    note = Notification.objects.select_related("user").filter(pk=note_id).first()
    if note is None or note.read:
        return False
    user = note.user
    if mail_choice(settings_of(user.pk), note.kind) != Mail.NOW or not mail.can_mail(user):
        return False
    if online([user.pk]):
        return False
    if not _within_bound(user.pk, timezone.localdate()):
        log.info("notification mail bound reached for user %s", user.pk)
        return False
    link, headers = _headers(user.pk, [note.kind])
    with translation.override(mail.language_of(user)), timezone.override(chosen(user)):
        context = {
            "text": texts.text(note.kind, note.data),
            "link": mail.absolute_url(texts.link(note.kind, note.data)),
            "unsubscribe": link,
            "settings_link": mail.absolute_url(reverse("my_profile") + "#notification-settings"),
        }
    return mail.send(user, "notice", context, headers=headers)


def digest_due(now: datetime.datetime) -> datetime.datetime:
    """The latest digest time (WHIST_DIGEST_HOUR, the site's time zone) at or before now."""
    local = timezone.localtime(now)
    due = local.replace(hour=settings.WHIST_DIGEST_HOUR, minute=0, second=0, microsecond=0)
    return due if due <= local else due - datetime.timedelta(days=1)


def digests_send(now: datetime.datetime | None = None) -> int:
    """Each player's daily digest, once a day from WHIST_DIGEST_HOUR on: their unread
    notifications of the kinds they chose a digest for, since the last digest. How many
    were queued."""
    now = now or timezone.now()
    due = digest_due(now)
    sent = 0
    rows = SocialSettings.objects.exclude(mail={}).select_related("user")
    for row in rows.filter(user__is_active=True):
        if row.digest_sent is not None and row.digest_sent >= due:
            continue
        if _digest(row, due, now):
            sent += 1
    return sent


def _digest(row: SocialSettings, due: datetime.datetime, now: datetime.datetime) -> bool:
    user = row.user
    kinds = [k for k in Kind.values if mail_choice(row, k) == Mail.DAILY]
    if not kinds or not mail.can_mail(user):
        return False
    since = row.digest_sent or (due - datetime.timedelta(days=1))
    notes = list(
        Notification.objects.filter(
            user=user, kind__in=kinds, read=False, created__gt=since, created__lte=now
        ).order_by("created", "pk")
    )
    if not notes or online([user.pk]):
        return False  # an online player sees the bell; what stays unread waits for tomorrow
    if not _within_bound(user.pk, timezone.localdate(now)):
        return False
    link, headers = _headers(user.pk, kinds)
    with translation.override(mail.language_of(user)), timezone.override(chosen(user)):
        items = [
            {"text": texts.text(n.kind, n.data),
             "link": mail.absolute_url(texts.link(n.kind, n.data))}
            for n in notes
        ]  # fmt: skip
        context = {
            "items": items, "count": len(items), "unsubscribe": link,
            "settings_link": mail.absolute_url(reverse("my_profile") + "#notification-settings"),
            "all_link": mail.absolute_url(reverse("social_notifications")),
        }  # fmt: skip
    SocialSettings.objects.filter(pk=row.pk).update(digest_sent=now)
    return mail.send(user, "notice_digest", context, headers=headers)
