"""What a finished game was, for the bookkeeping, read from its stored record (records.models:
the game and its seat rows): each seat's place and part in it, and whether the game is rated.

The rated rule (shown on the rules pages): a table counts for ratings when it was created
as rated, plays standard rules (games.engine.descriptors.is_standard) and at least one human
counts. A human seat counts unless bots made most of its decisions (stand-ins after a
timeout or while the player was away) up to its resignation, if it resigned; the
resignation itself is the player's own decision, so a game won by resignation counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.engine import make_rules
from games.engine.descriptors import is_standard

CASUAL, HOUSE_RULES, NO_HUMAN = "casual", "house_rules", "no_human"
ANNULLED = "annulled"  # annulled by a moderator before its bookkeeping ran
CASUAL_REASONS = (CASUAL, HOUSE_RULES, NO_HUMAN, ANNULLED)
# A game ended (by a resignation) before this many tricks were completed, over all its
# deals, was not really played: it gives nobody XP or achievements (docs/rules.md §4.1). A
# game played to its end always has more (a Knockout round has 7 tricks, a Whist deal 13).
REAL_PLAY_TRICKS = 5


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

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.bot

    @property
    def earns(self) -> bool:
        """Gets XP and achievements: played the game to the end itself, and the game was
        really played (docs/rules.md §4.1)."""
        return self.human and self.counted and not self.resigned and self.played


def tricks_completed(record: dict[str, Any]) -> int:
    """Tricks completed over all the deals of a whist-record/1 record."""
    return sum(len(deal.get("tricks") or ()) for deal in record.get("deals") or ())


def seat_facts(rows: Iterable[Any], record: dict[str, Any]) -> list[SeatFacts]:
    """Every seat's facts from the stored game's seat rows (records.models.GamePlayer, in
    seat order: place, result and decisions, as the record stored them once) and its
    whist-record/1 record (how many tricks were played)."""
    played = tricks_completed(record) >= REAL_PLAY_TRICKS
    return [
        SeatFacts(
            index=r.seat,
            user_id=r.user_id,
            bot=r.bot,
            place=r.place,
            won=r.won,
            resigned=r.resigned,
            counted=bool(r.user_id) and not r.bot and r.own_decisions >= r.stand_in_decisions,
            played=played,
        )  # fmt: skip
        for r in rows
    ]


def casual_reason(stored: Any, facts: list[SeatFacts]) -> str:
    """Why the stored game (records.models.GameRecord) changes no rating, or "" if rated."""
    if not stored.rated:
        return CASUAL
    if not standard_rules(stored):
        return HOUSE_RULES
    if not any(f.human and f.counted for f in facts):
        return NO_HUMAN
    return ""


def standard_rules(stored: Any) -> bool:
    """Whether the stored game was played by standard rules (games.engine.descriptors.is_standard;
    a record's options are all of them)."""
    return is_standard(make_rules(stored.game, stored.players, **stored.options))
