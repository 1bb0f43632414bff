"""The quick-play pool for people: join, leave, and match waiting players into tables.

The pool lives in PostgreSQL (games.models.PoolLine, PoolEntry), never in one process's
memory, so players on different servers meet. Matching a line (a game, its player count,
rated or casual) runs with the line's row locked (`SELECT ... FOR UPDATE`): one matcher per
line at a time on all servers, and each matcher reads every entry committed before it got
the lock, so a join is never missed. Its entries are locked too (`SKIP LOCKED`: one a leave
is deleting just now is left out), and a seated entry is deleted in the same transaction
that seats it: nobody is seated twice, no table gets more people than seats. It runs after
every join (in the joining socket's thread), when a waiting player's bot wait is due (a
task at that moment, runtime.scheduling), and on every watchdog tick (the rating range
widens with the wait). Who sits with whom: games/pairing.py. Partners (an invitation
accepted: games/services/pool_pairs.py) wait as one: when one of them leaves, is seated
elsewhere or joins alone, the other's wait ends too; a pair's changes lock the line first,
as matching does, so that two partners leaving at once never lock each other's rows.
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from itertools import combinations
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.devices import shared_devices
from accounts.models import User
from accounts.selectors import blocked_pairs
from games import broadcast, pairing
from games.engine import RulesError, make_rules
from games.engine.bots import LEVELS
from games.engine.descriptors import fixed_players, sides
from games.models import PoolEntry, PoolLine, Table
from games.services.errors import ServiceError, check_ban, check_rated, rated_refusal
from games.services.tables import check_slots, seat_take, table_create, table_start
from runtime import processes, scheduling

log = logging.getLogger(__name__)
DEFAULT_RATING = 1000  # rankings.rating.display of a newcomer
# What matching reads of each waiting player (the user only for those it seats).
ENTRY_FIELDS = ("id", "user_id", "rating", "bots_after", "bot_level", "channel", "joined",
                "address", "device", "partner_id")  # fmt: skip


def pool_join(
    user: User,
    channel: str,
    game: str,
    players: int | None = None,
    rated: bool = False,
    bots_after: int | None = None,
    bot_level: str = "club",
    match: bool = True,
    address: str = "",
    device: str = "",
) -> PoolEntry:
    """Wait in the pool from lobby socket `channel` (a join from another page moves the wait
    there); then match the line at once (`match=False`: the caller does, as the lobby socket
    does apart from the join, so that it is free to hear of its table meanwhile). `address`
    and `device`: the socket's network address and browser key (docs/rules.md §4.3)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to play with people"))
    check_ban(user)
    if rated:
        check_rated(user, pool=True)
    line = pool_line(game, players, rated)
    check_wait(bots_after, bot_level)
    check_slots(user)
    rating = rating_in(user, game)
    with transaction.atomic():
        entry = enter(user, line, channel, rating=rating, bots_after=bots_after,
                      bot_level=bot_level, address=address[:64], device=device[:32])  # fmt: skip
        broadcast.pool_changed()
    if bots_after is not None:  # matched then, if nobody came (a little late: surely due)
        scheduling.run_later("pool_match", (line.pk,), bots_after + 0.05)
    if match:
        pool_match(line.pk)
    return entry


def enter(user: User, line: PoolLine, channel: str, **fields: Any) -> PoolEntry:
    """The user's wait, new or replacing the one they had (inside a transaction): a wait
    from another socket is told it moved, and a pair the old wait was part of ends."""
    old = PoolEntry.objects.filter(user=user).only("line_id").first()
    if old is not None:
        lock_line(old.line_id)
        old = PoolEntry.objects.select_for_update().filter(user=user).first()
    if old is not None:
        if old.channel != channel:
            broadcast.pool_left(old.channel, "moved")
        unpair(old)
    defaults = {"line": line, "channel": channel, "process": processes.current(),
                "joined": timezone.now(), "partner_id": None, "pending": False,
                **fields}  # fmt: skip
    entry, _created = PoolEntry.objects.update_or_create(user=user, defaults=defaults)
    return entry


def lock_line(line_id: int) -> None:
    """Hold the line's row (inside a transaction) as matching does, before its entries."""
    list(PoolLine.objects.select_for_update().filter(pk=line_id).values_list("pk"))


