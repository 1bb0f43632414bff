"""A player's data export: one archive of JSON files, built by a Celery task and kept in the
database (every host serves it) until it expires."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Export(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("being prepared")
        READY = "ready", _("ready")
        FAILED = "failed", _("failed")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exports"
    )
    # The download's address (with the owner's login): not guessable, not the row's id.
    token = models.CharField(_("token"), max_length=43, unique=True)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    created = models.DateTimeField(_("created"), default=timezone.now, db_index=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    expires = models.DateTimeField(_("expires"), db_index=True)
    archive = models.BinaryField(_("archive"), null=True, blank=True, editable=False)
    size = models.PositiveIntegerField(_("size (bytes)"), default=0)

    class Meta:
        verbose_name = _("data export")
        verbose_name_plural = _("data exports")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"export {self.pk} of {self.user_id} ({self.status})"
