"""Whist for four in two partnerships, to `target` points, honours and rubbers
(docs/rules.md §2)."""

from __future__ import annotations

from typing import Any

from .cards import NT, SUIT_OF, card_str, mask_of
from .deals import Source, dealt_hands
from .protocol import Game, plays_only
from .rules import STANDARD_WHIST_TARGETS, Ruleset, WhistOptions
from .state import OVER, PLAY, State, close_trick, finish_deal, legal_plays, own_dict
from .tricks import RINGS, clockwise

# Partners sit opposite: seats 0 and 2 are side 0, seats 1 and 3 side 1 (docs/rules.md §2.1).
# The one place that says so; everything else asks side_of or the game's `partnerships`.
PARTNERSHIPS = ((0, 2), (1, 3))
_SIDE = tuple(next(i for i, p in enumerate(PARTNERSHIPS) if seat in p) for seat in range(4))


# docs/rules.md §2.8: the fixed trumps a whist drive names, as suit numbers (NT: no trump).
FIXED_TRUMPS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3, "none": NT}


def side_of(seat: int) -> int:
    """The side of a seat: the index of its partnership in PARTNERSHIPS."""
    return _SIDE[seat]


def side_tricks(tricks: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """The tricks of each side, from each seat's."""
    a, b = PARTNERSHIPS
    return (sum(tricks[seat] for seat in a), sum(tricks[seat] for seat in b))


class WhistState(State):
    """Whist's own fields beside the shared state."""

    games: tuple[tuple[int, int], ...]  # the scores of the finished games of the match
    wins: tuple[int, int]  # games won per side
    scores: tuple[int, int]  # running score of the current game per side
    hand_start: tuple[int, int]  # the score when the current hand began
    honours_held: tuple[int, int]  # trump honours per side, as dealt

    def __init__(self, rules: Ruleset, source: Source) -> None:
        super().__init__(GAME, rules, source, source.first_dealer(4))
        self.games, self.wins, self.scores = (), (0, 0), (0, 0)
        self.hand_start, self.honours_held = (0, 0), (0, 0)


def start(rules: Ruleset, source: Source) -> WhistState:
    s = WhistState(rules, source)
    _deal(s)
    return s


def _deal(s: WhistState) -> None:
    """All 52 cards one at a time from the dealer's left; the dealer's last card is turned."""
    deck = s.source.deck(s.deal_no)
    s.deal_hands = dealt_hands(4, s.dealer, (13,) * 4, deck)
    s.hands = tuple([mask_of(h) for h in s.deal_hands])
    fixed = FIXED_TRUMPS.get(s.rules.options.trump_suit)  # type: ignore[union-attr]
    if fixed is None:
        s.turned = deck[51]
        s.trump = SUIT_OF[s.turned]
    else:  # docs/rules.md §2.8: nothing is turned; the trump was named before the deal
        s.turned, s.trump = -1, fixed
    s.honours_held = _honours(s.hands, s.trump)
    s.hand_start = s.scores
    s.tricks = (0, 0, 0, 0)
    leader = (s.dealer + 1) % 4
    s.phase, s.pending, s.to_act = PLAY, clockwise(leader, 4), leader


def _honours(hands: tuple[int, ...], trump: int) -> tuple[int, int]:
    """Trump ace, king, queen and jack held by each side, counted on the cards as dealt."""
    honours = sum(1 << (trump * 13 + r) for r in (9, 10, 11, 12))
    a, b = ((hands[x] | hands[y]) & honours for x, y in PARTNERSHIPS)
    return a.bit_count(), b.bit_count()


def turned_public(s: WhistState) -> bool:
    """The turned card lies face up until the dealer's first turn (docs/rules.md §2)."""
    if s.phase != PLAY or s.trick_log:  # PLAY: a finished match has no turn to come
        return False
    return s.to_act != s.dealer and all(p != s.dealer for p, _ in s.trick)


def trick_done(s: WhistState) -> WhistState:
    """On a fresh copy (its dict maybe shared) whose trick has all four cards: score it, go
    on or end the hand."""
    winner = close_trick(s)
    if len(s.trick_log) < 13:
        s.pending, s.to_act = RINGS[4][winner], winner
        return s
    own_dict(s)
    end_deal(s)
    return s


def end_deal(s: WhistState) -> None:
    """After the hand's 13th trick: score it, then the next hand or the end of the match."""
    opts: WhistOptions = s.rules.options  # type: ignore[assignment]
    won = side_tricks(s.tricks)
    points = tuple(max(0, t - 6) for t in won)
    scores = [s.scores[i] + points[i] for i in (0, 1)]
    honours = [0, 0]
    if opts.honours and max(scores) < opts.target:
        for side in (0, 1):
            value = {4: 4, 3: 2}.get(s.honours_held[side], 0)
            if s.hand_start[side] < opts.target - 1:  # a side at target - 1 cannot score them
                honours[side] = value
                scores[side] += value
    s.scores = (scores[0], scores[1])
    outcome = {"tricks": list(won), "points": list(points), "honours": honours, "score": scores}
    finish_deal(s, outcome)
    if max(scores) >= opts.target:
        _end_game(s, 0 if scores[0] >= opts.target else 1)
    if s.phase != OVER:
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % 4
        _deal(s)


def _end_game(s: WhistState, side: int) -> None:
    opts: WhistOptions = s.rules.options  # type: ignore[assignment]
    s.games = (*s.games, s.scores)
    wins = list(s.wins)
    wins[side] += 1
    s.wins = (wins[0], wins[1])
    if not opts.rubber:
        _finish(s, side, "target")
    elif wins[side] == 2:
        _finish(s, side, "rubber")
    else:
        s.scores = (0, 0)  # a new game of the rubber; a finished match keeps its last score


def rubber_score(games: tuple[tuple[int, int], ...], rubber_winner: int) -> list[int]:
    """Each game 3, 2 or 1 to its winner by the losers' points; 2 more to the rubber's winner."""
    total = [0, 0]
    for score in games:
        winner = 0 if score[0] > score[1] else 1
        loser_points = score[1 - winner]
        total[winner] += 3 if loser_points == 0 else 2 if loser_points <= 2 else 1
    total[rubber_winner] += 2
    return total


def _finish(s: WhistState, side: int, reason: str) -> None:
    result: dict[str, Any] = {
        "winners": list(PARTNERSHIPS[side]),
        "ranking": [list(PARTNERSHIPS[side]), list(PARTNERSHIPS[1 - side])],
        "reason": reason,
        "games": [list(g) for g in s.games],
    }
    if s.rules.options.rubber:  # type: ignore[union-attr]
        result["rubber_score"] = rubber_score(s.games, side)
    s.result = result
    s.phase, s.to_act, s.pending, s.over = OVER, -1, (), True


def can_resign(s: WhistState, seat: int) -> bool:
    return True


def resign(s: WhistState, seat: int) -> WhistState:
    """docs/rules.md: the resigning side loses the match at once."""
    s.resigned = (*s.resigned, seat)
    finish_deal(s, None)
    _finish(s, 1 - side_of(seat), "resign")
    return s


def public_view(s: WhistState) -> dict[str, Any]:
    # Everyone saw the turned card and remembers that the dealer holds it (docs/rules.md §2),
    # so it stays in the view until the dealer plays it (then it is a played card like any
    # other, in the trick); `turned_up` says whether it still lies face up on the table.
    held = s.turned >= 0 and s.hands[s.dealer] >> s.turned & 1
    return {
        "turned": card_str(s.turned) if held else None,
        "turned_up": turned_public(s),
        "scores": list(s.scores),
        "games": [list(g) for g in s.games],
        "wins": list(s.wins),
        "side_tricks": list(side_tricks(s.tricks)),
    }


def stage(s: WhistState) -> dict[str, Any]:
    """The deal, and the points and games won per side."""
    return {"deal": s.deal_no + 1, "scores": list(s.scores), "wins": list(s.wins)}


class Whist(Game[WhistState]):
    """Whist through the engine protocol (docs/rules.md §2)."""

    name = "whist"
    turned_in_hand = True
    first_counted_trick = 0
    partnerships = PARTNERSHIPS
    same_deals = True
    knocks_out = False
    draws_from_talon = False
    result_reasons = ("target", "rubber", "resign")
    summary_options = ("target", "honours", "rubber", "trump_suit")
    presets: dict[str, dict[str, Any]] = {}
    resign_ends_game = True
    deal_tricks = 13
    claims_after_talon = False
    two_hand_claims = False
    standard_presets_only = False
    standard_values: dict[str, tuple[Any, ...]] = {
        "target": STANDARD_WHIST_TARGETS, "honours": (False,), "trump_suit": ("turned",),
    }  # fmt: skip
    start = staticmethod(start)
    legal = staticmethod(legal_plays)  # a card is the only decision
    decide = staticmethod(plays_only)
    trick_done = staticmethod(trick_done)
    end_deal = staticmethod(end_deal)
    can_resign = staticmethod(can_resign)
    resign = staticmethod(resign)
    public_view = staticmethod(public_view)
    stage = staticmethod(stage)


GAME = Whist()
