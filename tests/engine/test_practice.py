"""Play it again from here (issue 46 item 3): a replay's frame rebuilt as a new game's first
state, with the real hands or a fresh deal of the cards the player has not seen."""

from __future__ import annotations

import pytest

from games.engine import make_rules
from games.engine.cards import SUIT_OF, parse_card
from games.engine.practice import NoPosition, SeatOut, position, start
from games.engine.record_check import check
from games.engine.replay import frames
from games.engine.simulate import random_game
from games.engine.views import open_view, seat_view

GAMES = [
    ("knockout", 4, {"exchange": True}),
    ("whist", 4, {}),
    ("german", 2, {"games": 1}),
]


def _record(game, players, options, seed=7):
    return random_game(make_rules(game, players, **options), seed=seed)


def _frame_states(record):
    """(frame, events before it, state) for the replay viewer's event and deal frames."""
    replay = check(record)
    for frame in frames(replay):
        if frame["kind"] == "end":
            continue
        upto = frame["next"]
        yield frame, upto, replay.steps[upto - 1].after if upto else replay.start


def _some_frames(record):
    found = list(_frame_states(record))
    return found[:: max(1, len(found) // 12)]


@pytest.mark.parametrize("game, players, options", GAMES)
def test_real_hands_first_state_equals_the_replay_frame(game, players, options):
    record = _record(game, players, options)
    rules = check(record).rules
    for _frame, upto, state in _some_frames(record):
        pos = position(record, upto, seat=0, fresh=False, seed=1)
        first = start(rules, pos.deals, pos.events, fallback_seed=5)
        assert open_view(first) == open_view(state)


@pytest.mark.parametrize("game, players, options", GAMES)
def test_fresh_deal_first_state_is_the_frame_as_the_seat_sees_it(game, players, options):
    record = _record(game, players, options)
    rules = check(record).rules
    for seat in range(players):
        for _frame, upto, state in _some_frames(record):
            if not getattr(state, "active", [True] * players)[seat]:  # knocked out
                with pytest.raises(SeatOut):
                    position(record, upto, seat=seat, fresh=True, seed=upto)
                continue
            pos = position(record, upto, seat=seat, fresh=True, seed=upto)
            first = start(rules, pos.deals, pos.events, fallback_seed=5)
            assert seat_view(first, seat) == seat_view(state, seat)


@pytest.mark.parametrize("game, players, options", GAMES)
def test_fresh_deal_differs_from_the_real_hands_where_it_can(game, players, options):
    record = _record(game, players, options)
    rules = check(record).rules
    replay = check(record)
    # The first trick's lead: nobody has shown anything yet, many deals fit.
    upto = next(s.number for s in replay.steps if s.action.kind == "play")
    real = start(rules, *_parts(position(record, upto, 0, False, 1)), fallback_seed=5)
    fresh = start(rules, *_parts(position(record, upto, 0, True, 1)), fallback_seed=5)
    assert fresh.hands[0] == real.hands[0]
    assert fresh.hands != real.hands


def _parts(pos):
    return pos.deals, pos.events


def test_a_fresh_deal_keeps_the_voids_shown():
    """Whist: every seat that failed to follow a suit holds none of it in the fresh deal."""
    record = _record("whist", 4, {}, seed=11)
    rules = check(record).rules
    checked = 0
    for _frame, upto, state in _frame_states(record):
        if len(state.trick_log) < 6 or len(state.trick_log) > 9 or state.trick:
            continue
        voids = {(s, SUIT_OF[t.plays[0][1]]) for t in state.trick_log for s, c in t.plays
                 if SUIT_OF[c] != SUIT_OF[t.plays[0][1]]}  # fmt: skip
        for seed in range(5):
            pos = position(record, upto, seat=0, fresh=True, seed=seed)
            first = start(rules, pos.deals, pos.events, fallback_seed=5)
            for seat, suit in voids:
                held = [c for c in range(52) if first.hands[seat] >> c & 1]
                assert all(SUIT_OF[c] != suit for c in held)
            checked += len(voids)
        break
    assert checked


def test_german_fresh_deal_keeps_the_talon_seen():
    """German Whist: the face-up card and the cards taken face up stay; the talon below changes."""
    record = _record("german", 2, {"games": 1}, seed=3)
    rules = check(record).rules
    replay = check(record)
    upto = next(s.number for s in replay.steps if len(s.before.trick_log) == 5)
    state = replay.steps[upto - 1].after
    pos = position(record, upto, seat=1, fresh=True, seed=2)
    first = start(rules, pos.deals, pos.events, fallback_seed=5)
    assert first.faceup == state.faceup
    assert first.hands[1] == state.hands[1]
    assert (first.stock, first.hands[0]) != (state.stock, state.hands[0])
    assert parse_card(pos.deals[-1]["turned"]) == state.turned


def test_no_position_once_the_game_is_over():
    record = _record("whist", 4, {})
    with pytest.raises(NoPosition):
        position(record, len(check(record).steps), 0, False, 1)
    with pytest.raises(NoPosition):
        position(record, -1, 0, False, 1)


def test_the_originals_hints_stay_in_the_original():
    """A hint changes nothing of the game: the practice game starts without the original's
    hints (they would count against the player's own), at the same state."""
    record = _record("whist", 4, {})
    events = record["deals"][0]["events"]
    at = next(i for i, e in enumerate(events) if e["action"] == "play" and e["seat"] == 0)
    events.insert(at, {"seat": 0, "action": "hint", "card": events[at]["card"]})
    replay = check(record)
    upto = at + 1  # just after the hint
    pos = position(record, upto, seat=0, fresh=False, seed=1)
    assert all(e["action"] != "hint" for e in pos.events) and len(pos.events) == at
    first = start(replay.rules, pos.deals, pos.events, fallback_seed=5)
    assert open_view(first) == open_view(replay.steps[upto - 1].after)


def test_a_fresh_deal_moves_the_cards_other_seats_discarded_unseen():
    """Knockout Whist's exchange: seat 0 sees how many cards the others discarded, not which;
    a fresh deal deals those again too, and the discards name the cards that took their place."""
    record = _record("knockout", 4, {"exchange": True}, seed=3)
    replay = check(record)
    upto = next(s.number for s in replay.steps if s.action.kind == "play")
    state = replay.steps[upto - 1].after
    theirs = [e for e in record["deals"][0]["events"][:upto]
              if e["action"] == "exchange" and e["seat"] != 0 and e["discard"]]  # fmt: skip
    assert theirs
    moved = 0
    for seed in range(8):
        pos = position(record, upto, seat=0, fresh=True, seed=seed)
        first = start(replay.rules, pos.deals, pos.events, fallback_seed=5)
        assert seat_view(first, 0) == seat_view(state, 0)
        discards = [e for e in pos.events if e["action"] == "exchange" and e["seat"] != 0]
        moved += [e["discard"] for e in discards if e["discard"]] != [e["discard"] for e in theirs]
    assert moved


def test_no_position_from_a_seat_knocked_out():
    """Knockout Whist: a seat out of the game has nothing to play; the others still do."""
    record = _record("knockout", 4, {}, seed=3)
    replay = check(record)
    step = next(s for s in replay.steps if not s.after.over and not s.after.active[1])
    with pytest.raises(SeatOut):
        position(record, step.number + 1, 1, False, 1)
    playing = next(p for p in range(4) if step.after.active[p])
    assert position(record, step.number + 1, playing, False, 1).seat == playing
