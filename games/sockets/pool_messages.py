"""The lobby socket's messages about the quick-play pool for people (docs/protocol.md,
"Lobby socket"): the join frame checked, and what a socket is told, in its language: how many
wait for each game, that it waits, that it was seated, that it left. Each is a few hundred
bytes whatever the number of players: far under the message cap (games/sockets/message_size.py)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.devices import scope_device
from accounts.throttle import address_of
from games import labels
from games.engine.descriptors import fixed_players
from games.engine.rules import GAMES

JOIN_FIELDS = {"type", "game", "players", "rated", "bots_after", "level"}


def parse_join(content: dict[str, Any]) -> dict[str, Any]:
    """A `pool_join` frame as pool_join's keyword arguments; ValueError naming a bad field.
    The values themselves (a known game, a player count it allows, a wait on offer) are the
    service's to judge."""
    extra = set(content) - JOIN_FIELDS
    if extra:
        raise ValueError(f"pool_join has no field {sorted(extra)[0]}")
    game, players = content.get("game"), content.get("players")
    rated, bots_after = content.get("rated", False), content.get("bots_after")
    level = content.get("level", "club")
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise ValueError("players must be a number or null")
    if not isinstance(rated, bool):
        raise ValueError("rated must be true or false")
    if bots_after is not None and (not isinstance(bots_after, int) or isinstance(bots_after, bool)):
        raise ValueError("bots_after must be a number of seconds or null")
    if not isinstance(level, str):
        raise ValueError("level must be a bot level")
    return {"game": game, "players": players, "rated": rated, "bots_after": bots_after,
            "bot_level": level}  # fmt: skip


def line_name(game: str, players: int, rated: bool) -> str:
    """A line of the pool in words: "Whist · rated", "Knockout Whist for 3 · casual"."""
    name = labels.game_name(game)
    if fixed_players(game) is None:
        name = _("%(game)s for %(n)s") % {"game": name, "n": players}
    kind = _("rated") if rated else _("casual")
    return f"{name} · {kind}"


def waiting_message(entry: Any, wish: dict[str, Any]) -> dict[str, Any]:
    """The socket waits now; what for, in words (the socket's language is active)."""
    line = entry.line
    if entry.bots_after is None:
        bots = _("You keep waiting until people fill the table.")
    else:
        bots = _("After %(seconds)s s, bots (%(level)s) fill the empty seats.") % {
            "seconds": entry.bots_after, "level": labels.level_name(entry.bot_level)}  # fmt: skip
    return {
        "type": "pool_waiting", "game": line.game, "players": line.players, "rated": line.rated,
        "bots_after": entry.bots_after, "level": entry.bot_level,
        "text": _("Looking for people: %(line)s.") % {
            "line": line_name(line.game, line.players, line.rated)} + " " + bots,
    }  # fmt: skip


def counts_message(counts: list[dict[str, Any]], language: str) -> dict[str, Any]:
    """`pool_counts`: how many wait in each line (as games.reads.lobby.pool_counts), and per game
    in words."""
    totals = dict.fromkeys(GAMES, 0)
    for line in counts:
        totals[line["game"]] = totals.get(line["game"], 0) + line["waiting"]
    with translation.override(language):
        text = {game: waiting_text(n) for game, n in totals.items()}
    return {"type": "pool_counts", "counts": counts, "text": text}


def waiting_text(n: int) -> str:
    """How many people wait, in words."""
    if not n:
        return _("nobody waiting")
    return ngettext("%(n)s person waiting", "%(n)s people waiting", n) % {"n": n}


def seated_message(table_id: int) -> dict[str, Any]:
    """`pool_seated`: the wait is over; the page goes to the table."""
    return {"type": "pool_seated", "table_id": table_id,
            "url": reverse("table", args=[table_id])}  # fmt: skip


def left_message(code: str, language: str) -> dict[str, Any]:
    """`pool_left`: out of the pool without a table, and why."""
    with translation.override(language):
        texts = {
            "left": _("You left the pool."),
            "moved": _("You are waiting in the pool from another page now."),
            "too_many_tables": _(
                "You could not be seated: you have too many unfinished tables. Finish, leave "
                "or resign one, then join again."
            ),
            "declined": _("Your invitation to play as partners was declined."),
            "partner_left": _("Your partner left the pool, so your wait ended too."),
            "rated_wait": _(
                "You could not be seated: you must wait before your next rated game. The "
                "lobby says how long; casual tables are open to you now."
            ),
        }
        return {"type": "pool_left", "code": code, "message": texts.get(code, texts["left"])}


def origin(scope: dict[str, Any], address: str | None) -> dict[str, str]:
    """Where a join comes from, for pool_join: the socket's network address (an IPv6 one as
    its /64) and its browser key (accounts.devices; docs/rules.md §4.3)."""
    return {"address": address_of(address) if address else "", "device": scope_device(scope)}
