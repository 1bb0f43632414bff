"""The independent replay reads take-backs and hints (docs/game-record.md §4; its decision
D5): records the engine wrote with them replay exactly, and the ones the rules forbid are
reported."""

from __future__ import annotations

import copy
import random

import pytest

from games.engine import apply, legal_actions, make_rules, new_game
from games.engine.actions import HINT, PLAY, TAKEBACK, Action
from games.engine.record import to_record
from games.engine.record_check import check
from games.engine.takeback import can_take_back
from tests.independent.replay import check_record

GAMES = [("whist", 4), ("german", 2), ("knockout", 2), ("knockout", 4), ("knockout", 7)]


def playout(game: str, players: int, seed: int, reopened: list | None = None) -> dict:
    """A random game whose players often ask for hints and take their cards back (also cards
    that completed a trick, wherever the engine allows it: counted in `reopened`)."""
    rng = random.Random(seed)
    state = new_game(make_rules(game, players), seed=seed)
    while not state.over:
        seat = state.to_act
        options = legal_actions(state, seat, resign_too=False)
        plays = [a for a in options if a.kind == PLAY]
        if plays and rng.random() < 0.2:
            state = apply(state, Action(HINT, seat, card=rng.choice(plays).card))
        action = rng.choice(options)
        state = apply(state, action)
        if action.kind == PLAY and can_take_back(state, seat) and rng.random() < 0.3:
            if reopened is not None and not state.trick:
                reopened.append(seed)
            state = apply(state, Action(TAKEBACK, seat))
    return to_record(state)


def events(record: dict) -> list[dict]:
    return [e for deal in record["deals"] for e in deal["events"]]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_records_with_takebacks_and_hints_replay_exactly(game: str, players: int) -> None:
    reopened: list[int] = []
    kinds = set()
    for seed in range(12):
        record = playout(game, players, seed, reopened)
        assert check_record(seed, record) == []
        assert check(record).steps[-1].after.result == record["result"]
        kinds |= {e["action"] for e in events(record)}
    assert {"takeback", "hint"} <= kinds and reopened  # cards that completed a trick too


def _first(record: dict, deal: int, test) -> int:
    return next(k for k, e in enumerate(record["deals"][deal]["events"]) if test(k, e))


def test_a_takeback_by_another_seat_is_reported() -> None:
    record = playout("whist", 4, 1)
    deal = record["deals"][0]
    k = _first(record, 0, lambda k, e: e["action"] == "takeback")
    deal["events"][k]["seat"] = (deal["events"][k]["seat"] + 1) % 4
    lines = check_record(0, record)
    assert len(lines) == 1 and f"events[{k}]" in lines[0] and "stops here" in lines[0]


def test_a_takeback_after_a_german_talon_draw_is_reported() -> None:
    record = copy.deepcopy(playout("german", 2, 2))
    deal = record["deals"][0]
    last = deal["tricks"][0]["plays"][-1]  # the first trick's last card: the trick drew
    k = _first(record, 0, lambda k, e: e == {"seat": last[0], "action": "play", "card": last[1]})
    deal["events"].insert(k + 1, {"seat": last[0], "action": "takeback"})
    lines = check_record(0, record)
    assert len(lines) == 1 and "drew from the talon" in lines[0]


def test_a_takeback_of_the_deals_last_card_is_reported() -> None:
    record = playout("whist", 4, 3)
    deal = record["deals"][0]
    last = deal["tricks"][-1]["plays"][-1]
    k = max(k for k, e in enumerate(deal["events"]) if e.get("card") == last[1])
    deal["events"].insert(k + 1, {"seat": last[0], "action": "takeback"})
    lines = check_record(0, record)
    assert len(lines) == 1 and f"record 0 deal 0: events[{k + 1}]" in lines[0]


def test_a_hint_naming_a_card_the_seat_may_not_play_is_reported() -> None:
    record = playout("whist", 4, 4)
    deal = record["deals"][0]
    k = _first(record, 0, lambda k, e: e["action"] == "play" and k > 0)
    event = deal["events"][k]
    other = next(c for h in deal["hands"] for c in h if c not in deal["hands"][event["seat"]])
    deal["events"].insert(k, {"seat": event["seat"], "action": "hint", "card": other})
    lines = check_record(0, record)
    assert len(lines) == 1 and "a hint naming a card" in lines[0]


def test_a_takeback_that_does_not_follow_its_play_is_reported() -> None:
    record = playout("knockout", 4, 5)
    deal = record["deals"][0]
    k = _first(record, 0, lambda k, e: e["action"] == "takeback")
    deal["events"].insert(k, {"seat": deal["events"][k]["seat"], "action": "hint", "card": "2C"})
    lines = check_record(0, record)
    assert lines and "stops here" in lines[-1]


def _forced_play(record: dict) -> tuple[int, int, dict]:
    """(deal, index) of the first play, not a trick's lead, that was the seat's only card of
    the led suit (the hands as dealt, the tricks as recorded), and that play."""
    for j, deal in enumerate(record["deals"]):
        hands = [set(h) for h in deal["hands"]]
        for trick in deal["tricks"][:-1]:  # the deal's last card is refused for another reason
            led = trick["plays"][0][1][-1]
            for seat, card in trick["plays"][1:]:
                if card[-1] == led and not any(c[-1] == led for c in hands[seat] - {card}):
                    k = max(
                        k for k, e in enumerate(deal["events"])
                        if e == {"seat": seat, "action": "play", "card": card}
                    )  # fmt: skip
                    return j, k, deal["events"][k]
            for seat, card in trick["plays"]:
                hands[seat].discard(card)
    raise AssertionError("no forced card")


def test_a_takeback_of_the_seats_only_legal_card_is_reported() -> None:
    record = playout("whist", 4, 6)
    j, k, play = _forced_play(record)
    record["deals"][j]["events"].insert(k + 1, {"seat": play["seat"], "action": "takeback"})
    lines = check_record(0, record)
    assert len(lines) == 1 and f"deal {j}: events[{k + 1}]" in lines[0]
    assert "only legal card" in lines[0] and "stops here" in lines[0]
