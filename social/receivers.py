"""What the social app hears from the apps below it: a game starting (friends are told), a
game scored (awards and level-ups), moderators' notices and closed reports, block lists
(friendships and invitations end), the watchdog (invitations expire) and events' news."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver
from friendship.models import Friend, FriendshipRequest, bust_cache

from accounts import signals as accounts_signals
from accounts.selectors import blocked_ids
from games import signals as games_signals
from games.models import Table
from games.reads.sight import cards_open
from rankings import signals as rankings_signals
from rankings.models import SeatResult
from runtime.process_cache import cache
from runtime.scheduling import run_later
from social.models import Invitation, Kind
from social.selectors import friend_ids
from social.services import invitations_expire, notify, notify_many

DIGESTS_EVERY = 3600  # seconds: digests are looked for hourly, each sent once a day
FRIEND_ONLINE_EVERY = 1800  # seconds
TURN_NOTICE_AFTER = 10  # seconds a turn waits for a player not at the table before a notice


@receiver(games_signals.game_started, dispatch_uid="social_game_started")
def game_started(sender: Any, table_id: int, user_ids: list[int], **kwargs: Any) -> None:
    """Each player's friends hear that a public game of theirs started (to watch it), unless
    it is a held board's table, which nobody watches (games.reads.sight)."""
    table = Table.objects.filter(pk=table_id).only("game", "private", "board_held").first()
    if table is None or table.private or not cards_open(table, None):
        return
    names = _names(user_ids)
    with transaction.atomic():
        for user_id in user_ids:
            for friend in friend_ids(user_id):
                if friend not in user_ids:
                    data = {"name": names.get(user_id, ""), "table_id": table_id,
                            "game": table.game}  # fmt: skip
                    notify(friend, Kind.TABLE_STARTED, data)


def _names(user_ids: list[int]) -> dict[int, str]:
    return {u.pk: str(u) for u in get_user_model().objects.filter(pk__in=user_ids)}


@receiver(rankings_signals.game_scored, dispatch_uid="social_game_scored")
def game_scored(sender: Any, table_id: int, results: list[SeatResult], **kwargs: Any) -> None:
    """Rankings delivered a game's awards (after its commit): each player hears of their
    achievements, unlocks and level-ups in the notification centre."""
    awards_notify(table_id)


def awards_notify(table_id: int) -> None:
    results = SeatResult.objects.filter(table_id=table_id, user__isnull=False, annulled=False)
    with transaction.atomic():
        for r in results.select_related("user"):
            base = {"table_id": table_id, "username": r.user.username}
            if r.achievements or r.unlocks:
                data = {**base, "achievements": list(r.achievements), "unlocks": list(r.unlocks)}
                notify(r.user_id, Kind.AWARD, data)
            if r.level_after and r.level_before and r.level_after > r.level_before:
                notify(r.user_id, Kind.LEVEL_UP, {**base, "level": r.level_after})


@receiver(accounts_signals.notice_added, dispatch_uid="social_notice_added")
def notice_added(sender: Any, user: Any, notice: dict[str, Any], **kwargs: Any) -> None:
    notify(user.pk, Kind.MODERATION, {"what": notice.get("kind", ""), "notice": notice})


@receiver(accounts_signals.report_closed, dispatch_uid="social_report_closed")
def report_closed(sender: Any, report: Any, **kwargs: Any) -> None:
    """The reporter hears that their report was handled (not how: that is the reported
    player's business)."""
    if report.reporter_id is not None:
        name = str(report.reported) if report.reported_id else ""
        notify(report.reporter_id, Kind.MODERATION, {"what": "report_handled", "name": name})


@receiver(accounts_signals.blocks_changed, dispatch_uid="social_blocks_changed")
def blocks_changed(sender: Any, user: Any, **kwargs: Any) -> None:
    """A block ends the friendship, the friend requests and the pending invitations between
    the two, both ways."""
    for other in blocked_ids(user):
        pair = Q(from_user_id=user.pk, to_user_id=other) | Q(from_user_id=other, to_user_id=user.pk)
        Friend.objects.filter(pair).delete()
        FriendshipRequest.objects.filter(pair).delete()
        Invitation.objects.filter(
            Q(sender_id=user.pk, recipient_id=other) | Q(sender_id=other, recipient_id=user.pk),
            status=Invitation.Status.PENDING,
        ).update(status=Invitation.Status.CANCELLED)
        for user_id in (user.pk, other):  # django-friendship keeps lists in the cache
            for kind in ("friends", "requests", "sent_requests"):
                bust_cache(kind, user_id)


def watchdog() -> int:
    """Pending invitations past their time are marked expired; the first tick of each hour
    queues the daily digests that are due (none is overdue work: 0)."""
    invitations_expire()
    if cache.add("social-digests", 1, DIGESTS_EVERY):
        run_later("social.tasks.digests", ())
    return 0


@receiver(games_signals.event_news, dispatch_uid="social_event_news")
def event_news(sender: Any, notices: list[tuple[int, dict]], **kwargs: Any) -> None:
    """An event's news for its players (a table dealt, a cancellation, a new start time; its
    start coming in 10 minutes and its start, and a club's new event for its members, which
    players switch apart)."""
    kinds: dict[str, list[tuple[int, dict]]] = {}
    for user_id, data in notices:
        kinds.setdefault(_event_kind(data.get("what")), []).append((user_id, data))
    with transaction.atomic():
        for kind, some in kinds.items():
            notify_many(kind, some)


def _event_kind(what: Any) -> str:
    if what in ("starting_soon", "started"):
        return Kind.EVENT_START
    return Kind.CLUB_EVENT if what == "club_event" else Kind.EVENT


@receiver(games_signals.turn_waiting, dispatch_uid="social_turn_waiting")
def turn_waiting(sender: Any, table_id: int, user_id: int, moves: int, **kwargs: Any) -> None:
    """Their turn at a timed table they are not looking at: looked at again a few seconds
    later (a player who just sat down opens the table meanwhile; a quick one has played)."""
    run_later("social.tasks.turn_check", (table_id, user_id, moves), TURN_NOTICE_AFTER)


@receiver(games_signals.pool_invited, dispatch_uid="social_pool_invited")
def pool_invited(
    sender: Any, user_id: int, name: str, game: str, rated: bool, **kwargs: Any
) -> None:
    """An invitation to wait in the pool as partners: told on any page, leading to the lobby."""
    with transaction.atomic():
        notify(user_id, Kind.INVITATION, {"pool": True, "sender": name, "game": game,
                                          "rated": rated})  # fmt: skip


@receiver(games_signals.came_online, dispatch_uid="social_came_online")
def came_online(sender: Any, user_id: int, **kwargs: Any) -> None:
    """A player came online: their friends who asked hear it, at most every
    FRIEND_ONLINE_EVERY seconds a player (a dropped connection coming back is not news)."""
    if cache.add(f"social-came-online:{user_id}", 1, FRIEND_ONLINE_EVERY):
        run_later("social.tasks.friend_online", (user_id,))
