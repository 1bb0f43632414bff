"""Tables before and after play: create, take and leave seats, start, rematch, invites."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games import broadcast, signals
from games.engine import RulesError, make_rules
from games.engine.bots import LEVELS
from games.engine.descriptors import is_standard
from games.models import Presence, Seat, Table
from games.reads.lobby import slot_tables
from games.reads.queries import INVITES_SESSION_KEY, has_invite, seat_of, unfinished_tables
from games.services import errors
from games.services.errors import ServiceError, check_rated, explained
from games.services.moves import commit, lock_table

TIME_LIMITS = (10, 3600)  # seconds; 0 means no limit


def table_create(
    user: User,
    game: str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    preset: str | None = None,
    bot_levels: list[str | None] | None = None,
    private: bool = False,
    time_limit: int = 60,
    rated: bool = False,
    seat: int = 0,
    chat_players_only: bool = False,
    announce: bool = True,
    hide_ratings: bool = False,
) -> Table:
    """A new open table with its creator at `seat` and bots where `bot_levels` says.
    `announce=False`: no broadcast (the caller starts the table in the same transaction,
    which announces it)."""
    options = dict(options or {})
    check_slots(user)
    rules = rules_for(game, players, preset, options)
    if rated and is_standard(rules):
        check_rated(user)
    levels = bot_levels_for(bot_levels, rules.players)
    check_time_limit(time_limit)
    if not 0 <= seat < rules.players or levels[seat]:
        raise ServiceError("bad_seat", _("seat %(seat)s is not free for you") % {"seat": seat})
    with transaction.atomic():
        table = Table.objects.create(
            game=game, players=rules.players, options=options, preset=preset or "",
            private=private, invite_token=secrets.token_urlsafe(16) if private else "",
            rated=rated and is_standard(rules), created_by=user, time_limit=time_limit,
            chat_players_only=chat_players_only, hide_ratings=hide_ratings,
        )  # fmt: skip
        Seat.objects.bulk_create(
            Seat(table=table, index=i, user=user if i == seat else None, bot=levels[i] or "")
            for i in range(rules.players)
        )
        if announce:
            broadcast.table_changed(table.pk, lobby=True)
    return table


def check_slots(user: User) -> None:
    """At most WHIST_MAX_OPEN_TABLES tables hold a player's slots: open tables they sit at and
    games in play they still take part in (lobby.slot_tables); the refusal names them."""
    most = settings.WHIST_MAX_OPEN_TABLES
    if not most or user is None or unfinished_tables(user).count() < most:
        return  # the cheap count first: the games' states only when it could be too many
    held = slot_tables(user)
    if len(held) >= most:
        raise ServiceError(
            "too_many_tables",
            ngettext(
                "you have %(count)s unfinished table already, the most you may have: finish, "
                "leave or resign it first",
                "you have %(count)s unfinished tables already, the most you may have: finish, "
                "leave or resign one of them first",
                len(held),
            )
            % {"count": len(held)},
            tables=held,
        )


def rules_for(game: str, players: int | None, preset: str | None, options: dict[str, Any]) -> Any:
    try:
        return make_rules(game, players, preset or None, **options)
    except (RulesError, TypeError) as exc:
        raise ServiceError("bad_rules", explained(exc)) from exc


def bot_levels_for(levels: list[str | None] | None, players: int) -> list[str | None]:
    levels = list(levels or [])
    if len(levels) > players:
        raise ServiceError(
            "bad_bot",
            _("%(levels)s bot levels for %(seats)s seats")
            % {"levels": len(levels), "seats": players},
        )
    levels += [None] * (players - len(levels))
    for level in levels:
        if level and level not in LEVELS:
            known = ", ".join(LEVELS)
            raise ServiceError(
                "bad_bot",
                _("unknown bot level %(level)s: one of %(known)s")
                % {"level": repr(level), "known": known},
            )
    return levels


def check_time_limit(time_limit: object) -> None:
    low, high = TIME_LIMITS
    if not isinstance(time_limit, int) or not (time_limit == 0 or low <= time_limit <= high):
        raise ServiceError(
            "bad_time_limit",
            _("the time limit is 0 (none) or %(low)s-%(high)s seconds per move")
            % {"low": low, "high": high},
        )


def seat_take(
    user: User,
    table_id: int,
    index: int | None = None,
    session: SessionBase | None = None,
    *,
    announce: bool = True,
) -> Seat:
    """Sit down at an open table: seat `index`, or the first free one. `announce`: the lobby
    hears of the change (not for a table the pool fills, which it never lists)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to take a seat"))
    with transaction.atomic():
        table, seats = lock_table(table_id)
        if table.status != Table.Status.OPEN:
            raise ServiceError("not_open", _("the game has already started"))
        if table.private and table.created_by_id != user.pk and not has_invite(table, session):
            raise ServiceError("forbidden", _("this private table needs its invite link"))
        if seat_of(seats, user) is not None:
            raise ServiceError("already_seated", _("you already have a seat at this table"))
        if table.rated:
            check_rated(user)
        seat = _free_seat(seats, index)
        seat.user = user
        try:
            with transaction.atomic():
                seat.save(update_fields=["user"])
        except IntegrityError as exc:
            raise ServiceError("already_seated", _("you already have a seat here")) from exc
        commit(table, seats, lobby=announce)
    return seat


