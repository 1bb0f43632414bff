"""The custom user model of the card room, and moderation: bans, mutes, reports, block lists
and the audit log of every moderator action."""

import hashlib
import hmac

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from accounts.text import name_key


class User(AbstractUser):
    """A player; usernames and e-mail addresses are unique regardless of letter case."""

    display_name = models.CharField(_("display name"), max_length=50, blank=True)
    # Written only by the rankings app's bookkeeping (docs/rules.md §4.1); the table shows it.
    level = models.PositiveSmallIntegerField(_("level"), default=1)
    # The player's choice of card designs (static/js/cards.js names them); rankings checks
    # that they are unlocked.
    card_back = models.CharField(_("card back"), max_length=24, default="red")
    card_front = models.CharField(_("card front"), max_length=24, default="classic")
    # Table settings: play the only legal card by itself after a short pause
    # (on for new accounts; accounts made before it keep playing by hand), and hide the other
    # players' levels and ratings while playing (static/js/premove.js, games.reads.messages).
    auto_play = models.BooleanField(_("play my only legal card by itself"), default=True)
    hide_ratings = models.BooleanField(
        _("hide other players' levels and ratings while I play"), default=False
    )
    # The shown name as readers see it (accounts.text.name_key), so that no one can take
    # a name that looks like someone else's.
    name_key = models.CharField(_("name key"), max_length=150, blank=True, db_index=True)
    # What moderators told the player and they have not seen yet ({"kind": "warned" |
    # "renamed", ...}); shown as messages on their next page (accounts.middleware).
    notices = models.JSONField(_("notices"), default=list, blank=True)
    # The username as readers see it, the same way: no shown name may look like it.
    username_key = models.CharField(_("username key"), max_length=150, blank=True, db_index=True)
    # `email` holds only a confirmed address (the one mail goes to: accounts.mail.can_mail);
    # an address given at sign-up or on the profile waits here until its link is followed.
    email_pending = models.EmailField(_("e-mail address to confirm"), blank=True)
    # The language the player last chose (or signed up in): the language of their mail.
    language = models.CharField(_("language"), max_length=8, blank=True, choices=settings.LANGUAGES)
    # The player asked to delete the account (or staff did, audited): it is closed, and its
    # data erased at this time (privacy.erasure) unless the player logs in before.
    deletion_due = models.DateTimeField(_("to be deleted at"), null=True, blank=True)
    # The IANA time zone the player chose to see times in; blank: their browser's
    # (accounts/time_zones.py).
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True)

    class Meta(AbstractUser.Meta):
        permissions = [("rename_user", _("Can change an offensive display name"))]
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="accounts_user_username_ci_unique",
                violation_error_message=_("A user with that username already exists."),
            ),
            models.UniqueConstraint(
                Lower("email"),
                condition=~models.Q(email=""),
                name="accounts_user_email_ci_unique",
                violation_error_message=_("Another account uses this e-mail address."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    def save(self, *args, **kwargs) -> None:
        self.name_key = name_key(self.display_name or self.username)
        self.username_key = name_key(self.username)
        if "update_fields" in kwargs and kwargs["update_fields"] is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key", "username_key"}
        super().save(*args, **kwargs)


class SanctionQuerySet(models.QuerySet):
    def active(self, now=None):
        """Sanctions in force: not lifted, and without an end or ending later than `now`."""
        now = now or timezone.now()
        return self.filter(lifted_at__isnull=True).filter(
            models.Q(until__isnull=True) | models.Q(until__gt=now)
        )


class Sanction(models.Model):
    """What a ban and a mute share: who, why, until when, by whom, and its lifting."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="%(class)ss",
        verbose_name=_("player"),
    )  # fmt: skip
    reason = models.TextField(_("reason"), max_length=1000)
    until = models.DateTimeField(_("until"), null=True, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("by"),
    )  # fmt: skip
    lifted_at = models.DateTimeField(_("lifted"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("lifted by"),
    )  # fmt: skip

    objects = SanctionQuerySet.as_manager()

    class Meta:
        abstract = True
        ordering = ["-created"]

    @property
    def in_force(self) -> bool:
        return self.lifted_at is None and (self.until is None or self.until > timezone.now())


class Ban(Sanction):
    """A player who may not log in or play until `until` (for ever if empty)."""

    class Meta(Sanction.Meta):
        verbose_name = _("ban")
        verbose_name_plural = _("bans")

    def __str__(self) -> str:  # the admin's messages and pages name the player
        return gettext("ban of %(name)s") % {"name": self.user}


class Mute(Sanction):
    """A player whose chat is refused until `until`."""

    class Meta(Sanction.Meta):
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")
        constraints = [
            models.CheckConstraint(condition=models.Q(until__isnull=False), name="mute_has_end")
        ]

    def __str__(self) -> str:
        return gettext("mute of %(name)s") % {"name": self.user}


class Report(models.Model):
    """A player's report of a chat line, a club's wall line or another player, with what
    moderators need to judge it (the lines around the line, the table or the club), and how
    it was closed."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Abusive or hateful language")
        SPAM = "spam", _("Spam or advertising")
        CHEATING = "cheating", _("Cheating or collusion")
        NAME = "name", _("Offensive or misleading name")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        CLOSED = "closed", _("closed")

    class Outcome(models.TextChoices):
        NO_ACTION = "no_action", _("No action needed")
        WARNED = "warned", _("Player warned")
        HIDDEN = "hidden", _("Message hidden")
        MUTED = "muted", _("Player muted")
        BANNED = "banned", _("Player banned")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
        related_name="reports_made", verbose_name=_("reported by"),
    )  # fmt: skip
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
        related_name="reports_received", verbose_name=_("reported player"),
    )  # fmt: skip
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    text = models.TextField(_("details"), max_length=1000, blank=True)
    # Ids of other apps' rows (accounts may not depend on them): the table and the chat
    # line, or the club's wall line (clubs.Post); `context` keeps what they said when the
    # report was made.
    table_id = models.BigIntegerField(_("table"), null=True, blank=True)
    chat_message_id = models.BigIntegerField(_("chat message"), null=True, blank=True)
    wall_post_id = models.BigIntegerField(_("wall post"), null=True, blank=True)
    context = models.JSONField(_("context"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    outcome = models.CharField(_("outcome"), max_length=16, choices=Outcome.choices, blank=True)
    note = models.TextField(_("moderator's note"), max_length=1000, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now, db_index=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("closed by"),
    )  # fmt: skip

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created"]

    def __str__(self) -> str:
        return gettext("report %(n)s") % {"n": self.pk}


class AuditEntry(models.Model):
    """One moderator action or staff change: who, when, what, to whom, why. Written only by
    the services and the admin's audit hooks (accounts.admin_audit)."""

    class Action(models.TextChoices):
        HIDE = "hide", _("chat hidden")
        WALL_HIDE = "wall_hide", _("club wall line hidden")
        MUTE = "mute", _("muted")
        UNMUTE = "unmute", _("mute lifted")
        BAN = "ban", _("banned")
        UNBAN = "unban", _("ban lifted")
        ANNUL = "annul", _("game annulled")
        REPORT_CLOSED = "report_closed", _("report closed")
        RENAMED = "renamed", _("display name changed")
        # Fair play (fairplay.services): a flag dismissed, a player warned about it.
        FLAG_DISMISSED = "flag_dismissed", _("fair-play flag dismissed")
        WARNED = "warned", _("player warned about fair play")
        # Staff changes in the admin (accounts.admin_audit), and views of running tables.
        ADDED = "added", _("added in the admin")
        CHANGED = "changed", _("changed in the admin")
        DELETED = "deleted", _("deleted in the admin")
        VIEWED = "viewed", _("running table viewed")
        # An account's life (accounts.deletion, privacy.erasure).
        DELETION = "deletion", _("account deletion asked for")
        RESTORED = "restored", _("account restored")
        HELD = "held", _("deletion held back")
        ERASED = "erased", _("account erased")
        # Staff security (accounts.two_factor, accounts.admin_lookups).
        SECOND_FACTOR = "second_factor", _("one-time-password app set up")
        LOOKUP_REFUSED = "lookup_refused", _("list lookup on a hidden field refused")

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("moderator"),
    )  # fmt: skip
    actor_name = models.CharField(_("moderator's name"), max_length=150)
    action = models.CharField(_("action"), max_length=16, choices=Action.choices, db_index=True)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("player"),
    )  # fmt: skip
    target = models.CharField(_("object"), max_length=200, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    details = models.JSONField(_("details"), default=dict, blank=True)
    created = models.DateTimeField(_("when"), default=timezone.now, db_index=True)

    class Meta:
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return gettext("%(actor)s: %(action)s %(target)s") % {
            "actor": self.actor_name,
            "action": self.get_action_display(),
            "target": self.target,
        }


class Block(models.Model):
    """`owner` does not want to see `blocked`'s chat."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocked_by"
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("blocked player")
        verbose_name_plural = _("blocked players")
        constraints = [
            models.UniqueConstraint(fields=["owner", "blocked"], name="accounts_block_unique"),
            models.CheckConstraint(
                condition=~models.Q(owner=models.F("blocked")), name="accounts_block_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.owner_id} blocks {self.blocked_id}"


class ReservedName(models.Model):
    """A deleted account's username or display name: nobody may take a name that looks like
    it until `until`. Only a keyed hash of its name key (accounts.text.name_key) is kept,
    which tells whether a new name looks like it and nothing else (`reserved_key`)."""

    key = models.CharField(_("name key (hashed)"), max_length=64, db_index=True)
    until = models.DateTimeField(_("reserved until"), db_index=True)

    class Meta:
        verbose_name = _("reserved name")
        verbose_name_plural = _("reserved names")

    def __str__(self) -> str:
        return f"reserved name {self.pk}"

    @staticmethod
    def reserved_key(name_key: str) -> str:
        secret = settings.SECRET_KEY.encode()
        return hmac.new(secret, f"reserved-name:{name_key}".encode(), hashlib.sha256).hexdigest()


class SessionInfo(models.Model):
    """What a player sees of one of their sessions (accounts.sessions): the device, the
    place its network address points to if known (the address is not kept), last seen."""

    session_key = models.CharField(_("session"), max_length=40, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="session_infos"
    )
    device = models.CharField(_("device"), max_length=120, blank=True)
    # The browser's random key (accounts.devices): accounts on one browser share it.
    device_key = models.CharField(_("browser key"), max_length=32, blank=True, db_index=True)
    place = models.CharField(_("place"), max_length=120, blank=True)
    created = models.DateTimeField(_("logged in"), default=timezone.now)
    last_seen = models.DateTimeField(_("last seen"), default=timezone.now)

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["-last_seen"]

    def __str__(self) -> str:
        return f"session of {self.user_id}"

    def device_shown(self) -> str:
        """The device in the page's language: accounts.sessions.device_of keeps "Firefox 133
        on Linux" (the admin's and the export's form); German pages read "Firefox 133 unter
        Linux". The browser's and the system's names are names, never translated."""
        browser, on, system = self.device.partition(" on ")
        if not on:
            return self.device
        shown = pgettext("a session's device: a browser on a system", "%(browser)s on %(system)s")
        return shown % {"browser": browser, "system": system}
