"""An exact search of the rest of a deal with every hand known, for any number of hands.

Used by the game analysis for the last few tricks of Whist and Knockout Whist, when few
cards are left. `Search(trump, side, dogs)` values a position as the tricks the seats in
`side` take from there to the end of the deal when they play to take as many as they can
and every other seat plays to leave them as few as possible: in Whist the two
partnerships, in Knockout Whist one player against all the others (a seat cannot count
on the others' help, so this is the number of tricks it can be sure of). Dogs (docs/rules.md §1.5)
may knock on any trick but the round's last. Positions between tricks are kept in a
table; cards that are neighbours among the cards left are tried once. `Search.reaches`
answers the narrower question a claim asks (does the side take at least t?) with cut-offs and
a node limit, so its answer is the same on any machine (docs/rules.md §0.7).
"""

from __future__ import annotations

from ..cards import SUIT_MASK as SM
from ..cards import SUIT_OF
from ..tricks import clockwise, next_seat, trick_winner

KNOCK = -1  # the dog keeps its card (a move, where a card number would be)
Hands = tuple[int, ...]
Trick = tuple[tuple[int, int], ...]
Seats = tuple[int, ...]


class OutOfNodes(Exception):
    """A search passed its node limit (Search.node_limit)."""


class Search:
    """Exact values for one trump suit and one maximising side; keeps its table across calls."""

    def __init__(self, trump: int, side: set[int], dogs: tuple[int, ...] = ()) -> None:
        self.trump = trump
        self.side = frozenset(side)
        self.dogs = frozenset(dogs)
        self.table: dict[tuple[tuple[int, ...], int], int] = {}
        self.bounds: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}
        self.nodes = 0
        self.node_limit = 1 << 62  # reaches() raises OutOfNodes past it

    def values(
        self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], pending: tuple[int, ...]
    ) -> dict[int, int]:
        """For the seat to act (pending[0]): the value of each legal move (KNOCK included)."""
        seat = pending[0]
        out = {}
        for move, group in self._moves(hands, trick, pending):
            value = self._after(hands, trick, pending, seat, move)
            for same in group:
                out[same] = value
        return out

    def groups(self, hands: Hands, trick: Trick, pending: Seats) -> list[tuple[int, list[int]]]:
        """The moves of the seat to act (pending[0]): (representative, every move worth the
        same: neighbours among the cards left), KNOCK included."""
        return self._moves(hands, trick, pending)

    def value(
        self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], pending: tuple[int, ...]
    ) -> int:
        """Tricks the side takes from this position on (the current trick included)."""
        self.nodes += 1
        if not pending:
            return self._trick_done(hands, trick)
        seat = pending[0]
        results = [
            self._after(hands, trick, pending, seat, move)
            for move, _ in self._moves(hands, trick, pending)
        ]
        return max(results) if seat in self.side else min(results)

    def reaches(self, hands: Hands, trick: Trick, pending: Seats, t: int) -> bool:
        """Whether the side takes at least `t` tricks from this position (the current trick
        included) whatever the others play: a null-window search, bounds kept per position
        between tricks. Raises OutOfNodes after `node_limit` positions."""
        if t <= 0:
            return True
        if t > _tricks_left(hands, trick, self.dogs):
            return False
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes
        if not pending:
            return self._reaches_done(hands, trick, t)
        seat = pending[0]
        moves = self._moves(hands, trick, pending)
        if seat in self.side:
            return any(self._reaches_after(hands, trick, pending, m, t) for m, _ in moves)
        return all(self._reaches_after(hands, trick, pending, m, t) for m, _ in moves)

    def _reaches_after(self, hands: Hands, trick: Trick, pending: Seats, move: int, t: int) -> bool:
        if move == KNOCK:
            return self.reaches(hands, trick, pending[1:], t)
        new = list(hands)
        new[pending[0]] &= ~(1 << move)
        return self.reaches(tuple(new), (*trick, (pending[0], move)), pending[1:], t)

    def _reaches_done(self, hands: Hands, trick: Trick, t: int) -> bool:
        winner = trick_winner(trick, self.trump)
        t -= 1 if winner in self.side else 0
        if not any(hands) or t <= 0:
            return t <= 0
        n = len(hands)
        leader = winner if hands[winner] else next_seat(winner, n, hands)
        key = (hands, leader)
        lo, hi = self.bounds.get(key, (0, 99))
        if t <= lo:
            return True
        if t > hi:
            return False
        pending = tuple(s for s in clockwise(leader, n) if hands[s])
        ok = self.reaches(hands, (), pending, t)
        self.bounds[key] = (max(lo, t), hi) if ok else (lo, min(hi, t - 1))
        return ok

    def _after(self, hands: Hands, trick: Trick, pending: Seats, seat: int, move: int) -> int:
        if move == KNOCK:
            return self.value(hands, trick, pending[1:])
        new = list(hands)
        new[seat] &= ~(1 << move)
        return self.value(tuple(new), (*trick, (seat, move)), pending[1:])

    def _trick_done(self, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...]) -> int:
        winner = trick_winner(trick, self.trump)
        won = 1 if winner in self.side else 0
        if not any(hands):
            return won
        n = len(hands)
        # docs/rules.md §1: a dog whose card won passes the lead to the next player holding cards
        leader = winner
        if not hands[leader]:
            leader = next_seat(leader, n, hands)
        key = (hands, leader)
        found = self.table.get(key)
        if found is None:
            pending = tuple(s for s in clockwise(leader, n) if hands[s])
            found = self.table[key] = self.value(hands, (), pending)
        return won + found

    def _moves(self, hands: Hands, trick: Trick, pending: Seats) -> list[tuple[int, list[int]]]:
        """(representative move, every move worth the same) for the seat to act."""
        seat = pending[0]
        hand = hands[seat]
        legal = hand
        if trick:
            follow = hand & SM[SUIT_OF[trick[0][1]]]
            legal = follow or hand
        rest = 0
        for h in hands:
            rest |= h
        for _, c in trick:
            rest |= 1 << c
        moves = _runs(legal, rest)
        if seat in self.dogs and _tricks_left(hands, trick, self.dogs) > 1:
            moves.append((KNOCK, [KNOCK]))
        return moves


def _runs(legal: int, rest: int) -> list[tuple[int, list[int]]]:
    """Legal cards grouped into runs of neighbours among the cards left, highest first."""
    out: list[tuple[int, list[int]]] = []
    for suit in (3, 2, 1, 0):
        mine = legal & SM[suit]
        if not mine:
            continue
        group: list[int] = []
        for card in range(13 * suit + 12, 13 * suit - 1, -1):
            if mine >> card & 1:
                group.append(card)
            elif rest >> card & 1 and group:
                out.append((group[0], group))
                group = []
        if group:
            out.append((group[0], group))
    return out


def _tricks_left(
    hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], dogs: frozenset[int]
) -> int:
    """Tricks left in the deal, the current one included, counted from a seat that is no dog."""
    played = {s for s, _ in trick}
    return max(
        (h.bit_count() + (s in played) for s, h in enumerate(hands) if s not in dogs), default=0
    )
