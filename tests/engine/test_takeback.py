"""Taking back a card (issue 45 item 5; games/engine/takeback.py, docs/game-record.md §4):
the seat that played the last card of the trick in play picks it up before the next card;
the record keeps the play and the take-back, and replays show both."""

from __future__ import annotations

import random

import pytest

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.actions import PLAY, RESIGN, TAKEBACK, Action, IllegalAction
from games.engine.record import to_record
from games.engine.record_check import check
from games.engine.replay import frames
from games.engine.takeback import can_take_back


def first_lead(game: str = "whist", players: int = 4):
    """A game at its first card of play: (state before the lead, the lead, state after)."""
    state = new_game(make_rules(game, players), seed=7)
    while state.phase != "play":
        state = apply(state, legal_actions(state, state.to_act, resign_too=False)[0])
    play = next(a for a in legal_actions(state, state.to_act) if a.kind == PLAY)
    return state, play, apply(state, play)


def test_a_card_in_the_trick_in_play_is_taken_back_and_it_is_that_seats_turn_again():
    before, play, after = first_lead()
    back = apply(after, Action(TAKEBACK, play.seat))
    assert back.hands == before.hands and back.trick == before.trick
    assert back.to_act == play.seat and back.pending == before.pending
    assert legal_actions(back, play.seat) == legal_actions(before, play.seat)
    assert [a.kind for a in back.events][-2:] == [PLAY, TAKEBACK]


def test_only_the_seat_that_played_last_takes_back_and_only_before_the_next_card():
    _before, play, after = first_lead()
    other = after.to_act
    with pytest.raises(IllegalAction) as refused:
        apply(after, Action(TAKEBACK, other))
    assert refused.value.code == "cannot_take_back"
    answer = next(a for a in legal_actions(after, other) if a.kind == PLAY)
    later = apply(after, answer)
    assert not can_take_back(later, play.seat)
    with pytest.raises(IllegalAction):
        apply(later, Action(TAKEBACK, play.seat))


def finish_trick(state):
    """Play on until the trick in play is complete; (state before its last card, that card,
    state after)."""
    while True:
        play = next(a for a in legal_actions(state, state.to_act) if a.kind == PLAY)
        after = apply(state, play)
        if not after.trick:
            return state, play, after
        state = after


def test_a_card_that_completed_its_trick_is_taken_back_before_the_next_card():
    before, play, done = finish_trick(first_lead()[2])
    assert done.trick == () and len(done.trick_log) == 1 and can_take_back(done, play.seat)
    back = apply(done, Action(TAKEBACK, play.seat))
    assert back.hands == before.hands and back.trick == before.trick
    assert back.tricks == before.tricks and back.trick_log == () and back.to_act == play.seat
    assert legal_actions(back, play.seat) == legal_actions(before, play.seat)
    assert [a.kind for a in back.events][-2:] == [PLAY, TAKEBACK]
    assert not can_take_back(back, play.seat)


def test_a_card_that_completed_its_trick_is_not_taken_back_once_the_next_card_is_played():
    _before, play, done = finish_trick(first_lead()[2])
    lead = next(a for a in legal_actions(done, done.to_act) if a.kind == PLAY)
    later = apply(done, lead)
    if lead.seat != play.seat:
        assert not can_take_back(later, play.seat)
    with pytest.raises(IllegalAction):
        apply(apply(later, Action(TAKEBACK, lead.seat)), Action(TAKEBACK, play.seat))


def test_a_card_whose_trick_drew_from_the_german_talon_is_not_taken_back():
    _before, play, done = finish_trick(first_lead("german", 2)[2])
    assert len(done.stock) == 23  # the trick drew two cards
    assert not can_take_back(done, play.seat)
    with pytest.raises(IllegalAction) as refused:
        apply(done, Action(TAKEBACK, play.seat))
    assert refused.value.code == "cannot_take_back"


def test_a_card_that_ended_the_deal_is_not_taken_back():
    state = first_lead()[2]
    while state.deal_no == 0 and not state.over:
        before, play, state = finish_trick(state)
    assert state.trick == () and not can_take_back(state, play.seat)
    with pytest.raises(IllegalAction):
        apply(state, Action(TAKEBACK, play.seat))


