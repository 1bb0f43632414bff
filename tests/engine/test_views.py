"""Hidden information: no view ever shows a card its viewer could not know (docs/rules.md §0.4)."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.cards import card_str, cards_of
from games.engine.rules import RulesError
from games.engine.state import State
from games.engine.views import seat_view, spectator_view, table_views

FLAGS = ("exchange", "eliminated_vote", "no_trump_allowed", "rainbow")
CARD = re.compile(r'"([2-9TJQKA][SHDC])"')


def shown(view: dict) -> set[str]:
    """Every card named anywhere in a view (option names and suits are not cards)."""
    return set(CARD.findall(json.dumps(view)))


def public_cards(state: State) -> set[str]:
    """What every player at a real table has seen face up, worked out from the true state."""
    cards = {card_str(c) for _, c in state.trick}
    cards |= {card_str(c) for t in state.trick_log for _, c in t.plays}
    if state.last_trick:  # the last trick may be the previous deal's: it was played face up
        cards |= {card_str(c) for _, c in state.last_trick.plays}
    game = state.rules.game
    if game == "knockout":
        cards |= {card_str(c) for _, c in state.cuts or ()}
        if state.deal_no == 0:
            cards.add(card_str(state.turned))  # round 1's turned card lies face up
    elif game == "whist":
        cards.add(card_str(state.turned))  # face up, then everyone knows the dealer holds it
    else:
        faceups = [state.turned, *state.deal_stock[1::2]]
        seen = min(len(state.trick_log), 13) + (1 if state.faceup >= 0 else 0)
        cards |= {card_str(c) for c in faceups[:seen]}
    return cards


def own(state: State, seat: int) -> set[str]:
    return {card_str(c) for c in cards_of(state.hands[seat])}


def games() -> st.SearchStrategy:
    knockout = st.builds(
        lambda n, k, flags, dogs, lead, trump: (
            "knockout", n,
            dict(zip(FLAGS, flags, strict=True),
                 start_cards=k, dogs_life=dogs, lead=lead, trump=trump),
        ),
        st.integers(2, 7), st.integers(1, 8), st.tuples(*[st.booleans()] * 4),
        st.sampled_from(("once_per_game", "once_per_player", "off")),
        st.sampled_from(("left_of_dealer", "trump_chooser")), st.sampled_from(("chosen", "fixed")),
    )  # fmt: skip
    whist = st.builds(lambda h: ("whist", 4, {"honours": h}), st.booleans())
    german = st.builds(lambda g: ("german", 2, {"games": g}), st.integers(1, 3))
    return st.one_of(knockout, whist, german)


@settings(max_examples=60, deadline=None)
@given(games(), st.integers(0, 10**6))
def test_no_view_ever_shows_a_card_its_viewer_could_not_know(spec, seed):
    game, players, options = spec
    try:
        rules = make_rules(game, players, **options)
    except RulesError:
        return
    state, rng = new_game(rules, seed=seed), random.Random(seed)
    while not state.over:
        public = public_cards(state)
        assert shown(spectator_view(state)) <= public
        for seat in range(players):
            view = seat_view(state, seat)
            assert shown(view) <= public | own(state, seat)
            others = [h for s, h in enumerate(view["hands"]) if s != seat]
            assert all(card is None for h in others for card in h)
            assert [len(h) for h in view["hands"]] == [c.bit_count() for c in state.hands]
        state = apply(state, rng.choice(legal_actions(state, resign_too=False)))


@settings(max_examples=30, deadline=None)
@given(games(), st.integers(0, 10**6))
def test_a_tables_views_built_at_once_are_each_seats_and_the_spectators_own(spec, seed):
    """table_views (a broadcast's) shares the public part: the views, as text and in key
    order, are those seat_view and spectator_view give, and filling in one seat's hand shows
    it to no other view."""
    game, players, options = spec
    try:
        rules = make_rules(game, players, **options)
    except RulesError:
        return
    state, rng = new_game(rules, seed=seed), random.Random(seed)
    while not state.over:
        spectator, seated = table_views(state, range(players))
        assert json.dumps(spectator) == json.dumps(spectator_view(state))
        assert [json.dumps(v) for v in seated] == [
            json.dumps(seat_view(state, seat)) for seat in range(players)
        ]
        state = apply(state, rng.choice(legal_actions(state, resign_too=False)))


def whist_hand(seed: int) -> list[State]:
    """The states of a Whist game's first hand, up to its last trick."""
    state, states = new_game(make_rules("whist"), seed=seed), []
    while state.deal_no == 0:
        states.append(state)
        state = apply(state, legal_actions(state, resign_too=False)[0])
    return states


def test_whist_turned_card_is_shown_to_every_seat_until_the_dealer_plays_it():
    states = whist_hand(seed=4)
    turned = card_str(states[0].turned)
    held = [turned in own(s, s.dealer) for s in states]
    assert held[0] and not held[-1]  # the dealer plays it during the hand
    for state, holds in zip(states, held, strict=True):
        for view in [spectator_view(state), *(seat_view(state, s) for s in range(4))]:
            assert view["turned"] == (turned if holds else None)


def test_whist_turned_card_lies_face_up_until_the_dealers_first_turn():
    states = whist_hand(seed=4)
    dealer = states[0].dealer
    first_turn = next(i for i, s in enumerate(states) if s.to_act == dealer)
    face_up = [spectator_view(s)["turned_up"] for s in states]
    assert face_up == [True] * first_turn + [False] * (len(states) - first_turn)
    assert [seat_view(states[first_turn - 1], s)["turned_up"] for s in range(4)] == [True] * 4
    assert [seat_view(states[first_turn], s)["turned_up"] for s in range(4)] == [False] * 4
    assert seat_view(states[first_turn], 0)["turned"] == card_str(states[0].turned)


def test_whist_turned_card_no_longer_lies_face_up_once_the_match_is_over():
    state = new_game(make_rules("whist", target=1), seed=4)
    while not state.over:
        state = apply(state, legal_actions(state, resign_too=False)[0])
    assert spectator_view(state)["turned_up"] is False


def test_german_whist_loser_draw_is_hidden_from_the_winner():
    state = new_game(make_rules("german"), seed=12)
    hidden_draw = card_str(state.stock[0])
    while len(state.trick_log) < 1:
        state = apply(state, legal_actions(state, resign_too=False)[0])
    winner = state.trick_log[0].winner
    assert hidden_draw in seat_view(state, 1 - winner)["hands"][1 - winner]
    assert hidden_draw not in shown(seat_view(state, winner))
    assert hidden_draw not in shown(spectator_view(state))


def test_view_lists_the_viewers_legal_actions_only_on_its_turn():
    state = new_game(make_rules("knockout", 4), seed=2)
    to_act = state.to_act
    assert seat_view(state, to_act)["legal"]
    assert all(seat_view(state, s)["legal"] == [] for s in range(4) if s != to_act)
    assert spectator_view(state)["legal"] == []
