"""A whole game over the sockets: no receiver ever gets a card it may not see
(docs/rules.md, the rules common to all three games: hidden information)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.conf import settings

from games import services
from games.engine import State, action_from_event, apply, card_str, new_game
from games.engine.bots import choose_action
from games.gamestate import rules_for
from games.models import Move, Table
from games.reads.messages import view_of

from .helpers import cards_in
from .test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def player(ws: Any, seat: int | None, log: list[dict[str, Any]]) -> None:
    """Record every frame; as a player, answer each turn with a bot's choice from the view."""
    acted = -1
    while True:
        message = await ws.receive_json_from(timeout=20)
        log.append(message)
        assert message["type"] != "error" or message["code"] == "stale", message
        view = message.get("view") if message["type"] == "state" else None
        if view is None:
            continue
        if view["phase"] == "over":
            return
        if seat is not None and view["to_act"] == seat and message["version"] > acted:
            acted = message["version"]
            event = choose_action(view, "beginner", seed=acted)
            event.pop("seat", None)
            await ws.send_json_to({"type": "act", "version": acted, "action": event})


def replayed(table_id: int) -> list[State]:
    """Every state of the game, from the deal to the end, rebuilt from the move log."""
    table = Table.objects.get(pk=table_id)
    states = [new_game(rules_for(table), seed=table.deal_seed)]
    for event in (
        Move.objects.filter(table=table).order_by("number").values_list("event", flat=True)
    ):
        states.append(apply(states[-1], action_from_event(event)))
    return states


def public_cards(s: State) -> set[int]:
    """What every player has seen: cards played, turned, cut, and German Whist's face-up cards."""
    tricks = [t for d in s.history for t in d.tricks] + list(s.trick_log)
    seen = {c for t in tricks for _, c in t.plays} | {c for _, c in s.trick}
    seen |= {c for _, c in (s.cuts or ())} | ({s.turned} if s.turned >= 0 else set())
    if s.rules.game == "german":
        faceups = [s.turned, *s.deal_stock[1::2]][: len(s.trick_log[:13]) + 1]
        seen |= set(faceups) | ({s.faceup} if s.faceup >= 0 else set())
    return seen


def hidden_from(s: State, seat: int | None) -> set[str]:
    """Cards in other hands or the stock that nobody has seen."""
    cards = {c for o in range(s.players) if o != seat for c in range(52) if s.hands[o] >> c & 1}
    cards |= set(s.stock)
    return {card_str(c) for c in cards - public_cards(s) - _own(s, seat)}


def _own(s: State, seat: int | None) -> set[int]:
    return set() if seat is None else {c for c in range(52) if s.hands[seat] >> c & 1}


def check(states: list[State], seat: int | None, log: list[dict[str, Any]]) -> int:
    """Each view is exactly the engine's view of some state (with what the page shows of it,
    games.reads.messages.view_of) and shows no hidden card, its presentation included."""
    index = {json.dumps(view_of(st, seat), sort_keys=True): st for st in states}
    checked = 0
    for message in log:
        assert message["type"] != "state" or message["seat"] == seat
        if message["type"] != "state" or message["view"] is None:
            continue
        s = index[json.dumps(message["view"], sort_keys=True)]
        assert not cards_in(message) & hidden_from(s, seat)
        checked += 1
    return checked


async def setup_table(make_user: Any, game: str) -> tuple[int, Any, Any]:
    ann, bob = await db(make_user)("ann"), await db(make_user)("bob")
    levels = [None, None, "beginner", "club"] if game == "knockout" else None
    players = 4 if game == "knockout" else None
    table = await db(services.table_create)(ann, game, players, bot_levels=levels)
    await db(services.seat_take)(bob, table.pk, 1)
    return table.pk, ann, bob


@pytest.mark.parametrize("game", ["german", "knockout"])
async def test_no_message_of_a_whole_game_shows_a_hidden_card(make_user, game):
    table_id, ann, bob = await setup_table(make_user, game)
    sockets = [
        await connect(f"/ws/table/{table_id}/", ann),
        await connect(f"/ws/table/{table_id}/", bob),
        await connect(f"/ws/table/{table_id}/"),
    ]
    logs: list[list[dict[str, Any]]] = [[], [], []]
    await db(services.table_start)(ann, table_id)
    await asyncio.wait_for(
        asyncio.gather(
            *(
                player(ws, seat, log)
                for ws, seat, log in zip(sockets, (0, 1, None), logs, strict=True)
            )
        ),
        timeout=300,
    )

    states = await db(replayed)(table_id)
    assert states[-1].over
    for seat, log in zip((0, 1, None), logs, strict=True):
        assert await db(check)(states, seat, log) > 20
    for ws in sockets:
        await ws.disconnect()


@pytest.mark.skipif(
    settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("InMemoryChannelLayer"),
    reason="needs REDIS_URL",
)
async def test_an_idle_socket_survives_more_than_ten_seconds_on_the_redis_layer(make_user):
    table_id, ann, bob = await setup_table(make_user, "german")
    ws = await connect(f"/ws/table/{table_id}/", ann)
    while (await ws.receive_json_from(timeout=5))["type"] != "chat":
        pass
    # Her `connected`, published a moment after her socket opened (games/sockets/table_opening.py).
    while (await ws.receive_json_from(timeout=5))["type"] != "state":
        pass

    await asyncio.sleep(11)  # docs/stack-notes.md §2.2

    await ws.send_json_to({"type": "ping"})
    assert await ws.receive_json_from(timeout=5) == {"type": "pong"}
    await db(services.table_start)(ann, table_id)  # and group messages still arrive
    while (message := await ws.receive_json_from(timeout=5))["type"] != "state":
        pass
    assert message["table"]["status"] == "playing"
    await ws.disconnect()
