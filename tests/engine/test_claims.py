"""docs/rules.md §0.7 Claims: accepted exactly when the exact solver proves the claimer's side
takes at least the tricks claimed whatever the others play; refused otherwise."""

from __future__ import annotations

import pytest

from games.engine import (
    IllegalAction,
    apply,
    apply_by_player,
    claims,
    legal_actions,
    make_rules,
    new_game,
)
from games.engine.actions import CLAIM, Action, resign
from games.engine.record import to_record
from games.engine.record_check import RecordProblem, check
from games.engine.replay import frames
from games.engine.solvers.exact import Search
from games.engine.state import State

from .helpers import finish_game


def claim(seat: int, tricks: int) -> Action:
    return Action(CLAIM, seat, tricks=tricks)


def refusal(state: State, action: Action) -> str | None:
    """The code of the claim's refusal, None when it is accepted."""
    try:
        apply(state, action)
    except IllegalAction as exc:
        return exc.code
    return None


def position(game: str, players: int, seed: int, left: int, step: int = 0) -> State:
    """A game played with varied legal moves until `left` tricks remain in a deal's play
    (German Whist: in the second half)."""
    state = new_game(make_rules(game, players), seed=seed)
    moves = 0
    while not (
        state.phase == "play"
        and claims.tricks_left(state) <= left
        and (game != "german" or state.half == 2)  # type: ignore[attr-defined]
    ):
        options = legal_actions(state, resign_too=False)
        state = apply(state, options[(moves * 7 + seed + step) % len(options)])
        moves += 1
    return state


def exact_value(state: State, seat: int) -> int:
    """The side's tricks from here with best play on both sides: the analysis's full search
    (no cut-offs, no node limit), a reference apart from the claim's null-window proof."""
    side = set(claims.side_of(state, seat))
    dogs = tuple(getattr(state, "dogs", ()))
    return Search(state.trump, side, dogs).value(state.hands, state.trick, state.pending)


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2), ("knockout", 2)])
@pytest.mark.parametrize("seed", range(6))
def test_claim_accepted_exactly_when_the_solver_proves_it(game, players, seed) -> None:
    """Every claim from 1 to the tricks left, by the seat to act and by the next seat (a claim
    is not a turn): accepted up to the exact value, `claim_refused` beyond it."""
    state = position(game, players, seed, left=5, step=seed % 3)
    left = claims.tricks_left(state)
    for seat in (state.to_act, (state.to_act + 1) % players):
        value = exact_value(state, seat)
        for k in range(1, left + 1):
            expected = None if k <= value else "claim_refused"
            assert refusal(state, claim(seat, k)) == expected, (seat, k, value)


WORDING = {  # issue 45 item 6: two players have no "side" and no "others"
    "whist": "that your side takes %s of the %s tricks left whatever your opponents play",
    "german": "that you take %s of the %s tricks left whatever your opponent plays",
    "knockout": "that you take %s of the %s tricks left whatever your opponent plays",
}


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2), ("knockout", 2)])
def test_claim_one_trick_too_many_is_refused(game, players) -> None:
    """A claim of the exact value stands; one trick more is refused, the game unchanged, in
    words that fit the claimer (a side, or one player against one opponent)."""
    for seed in range(40):
        state = position(game, players, seed, left=5)
        seat = state.to_act
        value = exact_value(state, seat)
        if 0 < value < claims.tricks_left(state):
            break
    else:
        raise AssertionError("no position with a claim short of every trick")
    assert refusal(state, claim(seat, value)) is None
    with pytest.raises(IllegalAction) as refused:
        apply(state, claim(seat, value + 1))
    assert refused.value.code == "claim_refused"
    left = claims.tricks_left(state)
    assert WORDING[game] % (value + 1, left) in str(refused.value)


@pytest.mark.parametrize("players", [3, 4])
def test_knockout_claim_of_every_trick_accepted_exactly_when_proved(players) -> None:
    """Against several opponents a claim is of every trick left; it stands exactly when the
    claimer takes them all against any defence (dogs' knocks included)."""
    seen = set()
    for seed in range(30):
        state = position("knockout", players, seed, left=3, step=seed)
        seat = state.to_act
        left = claims.tricks_left(state)
        proved = exact_value(state, seat) == left
        assert refusal(state, claim(seat, left)) == (None if proved else "claim_refused")
        seen.add(proved)
    assert seen == {True, False}


def test_knockout_claim_short_of_every_trick_against_two_is_malformed() -> None:
    state = position("knockout", 3, 1, left=3)
    assert refusal(state, claim(state.to_act, 1)) == "bad_claim"


