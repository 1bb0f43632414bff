"""Events before they start: create one, sign up and leave."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from accounts.staff_powers import acts_as_staff
from clubs.models import Club
from clubs.selectors import is_club_staff, is_member, member_ids
from games import signals as games_signals
from games.engine import RulesError, make_rules
from games.engine.bots import LEVELS
from games.engine.descriptors import game_of
from games.engine.rules import PLAYERS, option_fields
from games.services.errors import ServiceError, explained
from tournaments.elimination import valid_through
from tournaments.models import Entry, Event
from tournaments.scoring import side_size
from tournaments.services.live import version_bump

ROUNDS = (1, 15)
DRIVE_HANDS = (1, 30)  # 12 or 24 hands are customary
PRIZES = ("first", "pair", "booby")
ROUND_MINUTES = (2, 240)
TIME_LIMITS = (10, 600)
# How far ahead a start may lie: a start near the end of year 9999 could not be shown in a zone
# east of UTC, nor stored from one west of it (OverflowError, 'date value out of range').
START_AHEAD = timedelta(days=366)


def event_create(
    user: User,
    *,
    name: str,
    game: str,
    starts_at: datetime,
    rounds: int,
    table_size: int | None = None,
    kind: str = Event.Kind.SWISS,
    round_minutes: int = 15,
    time_limit: int = 60,
    preset: str = "",
    options: dict[str, Any] | None = None,
    bot_level: str = "club",
    private: bool = False,
    rated: bool = False,
    movement: str = "",
    no_trump_hand: bool = False,
    prizes: dict[str, str] | None = None,
    club: Club | None = None,
    members_only: bool = False,
    through: int = 0,
) -> Event:
    """A new event. Staff may create public events; anyone logged in a private one, which
    people join by its invite link. docs/rules.md §5. A whist drive (docs/rules.md §5.8)
    names its movement, whether a no-trump hand joins the trumps' rotation, and its prizes;
    each round is one hand of Whist (a game to 1 point with the round's trump). A club's
    event is created by its owners or moderators; its members hear of it."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to create an event"))
    if club is not None and not is_club_staff(club.pk, user):
        refusal = _("Only the club's owners and moderators create its events.")
        raise ServiceError("forbidden", refusal)
    if not private and not acts_as_staff(user):
        raise ServiceError("forbidden", _("only staff create public events: make it private"))
    name = (name or "").strip()
    if not name or len(name) > Event._meta.get_field("name").max_length:
        raise ServiceError("bad_name", _("give the event a name of at most 80 characters"))
    if kind == Event.Kind.DRIVE:
        options, preset = _drive_rules(game, movement), ""
        _check_range("bad_rounds", rounds, DRIVE_HANDS, _("hands"))
    else:
        movement, no_trump_hand, prizes = "", False, {}
        if kind == Event.Kind.ELIMINATION:  # until one table is left (docs/rules.md §5.9)
            rounds = ROUNDS[1]
        _check_range("bad_rounds", rounds, ROUNDS, _("rounds"))
    size = _check_rules(game, table_size, preset, options or {}, kind)
    if kind != Event.Kind.ELIMINATION:
        through = 0
    elif not valid_through(through, size, side_size(game)):
        raise ServiceError("bad_through", _through_refusal(size, side_size(game)))
    _check_range("bad_round_minutes", round_minutes, ROUND_MINUTES, _("minutes per round"))
    _check_range("bad_time_limit", time_limit, TIME_LIMITS, _("seconds per move"))
    if bot_level not in LEVELS:
        raise ServiceError("bad_bot", _("unknown bot level %(level)s") % {"level": bot_level})
    _check_start(starts_at)
    if private and not acts_as_staff(user):
        _check_private_limits(user)
    event = Event.objects.create(
        name=name, kind=kind, game=game, table_size=size, options=dict(options or {}),
        preset=preset or "", rounds=rounds, round_minutes=round_minutes, time_limit=time_limit,
        bot_level=bot_level, rated=rated, private=private,
        invite_token=secrets.token_urlsafe(16) if private else "", created_by=user,
        starts_at=starts_at, movement=movement, no_trump_hand=bool(no_trump_hand),
        prizes=_prize_names(prizes or {}), club=club,
        members_only=bool(members_only and club is not None), through=through,
    )  # fmt: skip
    if club is not None:
        tell_players(event, {"what": "club_event", "club": club.name},
              [u for u in member_ids(club.pk) if u != user.pk])  # fmt: skip
    return event


