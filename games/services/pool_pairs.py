"""Partners in the quick-play pool: one player invites another to wait with them as partners
in a line of a game played in pairs; the other accepts (both then wait as one, seated on one
side of a table: games/services/pool.py) or declines. The inviter's entry holds the open
invitation (`pending`, never matched, gone with its socket like any wait)."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.devices import shared_devices
from accounts.models import User
from accounts.selectors import blocked_pairs, player_named
from accounts.throttle import user_limited
from games import broadcast, labels, signals
from games.engine.descriptors import game_of
from games.models import PoolEntry
from games.services.errors import ServiceError, check_ban, check_rated
from games.services.pool import (
    check_wait,
    enter,
    lock_line,
    pool_line,
    pool_match,
    rating_in,
    same_place,
)
from games.services.tables import check_slots
from runtime import scheduling


def pool_pair_invite(
    user: User, channel: str, partner: str, game: str, players: int | None = None,
    rated: bool = False, bots_after: int | None = None, bot_level: str = "club",
    address: str = "", device: str = "",
) -> PoolEntry:  # fmt: skip
    """Invite the player named `partner` to wait in the pool with `user` as partners; `user`
    waits for the answer from `channel` (a wait they had elsewhere ends)."""
    _check_player(user, rated)
    if not game_of(game).partnerships:
        raise ServiceError("no_partners", _("%(game)s is not played in pairs: join alone")
                           % {"game": labels.game_name(game)})  # fmt: skip
    other = partner_named(user, partner)
    line = pool_line(game, players, rated)
    check_wait(bots_after, bot_level)
    with transaction.atomic():
        lock_line(line.pk)
        entry = enter(user, line, channel, rating=rating_in(user, game), bots_after=bots_after,
                      bot_level=bot_level, address=address[:64], device=device[:32],
                      partner_id=other.pk, pending=True)  # fmt: skip
        broadcast.pool_pair_invited(other.pk, user.pk)
        broadcast.pool_changed()
        told = partial(signals.pool_invited.send, sender=PoolEntry, user_id=other.pk,
                       name=str(user), game=line.game, rated=line.rated)  # fmt: skip
        transaction.on_commit(told, robust=True)
    return entry


def _check_player(user: User, rated: bool) -> None:
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to play with people"))
    check_ban(user)
    if rated:
        check_rated(user, pool=True)
    check_slots(user)


def partner_named(user: User, name: Any) -> User:
    """The player a pair invitation names (by username, any letter case), in the pool or for
    an event (tournaments.services.pairs): another active account, neither of the two
    blocking the other. Each invitation counts against the inviter's limit of invitations
    (WHIST_RATE_INVITE, with those to tables: social.views): the invited player hears of
    every one."""
    if not isinstance(name, str) or not name.strip():
        raise ServiceError("bad_partner", _("name the player you want as your partner"))
    if user_limited(user.pk, "social.invite", settings.WHIST_RATE_INVITE):
        raise ServiceError("rate_limited", _("Too many invitations: try again later."))
    other = player_named(name.strip())
    if other is None:
        raise ServiceError("bad_partner", _("there is no player named %(name)s")
                           % {"name": name.strip()[:40]})  # fmt: skip
    if other.pk == user.pk:
        raise ServiceError("bad_partner", _("you cannot be your own partner"))
    if blocked_pairs([user.pk, other.pk]):
        raise ServiceError("blocked", _("you cannot play with this player: one of you blocks "
                                        "the other"))  # fmt: skip
    return other


def pool_pair_accept(
    user: User, channel: str, inviter: int, address: str = "", device: str = "", match: bool = True
) -> PoolEntry:
    """Accept `inviter`'s open invitation: both wait as partners in its line from now on,
    `user` from `channel` (a wait they had elsewhere ends). Then the line is matched
    (`match=False`: the caller does)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required", _("log in to play with people"))
    open_ = PoolEntry.objects.filter(user_id=inviter, partner=user, pending=True).only("line_id")
    seen = open_.select_related("line").first()
    if seen is None:
        raise ServiceError("no_invitation", _("this invitation is no longer open"))
    _check_player(user, seen.line.rated)
    with transaction.atomic():
        lock_line(seen.line_id)
        invite = open_.select_for_update().select_related("line").first()
        if invite is None:
            raise ServiceError("no_invitation", _("this invitation is no longer open"))
        line = invite.line
        mine = PoolEntry(user=user, address=address[:64], device=device[:32])
        if line.rated and (same_place([invite, mine]) or shared_devices([inviter, user.pk])):
            raise ServiceError("same_place", _(
                "you and your partner play from one network address or browser, and a rated "
                "table never seats both: play a casual game together"))  # fmt: skip
        entry = enter(user, line, channel, rating=rating_in(user, line.game),
                      bots_after=invite.bots_after, bot_level=invite.bot_level,
                      address=address[:64], device=device[:32], partner_id=inviter)  # fmt: skip
        PoolEntry.objects.filter(pk=invite.pk).update(pending=False, joined=entry.joined)
        broadcast.pool_paired(invite.channel, user.pk)
        broadcast.pool_changed()
    if invite.bots_after is not None:  # as pool_join: matched when the pair's bot wait is due
        scheduling.run_later("pool_match", (line.pk,), invite.bots_after + 0.05)
    if match:
        pool_match(line.pk)
    return entry


def pool_pair_decline(user: User, inviter: int) -> bool:
    """Decline `inviter`'s open invitation: the inviter's wait ends, and they are told.
    False if it was not open."""
    if user is None or not user.is_authenticated:
        return False
    with transaction.atomic():
        invite = (PoolEntry.objects.select_for_update()
                  .filter(user_id=inviter, partner_id=user.pk, pending=True).first())  # fmt: skip
        if invite is None:
            return False
        invite.delete()
        broadcast.pool_left(invite.channel, "declined")
        broadcast.pool_pair_withdrawn(user.pk, inviter)
        broadcast.pool_changed()
    return True
