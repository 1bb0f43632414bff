"""Names people read, in the active language, each written once: games, bots, statuses,
presets and the rule options (whose labels, choices and ranges live on the engine's option
fields, games.engine.rules), plus the JSON the create-table page's JS reads them from."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, pgettext

from games.engine.bots import LEVEL_NAMES, LEVELS
from games.engine.descriptors import page_facts, preset_options
from games.engine.errors import ActionText, CardCode, SeatNo
from games.engine.rules import (
    GAME_NAMES,
    GAMES,
    PLAYERS,
    option_fields,
)

# The engine's level names, for the catalogues (the engine marks none of them).
_LEVELS = (gettext_noop("Beginner"), gettext_noop("Club player"), gettext_noop("Expert"))
SUIT_NAMES = {
    "S": gettext_lazy("Spades"),
    "H": gettext_lazy("Hearts"),
    "D": gettext_lazy("Diamonds"),
    "C": gettext_lazy("Clubs"),
    "NT": gettext_lazy("No trump"),
}
PRESET_NAMES = {"classic": gettext_lazy("Classic"), "dutch": gettext_lazy("Dutch")}


SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def rank_letter(rank: str) -> str:
    """The index letter printed on a card, as the table's cards print it (cardnames.js)."""
    letters = {
        "T": "10",
        "J": pgettext("index letter of a jack on a card", "J"),
        "Q": pgettext("index letter of a queen on a card", "Q"),
        "K": pgettext("index letter of a king on a card", "K"),
        "A": pgettext("index letter of an ace on a card", "A"),
    }
    return letters.get(rank, rank)


def card_text(code: str) -> str:
    """A card as the table shows it: "3♠", "10♥", "B♦" (a German jack); an unknown code as
    it is."""
    if len(code) != 2 or code[1] not in SUIT_SYMBOLS:
        return code
    return rank_letter(code[0]) + SUIT_SYMBOLS[code[1]]


def seat_number(seat: int) -> int:
    """A seat as the table numbers it ("Seat 2" for the engine's seat 1)."""
    return seat + 1


def message_value(value: Any) -> Any:
    """A value of an engine message (games.engine.errors) as the table says it: seats counted
    from 1, cards as "3♠", an action as "seat 2 play 3♠"."""
    if isinstance(value, SeatNo):
        return seat_number(value)
    if isinstance(value, CardCode):
        return card_text(value)
    if isinstance(value, ActionText):
        details = [card_text(d) if isinstance(d, CardCode) else suit_name(d) for d in value.details]
        seat = _("seat %(seat)s") % {"seat": seat_number(value.seat)}
        return " ".join([seat, value.kind, *details])
    return value


def suit_name(code: str) -> str:
    """A suit (or "No trump") by its record letter, translated, as the table's JS names it."""
    return str(SUIT_NAMES.get(code, code))


def game_name(game: str) -> str:
    """Knockout Whist, Whist or German Whist, translated; an unknown code as it is."""
    return _(GAME_NAMES[game]) if game in GAME_NAMES else game


def game_names() -> dict[str, str]:
    """Every game's name, for the JS of the table page (json_script "names")."""
    return {game: game_name(game) for game in GAMES}


def level_name(level: str) -> str:
    """A bot level's name (Beginner, Club player, Expert), translated."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def bot_name(level: str) -> str:
    """The one name of a bot everywhere (table, records, leaderboards, chat): its level."""
    return _("Bot (%(level)s)") % {"level": level_name(level)}


def stored_bot_name(level: str) -> str:
    """A bot's name as the table's messages and game records keep it: in English, whatever
    language is active (pages name it again, translated, from its level)."""
    with translation.override("en"):
        return bot_name(level)


def bot_names() -> dict[str, str]:
    """Every level's bot name, for the table page's JS (json_script "bot-names")."""
    return {level: bot_name(level) for level in LEVELS}


def status_name(status: str) -> str:
    """A table's status as the lobby shows it, translated."""
    names = {"open": _("waiting"), "playing": _("playing"), "finished": _("finished"),
             "aborted": _("aborted")}  # fmt: skip
    return names.get(status, status)


def preset_rules(preset: str | None) -> str:
    """The rules a Knockout preset names ("Classic rules"); "" for no preset."""
    names = {"classic": _("Classic rules"), "dutch": _("Dutch rules")}
    return names.get(preset or "", "")


def option_choices(name: str, game: str) -> list[tuple[str, str]]:
    """An option's choices with their translated labels, from the engine's option field."""
    spec = next(f.metadata["spec"] for f in option_fields(game) if f.name == name)
    return [(value, _(label)) for value, label in spec.choices]


def option_schema(game: str) -> list[dict[str, Any]]:
    """One game's options as the create-table form and its JS read them: name, kind,
    default, translated label, choices or range."""
    out = []
    for f in option_fields(game):
        spec = f.metadata["spec"]
        kind = "bool" if isinstance(f.default, bool) else type(f.default).__name__
        entry = {"name": f.name, "kind": kind, "default": f.default, "label": _(spec.label)}
        if spec.choices:
            entry["choices"] = [[value, _(label)] for value, label in spec.choices]
        if spec.low is not None:
            entry["min"], entry["max"] = spec.low, spec.high
        out.append(entry)
    return out


def rules_schema() -> dict[str, Any]:
    """Everything the create-table page's JS needs about the games (json_script "rules"):
    names, player counts, options, the Knockout presets, and each game's descriptors (its
    `facts`, descriptors.page_facts), among them what is standard (rated)."""
    return {
        "games": {
            game: {
                "name": game_name(game),
                "players": list(PLAYERS[game]),
                "options": option_schema(game),
                "facts": page_facts(game),
            }
            for game in GAMES
        },  # fmt: skip
        "presets": {name: full for game in GAMES for name, full in preset_options(game).items()},
    }


def house_rules(game: str, options: dict[str, Any] | None) -> list[str]:
    """Every option of a table (or a stored game) that differs from the game's default,
    named in the active language in the rules book's order: an option switched off as
    "<its label>: off", one switched on by its label, any other as "<its label>: <value>"
    (the labels are the engine's, games/engine/rules.py). Empty for the default rules and
    for a preset's (the Dutch rules are a standard preset, not house rules). An unknown game
    or option is left out (what the engine does not know it cannot name)."""
    if game not in GAMES:
        return []
    given = options or {}
    full = {f.name: given.get(f.name, f.default) for f in option_fields(game)}
    if full in preset_options(game).values():
        return []
    named = []
    for f in option_fields(game):
        value = given.get(f.name, f.default)
        if value == f.default:
            continue
        spec = f.metadata["spec"]
        if isinstance(f.default, bool):
            named.append(
                _(spec.label) if value else _("%(option)s: off") % {"option": _(spec.label)}
            )
        elif spec.choices:
            choice = dict(spec.choices).get(value, str(value))
            named.append(_("%(option)s: %(value)s") % {"option": _(spec.label), "value": _(choice)})
        else:
            named.append(_("%(option)s: %(value)s") % {"option": _(spec.label), "value": value})
    return named
