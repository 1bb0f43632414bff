"""Reads of moderation: a player's ban or mute in force, their block list, and whether a
name is taken; bans are cached (every request and socket asks) and dropped on each change."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from accounts.models import Ban, Block, Mute, ReservedName
from runtime.process_cache import cache

BAN_CACHE_SECONDS = 60


def ban_cache_key(user_id: int) -> str:
    return f"accounts:ban:{user_id}"


def ban_active(user: Any) -> dict[str, Any] | None:
    """The ban in force for `user` as {"reason", "until"} (until None: no end), else None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    key = ban_cache_key(user.pk)
    info = cache.get(key)
    if info is None:
        ban = ban_in_force(user.pk)
        info = {"reason": ban["reason"], "until": _iso(ban["until"])} if ban else {}
        cache.set(key, info, BAN_CACHE_SECONDS)
    if not info:
        return None
    until = parse_datetime(info["until"]) if info["until"] else None
    if until is not None and until <= timezone.now():
        return None
    return {"reason": info["reason"], "until": until}


def ban_in_force(user_id: int) -> dict[str, Any] | None:
    """The ban in force for the user `user_id`, read from the database (as `ban_active`
    gives it), else None."""
    ban = Ban.objects.active().filter(user_id=user_id).order_by("until").last()
    return {"reason": ban.reason, "until": ban.until} if ban else None


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def when(value: datetime) -> str:
    """A date and time for people, in the active language and the current time zone (the
    player's, accounts/time_zones.py; UTC where none is current), named."""
    local = timezone.localtime(value)
    return formats.date_format(local, "DATETIME_FORMAT") + " " + (local.tzname() or "UTC")


def ban_text(ban: dict[str, Any]) -> str:
    """Why the player cannot log in or play, in the active language."""
    if ban["until"] is None:
        return _("Your account is banned: %(reason)s") % {"reason": ban["reason"]}
    return _("Your account is banned until %(until)s: %(reason)s") % {
        "until": when(ban["until"]),
        "reason": ban["reason"],
    }


def mute_active(user: Any) -> Mute | None:
    """The mute in force for `user` that ends last, else None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Mute.objects.active().filter(user_id=user.pk).order_by("-until").first()


def blocked_ids(user: Any) -> set[int]:
    """The ids of the players whose chat `user` hides."""
    if user is None or not getattr(user, "is_authenticated", False):
        return set()
    return set(Block.objects.filter(owner_id=user.pk).values_list("blocked_id", flat=True))


def blocked_pairs(user_ids: Collection[int]) -> set[frozenset[int]]:
    """The pairs of these players of whom one blocked the other (either way round)."""
    blocks = Block.objects.filter(owner_id__in=user_ids, blocked_id__in=user_ids)
    return {frozenset(pair) for pair in blocks.values_list("owner_id", "blocked_id")}


def blocked_users(user: Any) -> list[Any]:
    return [b.blocked for b in Block.objects.filter(owner=user).select_related("blocked")]


def name_taken(key: str, exclude_pk: int | None = None) -> bool:
    """Whether another player's username or shown name reads as `key` (accounts.text), or a
    deleted account's did not long ago (accounts.models.ReservedName)."""
    others = get_user_model().objects.exclude(pk=exclude_pk) if exclude_pk else None
    others = others if others is not None else get_user_model().objects.all()
    if others.filter(Q(name_key=key) | Q(username_key=key)).exists():
        return True
    hashed = ReservedName.reserved_key(key)
    return ReservedName.objects.filter(key=hashed, until__gt=timezone.now()).exists()


def player_named(name: object, active: bool = True) -> Any:
    """The user of that username (any letter case; an active one unless `active` is False),
    or None: also for a name no username can be (not text, or with a NUL character, which
    the database cannot even compare)."""
    if not isinstance(name, str) or not name or "\x00" in name:
        return None
    rows = get_user_model().objects.filter(username__iexact=name)
    return (rows.filter(is_active=True) if active else rows).first()
