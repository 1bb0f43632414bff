"""Database rows of lessons: which lessons a player has done (visitors keep theirs in the
browser's localStorage)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class LessonDone(models.Model):
    """A lesson a player answered right (or was shown), once per lesson."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.CharField(_("game"), max_length=20)
    slug = models.CharField(_("lesson"), max_length=40)
    done_at = models.DateTimeField(_("done at"), default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "slug"], name="lesson_done_once")
        ]
