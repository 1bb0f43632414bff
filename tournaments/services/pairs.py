"""Pairs in a Whist event: an entered player asks another to enter as their partner, the
other accepts or declines on the event's page (once a pair has entered, the requests made
of either lapse), and from then on the two always sit as partners
(tournaments.seating.pair_round). Only formats that keep partners take pairs: Swiss and
duplicate events of a game played in pairs. A whist drive moves partners by design, and an
elimination event seats everyone by places: both are entered alone (their pages say so)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import blocked_pairs
from games.services.errors import ServiceError
from games.services.pool_pairs import partner_named
from tournaments.models import Entry, Event
from tournaments.partners import pairs_allowed, pairs_refusal
from tournaments.services.events import entry_join, tell_players
from tournaments.services.live import version_bump


def entry_partner_ask(user: User, event_id: int, name: object, token: str = "") -> Entry:
    """Ask the player named `name` to enter the event as `user`'s partner (`user` is signed
    up first if they were not); they hear it on any open page."""
    _logged_in(user)
    with transaction.atomic():
        event = _coming(event_id)
        other = partner_named(user, name)
        entry = Entry.objects.filter(event=event, user=user).first()
        if entry is None:
            entry = entry_join(user, event_id, token)
        if entry.partner_id is not None:
            raise ServiceError("paired", _("you have a partner in this event already"))
        theirs = Entry.objects.filter(event=event, user=other, partner__isnull=False).exists()
        if theirs:
            raise ServiceError("paired", _("%(name)s has a partner in this event already")
                               % {"name": str(other)})  # fmt: skip
        entry.partner_asked = other
        entry.save(update_fields=["partner_asked"])
        version_bump(event)
        tell_players(event, {"what": "partner_asked", "name": str(user)}, [other.pk])
    return entry


def entry_partner_accept(user: User, event_id: int, asker: int, token: str = "") -> Entry:
    """Enter as the partner of `asker`, who asked `user` (signing `user` up if they were not);
    a request `user` made of someone else lapses."""
    _logged_in(user)
    with transaction.atomic():
        event = _coming(event_id)
        theirs = _request_of(event, asker, user)
        mine = Entry.objects.filter(event=event, user=user).first()
        if mine is None:
            mine = entry_join(user, event_id, token)
        if mine.partner_id is not None:
            raise ServiceError("paired", _("you have a partner in this event already"))
        if blocked_pairs([user.pk, asker]):
            raise ServiceError("blocked", _("you cannot play with this player: one of you "
                                            "blocks the other"))  # fmt: skip
        theirs.partner, theirs.partner_asked = mine, None
        theirs.save(update_fields=["partner", "partner_asked"])
        mine.partner, mine.partner_asked = theirs, None
        mine.save(update_fields=["partner", "partner_asked"])
        _others_lapse(event, user, theirs.user)
        version_bump(event)
    return mine


def _others_lapse(event: Event, user: User, asker: User) -> None:
    """The requests others made of either player of a new pair lapse (neither is free any
    more), and those who made them hear it."""
    open_ = Entry.objects.filter(event=event, partner__isnull=True,
                                 partner_asked__in=[user, asker])  # fmt: skip
    for taken in (user, asker):
        told = list(open_.filter(partner_asked=taken).values_list("user_id", flat=True))
        if told:
            tell_players(event, {"what": "partner_taken", "name": str(taken)}, told)
    open_.update(partner_asked=None)


def entry_partner_decline(user: User, event_id: int, asker: int) -> None:
    """Decline `asker`'s request to enter as their partner: it lapses (the asker stays
    entered, alone, and may ask someone else), and the asker hears it."""
    _logged_in(user)
    with transaction.atomic():
        event = _coming(event_id)
        theirs = _request_of(event, asker, user)
        theirs.partner_asked = None
        theirs.save(update_fields=["partner_asked"])
        version_bump(event)
        tell_players(event, {"what": "partner_declined", "name": str(user)}, [asker])


def entry_partner_part(user: User, event_id: int) -> None:
    """Before the start: the pair parts (both stay entered, alone), or a request lapses."""
    with transaction.atomic():
        event = _coming(event_id)
        mine = Entry.objects.select_for_update().filter(event=event, user=user).first()
        if mine is None or (mine.partner_id is None and mine.partner_asked_id is None):
            raise ServiceError("not_paired", _("you have no partner in this event"))
        Entry.objects.filter(pk__in=[mine.pk, mine.partner_id or mine.pk]).update(
            partner=None, partner_asked=None
        )
        version_bump(event)


def _coming(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise ServiceError("no_event", _("there is no such event"))
    if event.status != Event.Status.COMING:
        raise ServiceError("started", _("sign-up closed when the event started"))
    if not pairs_allowed(event):
        raise ServiceError("no_pairs", pairs_refusal(event))
    return event


def _logged_in(user: User) -> None:
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to sign up"))


def _request_of(event: Event, asker: int, user: User) -> Entry:
    """`asker`'s open request to `user`, locked; a clear error if it lapsed or never was."""
    theirs = (Entry.objects.select_for_update()
              .filter(event=event, user_id=asker, partner_asked=user, partner__isnull=True)
              .first())  # fmt: skip
    if theirs is None:
        raise ServiceError("no_invitation", _("this invitation is no longer open"))
    return theirs
