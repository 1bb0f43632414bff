"""An exact two-hand trick solver on bit masks (German Whist's second half): null-window search.

`Solver.value(lead, other)` is the most tricks the hand on lead can take against best
defence when both hands are known. The search answers "can the leader take t tricks?"
with alpha-beta-style cut-offs, a transposition table of bounds, cards that are
equivalent (neighbours among the cards left) tried once, and quick-trick bounds.
"""

from __future__ import annotations

import math
import time

from ..cards import RANK_OF, SUIT_OF
from ..cards import SUIT_MASK as SM
from ..tricks import beats
from .playout import playout


class OutOfTime(Exception):
    """The search passed its deadline (Solver.deadline, a time.perf_counter() value) or its
    node limit (Solver.node_limit, checked every 1024 positions)."""


TABLE_LIMIT = 400_000  # entries a shared solver keeps (about 60 MB) before it starts afresh


def shared(trump: int) -> Solver:
    """The process's solver for `trump`: its table holds for every deal (keys ignore the ranks
    of cards already played), so a game's later moves find the first search's results."""
    solver = _SHARED.get(trump)
    if solver is None or len(solver.table) > TABLE_LIMIT:
        solver = _SHARED[trump] = Solver(trump)
    solver.deadline = math.inf
    return solver


class Solver:
    """Exact double-dummy values for two hands and a trump suit; keeps its table across calls."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.table: dict[int, tuple[int, int]] = {}
        self.moves: dict[int, int] = {}  # position -> a lead that worked, or a refuting answer
        self.nodes = 0
        self.deadline = math.inf
        self.node_limit = math.inf  # positions before OutOfTime, the same on any machine

    def value(self, lead: int, other: int) -> int:
        """Most tricks the hand on lead takes from here: probes up or down from a greedy guess."""
        k = lead.bit_count()
        t = min(k, max(1, playout([lead, other], self.trump, [], 0, [-1, -1], [])[0]))
        if self.reach(lead, other, t):
            while t < k and self.reach(lead, other, t + 1):
                t += 1
            return t
        while t > 0 and not self.reach(lead, other, t - 1):
            t -= 1
        return t - 1 if t > 0 else 0

    def follow_value(self, lead: int, other: int, led: int, card: int) -> int:
        """Tricks for the follower from here answering `led` with `card` (both still held)."""
        k = lead.bit_count()
        lead2, other2 = lead ^ (1 << led), other ^ (1 << card)
        if beats(card, led, self.trump):
            return 1 + self.value(other2, lead2)
        return k - 1 - self.value(lead2, other2)

    def lead_value(self, lead: int, other: int, card: int) -> int:
        """Tricks for the leader from here if it leads `card`, against the best answer."""
        k = lead.bit_count()
        answers = replies(other, card, lead, self.trump)
        return min(k - self.follow_value(lead, other, card, y) for y in answers)

    def best_lead(self, lead: int, other: int, cards: list[int]) -> int:
        """An optimal card to lead among `cards` (one per run of equivalent cards)."""
        k = lead.bit_count()
        target = self.value(lead, other)
        found = self.moves.get(_key(lead, other), -1)  # the lead that reached the target
        if found >= 0 and lead >> found & 1 and self._lead_works(lead, other, found, target, k):
            return found
        return next(x for x in cards if self._lead_works(lead, other, x, target, k))

    def best_reply(self, lead: int, other: int, led: int, cards: list[int]) -> int:
        """An optimal answer among `cards` to `led` (`lead` still holds it, `other` is ours)."""
        k = lead.bit_count()
        lead2 = lead ^ (1 << led)

        def reaches(y: int, t: int) -> bool:
            other2 = other ^ (1 << y)
            if beats(y, led, self.trump):
                return self.reach(other2, lead2, t - 1)
            return not self.reach(lead2, other2, k - t)

        t = k - self.value(lead, other)  # a weaker lead than the best only helps us
        best = next(y for y in cards if reaches(y, t))
        while t < k:
            better = next((y for y in cards if reaches(y, t + 1)), -1)
            if better < 0:
                break
            best, t = better, t + 1
        return best

    def reach(self, lead: int, other: int, t: int) -> bool:
        """Whether the hand on lead can take at least `t` tricks."""
        if t <= 0:
            return True
        k = lead.bit_count()
        if t > k:
            return False
        key = _key(lead, other)
        lo, hi = self.table.get(key, (0, k))
        if lo >= t:
            return True
        if hi < t:
            return False
        self.nodes += 1
        if not self.nodes & 1023 and (
            time.perf_counter() > self.deadline or self.nodes > self.node_limit
        ):
            raise OutOfTime
        trump = self.trump
        if _sure(lead, other, trump) >= t:
            ok = True
        elif k - _top_run(other, lead, trump) < t:
            ok = False
        else:
            ok = False
            for x in _first(_leads(lead, other, trump), self.moves.get(key, -1)):
                if self._lead_works(lead, other, x, t, k):
                    self.moves[key] = x
                    ok = True
                    break
        self.table[key] = (max(lo, t), hi) if ok else (lo, min(hi, t - 1))
        return ok

    def _lead_works(self, lead: int, other: int, x: int, t: int, k: int) -> bool:
        """Leading `x` reaches `t` tricks whatever the other hand answers."""
        trump = self.trump
        lead2 = lead ^ (1 << x)
        key = lead2 << 52 | other
        for y in _first(replies(other, x, lead2, trump), self.moves.get(key, -1)):
            other2 = other ^ (1 << y)
            if beats(y, x, trump):
                refuted = self.reach(other2, lead2, k - t)  # it takes k - t more: we fall short
            else:
                refuted = not self.reach(lead2, other2, t - 1)
            if refuted:
                self.moves[key] = y
                return False
        return True


_SHARED: dict[int, Solver] = {}
_NORM: dict[int, int] = {}


def _norm(key: int) -> int:
    """A suit's cards left (high 13 bits) and the leader's among them, ranks closed up."""
    rest, mine = key >> 13, key & 0x1FFF
    out, i = 0, 0
    for r in range(13):
        if rest >> r & 1:
            out |= (mine >> r & 1) << i
            i += 1
    _NORM[key] = value = out | i << 13  # i: how many cards of the suit are left
    return value


def _key(lead: int, other: int) -> int:
    """Table key: positions that differ only in the ranks of cards already played coincide."""
    both = lead | other
    get = _NORM.get
    a = (both & 0x1FFF) << 13 | (lead & 0x1FFF)
    b = (both >> 13 & 0x1FFF) << 13 | (lead >> 13 & 0x1FFF)
    c = (both >> 26 & 0x1FFF) << 13 | (lead >> 26 & 0x1FFF)
    d = (both >> 39) << 13 | (lead >> 39)
    a, b, c, d = get(a, -1), get(b, -1), get(c, -1), get(d, -1)
    if a < 0 or b < 0 or c < 0 or d < 0:
        return _key_slow(lead, other)
    return a << 51 | b << 34 | c << 17 | d


def _key_slow(lead: int, other: int) -> int:
    both = lead | other
    parts = [_norm((both >> s & 0x1FFF) << 13 | (lead >> s & 0x1FFF)) for s in (0, 13, 26, 39)]
    return parts[0] << 51 | parts[1] << 34 | parts[2] << 17 | parts[3]


def _first(moves: list[int], move: int) -> list[int]:
    """`moves` with `move` (a move that worked before) tried first."""
    if move >= 0 and move in moves:
        moves.remove(move)
        moves.insert(0, move)
    return moves


def _top_run(hand: int, other: int, trump: int) -> int:
    """Top trumps `hand` holds in an unbroken run from the highest trump left: sure tricks."""
    if trump > 3:
        return 0
    return _masters_on_top(hand & SM[trump], other & SM[trump])


def _masters_on_top(mine: int, theirs: int) -> int:
    """How many of `mine` (one suit) rank above every card of `theirs`, counted from the top."""
    run = 0
    while mine:
        top = mine.bit_length() - 1
        if theirs >> top:
            break
        run += 1
        mine ^= 1 << top
    return run


_RUNS: dict[int, tuple[int, ...]] = {}


def _runs_of(key: int) -> tuple[int, ...]:
    """Ranks heading each run of `mine` among `rest` (13-bit patterns in key), high first."""
    mine, rest = key >> 13, key & 0x1FFF
    out = []
    prev_mine = False
    for r in range(12, -1, -1):
        if rest >> r & 1:
            is_mine = mine >> r & 1 == 1
            if is_mine and not prev_mine:
                out.append(r)
            prev_mine = is_mine
    _RUNS[key] = runs = tuple(out)
    return runs


def _sure(lead: int, other: int, trump: int) -> int:
    """Sure tricks on lead: top trumps, then top side cards once the other's trumps are gone."""
    run = _top_run(lead, other, trump)
    if trump < 4 and (other & SM[trump]).bit_count() > run:
        return run
    for u in (0, 1, 2, 3):
        if u != trump:
            run += _masters_on_top(lead & SM[u], other & SM[u])
    return run


