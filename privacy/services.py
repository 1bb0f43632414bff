"""A player's data: asking for an export (built by privacy.tasks), reading it back, and the
daily sweep of expired exports, ended sessions, past name reservations and due erasures."""

from __future__ import annotations

import re
import secrets
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import ReservedName
from accounts.sessions import sessions_expired_drop
from privacy.erasure import erase_due
from privacy.models import Export
from runtime.scheduling import run_later

TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)


def export_request(user: Any) -> Export:
    """A new export of the player's data (or the one still being prepared)."""
    pending = Export.objects.filter(user=user, status=Export.Status.QUEUED).first()
    if pending is not None:
        return pending
    export = Export.objects.create(
        user=user, token=secrets.token_urlsafe(32),
        expires=timezone.now() + timedelta(days=settings.WHIST_EXPORT_DAYS),
    )  # fmt: skip
    transaction.on_commit(partial(run_later, "privacy.tasks.export_build", (export.pk,)))
    return export


def exports_of(user: Any) -> list[Export]:
    return list(Export.objects.filter(user=user, expires__gt=timezone.now()).defer("archive")[:5])


def export_for(user: Any, token: str) -> Export | None:
    """The player's ready export of that token, if it has not expired."""
    if not TOKEN.fullmatch(token):
        return None
    return Export.objects.filter(
        user=user, token=token, status=Export.Status.READY, expires__gt=timezone.now()
    ).first()


def sweep(now: Any = None) -> dict[str, int]:
    """The daily housekeeping of players' data; what it removed."""
    now = now or timezone.now()
    return {
        "exports": Export.objects.filter(expires__lte=now).delete()[0],
        "reserved_names": ReservedName.objects.filter(until__lte=now).delete()[0],
        "sessions": sessions_expired_drop(),
        "erased": erase_due(now),
    }
