"""A refused claim costs the side its claims until the trick in play is complete, and is
recorded in the game's record (docs/rules.md §0.7, docs/game-record.md §4)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, apply, claims, legal_actions
from games.engine.actions import CLAIM, Action, action_from_event
from games.engine.record import to_record
from games.engine.record_check import RecordProblem, check
from games.engine.replay import frames

from .helpers import finish_game
from .test_claims import exact_value, position, refusal


def refused_position(game: str, players: int) -> tuple:
    """A position and a claim one trick beyond what the seat to act can take."""
    for seed in range(40):
        state = position(game, players, seed, left=5)
        seat = state.to_act
        value = exact_value(state, seat)
        if value < claims.tricks_left(state):
            return state, Action(CLAIM, seat, tricks=value + 1, refused=True)
    raise AssertionError("no position with a claim to refuse")


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2), ("knockout", 2)])
def test_after_a_refused_claim_the_side_claims_again_only_once_the_trick_is_complete(
    game, players
) -> None:
    state, refused = refused_position(game, players)
    after = apply(state, refused)
    assert after.hands == state.hands and after.to_act == state.to_act  # play goes on
    partners = claims.side_of(after, refused.seat)
    for seat in partners:  # a whole partnership waits
        assert refusal(after, Action(CLAIM, seat, tricks=1)) == "claim_wait"
    with pytest.raises(IllegalAction):
        apply(after, refused)  # not even a second refusal in the same trick
    trick = len(after.trick_log)
    while len(after.trick_log) == trick and after.phase == "play":
        after = apply(after, legal_actions(after, resign_too=False)[0])
    if after.phase == "play":
        assert claims.waiting(after, refused.seat) is None


def test_the_others_may_still_claim_after_one_sides_refusal() -> None:
    state, refused = refused_position("german", 2)
    after = apply(state, refused)
    assert claims.waiting(after, 1 - refused.seat) is None


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2), ("knockout", 2)])
def test_a_refused_claim_is_recorded_and_replays(game, players) -> None:
    state, refused = refused_position(game, players)
    record = to_record(finish_game(apply(state, refused)))
    events = [e for d in record["deals"] for e in d["events"] if e["action"] == "claim"]
    assert events == [{"seat": refused.seat, "action": "claim", "tricks": refused.tricks,
                       "refused": True}]  # fmt: skip
    replayed = check(record)
    assert any(f["event"] == events[0] for f in frames(replayed) if f.get("event"))


def test_a_record_with_two_refused_claims_in_one_trick_is_refused() -> None:
    state, refused = refused_position("german", 2)
    record = to_record(finish_game(apply(state, refused)))
    for deal in record["deals"]:
        for i, event in enumerate(deal["events"]):
            if event.get("refused"):
                deal["events"].insert(i, dict(event))
                break
    with pytest.raises(RecordProblem):
        check(record)


def test_a_claim_cannot_be_both_conceded_and_refused() -> None:
    event = {"seat": 0, "action": "claim", "tricks": 1, "conceded": True, "refused": True}
    with pytest.raises(IllegalAction):
        action_from_event(event)


def test_the_independent_replay_reads_a_record_with_a_refused_claim() -> None:
    from tests.independent.replay import check_record

    state, refused = refused_position("whist", 4)
    assert check_record(0, to_record(finish_game(apply(state, refused)))) == []
