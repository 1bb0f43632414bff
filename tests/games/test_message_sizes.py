"""No message the server sends can exceed the socket's cap (Daphne's
`--websocket-max-message-size`, 65,536 bytes, which applies to what the server sends too: a
larger message never arrives). Each test builds the largest message of one kind: the most
rows, the longest names, every character one that JSON escapes to twelve bytes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games import broadcast, services
from games.models import ChatMessage, Seat, Table
from games.reads import lobby, messages, queries
from games.sockets import lobby_lists
from games.sockets.message_size import MAX_MESSAGE, in_parts
from games.sockets.table_opening import client_chat

pytestmark = pytest.mark.django_db
WIDE = "\U0001f600"  # an emoji: "\ud83d\ude00" in JSON, 12 bytes


def long_named(count: int, prefix: str = "u") -> list[Any]:
    """Users whose display names are as long as allowed, in characters JSON escapes widest."""
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"{prefix}{i}", password="!", display_name=WIDE * 50)
        for i in range(count)
    )
    return users


def seven_seat_tables(count: int, users: list[Any], **fields: Any) -> list[Table]:
    """`count` Knockout tables of seven seats, every seat one of `users` (written directly:
    a player may not sit at so many tables through the services)."""
    tables = Table.objects.bulk_create(
        Table(game="knockout", players=7, created_by=users[0], time_limit=600,
              options={"start_cards": 7}, **fields)
        for _ in range(count)
    )  # fmt: skip
    Seat.objects.bulk_create(
        Seat(table=t, index=i, user=users[i]) for t in tables for i in range(7)
    )
    return tables


@pytest.mark.parametrize("authenticated", [False, True])
@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_largest_lobby_page_is_under_the_cap(language: str, authenticated: bool) -> None:
    seven_seat_tables(60, long_named(7))

    page = lobby_lists.build_page(lobby.ListFilter(), None, 1, language, authenticated)

    message = json.loads(page.text)
    print(f"lobby page: {len(page.text)} bytes, {len(message['tables'])} rows")
    assert len(page.text.encode()) < MAX_MESSAGE
    assert message["more"] and message["total"] == 60  # cut at the budget, and says so


def test_the_largest_mine_message_is_under_the_cap() -> None:
    users = long_named(7)
    seven_seat_tables(60, users, private=True)

    text = lobby_lists.mine_text(users[0], "de")

    print(f"mine: {len(text)} bytes, {len(json.loads(text)['tables'])} rows")
    assert len(text.encode()) < MAX_MESSAGE and json.loads(text)["more"]


def test_a_row_change_of_the_largest_row_is_under_the_cap() -> None:
    (table,) = seven_seat_tables(1, long_named(7))
    entry = lobby.lobby_entry_of(queries.table_get(table.pk))
    event = {"version": 2, "id": table.pk, "entry": entry, "key": lobby.entry_key(entry),
             "online": {"players": 10**9, "games": 10**9}}  # fmt: skip

    text = lobby_lists.row_text(event, "added", 1, "nl", True)

    print(f"row: {len(text)} bytes")
    assert len(text.encode()) < MAX_MESSAGE and json.loads(text)["op"] == "added"


def test_the_state_of_seven_players_with_long_names_is_under_the_cap() -> None:
    users = long_named(7)
    table = services.table_create(users[0], "knockout", 7, {"start_cards": 7}, None, None,
                                  False, 600)  # fmt: skip
    for index, user in enumerate(users[1:], start=1):
        services.seat_take(user, table.pk, index)
    services.table_start(users[0], table.pk)

    event = broadcast.state_event(queries.table_get(table.pk))

    texts = [event["spectator"]] + [text for _user, _seat, text in event["seated"]]
    print(f"state: at most {max(len(t) for t in texts)} bytes")
    assert len(texts) == 8 and all(len(t.encode()) < MAX_MESSAGE for t in texts)


def test_the_largest_chat_backlog_is_sent_in_parts_under_the_cap() -> None:
    (user,) = long_named(1)
    table = services.table_create(user, "whist")
    ChatMessage.objects.bulk_create(
        ChatMessage(table=table, user=user, name=messages.user_name(user),
                    text=WIDE * ChatMessage.MAX_LENGTH)
        for _ in range(messages.CHAT_HISTORY)
    )  # fmt: skip

    lines = client_chat(messages.chat_recent(table.pk))
    texts = [json.dumps({"type": "chat", "messages": part}) for part in in_parts(lines)]

    print(f"chat backlog: {sum(map(len, texts))} bytes in {len(texts)} messages")
    assert len(json.dumps({"type": "chat", "messages": lines})) > MAX_MESSAGE  # one would not do
    assert all(len(t.encode()) < MAX_MESSAGE for t in texts)
    assert [m for t in texts for m in json.loads(t)["messages"]] == lines  # all, in order


def test_the_largest_pool_messages_stay_under_the_cap() -> None:
    """Every line of the pool waited in by a million people, in the language of the
    longest words: the counts and the waiting and leaving messages stay small."""
    from django.utils import translation

    from games.engine.rules import PLAYERS
    from games.sockets import pool_messages

    lines = [("knockout", n) for n in range(PLAYERS["knockout"][0], PLAYERS["knockout"][1] + 1)]
    lines += [("whist", 4), ("german", 2)]
    counts = [{"game": g, "players": n, "rated": r, "waiting": 10**6}
              for g, n in lines for r in (False, True)]  # fmt: skip
    for language in ("en", "de", "nl"):
        message = pool_messages.counts_message(counts, language)
        assert len(json.dumps(message)) < 4096
        left = pool_messages.left_message("too_many_tables", language)
        assert len(json.dumps(left)) < 4096
        with translation.override(language):
            seated = pool_messages.seated_message(10**12)
        assert len(json.dumps(seated)) < 4096
