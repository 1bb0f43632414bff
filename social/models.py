"""The rows of the social app: invitations to tables, notifications, and each player's
social settings (which notifications they want). Friendships are
django-friendship's `Friend` and `FriendshipRequest` rows."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    """What a notification is about; each can be turned off in the profile."""

    INVITATION = "invitation", _("Invitations to a table")
    FRIEND_REQUEST = "friend_request", _("Friend requests and answers")
    TABLE_STARTED = "table_started", _("A friend's game starting")
    AWARD = "award", _("Achievements and unlocked cards")
    LEVEL_UP = "level_up", _("Level-ups")
    MODERATION = "moderation", _("Moderation notices (warnings, handled reports)")
    EVENT = "event", _("Events: your next table, a cancellation, a new start")
    EVENT_START = (
        "event_start",
        _("An event of yours starting (10 minutes before, and at the start)"),
    )
    TURN = "turn", _("Your turn at a table you are not looking at (tables with a time limit)")
    FRIEND_ONLINE = "friend_online", _("A friend coming online")
    CLUB_EVENT = "club_event", _("An event announced by a club of yours")


# Kinds a player gets only once they turn them on (SocialSettings.enabled).
OFF_BY_DEFAULT = frozenset({Kind.FRIEND_ONLINE})


class Mail(models.TextChoices):
    """How a kind of notification reaches the player's inbox (docs/deployment.md §"Mail")."""

    NONE = "none", _("No mail")
    NOW = "now", _("Mail at once")
    DAILY = "daily", _("Daily digest")


class Invitation(models.Model):
    """One player asking another to sit down at a table."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        EXPIRED = "expired", _("expired")
        CANCELLED = "cancelled", _("cancelled")

    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent"
    )
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_received"
    )
    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="+")
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created = models.DateTimeField(_("sent"), default=timezone.now)
    expires = models.DateTimeField(_("expires"))
    answered = models.DateTimeField(_("answered"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        indexes = [models.Index(fields=["recipient", "status", "-created"], name="social_inv_to")]
        constraints = [
            models.UniqueConstraint(
                fields=["sender", "recipient", "table"],
                condition=models.Q(status="pending"),
                name="social_one_pending_invitation",
            )
        ]

    def __str__(self) -> str:
        return f"{self.sender} invites {self.recipient} to table {self.table_id}"

    def expired(self, now=None) -> bool:
        return self.expires <= (now or timezone.now())


class Notification(models.Model):
    """Something that happened for a player: shown in their notification centre and, when
    it happens, on their open pages. The text is worded from `kind` and `data` in the
    reader's language (social/texts.py)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    data = models.JSONField(_("data"), default=dict, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    read = models.BooleanField(_("read"), default=False)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [
            models.Index(fields=["user", "-created"], name="social_note_user"),
            models.Index(
                fields=["user"], condition=models.Q(read=False), name="social_note_unread"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class SocialSettings(models.Model):
    """A player's notification choices."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
        related_name="social_settings",
    )  # fmt: skip
    muted = models.JSONField(_("notifications turned off"), default=list, blank=True)
    # Kinds of OFF_BY_DEFAULT the player turned on.
    enabled = models.JSONField(_("notifications turned on"), default=list, blank=True)
    # Kind -> Mail.NOW or Mail.DAILY; a kind not named gets no mail.
    mail = models.JSONField(_("notifications by mail"), default=dict, blank=True)
    digest_sent = models.DateTimeField(_("last digest sent"), null=True, blank=True)
    # Notification mails sent on `mails_day` (the bound per player and day).
    mails_day = models.DateField(_("day of the mails counted"), null=True, blank=True)
    mails_sent = models.PositiveSmallIntegerField(_("mails sent that day"), default=0)
    # Kinds the player does not want pushed to their devices.
    push_muted = models.JSONField(_("push notifications turned off"), default=list, blank=True)

    class Meta:
        verbose_name = _("social settings")
        verbose_name_plural = _("social settings")

    def __str__(self) -> str:
        return f"social settings of {self.user_id}"


class PushDevice(models.Model):
    """A browser the player allowed notifications on: its push service's address and the
    keys a notice is encrypted with (RFC 8291), as the browser's PushSubscription gave them."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices"
    )
    endpoint = models.URLField(_("push address"), max_length=1000, unique=True)
    p256dh = models.CharField(_("public key"), max_length=200)
    auth = models.CharField(_("authentication secret"), max_length=100)
    created = models.DateTimeField(_("allowed"), default=timezone.now)

    class Meta:
        verbose_name = _("push device")
        verbose_name_plural = _("push devices")

    def __str__(self) -> str:
        return f"push device {self.pk} of {self.user_id}"
