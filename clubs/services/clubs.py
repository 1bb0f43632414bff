"""A club made, and its page's words and joining rule changed by its owners."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from accounts.text import clean_text, name_key
from clubs.models import Club, Membership
from games.services.errors import ServiceError
from runtime.locks import xact_lock

MAX_OWNED = 5  # clubs one player may own: enough for any real player, few for a spammer
# The words of the club pages' own addresses (clubs/urls.py): no club's address.
RESERVED_SLUGS = frozenset({"new"})
SLUG_LENGTH = 60
NAME_LENGTH = (3, 60)
ABOUT_LENGTH = 2000


def club_create(user: User, *, name: str, about: str = "", joining: str = "open") -> Club:
    """A new club; its maker is its first owner."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("Log in to make a club."))
    name, about = _checked(name, about, joining)
    base = slugify(name, allow_unicode=True)[:SLUG_LENGTH].strip("-_")
    if not base:
        raise ServiceError("bad_name", _("A club's name needs letters or digits."))
    key = name_key(name)
    try:
        with transaction.atomic():
            # Two clubs one player makes at once are counted one after the other.
            xact_lock("clubs.owner", user.pk)
            owned = Membership.objects.filter(user=user, role=Membership.Role.OWNER).count()
            if owned >= MAX_OWNED:
                raise ServiceError("too_many_clubs", ngettext(
                    "You own %(count)s club already, the most one player may own.",
                    "You own %(count)s clubs already, the most one player may own.",
                    MAX_OWNED,
                ) % {"count": MAX_OWNED})  # fmt: skip
            keys = {key, name_key(name.casefold())}  # name_key reads "I" as "l", "i" not
            if Club.objects.filter(Q(name_key__in=keys) | Q(name__iexact=name)).exists():
                raise ServiceError("name_taken", _("There is a club of that name already."))
            club = Club.objects.create(
                name=name, slug=_free_slug(base), name_key=key, about=about, joining=joining,
                created_by=user,
            )  # fmt: skip
            Membership.objects.create(club=club, user=user, role=Membership.Role.OWNER)
    except IntegrityError as exc:  # the same name made at the same moment
        raise ServiceError("name_taken", _("There is a club of that name already.")) from exc
    return club


def _free_slug(base: str) -> str:
    """The club's address: its name's slug (letters of any script), or, when a club has
    it already or it is a word of the pages' own addresses, the slug with -2, -3, ..."""
    taken = set(Club.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    taken |= RESERVED_SLUGS
    slug, number = base, 1
    while slug in taken:
        number += 1
        suffix = f"-{number}"
        slug = base[: SLUG_LENGTH - len(suffix)] + suffix
    return slug


def club_close(user: User, club_id: int, confirm: bool) -> None:
    """An owner closes the club (a box confirms it): its memberships, requests, invitations
    and wall go with it; its events stay, no longer the club's."""
    with transaction.atomic():
        club = Club.objects.select_for_update().filter(pk=club_id).first()
        if club is None or not _owner(club, user):
            raise ServiceError("forbidden", _("Only the club's owners may close it."))
        if not confirm:
            raise ServiceError("confirm", _("Tick the box to confirm that the club closes."))
        club.delete()


def club_edit(user: User, club_id: int, *, about: str, joining: str) -> Club:
    """Its owners change what the page says about the club and how players join."""
    with transaction.atomic():
        club = Club.objects.select_for_update().filter(pk=club_id).first()
        if club is None or not _owner(club, user):
            raise ServiceError("forbidden", _("Only the club's owners may change it."))
        _name, club.about = _checked(club.name, about, joining)
        club.joining = joining
        club.save(update_fields=["about", "joining"])
    return club


def _owner(club: Club, user: User) -> bool:
    return Membership.objects.filter(
        club=club, user_id=user.pk, status=Membership.Status.MEMBER, role=Membership.Role.OWNER
    ).exists()


def _checked(name: str, about: str, joining: str) -> tuple[str, str]:
    name = " ".join(clean_text(name or "").split())
    about = "\n".join(clean_text(line) for line in (about or "").splitlines()).strip()
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        raise ServiceError("bad_name", ngettext(
            "A club's name has %(low)s to %(high)s character.",
            "A club's name has %(low)s to %(high)s characters.",
            high,
        ) % {"low": low, "high": high})  # fmt: skip
    if len(about) > ABOUT_LENGTH:
        raise ServiceError("bad_about", _("The club's description is too long."))
    if joining not in Club.Joining.values:
        raise ServiceError("bad_joining", _("Choose how players join the club."))
    return name, about