def unpair(entry: PoolEntry) -> None:
    """The wait `entry` ends (the caller deletes or replaces it, the line locked): its open
    invitation is withdrawn, or its partner's wait ends too, the partner told why."""
    if entry.partner_id is None:
        return
    if entry.pending:
        broadcast.pool_pair_withdrawn(entry.partner_id, entry.user_id)
        return
    other = PoolEntry.objects.filter(user_id=entry.partner_id, partner_id=entry.user_id).first()
    if other is not None:
        other.delete()
        broadcast.pool_left(other.channel, "partner_left")


def pool_line(game: str, players: int | None, rated: bool) -> PoolLine:
    """The line of the pool for a game, its player count and rated or casual."""
    try:
        rules = make_rules(game, None if fixed_players(game) else players)
    except (RulesError, TypeError) as exc:
        raise ServiceError("bad_rules", str(exc)) from exc
    line, _created = PoolLine.objects.get_or_create(
        game=rules.game, players=rules.players, rated=bool(rated)
    )
    return line


def check_wait(bots_after: int | None, bot_level: str) -> None:
    """A wait for bots on offer and a known bot level, else ServiceError."""
    waits = settings.WHIST_POOL_WAITS
    if bots_after is not None and bots_after not in waits:
        raise ServiceError(
            "bad_wait",
            _("wait %(choices)s seconds for bots, or keep waiting")
            % {"choices": ", ".join(str(w) for w in waits)},
        )
    if bot_level not in LEVELS:
        raise ServiceError("bad_bot", _("unknown bot level %(level)s") % {"level": repr(bot_level)})


# The app that keeps ratings names its function here as it starts (rankings.apps): the pool
# calls it, where it asked a signal and took a receiver's return value. Unset: everyone 1000.
_rating_of: Callable[[User, str], int] | None = None


def pool_rating_from(rating_of: Callable[[User, str], int]) -> None:
    """The function the pool matches players by: the rating people see of a user in a game."""
    global _rating_of
    _rating_of = rating_of


def rating_in(user: User, game: str) -> int:
    return _rating_of(user, game) if _rating_of is not None else DEFAULT_RATING


def pool_leave(user_id: int | None, channel: str | None = None) -> bool:
    """Out of the pool (from `channel` only, if given: a closed socket leaves the wait it
    holds, not one moved to another page). False if not waiting (seated meanwhile)."""
    if user_id is None:
        return False
    with transaction.atomic():
        mine = PoolEntry.objects.filter(user_id=user_id)
        mine = mine.filter(channel=channel) if channel else mine
        seen = mine.only("line_id").first()
        if seen is None:
            return False
        lock_line(seen.line_id)
        entry = mine.select_for_update().first()
        if entry is None:
            return False
        unpair(entry)
        entry.delete()
        broadcast.pool_changed()
    return True


def pool_match(line_id: int, now: datetime | None = None) -> list[int]:
    """Seat whoever can be seated in one line of the pool now; the new tables' ids."""
    tables: list[int] = []
    for _attempt in range(3):  # again only if someone could not be seated (their slots)
        with transaction.atomic():
            line = PoolLine.objects.select_for_update().filter(pk=line_id).first()
            if line is None:
                return tables
            entries = list(
                PoolEntry.objects.select_for_update(skip_locked=True)
                .filter(line=line, pending=False)
                .only(*ENTRY_FIELDS)
            )
            found, refused = _seat_all(line, entries, now or timezone.now())
            tables += found
            if found or refused:
                broadcast.pool_changed()
        if not refused:
            return tables
    return tables


def _seat_all(line: PoolLine, entries: list[PoolEntry], now: datetime) -> tuple[list[int], int]:
    by_id = {e.pk: e for e in entries}
    base, per_second = settings.WHIST_POOL_RANGE
    entry_of = {e.user_id: e.pk for e in entries}
    waiting = [pairing.Waiting(e.pk, e.rating, (now - e.joined).total_seconds(),
                               e.bots_after is not None, _due(e, now), e.bot_level,
                               entry_of.get(e.partner_id) if e.partner_id else None)
               for e in entries]  # fmt: skip
    pairs = blocked_pairs(list(entry_of))
    if line.rated:
        pairs |= shared_devices(entry_of)
    apart = {frozenset(entry_of[u] for u in pair) for pair in pairs}
    if line.rated:
        apart |= same_place(entries)
    tables, refused = [], 0
    for group in pairing.groups(waiting, line.players, base, per_second, apart):
        people = [by_id[i] for i in group.ids]
        users = get_user_model().objects.in_bulk([e.user_id for e in people])
        for e in people:
            e.user = users[e.user_id]
        unable = [(e, why) for e in people if (why := _unable(e, line.rated))]
        if unable:
            for e, why in unable:
                unpair(e)
                PoolEntry.objects.filter(pk=e.pk).delete()
                broadcast.pool_left(e.channel, why)
            refused += len(unable)
            continue
        table = _seat(line, people, group)
        PoolEntry.objects.filter(pk__in=[e.pk for e in people]).delete()
        tables.append(table.pk)
    return tables, refused


