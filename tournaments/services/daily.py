"""The daily challenge: each day a set of boards per game that everyone plays against bots of
one level, at any time of the day, ranked by matchpoints (docs/rules.md §5.6)."""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime, time, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Table
from games.services.arranged import boards_release, table_arrange, tables_end
from games.services.errors import ServiceError
from records.services import record_publish
from tournaments.models import Entry, Event, Placement, Round
from tournaments.services.live import version_bump

# Per game: boards a day, players per table, the rules of a board (Whist: one deal, as a
# game to 1 point; German Whist: one game).
BOARDS = {"whist": (4, 4, {"target": 1}), "german": (3, 2, {"games": 1})}


def daily_get(game: str, day: date | None = None) -> Event:
    """The day's challenge of a game (UTC days), made with its boards' seeds when first
    asked for; days before today are closed (finished)."""
    if game not in BOARDS:
        raise ServiceError("bad_game", _("the daily challenge is for Whist and German Whist"))
    day = day or timezone.now().date()
    event = Event.objects.filter(kind=Event.Kind.DAILY, game=game, day=day).first()
    if event is None:
        event = _create(game, day)
    if day < timezone.now().date() and event.status != Event.Status.FINISHED:
        _close_day(event.pk)
        event.refresh_from_db()
    return event


def _close_day(event_id: int) -> None:
    """The day is over: its boards close first (a table still in play ends there and does not
    count), then the day's games open and each board's best game (most matchpoints at seat
    0, the earliest of equals) opens for everyone to replay (docs/rules.md §5.7)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if event.status == Event.Status.FINISHED:
            return
        tables = set(Placement.objects.filter(round__event=event).values_list("table", flat=True))
        tables_end(tables)
        boards_release(tables)
        for board in event.round_set.all():
            best = (
                board.placements.filter(seat=0, matchpoints__isnull=False)
                .order_by("-matchpoints", "table_id")
                .first()
            )
            if best is not None and record_publish(best.table_id):
                board.best_game_id = best.table_id
                board.save(update_fields=["best_game"])
        event.status, event.finished = Event.Status.FINISHED, timezone.now()
        version_bump(event, "status", "finished")


def _create(game: str, day: date) -> Event:
    boards, size, options = BOARDS[game]
    start = datetime.combine(day, time.min, tzinfo=UTC)
    try:
        with transaction.atomic():
            event = Event.objects.create(
                name=f"{day.isoformat()}", kind=Event.Kind.DAILY, game=game, table_size=size,
                options=options, rounds=boards, round_minutes=24 * 60, time_limit=0,
                bot_level=settings.WHIST_DAILY_BOT, starts_at=start, day=day,
                status=Event.Status.RUNNING, current_round=boards,
            )  # fmt: skip
            Round.objects.bulk_create(
                Round(event=event, number=n, seed=secrets.randbits(62))
                for n in range(1, boards + 1)
            )
    except IntegrityError:  # another request made it first
        return Event.objects.get(kind=Event.Kind.DAILY, game=game, day=day)
    return event


def daily_play(user: User, game: str, board: int) -> Table:
    """The player's table for today's board `board`: dealt at once, the player at seat 0 and
    bots of the challenge's level in the other seats, the board's cards; if they have
    played or are playing it, that table (each board once a day)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to play the daily challenge"))
    event = daily_get(game)
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        board_row = Round.objects.filter(event=locked, number=board).first()
        if board_row is None:
            raise ServiceError("no_board", _("there is no board %(n)s today") % {"n": board})
        entry, _created = Entry.objects.get_or_create(event=locked, user=user)
        played = Placement.objects.filter(round=board_row, entry=entry).select_related("table")
        if played.exists():
            return played.first().table
        users = [user] + [None] * (locked.table_size - 1)
        table = table_arrange(
            game, users, bot_level=locked.bot_level, options=locked.options,
            time_limit=0, private=True, seed=board_row.seed, after_url=reverse("table_after"),
        )  # fmt: skip
        Placement.objects.bulk_create(
            Placement(round=board_row, table=table, number=board, seat=i,
                      entry=entry if i == 0 else None)
            for i in range(locked.table_size)
        )  # fmt: skip
    return table


def days_back(game: str, days: int = 1) -> Event | None:
    """The challenge of `days` days ago, if anyone asked for it."""
    day = timezone.now().date() - timedelta(days=days)
    event = Event.objects.filter(kind=Event.Kind.DAILY, game=game, day=day).first()
    return daily_get(game, day) if event is not None else None


def days_close() -> int:
    """Close every day's challenge whose UTC day is over (the watchdog's tick); how many."""
    today = timezone.now().date()
    due = Event.objects.filter(kind=Event.Kind.DAILY, day__lt=today)
    due = list(due.exclude(status=Event.Status.FINISHED).values_list("pk", flat=True))
    for event_id in due:
        _close_day(event_id)
    return len(due)
