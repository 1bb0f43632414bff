"""Who is in a club: joining (open, by request, by invitation), answering requests and
invitations, removing members, leaving, and the owners naming moderators and owners."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Case, When
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import blocked_ids
from clubs.models import Club, Membership
from clubs.selectors import STAFF_ROLES
from games.services.errors import ServiceError

MEMBER, REQUESTED, INVITED = (
    Membership.Status.MEMBER, Membership.Status.REQUESTED, Membership.Status.INVITED,
)  # fmt: skip
OWNER, MODERATOR = Membership.Role.OWNER, Membership.Role.MODERATOR


def member_join(user: User, club_id: int) -> Membership:
    """An open club takes the player at once; a club by request records their request; a
    club by invitation takes only a player it invited (who may also answer the invitation)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("Log in to join a club."))
    with transaction.atomic():
        club = _club(club_id)
        row = Membership.objects.select_for_update().filter(club=club, user=user).first()
        if row is not None and row.status == MEMBER:
            raise ServiceError("already_member", _("You are a member already."))
        if row is not None and row.status == REQUESTED:
            raise ServiceError("already_asked", _("You have asked already; wait for an answer."))
        if row is not None:  # invited: joining is accepting
            return _admit(row)
        if club.joining == Club.Joining.INVITATION:
            raise ServiceError("invitation_only", _("This club takes members by invitation."))
        status = MEMBER if club.joining == Club.Joining.OPEN else REQUESTED
        return Membership.objects.create(club=club, user=user, status=status)


def member_invite(actor: User, club_id: int, user: User | None) -> Membership:
    """An owner or moderator invites a player (one who asked to join is taken at once)."""
    with transaction.atomic():
        club = _club(club_id)
        _staff(club, actor, _("Only the club's owners and moderators invite players."))
        if user is None or not user.is_active:
            raise ServiceError("no_player", _("There is no such player."))
        if actor.pk in blocked_ids(user):
            raise ServiceError("blocked", _("This player does not take invitations from you."))
        row = Membership.objects.select_for_update().filter(club=club, user=user).first()
        if row is not None and row.status == REQUESTED:
            return _admit(row)
        if row is not None:
            raise ServiceError("already_invited", _("This player is a member or invited already."))
        try:
            with transaction.atomic():
                return Membership.objects.create(
                    club=club, user=user, status=INVITED, invited_by=actor
                )
        except IntegrityError as exc:
            raise ServiceError("already_invited", _("This player is invited already.")) from exc


def request_answer(actor: User, club_id: int, user_id: int, accept: bool) -> None:
    """An owner or moderator takes or turns down a player's request to join."""
    with transaction.atomic():
        club = _club(club_id)
        _staff(club, actor, _("Only the club's owners and moderators answer requests."))
        row = (
            Membership.objects.select_for_update()
            .filter(club=club, user_id=user_id, status=REQUESTED)
            .first()
        )
        if row is None:
            raise ServiceError("no_request", _("There is no such request."))
        if accept:
            _admit(row)
        else:
            row.delete()


def invitation_answer(user: User, club_id: int, accept: bool) -> None:
    """The invited player joins, or declines (the invitation is gone either way)."""
    with transaction.atomic():
        row = (
            Membership.objects.select_for_update()
            .filter(club_id=club_id, user_id=user.pk, status=INVITED)
            .first()
        )
        if row is None:
            raise ServiceError("no_invitation", _("You have no invitation to this club."))
        if accept:
            _admit(row)
        else:
            row.delete()


def member_remove(actor: User, club_id: int, user_id: int) -> None:
    """An owner removes anyone but themselves; a moderator removes members (not owners or
    other moderators). Withdrawing an invitation is removing it."""
    with transaction.atomic():
        club = _club(club_id)
        mine = _staff(club, actor, _("Only the club's owners and moderators remove members."))
        row = Membership.objects.select_for_update().filter(club=club, user_id=user_id).first()
        if row is None:
            raise ServiceError("not_member", _("This player is not in the club."))
        if row.user_id == actor.pk:
            raise ServiceError("yourself", _("To leave the club, use Leave."))
        if mine.role != OWNER and row.role in STAFF_ROLES:
            raise ServiceError("forbidden", _("Only an owner removes an owner or a moderator."))
        row.delete()