def _check_private_limits(user: User) -> None:
    """A player has at most WHIST_MAX_PRIVATE_EVENTS private events coming or running, and
    creates at most WHIST_PRIVATE_EVENTS_PER_DAY a day (cancelled ones count)."""
    mine = Event.objects.filter(created_by=user, private=True)
    most = settings.WHIST_MAX_PRIVATE_EVENTS
    if mine.filter(status__in=[Event.Status.COMING, Event.Status.RUNNING]).count() >= most:
        raise ServiceError("too_many_events", ngettext(
            "you have %(count)s private event coming or running, the most you may have",
            "you have %(count)s private events coming or running, the most you may have",
            most,
        ) % {"count": most})  # fmt: skip
    day = timezone.now() - timedelta(days=1)
    if mine.filter(created__gte=day).count() >= settings.WHIST_PRIVATE_EVENTS_PER_DAY:
        raise ServiceError("event_rate", _("you have created many events today: try again "
                                          "tomorrow"))  # fmt: skip


def _drive_rules(game: str, movement: str) -> dict[str, Any]:
    """A drive is Whist, one hand a round (docs/rules.md §2.8: a game to 1 point; each
    round's table gets its trump as it is dealt)."""
    # The game whose trump can be named before the deal (docs/rules.md §2.8).
    if game not in PLAYERS or "trump_suit" not in {f.name for f in option_fields(game)}:
        raise ServiceError("bad_game", _("a whist drive is played at Whist"))
    if movement not in Event.Movement.values:
        raise ServiceError("bad_movement", _("choose the drive's movement"))
    return {"target": 1}


def _through_refusal(size: int, side: int) -> str:
    if side > 1:
        return _("an elimination event at Whist sends the winning side through: 2 per table")
    return ngettext(
        "choose how many go through at each table: %(low)s to %(high)s of %(size)s player",
        "choose how many go through at each table: %(low)s to %(high)s of %(size)s players",
        size,
    ) % {"low": 1, "high": size - 1, "size": size}


def _prize_names(prizes: dict[str, str]) -> dict[str, str]:
    """The prizes the organiser named (first, best pair, booby), each at most 60 characters."""
    return {k: str(v).strip()[:60] for k, v in prizes.items() if k in PRIZES and str(v).strip()}


def _check_rules(game: str, size: int | None, preset: str, options: dict, kind: str) -> int:
    if game not in PLAYERS:
        raise ServiceError("bad_game", _("unknown game %(game)s") % {"game": game})
    if kind not in Event.Kind.values:
        raise ServiceError("bad_kind", _("unknown kind of event %(kind)s") % {"kind": kind})
    # Duplicate scoring compares the same cards: a game of knock-out rounds deals each
    # round to whoever is still in, so no two tables would hold the same hands.
    if kind == Event.Kind.DUPLICATE and not game_of(game).same_deals:
        raise ServiceError("bad_kind", _("duplicate events are for Whist and German Whist"))
    try:
        return make_rules(game, size, preset or None, **options).players
    except (RulesError, TypeError) as exc:
        raise ServiceError("bad_rules", explained(exc)) from exc


def _check_range(code: str, value: object, span: tuple[int, int], what: str) -> None:
    low, high = span
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ServiceError(
            code, _("%(what)s: %(low)s to %(high)s") % {"what": what, "low": low, "high": high}
        )


