"""The lobby row, rendered by one template (games/lobby_row.html) for the first page load
and for every lobby socket message (docs/protocol.md, "Lobby socket"): the page's JS only
puts the server's HTML in place, so both always show the same row. Also a refusal that names
a player's tables, with a link to each."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import labels
from games.engine import presentation
from games.engine.descriptors import game_of, matching_preset
from games.engine.rules import option_fields
from games.reads.lobby import entry_key
from games.texts import say

ROW_CACHE = 4096  # rows differ by table, language, login and "mine": a few per table


def stage_text(game: str, stage: dict[str, Any] | None) -> str:
    """How far a game in play has got, in words (games.engine.presentation)."""
    return say(presentation.stage_text(game, stage), []) if stage else ""


def _preset_text(entry: dict[str, Any], options: dict[str, Any]) -> str:
    name = entry.get("preset") or matching_preset(entry["game"], options)
    return labels.preset_rules(name) or _("Custom rules")


# What a one-line summary says of each option a game names (its `summary_options`).
SUMMARY_TEXT: dict[str, Callable[[dict[str, Any], dict[str, Any]], list[str]]] = {
    "preset": lambda entry, options: [_preset_text(entry, options)],
    "start_cards": lambda entry, options: [
        ngettext("%(n)s card to start", "%(n)s cards to start", options["start_cards"])
        % {"n": options["start_cards"]}
    ],
    "target": lambda entry, options: [
        ngettext("game to %(n)s point", "game to %(n)s points", options["target"])
        % {"n": options["target"]}
    ],
    "honours": lambda entry, options: [_("honours")] if options["honours"] else [],
    "rubber": lambda entry, options: [_("rubber")] if options["rubber"] else [],
    "trump_suit": lambda entry, options: _fixed_trump(entry["game"], options["trump_suit"]),
    "games": lambda entry, options: [
        ngettext("%(n)s game", "%(n)s games", options["games"]) % {"n": options["games"]}
    ],
}


def _fixed_trump(game: str, value: str) -> list[str]:
    """A trump named before the deal (docs/rules.md §2.8), by its choice's label."""
    option = next(f for f in option_fields(game) if f.name == "trump_suit")
    if value == option.default:
        return []
    label = dict(labels.option_choices("trump_suit", game)).get(value, value)
    return [_("trump: %(suit)s") % {"suit": label}]


def rules_summary(entry: dict[str, Any]) -> str:
    """One line on a table's rules: players, the rules or target, the time per move."""
    options = {f.name: f.default for f in option_fields(entry["game"])}
    options.update(entry.get("options") or {})
    parts = [_("%(n)s players") % {"n": entry["players"]}]
    for name in game_of(entry["game"]).summary_options:
        parts += SUMMARY_TEXT[name](entry, options)
    limit = entry.get("time_limit")
    parts.append(_("%(seconds)s s per move") % {"seconds": limit} if limit else _("no time limit"))
    return " · ".join(parts)


def row_context(entry: dict[str, Any]) -> dict[str, Any]:
    """A lobby entry with every word it shows, in the active language."""
    seats = [{**s, "name": labels.bot_name(s["bot"]) if s["bot"] else s["name"]}
             for s in entry["seats"]]  # fmt: skip
    return {
        **entry,
        "seats": seats,
        "free": any(not s["name"] and not s["bot"] for s in entry["seats"]),
        "game_name": labels.game_name(entry["game"]),
        "status_name": labels.status_name(entry["status"]),
        "summary": rules_summary(entry),
        "stage_text": stage_text(entry["game"], entry.get("stage")),
        "house_rules": labels.house_rules(entry["game"], entry.get("options")),
    }


def row_html(entry: dict[str, Any], authenticated: bool, mine: bool = False) -> str:
    """The row of one table in the active language, for a viewer logged in or not."""
    return row_html_of(entry_key(entry), authenticated, mine)


def row_html_of(key: str, authenticated: bool, mine: bool = False) -> str:
    """`row_html` of an entry given as its `entry_key`."""
    return _cached_row(key, translation.get_language() or "en", authenticated, mine)


@lru_cache(maxsize=ROW_CACHE)
def _cached_row(key: str, language: str, authenticated: bool, mine: bool) -> str:
    context = {"t": row_context(json.loads(key)), "mine": mine, "authenticated": authenticated}
    html = _SPACES.sub(" ", render_to_string("games/lobby_row.html", context)).strip()
    return mark_safe(html)  # noqa: S308


# The template's indentation, folded: HTML shows a run of white space as one space anyway.
_SPACES = re.compile(r"\s+")


def online_text(online: dict[str, int]) -> str:
    """How many play now, as the lobby's line says it."""
    players = ngettext(
        "%(n)s player at a table right now", "%(n)s players at tables right now", online["players"]
    ) % {"n": online["players"]}
    games = ngettext("%(n)s game in play", "%(n)s games in play", online["games"]) % {
        "n": online["games"]
    }
    return f"{players} · {games}"


def refusal_html(error: Any) -> str:
    """A service's refusal as a page shows it: its text, then a link to each table it names
    (too_many_tables: the tables that hold the player's slots), in the active language."""
    if not error.tables:
        return str(error)
    tables = [
        {"id": t.pk, "game": labels.game_name(t.game), "status": labels.status_name(t.status)}
        for t in error.tables
    ]
    context = {"message": str(error), "tables": tables}
    return mark_safe(render_to_string("games/refusal.html", context).strip())  # noqa: S308