def member_leave(user: User, club_id: int, confirm: bool = False) -> bool:
    """A member leaves; the last owner names another owner first, unless they are the last
    member: then the club closes with them (a box confirms it), as when an account that
    alone was in it is erased. Whether the club closed."""
    with transaction.atomic():
        club = _club(club_id)
        row = Membership.objects.select_for_update().filter(club=club, user_id=user.pk).first()
        if row is None:
            raise ServiceError("not_member", _("You are not in this club."))
        if row.role == OWNER and _owners(club) == 1:
            others = Membership.objects.filter(club=club, status=MEMBER).exclude(pk=row.pk)
            if others.exists():
                raise ServiceError("last_owner", _("Name another owner before you leave."))
            if not confirm:
                refusal = _(
                    "You are the club's last member: tick the box to close it as you leave."
                )
                raise ServiceError("confirm", refusal)
            club.delete()
            return True
        row.delete()
        return False


def member_role(actor: User, club_id: int, user_id: int, role: str) -> None:
    """An owner makes a member a moderator or owner, or back; a club keeps one owner."""
    if role not in Membership.Role.values:
        raise ServiceError("bad_role", _("There is no such role."))
    with transaction.atomic():
        club = _club(club_id)
        mine = _staff(club, actor, _("Only the club's owners name moderators and owners."))
        if mine.role != OWNER:
            raise ServiceError("forbidden", _("Only the club's owners name moderators and owners."))
        row = (
            Membership.objects.select_for_update()
            .filter(club=club, user_id=user_id, status=MEMBER)
            .first()
        )
        if row is None:
            raise ServiceError("not_member", _("This player is not a member of the club."))
        if row.role == OWNER and role != OWNER and _owners(club) == 1:
            raise ServiceError("last_owner", _("A club keeps at least one owner."))
        row.role = role
        row.save(update_fields=["role"])


def member_erase(user: User) -> None:
    """Before an account is erased (privacy.erasure): each club it alone owns passes to its
    longest-standing moderator, else its longest-standing member; a club left with nobody
    is gone. (Its memberships and wall lines go with the account.)"""
    owned = Membership.objects.filter(user=user, status=MEMBER, role=OWNER)
    for club_id in owned.values_list("club_id", flat=True):
        club = _club(club_id)
        others = Membership.objects.filter(club=club, status=MEMBER).exclude(user=user)
        if others.filter(role=OWNER).exists():
            continue
        heir = others.order_by(Case(When(role=MODERATOR, then=0), default=1), "since", "pk").first()
        if heir is None:
            club.delete()
        else:
            heir.role = OWNER
            heir.save(update_fields=["role"])


def _club(club_id: int) -> Club:
    club = Club.objects.select_for_update().filter(pk=club_id).first()
    if club is None:
        raise ServiceError("no_club", _("There is no such club."))
    return club


def _staff(club: Club, actor: User, refusal: str) -> Membership:
    """The actor's membership if they are an owner or moderator of this club (a site's
    moderator has no power here by that alone)."""
    row = None
    if actor is not None and actor.is_authenticated:
        row = Membership.objects.filter(club=club, user_id=actor.pk, status=MEMBER).first()
    if row is None or row.role not in STAFF_ROLES:
        raise ServiceError("forbidden", refusal)
    return row


def _owners(club: Club) -> int:
    return Membership.objects.filter(club=club, status=MEMBER, role=OWNER).count()


def _admit(row: Membership) -> Membership:
    row.status, row.since = MEMBER, timezone.now()
    row.save(update_fields=["status", "since"])
    return row