def _free_seat(seats: list[Seat], index: int | None) -> Seat:
    if index is None:
        seat = next((s for s in seats if not s.taken), None)
        if seat is None:
            raise ServiceError("seat_taken", _("every seat is taken"))
        return seat
    if not isinstance(index, int) or not 0 <= index < len(seats):
        raise ServiceError("no_seat", _("there is no seat %(seat)s") % {"seat": index})
    if seats[index].taken:
        raise ServiceError("seat_taken", _("seat %(seat)s is taken") % {"seat": index})
    return seats[index]


def seat_leave(user: User, table_id: int) -> bool:
    """Stand up before the start; whether that closed the table. The creator standing up from
    a table nobody else sits at (bots are nobody) closes it at once. Any other table nobody
    sits at any more stays open for WHIST_OPEN_EMPTY_GRACE seconds (an invited guest may
    still come), then closes (table_close_abandoned).
    docs/protocol.md §"Services for the pages" (`seat_leave`)."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        if table.status != Table.Status.OPEN:
            raise ServiceError("not_open", _("the game has started: resign instead"))
        seat = seat_of(seats, user)
        if seat is None:
            raise errors.no_seat()
        seat.user = None
        seat.last_seen = timezone.now()  # when it became free: the empty table's grace runs
        seat.save(update_fields=["user", "last_seen"])
        seat.sockets.all().delete()
        closes = table.created_by_id == user.pk and not any(s.user_id for s in seats)
        if closes:
            _abort(table)
        commit(table, seats, lobby=True)
    return closes


def table_close_abandoned() -> int:
    """Close open tables none of whose seated players has been at them for WHIST_OPEN_ABANDON
    seconds (they left without standing up), and tables nobody has sat at for
    WHIST_OPEN_EMPTY_GRACE seconds, so the lobby stops offering them; how many."""
    return _close_idle() + _close_empty()


def _close_empty() -> int:
    """Open tables whose last player stood up more than WHIST_OPEN_EMPTY_GRACE seconds ago."""
    cutoff = timezone.now() - timedelta(seconds=settings.WHIST_OPEN_EMPTY_GRACE)
    empty = (
        Table.objects.filter(status=Table.Status.OPEN, created__lt=cutoff)
        .exclude(seats__user__isnull=False)
        .exclude(seats__last_seen__gte=cutoff)
    )

    def still_empty(table: Table, seats: list[Seat]) -> bool:
        recent = any(s.last_seen and s.last_seen >= cutoff for s in seats)
        return not recent and not any(s.user_id for s in seats)

    return _close_each(empty, still_empty)


def _close_idle() -> int:
    """Open tables none of whose seated players has been at them for WHIST_OPEN_ABANDON s."""
    cutoff = timezone.now() - timedelta(seconds=settings.WHIST_OPEN_ABANDON)
    idle = (
        Table.objects.filter(status=Table.Status.OPEN, created__lt=cutoff)
        .exclude(seats__sockets__isnull=False)
        .exclude(seats__last_seen__gte=cutoff)
    )

    def still_idle(table: Table, seats: list[Seat]) -> bool:
        seen = any(s.last_seen and s.last_seen >= cutoff for s in seats if s.user_id)
        return not seen and not _has_sockets(table)

    return _close_each(idle, still_idle)


def _close_each(tables: QuerySet[Table], still: Callable[[Table, list[Seat]], bool]) -> int:
    """Close (abort) each of `tables` that is still open and `still` abandoned when checked
    again under its lock; how many."""
    closed = 0
    for table_id in tables.values_list("pk", flat=True):
        with transaction.atomic():
            table, seats = lock_table(table_id)
            if table.status != Table.Status.OPEN or not still(table, seats):
                continue
            _abort(table)
            commit(table, seats, lobby=True)
            closed += 1
    return closed


def _abort(table: Table) -> None:
    table.status = Table.Status.ABORTED
    table.finished = timezone.now()


def _has_sockets(table: Table) -> bool:
    return Presence.objects.filter(seat__table=table).exists()


def table_start(user: User, table_id: int, fill_bots: str | None = None) -> Table:
    """Deal: every seat must be taken (by humans or bots; `fill_bots` fills empty seats)."""
    if fill_bots and fill_bots not in LEVELS:
        raise ServiceError("bad_bot", _("unknown bot level %(level)s") % {"level": repr(fill_bots)})
    with transaction.atomic():
        table, seats = lock_table(table_id)
        if table.status != Table.Status.OPEN:
            raise ServiceError("not_open", _("the game has already started"))
        if seat_of(seats, user) is None:
            raise ServiceError("not_seated", _("only a player at the table can start it"))
        _fill(seats, fill_bots)
        if not all(s.taken for s in seats):
            raise ServiceError("not_full", _("every seat must be taken (or filled with bots)"))
        deal(table, seats, announce=True)
    return table


def _fill(seats: list[Seat], level: str | None) -> None:
    for seat in seats:
        if level and not seat.taken:
            seat.bot = level
            seat.save(update_fields=["bot"])


def deal(
    table: Table, seats: list[Seat], seed: int | None = None, moves: int = 0,
    announce: bool = False,
) -> None:  # fmt: skip
    """Deal the locked `table` from `seed` (a new random one if None; the deal is keyed by
    the deal secret either way) and broadcast it. `moves`: the moves its log holds already (a
    practice table's first ones, games.services.practice); `announce`: tell the apps above
    that its game started, after the commit (games.signals.game_started: friends hear of it)."""
    table.seed = secrets.randbits(62) if seed is None else seed
    table.seed_keyed = True  # an open table from before migration 0006 deals keyed too
    table.status = Table.Status.PLAYING
    table.started = timezone.now()
    table.moves = moves
    commit(table, seats, dealt=True, lobby=True)
    if announce:
        humans = [s.user_id for s in seats if s.user_id is not None]
        started = partial(
            signals.game_started.send, sender=Table, table_id=table.pk, user_ids=humans
        )
        transaction.on_commit(started, robust=True)


def table_play_now(
    user: User, game: str = "knockout", players: int | None = 4, level: str = "beginner"
) -> Table:
    """One click to play: a table with `user` at seat 0 and bots everywhere else, started."""
    n = rules_for(game, players, None, {}).players
    table = table_create(user, game, players=n, bot_levels=[None] + [level] * (n - 1))
    return table_start(user, table.pk)


def table_rematch(user: User, table_id: int) -> Table:
    """The same rules and bots again at a new open table, the user at their old seat."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        if table.status != Table.Status.FINISHED:
            raise ServiceError("not_finished", _("a rematch follows a finished game"))
        if table.after_url:
            raise ServiceError(
                "arranged", _("an event's table has no rematch: the event goes on at its page")
            )
        old = seat_of(seats, user)
        if old is None:
            raise ServiceError("not_seated", _("only a player of this game can ask for a rematch"))
        rematch = Table.objects.filter(rematch_of=table).first() or _rematch(table, seats)
        new_seat = Seat.objects.get(table=rematch, index=old.index)
        if new_seat.user_id is None and not new_seat.bot:
            if rematch.rated:
                check_rated(user)
            new_seat.user = user
            new_seat.save(update_fields=["user"])
            commit(*lock_table(rematch.pk), lobby=True)
        return rematch


def _rematch(table: Table, seats: list[Seat]) -> Table:
    rematch = Table.objects.create(
        game=table.game, players=table.players, options=table.options, preset=table.preset,
        private=table.private, invite_token=table.invite_token, rated=table.rated,
        created_by=table.created_by, time_limit=table.time_limit, rematch_of=table,
        chat_players_only=table.chat_players_only, hide_ratings=table.hide_ratings,
    )  # fmt: skip
    Seat.objects.bulk_create(Seat(table=rematch, index=s.index, bot=s.bot) for s in seats)
    commit(table, seats, lobby=True)  # its players learn where the rematch is
    return rematch


def table_invite_accept(session: SessionBase, table_id: int, token: str) -> bool:
    """Remember a valid invite in the session: it lets the holder watch and sit down."""
    table = Table.objects.filter(pk=table_id).only("invite_token").first()
    if (
        table is None
        or not table.invite_token
        or not secrets.compare_digest(table.invite_token, str(token))
    ):
        return False
    invites = dict(session.get(INVITES_SESSION_KEY) or {})
    invites[str(table_id)] = table.invite_token
    session[INVITES_SESSION_KEY] = invites
    return True
