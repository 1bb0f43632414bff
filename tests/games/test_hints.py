"""Hints at casual tables (issue 46 item 4; games/services/hints.py): the Expert's card from
the asker's view with its reason; refused at rated tables, events' tables, held boards and
tables hiding ratings; at most WHIST_HINTS_PER_GAME a game, one per turn; the move log (and
so the record) keeps each hint."""

from __future__ import annotations

import pytest

from games import services
from games.engine.bots import choose_action
from games.engine.cards import SUIT_MASK, card_str, cards_of
from games.engine.views import seat_view
from games.models import Move, Table
from games.services.errors import ServiceError
from tests.engine.test_hints import repeatable
from tests.games.helpers import deal_where, german_table, play_first_legal, state

from .test_consumers import connect, db, german, until

pytestmark = pytest.mark.django_db


def to_play(table: Table, users: tuple) -> tuple:
    """Play until a human has a card to play: (seat, user)."""
    for _ in range(60):
        now = state(table.pk)
        if now.phase == "play":
            return now.to_act, users[now.to_act]
        play_first_legal(table.pk, users[now.to_act], now.to_act)
    raise AssertionError("no card to play")


def test_a_hint_is_the_expert_bots_card_from_the_askers_view_and_the_move_log_keeps_it(
    make_user, monkeypatch
):
    repeatable(monkeypatch)
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    seat, player = to_play(table, (ann, bob))
    before = Table.objects.get(pk=table.pk)
    view = seat_view(state(table.pk), seat)
    expert = choose_action(view, "expert", seed=(before.deal_seed + before.moves) % 2**32)
    hint = services.hint_ask(table.pk, user=player)
    assert hint["card"] == expert["card"] and hint["text"] and hint["left"] == 4
    assert {"seat": seat, "action": "play", "card": hint["card"]} in view["legal"]
    last = Move.objects.filter(table=table).order_by("-number").first()
    assert last.event == {"seat": seat, "action": "hint", "card": hint["card"]}
    assert state(table.pk).to_act == seat  # nothing played


def test_no_hint_in_events_on_held_boards_or_when_ratings_are_hidden(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    for change in ({"after_url": "/events/1/"}, {"board_held": True}, {"hide_ratings": True}):
        table = german_table(ann, bob)
        Table.objects.filter(pk=table.pk).update(**change)
        _seat, player = to_play(table, (ann, bob))
        with pytest.raises(ServiceError) as refused:
            services.hint_ask(table.pk, user=player)
        assert refused.value.code == "hint_refused"
        Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)


def test_one_hint_per_turn_and_at_most_hints_per_game(make_user, settings):
    settings.WHIST_HINTS_PER_GAME = 1
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    seat, player = to_play(table, (ann, bob))
    other = (ann, bob)[1 - seat]
    with pytest.raises(ServiceError):  # not their turn
        services.hint_ask(table.pk, user=other)
    services.hint_ask(table.pk, user=player)
    with pytest.raises(ServiceError) as again:
        services.hint_ask(table.pk, user=player)
    assert "already" in again.value.message
    for _ in range(4):  # the next turns of the same player
        play_first_legal(table.pk, (ann, bob)[state(table.pk).to_act], state(table.pk).to_act)
        if state(table.pk).to_act == seat:
            break
    with pytest.raises(ServiceError) as spent:
        services.hint_ask(table.pk, user=player)
    assert "hints left" in spent.value.message


def singleton_led(now) -> int | None:
    """A card of the leader's in a suit the other seat holds exactly one card of, else None."""
    leader, other = now.hands[now.to_act], now.hands[1 - now.to_act]
    for mask in SUIT_MASK:
        if (other & mask).bit_count() == 1 and leader & mask:
            return cards_of(leader & mask)[0]
    return None


def test_a_seat_with_only_one_legal_card_is_not_given_a_hint(make_user):
    """Nothing to choose: a hint would spend one of the game's few on the card that may play
    by itself (the page shows no Hint button then, static/js/hint.js)."""
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    dealt = deal_where(table.pk, lambda s: s.phase == "play" and singleton_led(s) is not None)
    leader = dealt.to_act
    card = card_str(singleton_led(dealt))
    services.move_play(table.pk, {"action": "play", "card": card}, user=(ann, bob)[leader])
    with pytest.raises(ServiceError) as refused:
        services.hint_ask(table.pk, user=(ann, bob)[1 - leader])
    assert refused.value.code == "hint_refused" and "only legal card" in refused.value.message
    assert not Move.objects.filter(table=table, event__action="hint").exists()


def test_a_hint_or_a_takeback_sent_as_a_move_is_refused(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    seat, player = to_play(table, (ann, bob))
    card = seat_view(state(table.pk), seat)["legal"][0]["card"]
    for event in ({"action": "hint", "card": card}, {"action": "takeback"}):
        with pytest.raises(ServiceError) as refused:
            services.move_play(table.pk, event, user=player)
        assert refused.value.code == "bad_message"
    assert not Move.objects.filter(table=table, event__action="hint").exists()


def test_no_hint_while_a_takeback_or_a_claim_is_asked_of_the_table(make_user):
    """A hint is recorded as a move, and a move ends the question on offer: the player asked
    to agree to a take-back who asked for a hint took the question away unanswered (seen on
    a phone). They are told to answer first, and the question stands."""
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    now = state(table.pk)
    asker, leader = (ann, bob)[now.to_act], now.to_act
    card = next(a["card"] for a in seat_view(now, leader)["legal"] if a.get("card"))
    services.move_play(table.pk, {"action": "play", "card": card}, user=asker)
    services.takeback_ask(table.pk, user=asker)
    other = (ann, bob)[1 - leader]
    with pytest.raises(ServiceError) as refused:
        services.hint_ask(table.pk, user=other)
    assert refused.value.code == "hint_refused" and "take-back" in refused.value.message
    assert Table.objects.get(pk=table.pk).takeback_offer is not None
    services.takeback_answer(table.pk, True, user=other)
    assert state(table.pk).to_act == leader and state(table.pk).trick == ()


@pytest.mark.django_db(transaction=True)
async def test_no_hint_at_a_rated_table_the_socket_refuses_it_and_stays_open(make_user):
    t, ann, bob = await german(make_user)
    await db(Table.objects.filter(pk=t.pk).update)(rated=True)
    s = await db(state)(t.pk)
    ws = await connect(f"/ws/table/{t.pk}/", (ann, bob)[s.to_act])
    await until(ws, "state")
    await ws.send_json_to({"type": "hint"})
    refused = await until(ws, "error")
    assert refused["code"] == "hint_refused" and "rated" in refused["message"]
    await ws.send_json_to({"type": "ping"})
    assert (await until(ws, "pong"))["type"] == "pong"
    await db(Table.objects.filter(pk=t.pk).update)(rated=False)
    await ws.send_json_to({"type": "hint"})
    hint = await until(ws, "hint")
    assert {"seat": s.to_act, "action": "play", "card": hint["card"]} in seat_view(s, s.to_act)[
        "legal"
    ]
    await ws.disconnect()
