"""Background work of the social app, in the bookkeeping lane (runtime/scheduling.py):
notification mails at once and the daily digests (social/services/mailing.py), and pushes
(social/services/pushing.py)."""

from __future__ import annotations

import logging

from celery import shared_task

from runtime.scheduling import RETRY
from social.services import friends_told, mailing, pushing, turn_notify

log = logging.getLogger(__name__)


@shared_task(acks_late=True, ignore_result=True, **RETRY)
def notice_mail(note_id: int) -> None:
    """Mail one notification at once (if the player still wants it and is not online)."""
    mailing.notice_mail(note_id)


@shared_task(acks_late=True, ignore_result=True, **RETRY)
def notice_push(note_id: int) -> None:
    """Push one notification to every device its player allowed."""
    pushing.notice_push(note_id)


@shared_task(acks_late=True, ignore_result=True, **RETRY)
def digests() -> None:
    """The daily digests that are due (queued hourly by the watchdog: social.receivers)."""
    log.info("notification digests sent: %s", mailing.digests_send())


@shared_task(acks_late=True, ignore_result=True, **RETRY)
def friend_online(user_id: int) -> None:
    """A player came online: each friend who turned this kind on hears it."""
    friends_told(user_id)


@shared_task(acks_late=True, ignore_result=True, **RETRY)
def turn_check(table_id: int, user_id: int, moves: int) -> None:
    """A timed turn that waited: told if it still waits and the player is still away from
    the table."""
    turn_notify(table_id, user_id, moves)
