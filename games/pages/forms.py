"""The create-table form: game, player count, every rule option of docs/rules.md, seats and bots."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import labels
from games.engine.bots import LEVELS
from games.engine.descriptors import matching_preset
from games.engine.rules import GAMES, PLAYERS, PRESETS, RulesError, make_rules, option_fields
from games.services.errors import explained

FEWEST = min(low for low, _high in PLAYERS.values())
MAX_SEATS = max(high for _low, high in PLAYERS.values())
BOT_LEVELS = LEVELS
TIME_CHOICES = [
    (15, _("15 seconds")),
    (30, _("30 seconds")),
    (60, _("1 minute")),
    (120, _("2 minutes")),
    (300, _("5 minutes")),
    (0, _("No limit")),
]


def game_choices() -> list[tuple[str, str]]:
    return [(game, labels.game_name(game)) for game in GAMES]


def seat_choices() -> list[tuple[str, str]]:
    """Yourself, an open seat, or a bot of one level (named as bots are everywhere)."""
    bots = [(level, labels.bot_name(level)) for level in LEVELS]
    return [("me", _("You")), ("open", _("Open seat")), *bots]


def preset_choices() -> list[tuple[str, str]]:
    return [*((p, labels.PRESET_NAMES[p]) for p in PRESETS), ("custom", _("Custom"))]


def option_names(game: str) -> list[str]:
    """The option names of one game, in the order of docs/rules.md."""
    return [f.name for f in option_fields(game)]


def _option_field(game: str, name: str) -> forms.Field:
    """A form field from the engine's option field: its default, label, choices or range."""
    option = next(f for f in option_fields(game) if f.name == name)
    spec, default = option.metadata["spec"], option.default
    label = _(spec.label)
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False, initial=default)
    if isinstance(default, int):
        return forms.IntegerField(
            label=label, min_value=spec.low, max_value=spec.high, initial=default
        )
    return forms.ChoiceField(
        label=label, choices=labels.option_choices(name, game), initial=default
    )


class RuleFields:
    """The rule fields of a form that sets up play (a table, an event): a preset and every
    option of every game from the engine's option fields (templates/games/rule_fieldsets.html
    and static/js/rule_options.js show the chosen game's); `rules_clean` checks them."""

    def add_rule_fields(self) -> None:
        """Every option of every game; one left out (another game's, or one added since the
        page was loaded) is the game's default."""
        for game in GAMES:
            for name in option_names(game):
                field = _option_field(game, name)
                field.required = False
                self.fields[name] = field  # type: ignore[attr-defined]

    def option_fields(self, game: str) -> list[forms.BoundField]:
        return [self[name] for name in option_names(game)]  # type: ignore[index]

    def rules_clean(self, game: str, players: int, data: dict[str, Any]) -> None:
        """The chosen game's options into data["options"], checked by the engine (a form
        error naming the limit), and the preset they match into data["preset"]."""
        for name in option_names(game):
            if data.get(name) in (None, ""):
                data[name] = self.fields[name].initial  # type: ignore[attr-defined]
        data["options"] = opts = {name: data[name] for name in option_names(game)}
        try:
            make_rules(game, players, **opts)
        except RulesError as error:
            if "needed" in error.params:  # the deal does not fit in one deck (rules._check_fit)
                self.add_error("start_cards", _(  # type: ignore[attr-defined]
                    "%(players)d players with %(cards)d cards each do not fit in one deck "
                    "(%(players)d × %(cards)d + 1 turned card = %(total)d > 52): "
                    "choose at most %(most)d cards."
                ) % {"players": players, "cards": error.params["cards"],
                     "total": error.params["needed"], "most": 51 // players})  # fmt: skip
                return
            message = explained(error)
            self.add_error(  # type: ignore[attr-defined]
                None, _("These rules are not allowed: %(error)s") % {"error": message}
            )
        data["preset"] = matching_preset(game, opts)


def rule_context(form: RuleFields) -> dict[str, Any]:
    """What templates/games/rule_fieldsets.html and static/js/rule_options.js read."""
    return {
        "option_groups": {g: form.option_fields(g) for g in GAMES},
        "rules": labels.rules_schema(),
        "game_names": labels.game_names(),
        "preset_buttons": [(name, labels.PRESET_NAMES[name]) for name in PRESETS],
    }


class TableForm(RuleFields, forms.Form):
    """Everything a new table needs; `clean` validates the rules through the engine."""

    game = forms.ChoiceField(label=_("Game"), choices=game_choices, initial="knockout")
    players = forms.IntegerField(
        label=_("Players"), min_value=FEWEST, max_value=MAX_SEATS, initial=4
    )
    preset = forms.ChoiceField(
        label=_("Rules"), choices=preset_choices, initial="classic", required=False
    )
    time_limit = forms.TypedChoiceField(
        label=_("Time per move"), choices=TIME_CHOICES, coerce=int, initial=60
    )
    private = forms.BooleanField(
        label=_("Private table (only people with the invite link)"), required=False
    )
    rated = forms.BooleanField(
        label=_("Rated game"),
        required=False,
        help_text=_(
            "Bots count: a rated game against bots changes your rating too (each bot level has "
            "a rating of its own). A new rating is unsure of you, so your first rated games "
            "move it a lot, up or down; it settles after about ten games."
        ),
    )
    chat_players_only = forms.BooleanField(
        label=_("Only the players chat (spectators read)"), required=False
    )
    hide_ratings = forms.BooleanField(
        label=_("Hide levels and ratings until the game is over"), required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.add_rule_fields()
        for i in range(MAX_SEATS):
            self.fields[f"seat_{i}"] = forms.ChoiceField(
                label=_("Seat %(number)d") % {"number": i + 1},
                choices=seat_choices,
                initial="me" if i == 0 else "open",
                required=False,
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{i}"] for i in range(MAX_SEATS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        game = data["game"]
        low, high = PLAYERS[game]
        data["players"] = data["players"] if low != high else low
        if not low <= data["players"] <= high:
            self.add_error("players", _("This game is for %(low)d to %(high)d players.") % {
                "low": low, "high": high})  # fmt: skip
            return data
        self.rules_clean(game, data["players"], data)
        self._check_seats(data)
        return data

    def _check_seats(self, data: dict[str, Any]) -> None:
        seats = [data.get(f"seat_{i}") or "open" for i in range(data["players"])]
        if seats.count("me") != 1:
            self.add_error(None, _("Choose exactly one seat for yourself."))
            return
        data["my_seat"] = seats.index("me")
        data["bot_levels"] = [s if s in BOT_LEVELS else None for s in seats]


def level_choices() -> list[tuple[str, str]]:
    return [(level, labels.level_name(level)) for level in LEVELS]


class SeatForm(forms.Form):
    """The seat asked for on the sit form: a seat number, or none for the first free one."""

    index = forms.IntegerField(required=False, min_value=0, max_value=MAX_SEATS - 1)


class QuickPlayForm(forms.Form):
    """Quick play from the lobby: a game and the bots' level (the header's button sends
    neither: Knockout Whist for four with Beginners)."""

    game = forms.ChoiceField(label=_("Game"), choices=game_choices, required=False)
    level = forms.ChoiceField(label=_("Bots"), choices=level_choices, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        return {"game": data.get("game") or "knockout", "level": data.get("level") or "beginner"}
