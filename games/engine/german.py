"""German Whist for two: a first half drawing from the talon, a second that counts
(docs/rules.md §3)."""

from __future__ import annotations

from typing import Any

from .cards import SUIT_OF, card_str, mask_of
from .deals import Source, dealt_hands
from .protocol import Game, plays_only
from .rules import GermanOptions, Ruleset
from .state import OVER, PLAY, State, close_trick, finish_deal, legal_plays, own_dict
from .tricks import RINGS, clockwise


class GermanState(State):
    """German Whist's own fields beside the shared state."""

    games: tuple[tuple[int, int], ...]  # tricks per seat in each finished game of the match
    wins: tuple[int, int]  # games won per seat
    faceup: int  # the face-up talon card, -1 in the second half
    half: int  # 1 or 2

    def __init__(self, rules: Ruleset, source: Source) -> None:
        super().__init__(GAME, rules, source, source.first_dealer(2))
        self.games, self.wins, self.faceup, self.half = (), (0, 0), -1, 1


def start(rules: Ruleset, source: Source) -> GermanState:
    s = GermanState(rules, source)
    _deal(s)
    return s


def _deal(s: GermanState) -> None:
    """13 cards each, one at a time; the talon's top card is turned and fixes trump."""
    deck = s.source.deck(s.deal_no)
    s.deal_hands = dealt_hands(2, s.dealer, (13, 13), deck)
    s.hands = tuple([mask_of(h) for h in s.deal_hands])
    s.turned = s.faceup = deck[26]
    s.trump = SUIT_OF[deck[26]]
    s.deal_stock = s.stock = deck[27:]
    s.tricks = (0, 0)
    s.half = 1
    leader = 1 - s.dealer  # the non-dealer leads to the first trick
    s.phase, s.pending, s.to_act = PLAY, clockwise(leader, 2), leader


def trick_done(s: GermanState) -> GermanState:
    """On a fresh copy (its dict maybe shared) whose trick has both cards: draw from the
    talon, go on or end."""
    winner = close_trick(s)
    if s.half == 1:
        own_dict(s)  # the talon's fields change
        _draw(s, winner)
        if not s.stock:
            s.half, s.tricks = 2, (0, 0)  # only the second half's tricks count
    elif len(s.trick_log) == 26:
        own_dict(s)
        end_deal(s)
        return s
    s.pending, s.to_act = RINGS[2][winner], winner
    return s


def _draw(s: GermanState, winner: int) -> None:
    """The winner takes the face-up card, the loser the next one unseen; the next is turned."""
    hands = list(s.hands)
    hands[winner] |= 1 << s.faceup
    hands[1 - winner] |= 1 << s.stock[0]
    s.hands = (hands[0], hands[1])
    s.faceup = s.stock[1] if len(s.stock) > 1 else -1
    s.stock = s.stock[2:]


def end_deal(s: GermanState) -> None:
    """After the 26th trick: the game goes to the match, then the next game or the end."""
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


def _finish(s: GermanState, reason: str, winner: int | None = None) -> None:
    if winner is None and s.wins[0] != s.wins[1]:
        winner = 0 if s.wins[0] > s.wins[1] else 1
    result: dict[str, Any] = {"reason": reason, "games": [list(g) for g in s.games]}
    if winner is None:
        result.update(winners=[], ranking=[[0, 1]])
    else:
        result.update(winners=[winner], ranking=[[winner], [1 - winner]])
    s.result = result
    s.phase, s.to_act, s.pending, s.over = OVER, -1, (), True


def can_resign(s: GermanState, seat: int) -> bool:
    return True


def resign(s: GermanState, seat: int) -> GermanState:
    """docs/rules.md: the resigning player loses the match at once."""
    s.resigned = (*s.resigned, seat)
    finish_deal(s, None)
    _finish(s, "resign", 1 - seat)
    return s


def public_view(s: GermanState) -> dict[str, Any]:
    return {
        "half": s.half,
        "faceup": card_str(s.faceup) if s.faceup >= 0 else None,
        "talon": len(s.stock) + (1 if s.faceup >= 0 else 0),
        "faceups_taken": _faceups_taken(s),
        "games": [list(g) for g in s.games],
        "wins": list(s.wins),
    }


def _faceups_taken(s: GermanState) -> list[list[Any]]:
    """The face-up talon cards taken so far in this game: everyone saw who took which."""
    faceups = [s.turned, *s.deal_stock[1::2]]
    return [[t.winner, card_str(faceups[i])] for i, t in enumerate(s.trick_log[:13])]


def stage(s: GermanState) -> dict[str, Any]:
    """The game of the match, of how many, and the half being played."""
    options = s.rules.options
    assert isinstance(options, GermanOptions)
    return {"game": len(s.games) + (0 if s.over else 1), "games": options.games,
            "half": s.half}  # fmt: skip


class GermanWhist(Game[GermanState]):
    """German Whist through the engine protocol (docs/rules.md §3)."""

    name = "german"
    turned_in_hand = False
    first_counted_trick = 13  # the first half only draws from the talon
    partnerships = ()
    same_deals = True
    knocks_out = False
    draws_from_talon = True
    result_reasons = ("majority", "resign")
    summary_options = ("games",)
    presets: dict[str, dict[str, Any]] = {}
    resign_ends_game = True
    deal_tricks = 26  # 13 drawing from the talon, 13 that count
    claims_after_talon = True
    two_hand_claims = True
    standard_presets_only = False
    standard_values: dict[str, tuple[Any, ...]] = {}
    start = staticmethod(start)
    legal = staticmethod(legal_plays)  # a card is the only decision
    decide = staticmethod(plays_only)
    trick_done = staticmethod(trick_done)
    end_deal = staticmethod(end_deal)
    can_resign = staticmethod(can_resign)
    resign = staticmethod(resign)
    public_view = staticmethod(public_view)
    stage = staticmethod(stage)


GAME = GermanWhist()
