"""Fair-play figures of each player in each stored game, and the flags moderators review."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The right to use the moderators' queue (fairplay.views; Flag's Meta makes it).
REVIEW_PERMISSION = "fairplay.review_flag"


class GameSignal(models.Model):
    """One human seat's figures in one stored game (fairplay.hidden, fairplay.soft_play)."""

    record = models.ForeignKey("records.GameRecord", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(_("seat"))
    game = models.CharField(_("game"), max_length=16)
    finished = models.DateTimeField(_("finished"), db_index=True)
    version = models.PositiveSmallIntegerField(_("version"))
    positions = models.PositiveIntegerField(_("positions judged"), default=0)
    matched = models.PositiveIntegerField(_("best cards played"), default=0)
    expected = models.FloatField(_("best cards the view explains"), default=0.0)
    variance = models.FloatField(_("variance"), default=0.0)
    # the log-likelihood ratio of cheating against honest play, per rate of fairplay.rules
    llr = models.JSONField(_("evidence"), default=list, blank=True)
    evidence = models.JSONField(_("positions"), default=list, blank=True)
    # Knockout Whist: {other user's id: [chances against them, spared]} (soft_play)
    soft = models.JSONField(_("soft play"), default=dict, blank=True)
    nodes = models.PositiveIntegerField(_("solver positions"), default=0)

    class Meta:
        verbose_name = _("fair-play figures of a game")
        verbose_name_plural = _("fair-play figures of games")
        constraints = [
            models.UniqueConstraint(fields=["record", "user"], name="fairplay_signal_once")
        ]


class Flag(models.Model):
    """A player (or a pair) whose figures passed a threshold (fairplay.rules), for a
    moderator to review. Never shown to anyone but moderators with the review right."""

    class Kind(models.TextChoices):
        HIDDEN = "hidden", _("hidden-card use")
        SOFT = "soft", _("soft play with another player")
        SHARED = "shared", _("opponents from one browser or network")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        DISMISSED = "dismissed", _("dismissed")
        WARNED = "warned", _("player warned")
        ANNULLED = "annulled", _("games annulled")
        BANNED = "banned", _("player banned")

    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
        verbose_name=_("player"),
    )  # fmt: skip
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="+", verbose_name=_("other player"),
    )  # fmt: skip
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    figures = models.JSONField(_("figures"), default=dict)
    games = models.JSONField(_("games"), default=list)  # table ids, newest first
    created = models.DateTimeField(_("flagged"), default=timezone.now)
    updated = models.DateTimeField(_("updated"), default=timezone.now)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("moderator"),
    )  # fmt: skip
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    note = models.TextField(_("reason"), blank=True)

    class Meta:
        verbose_name = _("fair-play flag")
        verbose_name_plural = _("fair-play flags")
        ordering = ["-updated", "-id"]
        permissions = [("review_flag", _("Can review fair-play flags"))]
        # One open flag per player and kind (per pair, for soft play).
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "user"], name="fairplay_flag_one_open",
                condition=models.Q(status="open", partner__isnull=True),
            ),
            models.UniqueConstraint(
                fields=["kind", "user", "partner"], name="fairplay_flag_one_open_pair",
                condition=models.Q(status="open", partner__isnull=False),
            ),
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"fair-play flag {self.pk}"
