"""Achievements: what a player can earn once, each decided from one finished game's record
and the player's counts after it (only for players who played the game to the end)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engine.descriptors import side_of
from rankings.outcome import SeatFacts

RATED_WINS_GOAL, GAMES_GOAL = 10, 25


@dataclass(frozen=True)
class Game:
    """One finished game as the achievements see it."""

    record: dict[str, Any]
    facts: list[SeatFacts]
    rated: bool

    @property
    def name(self) -> str:
        return self.record["game"]

    @property
    def result(self) -> dict[str, Any]:
        return self.record["result"]

    def outcomes(self) -> list[dict[str, Any]]:
        """The outcome of every deal played to its end."""
        return [d["outcome"] for d in self.record["deals"] if d.get("outcome")]


@dataclass(frozen=True)
class Counts:
    """The player's complete games, wins and rated wins, this game included."""

    games: int
    wins: int
    rated_wins: int


Check = Callable[[Game, SeatFacts, Counts], bool]


@dataclass(frozen=True)
class Definition:
    code: str
    name: str | Promise
    description: str | Promise
    check: Check
    game: str = ""  # the game it is earned in ("" for any)


def _won(game: Game, me: SeatFacts, counts: Counts) -> bool:
    return me.won


def _rubber(game: Game, me: SeatFacts, counts: Counts) -> bool:
    return me.won and game.result.get("reason") == "rubber"


def _dogs_life_survived(game: Game, me: SeatFacts, counts: Counts) -> bool:
    """docs/rules.md §1.5: a dog's life in one round, a trick in the next, won the game."""
    if not me.won:
        return False
    outcomes = game.outcomes()
    return any(
        me.index in o.get("dogs_life", []) and later["tricks"][me.index] > 0
        for o, later in zip(outcomes, outcomes[1:], strict=False)
    )


def _german_thirteen(game: Game, me: SeatFacts, counts: Counts) -> bool:
    """docs/rules.md §3.3: every trick of a second half (the only tricks that count)."""
    return any(o["tricks"][me.index] == 13 for o in game.outcomes())


def _grand_slam(game: Game, me: SeatFacts, counts: Counts) -> bool:
    """docs/rules.md §2.4: the partnership took all 13 tricks of a hand."""
    side = side_of(game.name, me.index)
    return any(o["tricks"][side] == 13 for o in game.outcomes())


def _beat_expert(game: Game, me: SeatFacts, counts: Counts) -> bool:
    """Won, with an Expert bot among the losers (an Expert partner does not count)."""
    return me.won and any(f.bot == "expert" and not f.won for f in game.facts)


def _full_table(game: Game, me: SeatFacts, counts: Counts) -> bool:
    return me.won and len(game.facts) == 7


ACHIEVEMENTS: tuple[Definition, ...] = (
    Definition("first_rated", _("Rated"), _("Play a rated game to the end."),
               lambda game, me, counts: game.rated),
    Definition("first_win_knockout", _("Last one standing"),
               _("Win a game of Knockout Whist."), _won, "knockout"),
    Definition("first_win_whist", _("Partners"), _("Win a game of Whist."), _won, "whist"),
    Definition("first_win_german", _("Head to head"), _("Win a German Whist match."),
               _won, "german"),
    Definition("rubber", _("Rubber"), _("Win a Whist rubber."), _rubber, "whist"),
    Definition("dogs_life", _("Every dog has its day"),
               _("Survive a round on a dog's life, then win the game."), _dogs_life_survived,
               "knockout"),
    Definition("german_13_0", _("Clean sweep"),
               _("Win a German Whist second half 13–0."), _german_thirteen, "german"),
    Definition("grand_slam", _("Grand slam"),
               _("Take all 13 tricks of a Whist hand with your partner."), _grand_slam, "whist"),
    Definition("beat_expert", _("Giant killer"), _("Win against an Expert bot."), _beat_expert),
    Definition("full_table", _("Full house"),
               _("Win a seven-player game of Knockout Whist."), _full_table, "knockout"),
    Definition("rated_wins_10", _("Ten rated wins"), _("Win ten rated games."),
               lambda game, me, counts: game.rated and counts.rated_wins >= RATED_WINS_GOAL),
    Definition("regular", _("Regular"), _("Play 25 games to the end."),
               lambda game, me, counts: counts.games >= GAMES_GOAL),
)  # fmt: skip
BY_CODE = {a.code: a for a in ACHIEVEMENTS}
# The achievements earned by a count (their checks read only the counts and whether the game
# was rated, never the record): annulling an earlier game moves them to a later one.
COUNT_BASED = frozenset({"rated_wins_10", "regular"})


def earned(game: Game, me: SeatFacts, counts: Counts, already: set[str]) -> list[str]:
    """The codes `me` earns with this game that they did not have."""
    if not me.earns:
        return []
    return [a.code for a in ACHIEVEMENTS if a.code not in already
            and (not a.game or a.game == game.name) and a.check(game, me, counts)]  # fmt: skip