def entry_join(user: User, event_id: int, token: str = "") -> Entry:
    """Sign up until the start; a private event needs its invite token (its creator and,
    for a club's event, the club's members not); a club's members-only event takes members."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to sign up"))
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise ServiceError("no_event", _("there is no such event"))
        if event.status != Event.Status.COMING and event.kind != Event.Kind.DAILY:
            raise ServiceError("started", _("sign-up closed when the event started"))
        if event.members_only and event.club_id is not None and not is_member(event.club_id, user):
            raise ServiceError("members_only", _("This event is for the club's members."))
        in_club = event.club_id is not None and is_member(event.club_id, user)
        if event.private and event.created_by_id != user.pk and not in_club:
            if not token or not secrets.compare_digest(event.invite_token, str(token)):
                raise ServiceError("forbidden", _("this private event needs its invite link"))
        try:
            with transaction.atomic():
                entry = Entry.objects.create(event=event, user=user)
        except IntegrityError as exc:
            raise ServiceError("already_joined", _("you have signed up already")) from exc
        version_bump(event)
    return entry


def entry_leave(user: User, event_id: int) -> None:
    """Take back a sign-up before the start."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None or event.status != Event.Status.COMING:
            raise ServiceError("started", _("the event has started: you can no longer leave it"))
        if not Entry.objects.filter(event=event, user=user).delete()[0]:
            raise ServiceError("not_joined", _("you have not signed up"))
        version_bump(event)


def event_cancel(user: User, event_id: int) -> None:
    """Its creator or staff cancel an event that has not started; everyone entered hears."""
    with transaction.atomic():
        event = _own_coming(user, event_id, _("only its creator or staff may cancel an event"))
        event.status = Event.Status.CANCELLED
        event.finished = timezone.now()
        version_bump(event, "status", "finished")
        _tell_entered(event, {"what": "cancelled"})


def event_reschedule(user: User, event_id: int, starts_at: datetime) -> Event:
    """Its creator or staff move the start of an event that has not started to another time
    in the future; everyone entered hears (sign-ups stay)."""
    with transaction.atomic():
        event = _own_coming(user, event_id, _("only its creator or staff may move an event"))
        _check_start(starts_at)
        event.starts_at = starts_at
        version_bump(event, "starts_at")
        _tell_entered(event, {"what": "moved", "starts_at": starts_at.isoformat()})
    return event


def _check_start(starts_at: datetime) -> None:
    """A start ahead, within START_AHEAD (compared as moments: no date is made past 9999)."""
    now = timezone.now()
    if starts_at < now:
        raise ServiceError("bad_start", _("the start must be in the future"))
    if starts_at > now + START_AHEAD:
        raise ServiceError("bad_start", _("the start must be within a year from now"))


def _own_coming(user: User, event_id: int, refusal: str) -> Event:
    """The event row locked, if `user` is its creator or staff and it has not started."""
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None or user is None or not user.is_authenticated:
        raise ServiceError("forbidden", refusal)
    if not (acts_as_staff(user) or event.created_by_id == user.pk):
        raise ServiceError("forbidden", refusal)
    if event.status != Event.Status.COMING:
        raise ServiceError("started", _("only an event that has not started can be changed"))
    return event


def _tell_entered(event: Event, news: dict[str, Any]) -> None:
    """After the commit, everyone entered hears the news (a notice on any open page)."""
    tell_players(event, news, Entry.objects.filter(event=event).values_list("user_id", flat=True))


def tell_players(event: Event, news: dict[str, Any], users: Iterable[int]) -> None:
    """After the commit, these players hear the event's news."""
    data = {**news, "title": event.name, "event_id": event.pk,
            "url": reverse("event", args=[event.pk])}  # fmt: skip
    notices = [(user_id, data) for user_id in users]
    transaction.on_commit(
        partial(games_signals.event_news.send, sender=Event, notices=notices), robust=True
    )
