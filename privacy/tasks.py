"""Background work on players' data: building an export, and the sweep (beat, hourly)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from accounts import mail
from privacy.export import archive
from privacy.models import Export

log = logging.getLogger(__name__)


@shared_task(acks_late=True, ignore_result=True)
def export_build(export_id: int) -> None:
    """Build the archive of an export, store it, and mail its link (to a confirmed address;
    the data page shows it either way)."""
    export = Export.objects.select_related("user").filter(pk=export_id).first()
    if export is None or export.status != Export.Status.QUEUED:
        return
    try:
        data = archive(export.user)
    except Exception:
        log.exception("export %s failed", export_id)
        Export.objects.filter(pk=export_id).update(
            status=Export.Status.FAILED, finished=timezone.now()
        )
        raise
    Export.objects.filter(pk=export_id).update(
        archive=data, size=len(data), status=Export.Status.READY, finished=timezone.now()
    )
    link = mail.absolute_url(reverse("privacy_data"))
    mail.send(export.user, "export_ready", {"link": link, "expires": export.expires})


@shared_task(acks_late=True, ignore_result=True)
def sweep() -> None:
    """Expired exports, ended sessions, past name reservations, due erasures."""
    from privacy.services import sweep as run

    Session.objects.filter(expire_date__lt=timezone.now()).delete()
    log.info("privacy sweep: %s", run())
