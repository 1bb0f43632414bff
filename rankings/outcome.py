"""What a finished game was, for the bookkeeping: each seat's place and part in it, and whether
the game is rated.

The rated rule (shown on the rules pages): a table counts for ratings when it was created
as rated, plays standard rules (games.engine.rules.is_standard) and at least one human
counts. A human seat counts unless bots made most of its decisions (stand-ins after a
timeout or while the player was away) up to its resignation, if it resigned; the
resignation itself is the player's own decision, so a game won by resignation counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.engine import places
from games.engine.rules import is_standard
from games.gamestate import rules_for
from games.models import Move, Seat, Table

CASUAL, HOUSE_RULES, NO_HUMAN = "casual", "house_rules", "no_human"
ANNULLED = "annulled"  # annulled by a moderator before its bookkeeping ran
CASUAL_REASONS = (CASUAL, HOUSE_RULES, NO_HUMAN, ANNULLED)


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

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.bot

    @property
    def earns(self) -> bool:
        """Gets XP and achievements: played the game to the end itself (docs/rules.md §4.1)."""
        return self.human and self.counted and not self.resigned


def seat_facts(
    result: dict[str, Any], seats: list[Seat], moves: Iterable[tuple[int, str, str]]
) -> list[SeatFacts]:
    """Every seat's facts from the record's result, the seats and the move log's
    (seat, by, action) in order."""
    own, other, resigned = _decisions(moves, len(seats))
    place = places(result.get("ranking", []), len(seats))
    winners = set(result.get("winners") or [])
    return [
        SeatFacts(
            index=s.index,
            user_id=s.user_id,
            bot=s.bot,
            place=place[s.index],
            won=s.index in winners,
            resigned=s.index in resigned,
            counted=bool(s.user_id) and not s.bot and own[s.index] >= other[s.index],
        )  # fmt: skip
        for s in seats
    ]


def _decisions(moves: Iterable[tuple[int, str, str]], players: int) -> tuple[list, list, set]:
    """Per seat: decisions by its player, decisions by a bot for it (up to its resignation),
    and the seats that resigned."""
    own, other, resigned = [0] * players, [0] * players, set()
    for seat, by, action in moves:
        if seat in resigned:
            continue  # docs/rules.md §0.5: after a Knockout resignation a bot plays the seat
        if by == Move.By.HUMAN:
            own[seat] += 1
        else:
            other[seat] += 1
        if action == "resign":
            resigned.add(seat)
    return own, other, resigned


def casual_reason(table: Table, facts: list[SeatFacts]) -> str:
    """Why the game changes no rating, or "" if it is rated."""
    if not table.rated:
        return CASUAL
    if not is_standard(rules_for(table)):
        return HOUSE_RULES
    if not any(f.human and f.counted for f in facts):
        return NO_HUMAN
    return ""


def moves_of(table: Table) -> list[tuple[int, str, str]]:
    """The table's move log as (seat, by, action), in order: one query."""
    rows = Move.objects.filter(table=table).order_by("number")
    return list(rows.values_list("seat", "by", "event__action"))