def _classes(hand: int, rest: int, suit: int) -> list[int]:
    """One card per run of `hand`'s cards that are neighbours among the cards left (`rest`)."""
    shift = 13 * suit
    key = (hand >> shift & 0x1FFF) << 13 | (rest >> shift & 0x1FFF)
    runs = _RUNS.get(key) or _runs_of(key)
    return [shift + r for r in runs]


def _leads(lead: int, other: int, trump: int) -> list[int]:
    """The leader's distinct cards: highest of each run, suits with winners first, trumps last."""
    rest = lead | other
    tops: list[int] = []
    trumps: list[int] = []
    lows: list[int] = []
    for u in (0, 1, 2, 3):
        if lead & SM[u]:
            runs = _classes(lead, rest, u)
            if u == trump:
                trumps += runs
            else:
                tops.append(runs[0])
                lows += runs[1:]
    return tops + trumps + lows


def replies(hand: int, led: int, rest_other: int, trump: int = -1) -> list[int]:
    """The follower's distinct legal answers: cheapest winner first, then the cheapest loser."""
    suit = SUIT_OF[led]
    follow = hand & SM[suit]
    rest = hand | rest_other | (1 << led)
    if follow:
        runs = _classes(hand, rest, suit)[::-1]
        win = [c for c in runs if c > led]
        lose = [c for c in runs if c < led]
        return win[:1] + lose + win[1:]
    ruffs: list[int] = []
    discards: list[int] = []
    for u in (0, 1, 2, 3):
        if hand & SM[u]:
            if u == trump:
                ruffs = _classes(hand, rest, u)[::-1]
            else:
                discards += _classes(hand, rest, u)[::-1]
    discards.sort(key=lambda c: RANK_OF[c])
    return ruffs[:1] + discards + ruffs[1:]
