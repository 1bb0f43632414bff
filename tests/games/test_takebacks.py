"""Taking back a misclicked card at a casual table (issue 45 item 5; games/services/
takebacks.py): before the next card, every other human agrees (bots agree); never at rated
tables or events; the move log, hence the record, keeps it."""

from __future__ import annotations

import pytest

from games import services, tasks
from games.engine.cards import SUIT_MASK, card_str, cards_of
from games.models import Move, Table
from games.services.errors import ServiceError
from tests.games.helpers import deal_where, german_table, no_single_suit, play_first_legal, state

pytestmark = pytest.mark.django_db


def lead(table: Table, users: tuple) -> tuple:
    """Play until someone is to lead a trick, then lead: (seat, user, card event)."""
    for _ in range(60):
        now = state(table.pk)
        if not now.trick and users[now.to_act] is not None:
            seat = now.to_act
            return seat, users[seat], play_first_legal(table.pk, users[seat], seat)
        play_first_legal(table.pk, users[now.to_act], now.to_act)
    raise AssertionError("nobody led")


def offer(table: Table) -> dict | None:
    return Table.objects.get(pk=table.pk).takeback_offer


def test_the_card_is_taken_back_once_the_other_player_agrees(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    before = state(table.pk).hands
    seat, player, card = lead(table, (ann, bob))
    other = (ann, bob)[1 - seat]
    services.takeback_ask(table.pk, user=player)
    assert offer(table)["seat"] == seat
    assert state(table.pk).trick  # nothing taken back yet
    services.takeback_answer(table.pk, True, user=other)
    after = state(table.pk)
    assert after.trick == () and after.to_act == seat and after.hands == before
    events = list(
        Move.objects.filter(table=table).order_by("number").values_list("event", flat=True)
    )
    assert events[-2:] == [{"seat": seat, **card}, {"seat": seat, "action": "takeback"}]


def test_a_refusal_keeps_the_card_on_the_table(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    seat, player, _card = lead(table, (ann, bob))
    services.takeback_ask(table.pk, user=player)
    services.takeback_answer(table.pk, False, user=(ann, bob)[1 - seat])
    assert offer(table) is None
    with pytest.raises(ServiceError) as refused:
        services.takeback_answer(table.pk, True, user=(ann, bob)[1 - seat])
    assert refused.value.code == "no_takeback"
    assert len(state(table.pk).trick) == 1


def test_the_asker_cannot_answer_and_the_next_card_ends_the_question(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    seat, player, _card = lead(table, (ann, bob))
    other = (ann, bob)[1 - seat]
    services.takeback_ask(table.pk, user=player)
    with pytest.raises(ServiceError) as refused:
        services.takeback_answer(table.pk, True, user=player)
    assert refused.value.code == "not_allowed"
    play_first_legal(table.pk, other, 1 - seat)  # the next card is played instead
    with pytest.raises(ServiceError) as refused:
        services.takeback_answer(table.pk, True, user=other)
    assert refused.value.code == "no_takeback"
    with pytest.raises(ServiceError):  # and it can no longer be asked for
        services.takeback_ask(table.pk, user=player)


def test_bots_agree_at_once(make_user, settings):
    ann = make_user("ann")
    table = services.table_create(ann, "german", bot_levels=[None, "beginner"])
    table = services.table_start(ann, table.pk)
    for _ in range(30):  # until Ann is to lead: the bot's turns are delivered by hand
        now = state(table.pk)
        if now.to_act == 1:  # (a test's transaction never commits, so none is queued)
            tasks.bot_move.apply(args=(table.pk, Table.objects.get(pk=table.pk).moves))
        elif not now.trick:
            break
        else:
            play_first_legal(table.pk, ann, 0)
    assert state(table.pk).to_act == 0 and not state(table.pk).trick
    settings.WHIST_BOT_DELAY = (5.0, 5.0)  # now the bot's next card never comes in this test
    play_first_legal(table.pk, ann, 0)
    services.takeback_ask(table.pk, user=ann)
    assert state(table.pk).trick == () and state(table.pk).to_act == 0


def test_never_at_a_rated_table_or_an_events(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    for change in ({"rated": True}, {"after_url": "/events/1/"}):
        table = german_table(ann, bob)
        Table.objects.filter(pk=table.pk).update(**change)
        seat, player, _card = lead(table, (ann, bob))
        with pytest.raises(ServiceError) as refused:
            services.takeback_ask(table.pk, user=player)
        assert refused.value.code == "takeback_refused"
        Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)


def complete_trick(table: Table, users: tuple) -> tuple:
    """Play until a human completes a trick: (seat, user, card event)."""
    for _ in range(60):
        now = state(table.pk)
        seat = now.to_act
        card = play_first_legal(table.pk, users[seat], seat)
        if not state(table.pk).trick:
            return seat, users[seat], card
    raise AssertionError("no trick completed")


def test_a_card_that_completed_its_trick_is_taken_back_before_the_next_card(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    started = services.table_create(ann, "knockout", 2, options={"exchange": False})
    services.seat_take(bob, started.pk, 1)
    table = services.table_start(ann, started.pk)
    # The trick's last card had a choice: whatever is led, its player holds two of the suit
    # or none (a seat's only legal card is not taken back).
    deal_where(table.pk, lambda s: s.phase == "play" and no_single_suit(s.hands[1 - s.to_act]))
    seat, player, card = complete_trick(table, (ann, bob))
    done = state(table.pk)
    assert len(done.trick_log) == 1 and done.trick == ()
    services.takeback_ask(table.pk, user=player)
    services.takeback_answer(table.pk, True, user=(ann, bob)[1 - seat])
    back = state(table.pk)
    assert back.trick_log == () and len(back.trick) == 1 and back.to_act == seat
    events = list(
        Move.objects.filter(table=table).order_by("number").values_list("event", flat=True)
    )
    assert events[-2:] == [{"seat": seat, **card}, {"seat": seat, "action": "takeback"}]


def test_a_card_whose_trick_drew_from_the_talon_is_refused(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    seat, player, _card = complete_trick(table, (ann, bob))
    with pytest.raises(ServiceError) as refused:
        services.takeback_ask(table.pk, user=player)
    assert refused.value.code == "takeback_refused"
    assert offer(table) is None and len(state(table.pk).trick_log) == 1


def singleton_led(s) -> int | None:
    """A suit (its mask) the leader holds and the other player holds one card of, or None."""
    other = s.hands[1 - s.to_act]
    return next(
        (m for m in SUIT_MASK if (other & m).bit_count() == 1 and s.hands[s.to_act] & m), None
    )


def test_the_only_card_a_player_could_play_is_not_taken_back(make_user):
    """Nothing else could be played, so it was no misclick: the engine names why."""
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, "knockout", 2, options={"exchange": False})
    services.seat_take(bob, table.pk, 1)
    services.table_start(ann, table.pk)  # a completed Knockout trick may be taken back
    dealt = deal_where(table.pk, lambda s: s.phase == "play" and singleton_led(s) is not None)
    suit, leader, users = singleton_led(dealt), dealt.to_act, (ann, bob)
    assert suit is not None
    for seat in (leader, 1 - leader):  # a card of that suit led, the other's only one of it
        card = card_str(cards_of(dealt.hands[seat] & suit)[0])
        services.move_play(table.pk, {"action": "play", "card": card}, user=users[seat])
    with pytest.raises(ServiceError) as refused:
        services.takeback_ask(table.pk, user=users[1 - leader])
    assert refused.value.code == "takeback_refused"
    assert "only card" in str(refused.value) and offer(table) is None
