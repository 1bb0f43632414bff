"""Database rows of clubs: the club, each player's membership (or their request or
invitation) with its role, and the posts of the club's wall."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A club: its name, its words about itself, and how players join it."""

    class Joining(models.TextChoices):
        OPEN = "open", _("open: anyone may join")
        REQUEST = "request", _("by request: an owner or moderator accepts")
        INVITATION = "invitation", _("by invitation only")

    name = models.CharField(_("name"), max_length=60, unique=True)
    slug = models.SlugField(_("address"), max_length=60, unique=True, allow_unicode=True)
    # The name as it reads (accounts.text.name_key): look-alike names are one club's.
    name_key = models.CharField(_("name key"), max_length=150, unique=True)
    about = models.TextField(_("about the club"), max_length=2000, blank=True)
    joining = models.CharField(
        _("joining"), max_length=12, choices=Joining.choices, default=Joining.OPEN
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="clubs_created",
    )  # fmt: skip
    created = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = pgettext_lazy("a group of players", "club")
        verbose_name_plural = pgettext_lazy("groups of players", "clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A player in a club (a member, moderator or owner), or asking to join, or invited."""

    class Role(models.TextChoices):
        OWNER = "owner", _("owner")
        MODERATOR = "moderator", _("moderator")
        MEMBER = "member", _("member")

    class Status(models.TextChoices):
        MEMBER = "member", _("member")
        REQUESTED = "requested", _("asked to join")
        INVITED = "invited", _("invited")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.MEMBER
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    since = models.DateTimeField(_("since"), default=timezone.now)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        ordering = ["club", "since", "pk"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="clubs_one_each")]
        indexes = [models.Index(fields=["user", "status"], name="clubs_member_user")]

    def __str__(self) -> str:
        return gettext("%(user)s in club %(club)s (%(status)s, %(role)s)") % {
            "user": self.user_id,
            "club": self.club_id,
            "status": self.get_status_display(),
            "role": self.get_role_display(),
        }


class Post(models.Model):
    """A line on the club's wall; its owners and moderators hide what does not belong."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="posts")
    # An erased account's lines go with it, as its table chat does (privacy.erasure).
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(_("text"), max_length=500)
    created = models.DateTimeField(_("written"), default=timezone.now)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip

    class Meta:
        verbose_name = _("wall post")
        verbose_name_plural = _("wall posts")
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["club", "-created"], name="clubs_post_club")]

    def __str__(self) -> str:
        return gettext("wall post %(n)s in club %(club)s") % {"n": self.pk, "club": self.club_id}
