"""Random playouts of all three games, every player count and random options: invariants.

Each playout picks random legal actions (never resigning) and checks after every step
that the 52 cards are all somewhere exactly once, that each trick has one winner (the
highest trump, else the highest card of the led suit) who leads the next trick (or, for
a dog's card, the next player to its left who holds cards), that the seat to act always
has something legal to do, that a random illegal action is refused and leaves the state
unchanged, that a legal one leaves the state it was given unchanged too, and that the game
ends with a result whose ranking partitions the seats.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import (
    IllegalAction,
    RulesError,
    actions,
    apply,
    legal_actions,
    make_rules,
    new_game,
)
from games.engine.cards import NT, cards_of
from games.engine.state import State, fields

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REASONS = {
    "knockout": {"final_trick", "sweep", "last_player", "rainbow"},
    "whist": {"target", "rubber"},
    "german": {"majority"},
}

knockout_rules = st.builds(
    dict,
    players=st.integers(2, 7),
    start_cards=st.integers(1, 8),
    dogs_life=st.sampled_from(["once_per_game", "once_per_player", "off"]),
    safe_first_round=st.booleans(),
    lead=st.sampled_from(["left_of_dealer", "trump_chooser"]),
    trump=st.sampled_from(["chosen", "fixed"]),
    no_trump_allowed=st.booleans(),
    last_round_no_trump=st.booleans(),
    exchange=st.booleans(),
    rainbow=st.booleans(),
    sweep_wins=st.booleans(),
    eliminated_vote=st.booleans(),
)
whist_rules = st.builds(
    dict, target=st.sampled_from([1, 2, 5, 7, 10]), honours=st.booleans(), rubber=st.booleans()
)
german_rules = st.builds(dict, games=st.integers(1, 5))


def play_action(seat: int, card: int) -> actions.Action:
    return actions.Action("play", seat, card=card)


def rules_of(game: str, options: dict):
    options = dict(options)
    players = options.pop("players", None)
    try:
        return make_rules(game, players, **options)
    except RulesError:
        assume(False)


# --- what is where ---------------------------------------------------------------------


def played(s: State) -> list[int]:
    return [c for t in s.trick_log for _, c in t.plays] + [c for _, c in s.trick]


def card_places(s: State) -> list[int]:
    """Every card the state accounts for in the current deal, with repeats if any."""
    held = [c for h in s.hands for c in cards_of(h)]
    game = s.rules.game
    if game == "whist":
        return held + played(s)  # the turned card is in the dealer's hand
    if game == "german":
        return held + played(s) + list(s.stock) + ([s.faceup] if s.faceup >= 0 else [])
    discards = [c for a in s.events if a.kind == "exchange" for c in a.discard]
    turned = [s.turned] if s.deal_no == 0 else []  # round 1's turned card is set aside
    return held + played(s) + list(s.stock) + turned + discards


def check_cards(s: State) -> None:
    assert sorted(card_places(s)) == list(range(52))
    if s.rules.game == "knockout":
        for p in range(s.players):
            if not s.active[p]:
                assert s.hands[p] == 0
            if p in s.dogs:
                assert s.hands[p].bit_count() <= 1
    else:
        sizes = [h.bit_count() for h in s.hands]
        assert max(sizes) - min(sizes) <= 1


def winner_of(plays, trump: int) -> int:
    led = plays[0][1] // 13
    best = max(plays, key=lambda sc: (sc[1] // 13 == trump and trump != NT,
                                      sc[1] // 13 == led, sc[1] % 13))  # fmt: skip
    return best[0]


def next_leader(s: State, winner: int) -> int:
    for i in range(s.players):
        seat = (winner + i) % s.players
        if s.hands[seat]:
            return seat
    raise AssertionError("nobody holds cards")


def check_trick(old: State, new: State) -> None:
    """If `old -> new` finished a trick: one winner, by the rules, who leads the next."""
    same_deal = len(new.history) == len(old.history)
    # When the trick ends the deal, that deal is the first one added to the history (a
    # rainbow can end the next deal in the same step).
    log = new.trick_log if same_deal else new.history[len(old.history)].tricks
    if len(log) == len(old.trick_log):
        return
    assert len(log) == len(old.trick_log) + 1
    trick = log[-1]
    seats = [p for p, _ in trick.plays]
    assert len(set(seats)) == len(seats)
    assert trick.leader == seats[0]
    assert trick.winner == winner_of(trick.plays, old.trump)
    if same_deal and not (old.rules.game == "german" and new.half != old.half):
        gained = [p for p in range(new.players) if new.tricks[p] != old.tricks[p]]
        assert gained == [trick.winner]
        assert new.tricks[trick.winner] == old.tricks[trick.winner] + 1
    if same_deal and new.phase == "play":
        assert new.trick == ()
        assert new.to_act == next_leader(new, trick.winner)


def illegal_move(s: State, rnd: random.Random) -> actions.Action:
    """A card the seat to act may not play now (or a play when no play is wanted)."""
    allowed = {a.card for a in legal_actions(s, resign_too=False) if a.kind == "play"}
    others = [c for c in range(52) if c not in allowed]
    if rnd.random() < 0.2:
        return play_action((s.to_act + 1) % s.players, rnd.choice(range(52)))
    return play_action(s.to_act, rnd.choice(others))


def check_refused(s: State, rnd: random.Random) -> None:
    before = fields(s)
    deep = copy.deepcopy(before) if rnd.random() < 0.05 else None
    try:
        apply(s, illegal_move(s, rnd))
    except IllegalAction:
        pass
    else:
        raise AssertionError("an illegal action was accepted")
    after = fields(s)
    assert after.keys() == before.keys()
    assert all(after[k] is v for k, v in before.items())
    assert deep is None or _with_undo(after) == _with_undo(deep)


def _with_undo(named: dict) -> dict:
    """A state's fields with the kept state before the last trick (`undo`) as its fields:
    states compare by identity, and a deep copy makes a new one."""
    undo = named["undo"]
    return {**named, "undo": None if undo is None else fields(undo)}


def check_result(s: State) -> None:
    result = s.result
    seats = set(range(s.players))
    assert result["reason"] in REASONS[s.rules.game]
    ranking = result["ranking"]
    flat = [p for group in ranking for p in group]
    assert sorted(flat) == sorted(seats) and all(ranking)
    assert set(result["winners"]) <= seats
    if result["winners"]:
        assert result["winners"] == ranking[0]
    else:
        assert s.rules.game == "german" and ranking == [[0, 1]]
    assert legal_actions(s) == []


def check_outcomes(s: State) -> None:
    for deal in s.history:
        if s.rules.game == "knockout":
            assert sum(deal.outcome["tricks"]) == len(deal.tricks)
        elif s.rules.game == "whist":
            assert sum(deal.outcome["tricks"]) == 13 == len(deal.tricks)
            assert [t.winner % 2 for t in deal.tricks].count(0) == deal.outcome["tricks"][0]
        else:
            assert sum(deal.outcome["tricks"]) == 13 and len(deal.tricks) == 26


def playout(state: State, rnd: random.Random, limit: int = 20_000) -> State:
    s = state
    for _ in range(limit):
        if s.over:
            check_result(s)
            check_outcomes(s)
            return s
        check_cards(s)
        moves = legal_actions(s, resign_too=False)
        assert moves, f"nothing legal in {s!r}"
        assert all(m.seat == s.to_act for m in moves)
        if rnd.random() < 0.1:
            check_refused(s, rnd)
        move = rnd.choice(moves)
        before = fields(s)
        new = apply(s, move)
        assert new is not s
        after = fields(s)  # a card's state shares its dict with `s` (state.State)
        assert after.keys() == before.keys() and all(after[k] is v for k, v in before.items())
        check_trick(s, new)
        s = new
    raise AssertionError("the game did not end")


# --- the playouts ------------------------------------------------------------------------


@SETTINGS
@given(options=knockout_rules, seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_knockout_random_playouts_keep_the_invariants(options, seed, rnd):
    playout(new_game(rules_of("knockout", options), seed=seed), rnd)


@settings(max_examples=40, deadline=None)
@given(options=whist_rules, seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_whist_random_playouts_keep_the_invariants(options, seed, rnd):
    playout(new_game(rules_of("whist", options), seed=seed), rnd)


@SETTINGS
@given(options=german_rules, seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_german_random_playouts_keep_the_invariants(options, seed, rnd):
    playout(new_game(rules_of("german", options), seed=seed), rnd)


@settings(max_examples=40, deadline=None)
@given(options=knockout_rules, seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_knockout_game_is_fully_determined_by_seed_and_decisions(options, seed, rnd):
    rules = rules_of("knockout", options)
    s, moves = new_game(rules, seed=seed), []
    while not s.over:
        moves.append(rnd.choice(legal_actions(s, resign_too=False)))
        s = apply(s, moves[-1])
    again = new_game(rules, seed=seed)
    for move in moves:
        again = apply(again, move)
    assert again.result == s.result and again.history == s.history


@SETTINGS
@given(options=knockout_rules, seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_knockout_rounds_shrink_by_one_and_players_only_leave(options, seed, rnd):
    rules = rules_of("knockout", options)
    s = playout(new_game(rules, seed=seed), rnd)
    start = rules.options.start_cards
    assert len(s.history) <= start
    was_out: set[int] = set()
    for i, deal in enumerate(s.history):
        sizes = {len(h) for p, h in enumerate(deal.hands) if h}
        assert sizes <= {start - i, 1}
        dealt_to = {p for p, h in enumerate(deal.hands) if h}
        assert not dealt_to & was_out
        was_out |= set(deal.outcome["out"])
    if s.result["reason"] == "final_trick":
        assert len(s.history) == start


@pytest.mark.parametrize(("game", "players"), [("knockout", 4), ("whist", 4), ("german", 2)])
def test_fields_names_every_field_of_a_state(game, players):
    """`fields` (the digest's and these tests' view of a state) misses no annotated field,
    whether it lives in a slot or in the dict."""
    s = new_game(make_rules(game, players), seed=1)
    names = {n for cls in type(s).__mro__ for n in getattr(cls, "__annotations__", {})}
    assert set(fields(s)) == names
    assert set(fields(apply(s, legal_actions(s, resign_too=False)[0]))) == names
