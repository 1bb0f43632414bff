"""What a puzzle page sends: the position as the seat may see it before the answer (a "seat"
puzzle shows only its own hand and the cards played; an "open" one every hand), and after
the answer everything the solver found: each move's value, the line, every hand (the page
shows those it had not)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import labels
from games.engine.cards import DECK, card_str
from learning.models import Puzzle

THEME_NAMES = {
    "throw_in": gettext_noop("Throw-in"),
    "trump_control": gettext_noop("Trump control"),
    "count_the_suit": gettext_noop("Count the suit"),
    "dogs_life": gettext_noop("Dog's life"),
    "duck": gettext_noop("Duck"),
}


def names(puzzle: Puzzle) -> list[str]:
    """Each seat's name from the solver's seat: you, your partner (Whist), the others."""
    pos = puzzle.position
    n, me = pos["players"], pos["seat"]
    out = []
    for seat in range(n):
        gap = (seat - me) % n
        if gap == 0:
            out.append(_("You"))
        elif puzzle.game == "whist" and gap == 2:
            out.append(_("Your partner"))
        elif n == 2:
            out.append(_("Your opponent"))
        else:
            out.append(_("Player %(n)s") % {"n": gap + 1})
    return out


def before(puzzle: Puzzle) -> dict[str, Any]:
    """The page's data before the answer: nothing a seat puzzle's seat could not see."""
    pos = puzzle.position
    me = pos["seat"]
    hands: list[list[str] | None] = [
        h if (s == me or puzzle.kind == Puzzle.Kind.OPEN) else None
        for s, h in enumerate(pos["hands"])
    ]
    return {
        "id": puzzle.pk, "game": puzzle.game, "kind": puzzle.kind, "seat": me,
        "names": names(puzzle), "hands": hands, "trick": pos["trick"],
        "counts": [len(h) for h in pos["hands"]],
        "trump": pos["trump"], "trump_name": str(labels.SUIT_NAMES[pos["trump"] or "NT"]),
        "tricks": pos["tricks"], "dogs": pos["dogs"],
        "legal": pos["legal"], "played": _played(pos) if puzzle.kind == Puzzle.Kind.SEAT else [],
        "tricks_left": puzzle.tricks_left,
    }  # fmt: skip


def _played(pos: dict[str, Any]) -> list[str]:
    """The deal's cards already played (German Whist: every card in neither hand nor the
    trick), highest first: what a seat that watched the play knows."""
    held = {c for h in pos["hands"] for c in h} | {c for _, c in pos["trick"]}
    return [card_str(c) for c in reversed(DECK) if card_str(c) not in held]


def after(puzzle: Puzzle) -> dict[str, Any]:
    """What the answer opens: the solver's best move, every move's value, the line, every
    hand, the themes and where the game can be replayed."""
    return {
        "answer": puzzle.answer, "values": puzzle.values, "line": puzzle.line,
        "hands": puzzle.position["hands"],
        "themes": [_(THEME_NAMES[t]) for t in puzzle.themes if t in THEME_NAMES],
    }  # fmt: skip


def title(puzzle: Puzzle) -> str:
    return _("Puzzle %(n)s: %(game)s") % {"n": puzzle.pk, "game": labels.game_name(puzzle.game)}


def _values_said(game: str) -> str:
    if game == "whist":
        return _("Tricks your side takes from here after each move, everyone playing their best:")
    if game == "german":
        return _(
            "Tricks you take in the rest of the half after each move, both playing their best:"
        )
    return _(
        "Tricks you are sure of in the rest of the round after each move, whatever the others play:"
    )


def words(game: str) -> dict[str, str]:
    """The page script's texts, translated here."""
    return {
        "values": _values_said(game),
        "you_win": _("You take the trick."),
        "wins": _("%(name)s takes the trick."),
        "right": _("Right: that is the solver's best move."),
        "wrong": _("Not the best: the solver's move takes more tricks."),
        "line": _("The solver's line"),
        "unseen": _("The cards you could not see"),
        "trick": _("The trick so far"),
        "hand": _("Your cards"),
        "played": _("Cards played in this deal"),
        "trump": _("Trump"),
        "knock": _("Knock"),
        "themes": _("Themes"),
        "rating": _("Your puzzle rating: %(before)s → %(after)s"),
        "streak_on": _("Streak: %(n)s"),
        "new_streak": _("Start a new streak"),
        "streak_over": _("The streak ends at %(n)s. Best: %(best)s."),
        "tricks": _("tricks: %(n)s"),
        "dog": _("dog's life"),
        "hidden": _("Cards you cannot see: %(n)s"),
        "error": _("That move could not be checked. Try again."),
    }
