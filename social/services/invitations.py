"""Invitations to a table: sent to a friend or any player by name, answered (accepting seats
the invitee) or left to expire; limited per sender and per sender and recipient; never
between players where either blocks the other."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Seat, Table
from games.services import seat_take, table_create, table_invite_accept
from games.services.errors import ServiceError
from social.models import Invitation, Kind, Notification
from social.selectors import blocked_between, invitations_waiting_from
from social.services.notifications import notify


def invitation_send(sender: User, recipient: User, table_id: int) -> Invitation:
    """Invite `recipient` to the open table `sender` sits at.

    Locks only invitations (the pending one of the same pair and table, which a re-send
    replaces), then reads the table: accepting locks the invitation, then the table (in
    games' seat_take), so the two always lock in the same order. The table is the games
    app's to lock; seat_take judges it again when the invitation is accepted.
    """
    if recipient is None or not recipient.is_active or recipient.pk == sender.pk:
        raise ServiceError("bad_player", _("you cannot invite that player"))
    if blocked_between(sender.pk, recipient.pk):
        raise ServiceError(
            "blocked", _("you cannot invite this player: one of you blocks the other")
        )
    if invitations_waiting_from(sender.pk) >= settings.WHIST_INVITES_PENDING:
        raise ServiceError(
            "too_many_invitations",
            _("%(count)s of your invitations wait for an answer already: wait for them")
            % {"count": settings.WHIST_INVITES_PENDING},
        )
    since = timezone.now() - timedelta(hours=1)
    sent = Invitation.objects.filter(sender=sender, recipient=recipient, created__gte=since)
    if sent.count() >= settings.WHIST_INVITES_PER_RECIPIENT:  # cancelled and resent count
        raise ServiceError(
            "invited_often", _("you have invited this player often in the last hour: wait a while")
        )
    with transaction.atomic():
        _expire_old(sender, recipient, table_id)
        table = Table.objects.filter(pk=table_id).first()
        _check_table(table, sender, recipient)
        now = timezone.now()
        try:
            with transaction.atomic():
                invitation = Invitation.objects.create(
                    sender=sender, recipient=recipient, table=table, created=now,
                    expires=now + timedelta(seconds=settings.WHIST_INVITE_TTL),
                )  # fmt: skip
        except IntegrityError as exc:  # a re-send at the same moment made it first
            raise ServiceError(
                "already_invited", _("your invitation to this player waits for an answer")
            ) from exc
        notify(recipient.pk, Kind.INVITATION, _data(invitation))
    return invitation


def _blocked() -> ServiceError:
    return ServiceError("blocked", _("you cannot invite this player: one of you blocks the other"))


def _check_table(table: Table | None, sender: User, recipient: User) -> None:
    if table is None or table.status != Table.Status.OPEN:
        raise ServiceError("not_open", _("that table is not open for new players"))
    seats = list(Seat.objects.filter(table=table))
    if not any(s.user_id == sender.pk for s in seats):
        raise ServiceError("not_seated", _("sit at the table to invite someone to it"))
    if any(s.user_id == recipient.pk for s in seats):
        raise ServiceError("already_seated", _("that player sits at this table already"))
    if all(s.taken for s in seats):
        raise ServiceError("seat_taken", _("every seat is taken"))


def _expire_old(sender: User, recipient: User, table_id: int) -> None:
    """A pending invitation of the same pair to the same table is sent again: the old one
    ends (one pending invitation per sender, recipient and table). Its row is locked first,
    as accepting it does, so a send waits for an accept in progress and then sees its seat."""
    old = Invitation.objects.select_for_update().filter(
        sender=sender, recipient=recipient, table_id=table_id, status=Invitation.Status.PENDING
    )
    old_ids = list(old.values_list("pk", flat=True))
    Invitation.objects.filter(pk__in=old_ids).update(
        status=Invitation.Status.CANCELLED, answered=timezone.now()
    )


def _data(invitation: Invitation) -> dict[str, Any]:
    table = invitation.table
    return {
        "invitation": invitation.pk, "table_id": table.pk, "game": table.game,
        "private": table.private, "options": table.options, "sender": str(invitation.sender),
        "username": invitation.sender.username, "expires": invitation.expires.isoformat(),
    }  # fmt: skip


def table_create_and_invite(
    sender: User, recipient: User, game: str, private: bool = False
) -> Invitation:
    """A new table of `game` with the sender at seat 0, and the invitation to it (from the
    recipient's page)."""
    if recipient is None or blocked_between(sender.pk, recipient.pk):
        raise ServiceError(
            "blocked", _("you cannot invite this player: one of you blocks the other")
        )
    with transaction.atomic():
        table = table_create(sender, game, private=private)
        return invitation_send(sender, recipient, table.pk)


def invitation_accept(user: User, invitation_id: object, session: SessionBase) -> Table:
    """The invitee accepts: they sit down at the table (a private one lets them in)."""
    with transaction.atomic():
        invitation = _pending_for(user, invitation_id)
        if blocked_between(user.pk, invitation.sender_id):
            raise ServiceError("blocked", _("one of you blocks the other"))
        table = invitation.table
        if table.private:
            table_invite_accept(session, table.pk, table.invite_token)
        seat_take(user, table.pk, session=session)
        _answer(invitation, Invitation.Status.ACCEPTED)
    return table


def invitation_decline(user: User, invitation_id: object) -> None:
    """The invitee declines (the sender is not told: no one is pressed by a refusal)."""
    with transaction.atomic():
        _answer(_pending_for(user, invitation_id), Invitation.Status.DECLINED)


def _pending_for(user: User, invitation_id: object) -> Invitation:
    if not str(invitation_id).isdigit():
        raise ServiceError("no_invitation", _("there is no such invitation"))
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("table", "sender")
        .filter(pk=invitation_id, recipient=user)
        .first()
    )
    if invitation is None:
        raise ServiceError("no_invitation", _("there is no such invitation"))
    if invitation.status == Invitation.Status.PENDING and invitation.expired():
        _answer(invitation, Invitation.Status.EXPIRED)
        raise ServiceError("expired", _("this invitation has expired"))
    if invitation.status != Invitation.Status.PENDING:
        raise ServiceError(
            "answered",
            _("this invitation was %(status)s") % {"status": invitation.get_status_display()},
        )
    return invitation


def _answer(invitation: Invitation, status: str) -> None:
    invitation.status, invitation.answered = status, timezone.now()
    invitation.save(update_fields=["status", "answered"])
    Notification.objects.filter(
        user_id=invitation.recipient_id, kind=Kind.INVITATION, data__invitation=invitation.pk
    ).update(read=True)


def invitations_expire(now: datetime | None = None) -> int:
    """Mark every pending invitation past its time expired; how many."""
    now = now or timezone.now()
    return Invitation.objects.filter(status=Invitation.Status.PENDING, expires__lte=now).update(
        status=Invitation.Status.EXPIRED, answered=now
    )
