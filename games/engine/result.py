"""What a finished game's result says about each seat: its place, from the ranking
(docs/game-record.md §6), in the one convention every page and every rating uses, and how
the game ended for it (`game_result`, read from a whist-record/1 record)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

WON, LOST, DRAWN, RESIGNED = "won", "lost", "drawn", "resigned"


def places(ranking: Sequence[Sequence[int]], players: int) -> list[int]:
    """Each seat's place, standard competition ranking: 1 for the best; tied seats share a
    place and the places they fill are skipped (1, 2, 2, 4). A seat the ranking leaves out
    comes after every ranked seat. docs/rules.md §0.6."""
    place = [1 + sum(len(group) for group in ranking)] * players
    first = 1
    for group in ranking:
        for seat in group:
            place[seat] = first
        first += len(group)
    return place


@dataclass(frozen=True)
class GameResult:
    """A finished game's result, per seat: the one fact the record stores and every app
    reads (docs/architecture.md §7)."""

    reason: str
    winners: frozenset[int]
    ranking: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]  # standard competition ranking (places above), docs/rules.md §0.6
    resigned: frozenset[int]

    def outcome(self, seat: int) -> str:
        """How the game ended for `seat`: resigned, won, drawn (nobody won) or lost."""
        if seat in self.resigned:
            return RESIGNED
        if seat in self.winners:
            return WON
        return LOST if self.winners else DRAWN


def game_result(record: Mapping[str, Any]) -> GameResult:
    """The result of a finished whist-record/1 record (docs/game-record.md), with each seat's
    place and the seats that resigned."""
    result = record["result"]
    ranking = tuple(tuple(group) for group in result.get("ranking") or ())
    resigned = frozenset(
        e["seat"] for d in record["deals"] for e in d["events"] if e.get("action") == "resign"
    )
    return GameResult(
        reason=result.get("reason", ""),
        winners=frozenset(result.get("winners") or ()),
        ranking=ranking,
        places=tuple(places(ranking, len(record["seats"]))),
        resigned=resigned,
    )
