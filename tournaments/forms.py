"""The create-event form: name, game, kind, players per table, rounds, start and time, and
every rule option the create-table form has (its fields, games.pages.forms.RuleFields)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from games import labels
from games.engine.bots import LEVELS
from games.engine.descriptors import fixed_players
from games.engine.rules import GAMES
from games.pages.forms import RuleFields, preset_choices
from tournaments.models import Event

# What each kind is (docs/rules.md §5), in the site's catalogue with its markup (<strong>):
# the events page's list of kinds, and under the form's "Kind" a line a kind, the chosen
# one's shown (static/js/event_form.js; without scripts every line). In the form's order.
KIND_HELP = {
    Event.Kind.SWISS: _("<strong>Swiss</strong>: each round seats players of like scores "
                        "together; everyone plays every round."),
    Event.Kind.DUPLICATE: _("<strong>Duplicate</strong>: every table plays the same deals, "
                            "and you are scored against the others who held your cards."),
    Event.Kind.DRIVE: _("<strong>Whist drive</strong>: one hand a round, trumps in a fixed "
                        "order; players move between tables and partners, and the most "
                        "tricks wins."),
    Event.Kind.ELIMINATION: _("<strong>Elimination</strong>: the best places at each table go "
                              "through to the next round, until one table plays the final."),
}  # fmt: skip
PAIRS_HELP = _("Whist pairs may enter together in Swiss and duplicate events; a drive and an "
               "elimination event are entered alone.")  # fmt: skip


def kind_lines() -> list[tuple[str, str]]:
    """(kind, what it is) for each kind people create, the catalogue's markup kept."""
    return [(kind, mark_safe(str(text))) for kind, text in KIND_HELP.items()]  # noqa: S308


def kind_help() -> str:
    """Each kind's line (marked with its kind), then who may enter as a pair."""
    spans = format_html_join("", '<span class="kind-help" data-kind="{}">{}</span> ', kind_lines())
    return format_html("{}<span>{}</span>", spans, PAIRS_HELP)


class EventForm(RuleFields, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    game = forms.ChoiceField(label=_("Game"))
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=[c for c in Event.Kind.choices if c[0] != Event.Kind.DAILY],
    )
    table_size = forms.IntegerField(
        label=_("Players per table"), min_value=2, max_value=7, initial=4,
        help_text=_("Knockout Whist 2-7; Whist is always 4 and German Whist 2."),
    )  # fmt: skip
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=30,
        initial=4,
        help_text=_("Up to 15; a whist drive up to 30 hands (12 or 24 are customary)."),
    )
    starts_at = forms.DateTimeField(
        label=_("Starts at"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    round_minutes = forms.IntegerField(
        label=_("Minutes per round"), min_value=2, max_value=240, initial=15
    )
    time_limit = forms.IntegerField(
        label=_("Seconds per move"), min_value=10, max_value=600, initial=60
    )
    bot_level = forms.ChoiceField(label=_("Bots that fill tables"), initial="club")
    rated = forms.BooleanField(
        label=_("Rated (standard rules: the games count toward ratings)"), required=False
    )
    private = forms.BooleanField(
        label=_("Private (people join by its invite link)"), required=False, initial=True
    )
    # Radio buttons: each movement's name says how partners move, a line too long for a
    # select's box on a phone (it was cut off at 390 px).
    movement = forms.ChoiceField(
        label=_("Drive: movement"), choices=Event.Movement.choices, initial="progressive",
        required=False, widget=forms.RadioSelect,
    )  # fmt: skip
    no_trump_hand = forms.BooleanField(
        label=_("Drive: a no-trump hand after spades"), required=False
    )
    prize_first = forms.CharField(label=_("Drive: first prize"), max_length=60, required=False)
    prize_pair = forms.CharField(label=_("Drive: best pair's prize"), max_length=60, required=False)
    prize_booby = forms.CharField(label=_("Drive: booby prize"), max_length=60, required=False)
    through = forms.IntegerField(
        label=_("Elimination: go through per table"), min_value=1, max_value=6, initial=1,
        required=False,
        help_text=_("How many of each table go on to the next round (Whist: 2, the winning "
                    "side); rounds until one table is left."),
    )  # fmt: skip
    preset = forms.ChoiceField(
        label=_("Rules"), choices=preset_choices, initial="classic", required=False
    )

    members_only = forms.BooleanField(
        label=_("Only the club's members may sign up"), required=False
    )

    def __init__(self, *args: Any, club: Any = None, organiser: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.club = club
        if club is None:  # a club's event only (created from the club's page)
            del self.fields["members_only"]
        if not organiser:  # only staff make public events: a player's is always private
            del self.fields["private"]
        self.fields["game"].choices = [(g, labels.game_name(g)) for g in GAMES]
        # Typed in the player's zone (accounts/time_zones.py), stored in UTC.
        zone = timezone.localtime().strftime("%Z")
        self.fields["starts_at"].label = _("Starts at (%(zone)s)") % {"zone": zone}
        self.fields["bot_level"].choices = [(lv, labels.bot_name(lv)) for lv in LEVELS]
        self.fields["kind"].help_text = kind_help()
        self.add_rule_fields()

    def main_fields(self) -> list[forms.BoundField]:
        """The fields above the rules (the template shows the rules' fieldsets apart)."""
        rules = {"preset", *(f.name for g in GAMES for f in self.option_fields(g))}
        return [self[name] for name in self.fields if name not in rules]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("kind") == Event.Kind.ELIMINATION:  # until one table is left: no rounds
            self._errors.pop("rounds", None)  # the page hides the field (event_form.js)
            data["rounds"] = self.fields["rounds"].initial
        if not self.errors:
            size = fixed_players(data["game"]) or data["table_size"]
            self.rules_clean(data["game"], size, data)
        return data

    def event_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        fields = {name: data[name] for name in EVENT_FIELDS if name in data}
        fields.setdefault("private", True)  # a player's form has no box: always private
        fields["table_size"] = fixed_players(data["game"]) or data["table_size"]
        fields["options"], fields["preset"] = data["options"], data["preset"] or ""
        if data["kind"] == Event.Kind.DRIVE:  # docs/rules.md §5.8
            fields["movement"], fields["no_trump_hand"] = data["movement"], data["no_trump_hand"]
            fields["prizes"] = {k: data[f"prize_{k}"] for k in ("first", "pair", "booby")}
        if data["kind"] == Event.Kind.ELIMINATION:  # docs/rules.md §5.9
            fields["through"] = data["through"] or 0
        if self.club is not None:
            fields["club"], fields["members_only"] = self.club, data["members_only"]
        return fields


EVENT_FIELDS = ("name", "game", "kind", "rounds", "starts_at", "round_minutes", "time_limit",
                "bot_level", "rated", "private")  # fmt: skip
