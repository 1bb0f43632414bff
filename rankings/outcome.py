"""What a finished game was, for the bookkeeping, read from its stored record (records.models:
the game and its seat rows): each seat's place and part in it, and whether the game is rated.

The rated rule (shown on the rules pages): a table counts for ratings when it was created
as rated, plays standard rules (games.engine.descriptors.is_standard) and at least one human
counts, or a human left it to seats that stayed. A human seat counts unless bots made most
of its decisions (stand-ins after a timeout or while the player was away) up to its
resignation, if it resigned; the resignation itself is the player's own decision, so a game
won by resignation counts. What each seat's rating then takes: docs/rules.md §4.3.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.engine import make_rules
from games.engine.descriptors import is_standard
from rankings.rating import PROVISIONAL_GAMES, SeatRule

CASUAL, HOUSE_RULES, NO_HUMAN = "casual", "house_rules", "no_human"
ANNULLED = "annulled"  # annulled by a moderator before its bookkeeping ran
# A practice game ("play it again from here", records.models.GameRecord.practice): no rating
# and no XP, whatever its table was.
PRACTICE = "practice"
CASUAL_REASONS = (CASUAL, HOUSE_RULES, NO_HUMAN, ANNULLED, PRACTICE)
# A game ended (by a resignation) before this many tricks were completed, over all its
# deals, was not really played: it gives nobody XP or achievements (docs/rules.md §4.1). A
# game played to its end always has more (a Knockout round has 7 tricks, a Whist deal 13).
REAL_PLAY_TRICKS = 5
# A human seat whose stand-in made its last LEFT_RUN decisions or more (its player never came
# back), or most of its decisions, was left: a loss (docs/rules.md §4.4).
LEFT_RUN = 3


@dataclass(frozen=True)
class SeatFacts:
    """One seat of a finished game as the bookkeeping sees it."""

    index: int
    user_id: int | None
    bot: str  # the level of a bot seat, "" for a human's
    place: int  # 1 = first; tied seats share a place, the next skips them (games.engine.places)
    won: bool
    resigned: bool
    counted: bool  # a human who made most of the seat's own decisions
    played: bool = True  # the game went on for REAL_PLAY_TRICKS tricks or more
    left: bool = False  # a human who left the game to the stand-in (docs/rules.md §4.4)

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.bot

    @property
    def earns(self) -> bool:
        """Gets XP and achievements: played the game to the end itself, and the game was
        really played (docs/rules.md §4.1)."""
        return self.human and self.counted and not self.resigned and self.played

    @property
    def lost_anyway(self) -> bool:
        """Resigned or left: a loss whatever the stand-in then did (docs/rules.md §4.3)."""
        return self.resigned or self.left

    @property
    def rating_counts(self) -> bool:
        """The game changes this seat's rating: always, except for the others of a game
        ended before real play (docs/rules.md §4.3)."""
        return self.played or self.lost_anyway


def tricks_completed(record: dict[str, Any]) -> int:
    """Tricks completed over all the deals of a whist-record/1 record."""
    return sum(len(deal.get("tricks") or ()) for deal in record.get("deals") or ())


def seat_facts(rows: Iterable[Any], record: dict[str, Any]) -> list[SeatFacts]:
    """Every seat's facts from the stored game's seat rows (records.models.GamePlayer, in
    seat order: place, result and decisions, as the record stored them once) and its
    whist-record/1 record (how many tricks were played)."""
    played = tricks_completed(record) >= REAL_PLAY_TRICKS
    facts = []
    for r in rows:
        human = bool(r.user_id) and not r.bot
        counted = human and r.own_decisions >= r.stand_in_decisions
        gone = not counted or r.stand_in_last >= LEFT_RUN
        facts.append(
            SeatFacts(
                index=r.seat,
                user_id=r.user_id,
                bot=r.bot,
                place=r.place,
                won=r.won,
                resigned=r.resigned,
                counted=counted,
                played=played,
                left=human and not r.resigned and gone,
            )  # fmt: skip
        )
    return facts


def casual_reason(stored: Any, facts: list[SeatFacts]) -> str:
    """Why the stored game (records.models.GameRecord) changes no rating, or "" if rated."""
    if stored.practice:
        return PRACTICE
    if not stored.rated:
        return CASUAL
    if not standard_rules(stored):
        return HOUSE_RULES
    played_on = any(f.human and f.counted and not f.left for f in facts)
    # A leaver's loss is a loss to the seats that stayed (docs/rules.md §4.4), bots too:
    # leaving a game against bots is no way out of its rating.
    left_to_others = any(f.left for f in facts) and any(
        not f.left and not f.resigned for f in facts
    )
    if not played_on and not left_to_others:
        return NO_HUMAN
    return ""


def standard_rules(stored: Any) -> bool:
    """Whether the stored game was played by standard rules (games.engine.descriptors.is_standard;
    a record's options are all of them)."""
    return is_standard(make_rules(stored.game, stored.players, **stored.options))


def seat_rule(facts: SeatFacts, rated_games: int) -> SeatRule:
    """What the rating rule reads of a seat (rankings.rating.rate_game), from its facts and
    the rated games of the game its player had before this one (docs/rules.md §4.3)."""
    return SeatRule(
        place=facts.place,
        lost_anyway=facts.lost_anyway,
        provisional=facts.human and rated_games < PROVISIONAL_GAMES,
        counts=facts.rating_counts,
    )
