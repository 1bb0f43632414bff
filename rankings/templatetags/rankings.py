"""Template tags of rankings: the profile's part (level, ratings, graphs, recent games,
achievements, card designs) as one inclusion tag, so accounts' page needs one line."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from games import labels
from rankings import selectors
from rankings.achievements import ACHIEVEMENTS, BY_CODE
from rankings.forms import CardChoiceForm
from rankings.graph import graph
from rankings.progression import xp_needed
from rankings.unlocks import BACK, FRONT, designs

register = template.Library()


@register.filter
def game_name(game: str) -> Any:
    return labels.game_name(game)


@register.filter
def bot_name(level: str) -> Any:
    """A bot's one name ("Bot (Beginner)"), as the table and the records say it."""
    return labels.bot_name(level)


@register.filter
def signed(value: int | None) -> str:
    return "" if value is None else f"{value:+d}"


@register.inclusion_tag("rankings/profile.html")
def rankings_profile(player: Any, own: bool) -> dict[str, Any]:
    """Everything rankings shows on a profile, in a fixed number of queries."""
    progress = selectors.progress_of(player)
    earned = {a.code: a for a in selectors.achievements_of(player)}
    ratings = selectors.player_ratings(player)
    history = selectors.rating_history(player)
    games = [
        {"game": g, **ratings[g], "graph": graph(history.get(g, []))}
        for g in selectors.GAMES if g in ratings
    ]  # fmt: skip
    context = {
        "player": player, "own": own, "progress": progress, "games": games,
        "next_level_xp": xp_needed(progress.level + 1),
        "recent": selectors.recent_results(player, private=own),
        "achievements": [(a, earned.get(a.code)) for a in ACHIEVEMENTS],
    }  # fmt: skip
    if own:
        context |= _card_choice(player, progress.level, earned)
    return context


def _lock(design: Any) -> str:
    """What unlocks a design, named: "achievement “Giant killer”: Win against an Expert
    bot." or "level 5"."""
    if design.achievement:
        found = BY_CODE[design.achievement]
        return _("achievement “%(name)s”: %(how)s") % {"name": found.name, "how": found.description}
    return _("level %(level)s") % {"level": design.level}


def _card_choice(player: Any, level: int, earned: dict[str, Any]) -> dict[str, Any]:
    form = CardChoiceForm(
        initial={"back": player.card_back, "front": player.card_front},
        level=level, achievements=earned,
    )  # fmt: skip
    allowed = {kind: {c for c, _ in form.fields[kind].choices} for kind in (BACK, FRONT)}
    options = {
        kind: [(d, d.id in allowed[kind], d.id == getattr(player, f"card_{kind}"), _lock(d))
               for d in designs(kind)]
        for kind in (BACK, FRONT)
    }  # fmt: skip
    return {"card_form": form, "backs": options[BACK], "fronts": options[FRONT]}
