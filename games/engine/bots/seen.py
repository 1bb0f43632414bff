"""What a bot reads from its seat view, decoded once into masks and small integers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import SUIT_OF, parse_card, parse_suit
from ..descriptors import GAMES_BY_NAME, partner
from ..rules import PLAYERS
from ..tricks import clockwise

SUITS = (0, 1, 2, 3)


@dataclass(slots=True)
class Seen:
    """The seat view as bit masks: own hand, the trick so far, cards gone, voids, known cards."""

    view: dict[str, Any]
    game: str
    players: int
    seat: int
    hand: int
    trump: int  # 0-3, NT (4), or -1 while trump is being chosen
    trick: list[tuple[int, int]]  # (seat, card) of the trick being played
    played: int  # every card played this deal (finished tricks and the current one)
    voids: list[int] = field(default_factory=list)  # per seat: bit per suit shown void
    known: list[int] = field(default_factory=list)  # per seat: cards known to be held

    @property
    def led_suit(self) -> int:
        return SUIT_OF[self.trick[0][1]] if self.trick else -1

    def counts(self) -> list[int]:
        """Cards held per seat."""
        return [len(h) for h in self.view["hands"]]


def card_mask(cards: list[str]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << parse_card(c)
    return mask


def read(view: dict[str, Any]) -> Seen:
    """Decode a seat view (views.seat_view) for the seat it was built for."""
    seat = view["viewer"]
    trump = parse_suit(view["trump"]) if view.get("trump") else -1
    trick = [(s, parse_card(c)) for s, c in view["trick"]]
    n = view["players"]
    seen = Seen(view, view["game"], n, seat, card_mask(view["hands"][seat]), trump, trick, 0)
    seen.voids, seen.known = [0] * n, [0] * n
    tricks = [t["plays"] for t in view.get("deal_tricks") or []]
    for plays in [*tricks, view["trick"]]:
        _note_trick(seen, [(s, parse_card(c)) for s, c in plays])
    _note_known(seen)
    return seen


def _note_trick(seen: Seen, plays: list[tuple[int, int]]) -> None:
    """Mark played cards, and a void for every seat that did not follow the led suit."""
    if not plays:
        return
    led = SUIT_OF[plays[0][1]]
    for s, c in plays:
        seen.played |= 1 << c
        if SUIT_OF[c] != led:
            seen.voids[s] |= 1 << led


def _note_known(seen: Seen) -> None:
    """Cards other seats are known to hold: Whist's turned card, German face-up cards taken."""
    view = seen.view
    if seen.game == "whist" and view.get("turned"):
        # Face up or not (`turned_up`), the dealer holds it until they play it.
        turned = 1 << parse_card(view["turned"])
        if not seen.played & turned:
            seen.known[view["dealer"]] |= turned
    if seen.game == "german":
        for s, c in view.get("faceups_taken") or []:
            seen.known[s] |= 1 << parse_card(c)
    for s in range(seen.players):
        seen.known[s] &= ~seen.played
    seen.known[seen.seat] = 0


def later_seats(seen: Seen) -> list[int]:
    """Seats still to play in the current trick after this one (those holding cards up to the
    leader; a dog who knocked earlier in the trick is not asked again)."""
    after = clockwise(seen.seat, seen.players)[1:]
    if not seen.trick:
        return list(after)
    counts = seen.counts()
    played = {s for s, _ in seen.trick}
    out = []
    for s in after:
        if s == seen.trick[0][0]:
            break
        if counts[s] and s not in played:
            out.append(s)
    return out


# Each game's partner of every seat (-1: none), from the games' descriptors.
_PARTNERS = {
    game: tuple(
        -1 if (p := partner(game, seat)) is None else p
        for seat in range(max(n for _, n in PLAYERS.values()))
    )
    for game in GAMES_BY_NAME
}


def partner_of(seen: Seen, seat: int) -> int:
    """Whist partner of `seat`, or -1 in the games without partners."""
    return _PARTNERS[seen.game][seat]