def same_place(entries: list[PoolEntry]) -> set[frozenset[int]]:
    """Pairs of entries from one network address or one browser: never at one rated table
    (docs/rules.md §4.3). A loopback address names no client (a proxy the site does not trust,
    a developer's machine: docs/deployment.md, "Trusted proxies"), so it joins no pair."""
    pairs = set()
    for field in ("address", "device"):
        by: dict[str, list[int]] = {}
        for e in entries:
            value = getattr(e, field)
            if value and not (field == "address" and _loopback(value)):
                by.setdefault(value, []).append(e.pk)
        pairs |= {frozenset(p) for ids in by.values() for p in combinations(ids, 2)}
    return pairs


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_network(address, strict=False).is_loopback
    except ValueError:  # "unknown": no address known
        return True


def _due(entry: PoolEntry, now: datetime) -> bool:
    return entry.bots_after is not None and now >= entry.joined + timedelta(
        seconds=entry.bots_after
    )


def _unable(entry: PoolEntry, rated: bool) -> str:
    """Why the waiting player cannot be seated now ("" if they can): too many tables, or a
    wait before rated games that began while they waited (docs/rules.md §4.4)."""
    try:
        check_slots(entry.user)
    except ServiceError:
        return "too_many_tables"
    return "rated_wait" if rated and rated_refusal(entry.user, pool=True) else ""


def _seat(line: PoolLine, people: list[PoolEntry], group: pairing.Group) -> Table:
    """A started table: the people in random seats, bots in the others. The waiting sockets
    learn it first, right after the commit, before the table's own broadcasts are built."""
    places = _places(line, people, group.bots)
    levels = [None if p is not None else group.level for p in places]
    first = next(i for i, p in enumerate(places) if p is not None)
    table = table_create(places[first], line.game, players=line.players, rated=line.rated,
                         bot_levels=levels, seat=first, announce=False)  # fmt: skip
    for index, user in enumerate(places):
        if user is not None and index != first:
            seat_take(user, table.pk, index, announce=False)
    for e in people:
        broadcast.pool_seated(e.channel, table.pk)
    return table_start(places[first], table.pk)


def _places(line: PoolLine, people: list[PoolEntry], bots: int) -> list[Any]:
    """Who sits in each seat (None: a bot), at random but for partners: each pair takes the
    two seats of one of the game's sides (its descriptor's partnerships)."""
    rng = secrets.SystemRandom()
    places: list[Any] = [None] * line.players
    here = {e.user_id: e for e in people}
    pairs = [(e.user, here[e.partner_id].user) for e in people
             if e.partner_id in here and e.user_id < e.partner_id]  # fmt: skip
    free = [side for side in sides(line.game, line.players) if len(side) == 2]
    rng.shuffle(free)
    partnered = set()
    for pair, side in zip(pairs, free, strict=False):
        first, second = rng.sample(pair, 2)
        places[side[0]], places[side[1]] = first, second
        partnered |= {first.pk, second.pk}
    rest: list[Any] = [e.user for e in people if e.user_id not in partnered] + [None] * bots
    rng.shuffle(rest)
    for index in [i for i, p in enumerate(places) if p is None]:
        places[index] = rest.pop()
    return places


def pool_sweep() -> int:
    """The watchdog's tick: drop the waits of servers that died (their sockets are gone
    with them), then match every line someone waits in (ranges widen, bot waits fall due).
    How many tables were seated."""
    held = set(PoolEntry.objects.exclude(process="").values_list("process", flat=True).distinct())
    dead = held - processes.alive(held)
    if dead:
        with transaction.atomic():
            for entry in PoolEntry.objects.filter(process__in=dead, partner__isnull=False):
                lock_line(entry.line_id)
                unpair(entry)
            PoolEntry.objects.filter(process__in=dead).delete()
            broadcast.pool_changed()
    seated = 0
    for line_id in _lines_waiting():
        try:
            seated += len(pool_match(line_id))
        except Exception:  # one line's failure must not stop the others' matching
            log.exception("pool line %s failed to match", line_id)
    return seated


def _lines_waiting() -> list[int]:
    return list(PoolEntry.objects.values_list("line_id", flat=True).distinct().order_by())
