"""Claims through the one door for moves (docs/protocol.md §"Client → server": `act` with a
`claim`): accepted at once when the solver proves them, else an error and the socket stays."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import services
from games.engine import claims
from games.engine.solvers.exact import Search
from games.models import Move, Seat
from games.reads import messages, queries
from games.services import ServiceError

from .helpers import german_table, play_turns, state, table
from .test_consumers import connect, until

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def second_half(ann: Any, bob: Any) -> tuple[int, dict[int, Any], int, int]:
    """A German Whist table in its second half with 4 tricks left: (table id, users by seat,
    the seat to act, the tricks it can be sure of)."""
    t = german_table(ann, bob)
    users = {s.index: s.user for s in Seat.objects.filter(table=t).select_related("user")}
    while claims.tricks_left(state(t.pk)) > 4 or state(t.pk).half == 1:
        play_turns(t.pk, users, 1)
    s = state(t.pk)
    value = Search(s.trump, {s.to_act}).value(s.hands, s.trick, s.pending)
    return t.pk, users, s.to_act, value


def test_a_proved_claim_ends_the_game_and_is_logged(make_user):
    table_id, users, seat, value = second_half(make_user("ann"), make_user("bob"))
    if value == 0:
        seat, value = 1 - seat, claims.tricks_left(state(table_id))
    before = table(table_id)
    services.move_play(
        table_id, {"action": "claim", "tricks": value}, before.version, user=users[seat]
    )
    after = state(table_id)
    assert after.history[0].outcome["claim"]["tricks"] == value
    assert Move.objects.filter(table_id=table_id).last().event == {
        "seat": seat, "action": "claim", "tricks": value,
    }  # fmt: skip
    assert table(table_id).version == before.version + 1


def test_a_refused_claim_is_recorded_and_costs_the_side_its_claims_until_the_trick_ends(
    make_user,
):
    """docs/rules.md §0.7: the refusal is a move of the log (and of the record), play goes on,
    and the claimer may not claim again in that trick: ten claims cannot probe the hands."""
    table_id, users, seat, value = second_half(make_user("ann"), make_user("bob"))
    if value == claims.tricks_left(state(table_id)):
        seat, value = 1 - seat, 0
    before = table(table_id)
    with pytest.raises(ServiceError) as refused:
        services.move_play(
            table_id, {"action": "claim", "tricks": value + 1}, before.version, user=users[seat]
        )
    assert refused.value.code == "claim_refused" and "once this trick" in refused.value.message
    assert table(table_id).moves == before.moves + 1
    assert Move.objects.filter(table_id=table_id).last().event == {
        "seat": seat, "action": "claim", "tricks": value + 1, "refused": True,
    }  # fmt: skip
    for tricks in (value, 1):  # even a claim the solver would prove waits for the trick's end
        with pytest.raises(ServiceError) as waiting:
            services.move_play(
                table_id, {"action": "claim", "tricks": tricks}, None, user=users[seat]
            )
        assert waiting.value.code == "claim_wait"
    assert table(table_id).moves == before.moves + 1


def test_a_client_cannot_send_a_refused_claim(make_user):
    """Only the solver refuses: a client's "refused" is ignored, so it cannot block itself or
    write a refusal the solver did not make."""
    table_id, users, seat, value = second_half(make_user("ann"), make_user("bob"))
    if value == 0:
        seat, value = 1 - seat, claims.tricks_left(state(table_id))
    event = {"action": "claim", "tricks": value, "refused": True}
    services.move_play(table_id, event, None, user=users[seat])
    assert state(table_id).history[0].outcome["claim"]["tricks"] == value


async def test_a_bad_claim_on_the_socket_gets_an_error_and_the_socket_stays(make_user):
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    table_id, users, seat, value = await db(second_half)(ann, bob)
    left = await db(lambda: claims.tricks_left(state(table_id)))()
    ws = await connect(f"/ws/table/{table_id}/", users[seat])
    shown = await until(ws, "state")
    for action, code in [
        ({"action": "claim", "tricks": "all"}, "malformed"),
        ({"action": "claim", "tricks": left + 1}, "bad_claim"),
    ]:
        await ws.send_json_to({"type": "act", "version": shown["version"], "action": action})
        error = await until(ws, "error")
        assert error["code"] == code and error["message"]
    if value < left:  # refused, then (docs/rules.md §0.7) no claim until the trick ends
        action = {"action": "claim", "tricks": value + 1}
        await ws.send_json_to({"type": "act", "version": shown["version"], "action": action})
        assert (await until(ws, "error"))["code"] == "claim_refused"
        shown = await until(ws, "state")
        action = {"action": "claim", "tricks": max(value, 1)}
        await ws.send_json_to({"type": "act", "version": shown["version"], "action": action})
        assert (await until(ws, "error"))["code"] == "claim_wait"
    elif value:
        action = {"action": "claim", "tricks": value}
        await ws.send_json_to({"type": "act", "version": shown["version"], "action": action})
        claimed = (await until(ws, "state"))["view"]["last_outcome"]["claim"]
        assert claimed["tricks"] == value and claimed["seat"] == seat
        assert sum(map(len, claimed["hands"])) + len(claimed["trick"]) == 2 * left
    await ws.disconnect()


# Claims the solver cannot prove, offered to the others at a casual table.


def unproved(ann: Any, bob: Any, rated: bool = False) -> tuple[int, dict[int, Any], int, int]:
    """A German Whist table (casual unless `rated`) in its second half where some seat can
    claim a trick the solver cannot prove: (table id, users by seat, the seat, the claim)."""
    t = german_table(ann, bob) if not rated else _rated_german(ann, bob)
    users = {s.index: s.user for s in Seat.objects.filter(table=t).select_related("user")}
    while True:
        while claims.tricks_left(state(t.pk)) > 4 or state(t.pk).half == 1:
            play_turns(t.pk, users, 1)
        s = state(t.pk)
        for seat in (s.to_act, 1 - s.to_act):
            value = Search(s.trump, {seat}).value(s.hands, s.trick, s.pending)
            if value < claims.tricks_left(s):
                return t.pk, users, seat, value + 1
        play_turns(t.pk, users, 8)  # this deal's rest is all one side's: on to the next


def _rated_german(ann: Any, bob: Any):
    created = services.table_create(ann, "german", rated=True)
    services.seat_take(bob, created.pk, 1)
    return services.table_start(ann, created.pk)


def test_an_unproved_claim_accepted_by_the_opponent_ends_the_deal_conceded(make_user):
    table_id, users, seat, tricks = unproved(make_user("ann"), make_user("bob"))
    deals = len(state(table_id).history)
    services.claim_offer(table_id, tricks, table(table_id).version, user=users[seat])
    offer = messages.table_payload(table(table_id), users[1 - seat])["table"]["claim_offer"]
    assert offer == {"seat": seat, "tricks": tricks, "accepted": []}
    assert len(state(table_id).history) == deals  # nothing decided yet
    services.claim_answer(table_id, True, user=users[1 - seat])
    claim = state(table_id).history[deals].outcome["claim"]
    assert claim["tricks"] == tricks and claim["conceded"] is True
    event = Move.objects.filter(table_id=table_id).last().event
    assert event == {"seat": seat, "action": "claim", "tricks": tricks, "conceded": True}


def test_a_declined_claim_is_withdrawn_and_play_goes_on(make_user):
    table_id, users, seat, tricks = unproved(make_user("ann"), make_user("bob"))
    moves = table(table_id).moves
    services.claim_offer(table_id, tricks, table(table_id).version, user=users[seat])
    with pytest.raises(ServiceError) as refused:
        services.claim_answer(table_id, True, user=users[seat])
    assert refused.value.code == "not_allowed"  # the claimer does not answer its own claim
    services.claim_answer(table_id, False, user=users[1 - seat])
    assert queries.current_offer(table(table_id)) is None
    assert table(table_id).moves == moves


def test_an_offer_is_void_after_a_move(make_user):
    table_id, users, seat, tricks = unproved(make_user("ann"), make_user("bob"))
    services.claim_offer(table_id, tricks, table(table_id).version, user=users[seat])
    play_turns(table_id, users, 1)
    with pytest.raises(ServiceError) as refused:
        services.claim_answer(table_id, True, user=users[1 - seat])
    assert refused.value.code == "no_claim"


def test_a_rated_table_takes_no_unproved_claim(make_user):
    table_id, users, seat, tricks = unproved(make_user("ann"), make_user("bob"), rated=True)
    with pytest.raises(ServiceError) as refused:
        services.claim_offer(table_id, tricks, table(table_id).version, user=users[seat])
    assert refused.value.code == "claim_refused"
    assert queries.current_offer(table(table_id)) is None


def test_a_client_cannot_send_a_conceded_claim(make_user):
    table_id, users, seat, tricks = unproved(make_user("ann"), make_user("bob"))
    with pytest.raises(ServiceError) as refused:
        services.move_play(
            table_id, {"action": "claim", "tricks": tricks, "conceded": True},
            table(table_id).version, user=users[seat],
        )  # fmt: skip
    assert refused.value.code == "claim_refused"


def test_no_offer_against_a_bot(make_user):
    """A bot never concedes: an unproved claim against one is refused, not offered."""
    ann = make_user("ann")
    created = services.table_create(ann, "german", 2, bot_levels=[None, "club"])
    t = services.table_start(ann, created.pk)
    while True:
        s = state(t.pk)
        if s.half == 2 and s.to_act == 0:
            value = Search(s.trump, {0}).value(s.hands, s.trick, s.pending)
            if value < claims.tricks_left(s):
                break
        if s.to_act == 0:
            play_turns(t.pk, {0: ann}, 1)
        else:
            services.bot_play(t.pk, table(t.pk).moves)
    with pytest.raises(ServiceError) as refused:
        services.claim_offer(t.pk, value + 1, table(t.pk).version, user=ann)
    assert refused.value.code == "claim_refused" and "bot" in refused.value.message
    assert queries.current_offer(table(t.pk)) is None


def test_a_banned_player_offers_no_claim(make_user):
    """A claim goes through the same door as a move (games.services.moves.player_turn): a
    banned player's offer is refused as their move would be, and nothing is offered."""
    from accounts.models import Ban

    ann, bob = make_user("ann"), make_user("bob")
    table_id, users, seat, tricks = unproved(ann, bob)
    Ban.objects.create(user=users[seat], reason="abuse", created_by=users[1 - seat])
    with pytest.raises(ServiceError) as refused:
        services.claim_offer(table_id, tricks, table(table_id).version, user=users[seat])
    assert refused.value.code == "banned"
    assert queries.current_offer(table(table_id)) is None
