"""Leavers (docs/rules.md §4.4): the growing wait before the next rated game of a player who
keeps leaving rated games, and the completion rate the quick-play pool may ask for.

A leave is a rated game the player left to the stand-in bot, or resigned before real
play (docs/rules.md §4.3). Of the leaves in the last LEAVE_DAYS days the first FREE_LEAVES
cost nothing more than their loss; each further one makes the player wait WAIT_FIRST minutes
from the end of that game, WAIT_FACTOR times the wait before for each leave after that, at
most WAIT_MOST. Anchor: lichess's playban (first ban 10 minutes, a repeat within 3 days up to
about twice the one before, at most 3 days, and only after several bad outcomes); here the
count is plain, the window a week and the longest wait a day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rankings.models import SeatResult
from rankings.outcome import LEFT_RUN
from records.models import GamePlayer

LEAVE_DAYS = 7
FREE_LEAVES = 1
WAIT_FIRST, WAIT_FACTOR, WAIT_MOST = 10, 3, 24 * 60  # minutes
LEFT = Q(left=True) | Q(early=True, resigned=True)


@dataclass(frozen=True)
class Wait:
    """A player's wait before the next rated game: until when, and after how many leaves."""

    until: datetime
    leaves: int


def wait_minutes(leaves: int) -> int:
    """The wait after the `leaves`-th leave of the last LEAVE_DAYS days: 0, 10, 30, 90, ..."""
    if leaves <= FREE_LEAVES:
        return 0
    return min(WAIT_MOST, WAIT_FIRST * WAIT_FACTOR ** (leaves - FREE_LEAVES - 1))


def rated_wait(user_id: int, now: datetime | None = None) -> Wait | None:
    """The player's wait in force now, or None (one query)."""
    now = now or timezone.now()
    ends = _leave_ends([user_id], now).get(user_id)
    wait = _wait_after(ends) if ends else None
    return wait if wait is not None and wait.until > now else None


def waiting(user_ids: list[int], now: datetime | None = None) -> set[int]:
    """Those of these players who must wait before a rated game now (one query)."""
    now = now or timezone.now()
    return {u for u, ends in _leave_ends(user_ids, now).items() if _wait_after(ends).until > now}


def _leave_ends(user_ids: list[int], now: datetime) -> dict[int, list[datetime]]:
    """When each of these players' leaves of the last LEAVE_DAYS days ended, oldest first."""
    rows = (
        SeatResult.objects.filter(LEFT, user_id__in=user_ids, rated=True, annulled=False)
        .filter(finished__gt=now - timedelta(days=LEAVE_DAYS), finished__lte=now)
        .order_by("finished")
        .values_list("user_id", "finished")
    )
    ends: dict[int, list[datetime]] = {}
    for user_id, finished in rows:
        ends.setdefault(user_id, []).append(finished)
    return ends


def _wait_after(ends: list[datetime]) -> Wait:
    """The wait these leaves earn, from the end of the last one."""
    return Wait(ends[-1] + timedelta(minutes=wait_minutes(len(ends))), len(ends))


def completion(user_id: int, games: int) -> tuple[int, int]:
    """(completed, played) of the player's last `games` finished games, casual too, annulled
    ones left out, and practice ones (a practice game left abandons no one): a game completed
    is played to its end by the player, neither resigned nor left (the profile's completion
    rate, social.stats)."""
    rows = (
        GamePlayer.objects.filter(user_id=user_id, practice=False)
        .exclude(result=GamePlayer.Result.ANNULLED)
        .order_by("-finished")[:games]
        .values_list("resigned", "own_decisions", "stand_in_decisions", "stand_in_last")
    )
    done = [not r and own >= other and last < LEFT_RUN for r, own, other, last in rows]
    return sum(done), len(done)


def pool_completion_short(user_id: int) -> tuple[int, int, int] | None:
    """(percent completed, percent asked for, games counted) if the player is below the rate
    the operator set for the pool's rated tables (WHIST_POOL_MIN_COMPLETION), else None. A
    player with fewer games than it counts is not judged yet."""
    needed, games = settings.WHIST_POOL_MIN_COMPLETION
    if not needed:
        return None
    done, played = completion(user_id, games)
    if played < games or done * 100 >= needed * played:
        return None
    return done * 100 // played, needed, played


def rated_bar_text(user_id: int, pool: bool = False, now: datetime | None = None) -> str | None:
    """Why the player may not take a place at a rated table now, in the active language: the
    wait after leaving (docs/rules.md §4.4), or, for the pool, a completion rate below the
    operator's; None if they may."""
    now = now or timezone.now()
    wait = rated_wait(user_id, now)
    if wait is not None:
        until = timezone.localtime(wait.until)  # in the player's zone (accounts.time_zones)
        return ngettext(
            "You left %(count)s rated game in the last 7 days: your next rated game can start "
            "in %(wait)s (at %(time)s %(zone)s). Casual tables are open to you now.",
            "You left %(count)s rated games in the last 7 days: your next rated game can start "
            "in %(wait)s (at %(time)s %(zone)s). Casual tables are open to you now.",
            wait.leaves,
        ) % {"count": wait.leaves, "wait": timeuntil(wait.until, now, depth=2),
             "time": until.strftime("%H:%M"), "zone": until.tzname()}  # fmt: skip
    short = pool_completion_short(user_id) if pool else None
    if short is not None:
        rate, needed, games = short
        return _(
            "The pool's rated tables ask for %(needed)s%% of games played to the end; you "
            "finished %(rate)s%% of your last %(games)s. Casual tables are open to you, and "
            "every game you finish raises it."
        ) % {"needed": needed, "rate": rate, "games": games}
    return None


def rated_bar(user: Any, pool: bool = False) -> str | None:
    """rated_bar_text of a user: the function the card room asks before a rated seat
    (games.services.errors.rated_bar_from, named in rankings.apps)."""
    return rated_bar_text(user.pk, pool)
