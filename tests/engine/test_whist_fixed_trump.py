"""docs/rules.md §2.8: a trump named before the deal (whist drives), and the one-deal game."""

from __future__ import annotations

import pytest

from games.engine import RulesError, make_rules, new_game
from games.engine.record import to_record
from games.engine.record_check import check
from games.engine.views import seat_view, spectator_view

from .helpers import finish_game


@pytest.mark.parametrize(("suit", "number"), [("clubs", 0), ("diamonds", 1), ("hearts", 2),
                                              ("spades", 3), ("none", 4)])  # fmt: skip
def test_a_named_trump_is_the_hands_trump_and_nothing_is_turned(suit: str, number: int) -> None:
    state = new_game(make_rules("whist", 4, trump_suit=suit), seed=7)
    assert state.trump == number and state.turned == -1
    assert spectator_view(state)["turned"] is None
    assert seat_view(state, state.dealer)["turned"] is None


def _expected_winner(plays: tuple, trump: int) -> int:
    """The winner by the rules book, written apart from the engine: the highest trump, else
    the highest card of the suit led (cards are suit * 13 + rank)."""
    trumps = [(card % 13, seat) for seat, card in plays if card // 13 == trump]
    led = plays[0][1] // 13
    followed = [(card % 13, seat) for seat, card in plays if card // 13 == led]
    return max(trumps or followed)[1]


@pytest.mark.parametrize(("suit", "number"), [("none", 4), ("hearts", 2)])
def test_each_trick_goes_to_the_named_trump_or_without_trump_to_the_suit_led(
    suit: str, number: int
) -> None:
    for seed in range(6):
        state = finish_game(new_game(make_rules("whist", 4, target=1, trump_suit=suit), seed=seed))
        for trick in state.history[0].tricks:
            assert trick.winner == _expected_winner(trick.plays, number)


def test_a_game_to_one_point_with_a_named_trump_ends_after_one_hand() -> None:
    state = finish_game(new_game(make_rules("whist", 4, target=1, trump_suit="hearts"), seed=3))
    assert state.over and len(state.history) == 1
    assert max(state.history[0].outcome["tricks"]) >= 7


def test_a_hand_with_a_named_trump_replays_from_its_record() -> None:
    state = finish_game(new_game(make_rules("whist", 4, target=1, trump_suit="none"), seed=5))
    rec = to_record(state)
    assert rec["deals"][0]["turned"] is None
    assert check(rec).steps[-1].after.over  # RecordProblem at the first thing that is wrong


def test_an_unknown_trump_suit_is_refused_naming_the_choices() -> None:
    with pytest.raises(RulesError) as refused:
        make_rules("whist", 4, trump_suit="stars")
    assert "hearts" in str(refused.value.params)


@pytest.mark.parametrize("suit", ["none", "diamonds"])
def test_the_independent_replay_agrees_on_hands_with_a_named_trump(suit: str) -> None:
    from tests.independent.replay import check_record

    for seed in range(4):
        rules = make_rules("whist", 4, target=1, trump_suit=suit)
        assert check_record(0, to_record(finish_game(new_game(rules, seed=seed)))) == []
