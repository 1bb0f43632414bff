"""German Whist for two: a half drawing from the talon, then one that counts (docs/rules.md §3)."""

from __future__ import annotations

from typing import Any

from . import actions as A
from .cards import mask_of
from .deals import Source, dealt_hands
from .rules import GermanOptions, Ruleset
from .state import (
    OVER,
    PLAY,
    State,
    blank_state,
    clockwise,
    close_trick,
    finish_deal,
    legal_plays,
)


def start(rules: Ruleset, source: Source) -> State:
    s = blank_state(rules, source, source.first_dealer(2))
    s.games, s.wins = (), (0, 0)
    _deal(s)
    return s


def _deal(s: State) -> None:
    """13 cards each, one at a time; the talon's top card is turned and fixes trump."""
    deck = s.source.deck(s.deal_no)
    s.deal_hands = dealt_hands(2, s.dealer, (13, 13), deck)
    s.hands = tuple(mask_of(h) for h in s.deal_hands)
    s.turned = s.faceup = deck[26]
    s.trump = deck[26] // 13
    s.deal_stock = s.stock = deck[27:]
    s.tricks = (0, 0)
    s.half = 1
    leader = 1 - s.dealer  # the non-dealer leads to the first trick
    s.phase, s.pending, s.to_act = PLAY, clockwise(leader, 2), leader


def legal(s: State, seat: int) -> list[A.Action]:
    return legal_plays(s, seat)


def step(s: State, action: A.Action) -> State:
    raise AssertionError(f"German Whist has no {action.kind} (plays go through trick_done)")


def trick_done(s: State) -> State:
    """On a fresh clone whose trick has both cards: draw from the talon, go on or end."""
    winner = close_trick(s)
    if s.half == 1:
        _draw(s, winner)
        if not s.stock:
            s.half, s.tricks = 2, (0, 0)  # only the second half's tricks count
    elif len(s.trick_log) == 26:
        _end_game(s)
        return s
    s.pending, s.to_act = clockwise(winner, 2), winner
    return s


def _draw(s: State, winner: int) -> None:
    """The winner takes the face-up card, the loser the next one unseen; the next is turned."""
    hands = list(s.hands)
    hands[winner] |= 1 << s.faceup
    hands[1 - winner] |= 1 << s.stock[0]
    s.hands = (hands[0], hands[1])
    s.faceup = s.stock[1] if len(s.stock) > 1 else -1
    s.stock = s.stock[2:]


def _end_game(s: State) -> None:
    opts: GermanOptions = s.rules.options  # type: ignore[assignment]
    tricks = s.tricks
    finish_deal(s, {"tricks": list(tricks)})
    s.games = (*s.games, (tricks[0], tricks[1]))
    winner = 0 if tricks[0] > tricks[1] else 1
    wins = [s.wins[0], s.wins[1]]
    wins[winner] += 1
    s.wins = (wins[0], wins[1])
    if max(wins) * 2 > opts.games or len(s.games) == opts.games:
        _finish(s, "majority")
        return
    s.deal_no += 1
    s.dealer = 1 - s.dealer
    _deal(s)


def _finish(s: State, reason: str, winner: int | None = None) -> None:
    if winner is None and s.wins[0] != s.wins[1]:
        winner = 0 if s.wins[0] > s.wins[1] else 1
    result: dict[str, Any] = {"reason": reason, "games": [list(g) for g in s.games]}
    if winner is None:
        result.update(winners=[], ranking=[[0, 1]])
    else:
        result.update(winners=[winner], ranking=[[winner], [1 - winner]])
    s.result = result
    s.phase, s.to_act, s.pending = OVER, -1, ()


def resign(s: State, seat: int) -> None:
    """docs/rules.md §0.5: the resigning player loses the match at once."""
    s.resigned = (*s.resigned, seat)
    finish_deal(s, None)
    _finish(s, "resign", 1 - seat)