def test_a_completed_knockout_trick_is_opened_again():
    before, play, done = finish_trick(first_lead("knockout", 3)[2])
    if done.deal_no == before.deal_no:
        back = apply(done, Action(TAKEBACK, play.seat))
        assert back.trick == before.trick and back.to_act == play.seat


def test_twice_is_refused_the_taken_back_card_is_no_longer_in_the_trick():
    _before, play, after = first_lead()
    back = apply(after, Action(TAKEBACK, play.seat))
    assert not can_take_back(back, play.seat)


def test_the_record_keeps_the_taken_back_card_and_replays_show_it():
    state, play, after = first_lead()
    state = apply(after, Action(TAKEBACK, play.seat))
    chooser = random.Random(3)
    while not state.over:
        options = legal_actions(state, state.to_act, resign_too=False)
        state = apply(state, chooser.choice(options))
    record = to_record(state)
    events = record["deals"][0]["events"]
    index = events.index({"seat": play.seat, "action": "takeback"})
    assert events[index - 1] == play.to_event()
    replay = check(record)
    assert replay.steps[-1].after.result == state.result
    shown = [f for f in frames(replay) if f["event"] == {"seat": play.seat, "action": "takeback"}]
    assert len(shown) == 1 and shown[0]["trick"] == []


def played(game: str, players: int, forced: bool, completes: bool):
    """The first card of a seeded playout that was (or was not) the seat's only legal
    action and that did (or did not) complete its trick, with an undrawn deal going on:
    (legal actions before, that play, state after)."""
    for seed in range(50):
        chooser = random.Random(seed)
        state = new_game(make_rules(game, players), seed=seed)
        while not state.over:
            options = legal_actions(state, state.to_act, resign_too=False)
            action = chooser.choice(options)
            after = apply(state, action)
            if (
                action.kind == PLAY and (len(options) == 1) == forced and state.trick
                and (not after.trick) == completes and after.deal_no == state.deal_no
                and after.stock == state.stock
            ):  # fmt: skip
                return options, action, after
            state = after
    raise AssertionError("no such card in 50 playouts")


@pytest.mark.parametrize("completes", [False, True])
@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("knockout", 3)])
def test_the_seats_only_legal_card_is_not_taken_back(game, players, completes):
    options, play, after = played(game, players, forced=True, completes=completes)
    assert options == [play]  # nothing else could be played: it was no misclick
    assert not can_take_back(after, play.seat)
    with pytest.raises(IllegalAction) as refused:
        apply(after, Action(TAKEBACK, play.seat))
    assert refused.value.code == "cannot_take_back" and "only card" in str(refused.value)


@pytest.mark.parametrize("completes", [False, True])
@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("knockout", 3)])
def test_a_card_played_with_alternatives_is_still_taken_back(game, players, completes):
    options, play, after = played(game, players, forced=False, completes=completes)
    assert len(options) > 1 and can_take_back(after, play.seat)
    back = apply(after, Action(TAKEBACK, play.seat))
    assert back.to_act == play.seat and legal_actions(back, play.seat, resign_too=False) == options


def test_a_seat_that_resigned_takes_back_no_card_its_bot_played():
    """In Knockout Whist a resigned player's seat is played by a bot to the end; the page
    offered "Take back" after each of the bot's cards, and the player could undo them."""
    state = new_game(make_rules("knockout", 3), seed=7)
    while state.phase != "play":
        state = apply(state, legal_actions(state, state.to_act, resign_too=False)[0])
    for _ in range(12):  # to a position where the resigned seat plays a card with a choice
        seat = state.to_act
        if seat not in state.resigned:
            state = apply(state, Action(RESIGN, seat))
        plays = [a for a in legal_actions(state, seat) if a.kind == PLAY]
        after = apply(state, plays[-1])
        if len(plays) > 1:
            break
        state = after
    assert seat in after.resigned
    assert not can_take_back(after, seat)
    with pytest.raises(IllegalAction):
        apply(after, Action(TAKEBACK, seat))