def test_claim_outside_the_tricks_left_is_bad() -> None:
    state = position("whist", 4, 0, left=4)
    assert refusal(state, claim(0, 0)) == "bad_claim"
    assert refusal(state, claim(0, 5)) == "bad_claim"


def test_german_claim_in_the_first_half_is_refused() -> None:
    state = new_game(make_rules("german", 2), seed=3)
    assert refusal(state, claim(state.to_act, 1)) == "cannot_claim"


def test_claim_after_the_game_is_refused() -> None:
    state = finish_game(new_game(make_rules("german", 2, games=1), seed=2))
    assert refusal(state, claim(0, 1)) == "game_over"


def test_resigned_knockout_player_cannot_claim() -> None:
    state = position("knockout", 3, 2, left=3)
    seat = (state.to_act + 1) % 3
    state = apply(state, resign(seat))
    with pytest.raises(IllegalAction) as refused:
        apply_by_player(state, claim(seat, claims.tricks_left(state)))
    assert refused.value.code == "resigned"


def proved_claim(game: str, players: int) -> tuple[State, Action]:
    for seed in range(40):
        state = position(game, players, seed, left=4)
        seat = state.to_act
        value = exact_value(state, seat)
        if value and (game != "knockout" or players == 2 or value == 4):
            return state, claim(seat, value)
    raise AssertionError("no claim to make")


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2), ("knockout", 2)])
def test_accepted_claim_ends_the_deal_and_shows_the_hands(game, players) -> None:
    """The deal ends at once; its outcome counts the claimed tricks and keeps the claim with
    every hand as it was (what every seat and spectator then sees as `last_outcome`)."""
    state, action = proved_claim(game, players)
    deals, left = len(state.history), claims.tricks_left(state)
    after = apply(state, action)
    outcome = after.history[deals].outcome
    assert outcome["claim"]["seat"] == action.seat
    assert outcome["claim"]["tricks"] == action.tricks and outcome["claim"]["left"] == left
    assert sum(map(len, outcome["claim"]["hands"])) == sum(h.bit_count() for h in state.hands)
    assert sum(outcome["tricks"]) == sum(state.tricks) + left
    assert after.over or after.deal_no == state.deal_no + 1


@pytest.mark.parametrize(("game", "players"), [("whist", 4), ("german", 2), ("knockout", 2)])
def test_claim_is_recorded_and_replayed(game, players) -> None:
    """docs/game-record.md: the claim is an event; the record replays to the same outcome."""
    state, action = proved_claim(game, players)
    state = finish_game(apply(state, action))
    record = to_record(state)
    events = [e for d in record["deals"] for e in d["events"] if e["action"] == "claim"]
    assert events == [{"seat": action.seat, "action": "claim", "tricks": action.tricks}]
    replay = check(record)
    ends = [f for f in frames(replay) if f["kind"] == "end" and f["event"]["action"] == "claim"]
    assert len(ends) == 1 and ends[0]["outcome"]["claim"]["tricks"] == action.tricks


def test_record_with_a_claim_too_many_is_refused() -> None:
    state, action = proved_claim("whist", 4)
    record = to_record(finish_game(apply(state, action)))
    for deal in record["deals"]:
        for event in deal["events"]:
            if event["action"] == "claim":
                event["tricks"] += 1
    with pytest.raises(RecordProblem) as problem:
        check(record)
    assert problem.value.code == "not_allowed" and "claim refused" in str(problem.value.params)


def test_claim_past_the_node_limit_is_refused(monkeypatch) -> None:
    """A proof that would search more than NODE_LIMIT positions is refused, alike on every
    machine: a full Whist deal's claim of seven tricks with a limit of 100 positions."""
    state = new_game(make_rules("whist", 4), seed=5)
    monkeypatch.setattr(claims, "SEARCH_NODE_LIMIT", 100)
    assert refusal(state, claim(state.to_act, 7)) == "claim_refused"


def test_a_conceded_claim_needs_no_proof_and_replays() -> None:
    """docs/rules.md §0.7: a claim the others accepted stands unproved; its record says so,
    and the replay takes it without the solver (the same claim unconceded is refused)."""
    for seed in range(40):
        state = position("german", 2, seed, left=4)
        seat = state.to_act
        value = exact_value(state, seat)
        if value < claims.tricks_left(state):
            break
    assert refusal(state, claim(seat, value + 1)) == "claim_refused"
    conceded = Action(CLAIM, seat, tricks=value + 1, conceded=True)
    after = finish_game(apply(state, conceded))
    record = to_record(after)
    events = [e for d in record["deals"] for e in d["events"] if e["action"] == "claim"]
    assert events == [{"seat": seat, "action": "claim", "tricks": value + 1, "conceded": True}]
    check(record)
    events[0].pop("conceded")
    with pytest.raises(RecordProblem):
        check(record)
