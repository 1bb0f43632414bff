"""No trap: a player leaves a table that has not started, a table where the
player has no part left holds no slot of WHIST_MAX_OPEN_TABLES, and the refusal names the
tables that hold the slots, with links (docs/protocol.md §"Services for the pages")."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import services
from games.engine import takes_part
from games.models import Table
from games.services import ServiceError
from whistsite.asgi import application

from .conftest import session_headers
from .helpers import Communicator, german_table, play_turns, state, table, until

pytestmark = pytest.mark.django_db


@pytest.fixture
def one_slot(settings: Any) -> None:
    settings.WHIST_MAX_OPEN_TABLES = 1


def knockout(users: list[Any], **options: Any) -> Table:
    """A Knockout Whist table of these humans, dealt; nobody gets a dog's life."""
    created = services.table_create(
        users[0], "knockout", len(users), {"dogs_life": "off", **options}
    )
    for index, user in enumerate(users[1:], start=1):
        services.seat_take(user, created.pk, index)
    return services.table_start(users[0], created.pk)


def test_the_creator_leaving_an_unstarted_table_nobody_else_sits_at_closes_it(make_user):
    ann = make_user("ann")
    t = services.table_create(ann, "knockout", 3, bot_levels=[None, "club", "beginner"])

    services.seat_leave(ann, t.pk)

    assert table(t.pk).status == Table.Status.ABORTED


def test_the_creator_leaving_while_another_player_sits_keeps_the_table_open(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t = services.table_create(ann, "german")
    services.seat_take(bob, t.pk, 1)

    services.seat_leave(ann, t.pk)

    assert table(t.pk).status == Table.Status.OPEN
    assert [s.user_id for s in table(t.pk).seats.order_by("index")] == [None, bob.pk]


def test_a_table_the_player_stood_up_from_holds_no_slot(make_user, one_slot):
    ann, bob = make_user("ann"), make_user("bob")
    t = services.table_create(ann, "german")
    services.seat_take(bob, t.pk, 1)
    services.seat_leave(ann, t.pk)  # bob still waits there: the table stays open

    services.table_create(ann, "whist")


def test_a_seat_at_another_players_unfinished_table_holds_a_slot(make_user, one_slot):
    ann, bob = make_user("ann"), make_user("bob")
    t = services.table_create(bob, "german")
    services.seat_take(ann, t.pk, 1)

    with pytest.raises(ServiceError) as refused:
        services.table_create(ann, "whist")
    assert refused.value.code == "too_many_tables"
    assert [held.pk for held in refused.value.tables] == [t.pk]


def test_a_resigned_knockout_player_holds_no_slot(make_user, one_slot):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    t = knockout([ann, bob, cy])
    services.move_play(t.pk, {"action": "resign"}, table(t.pk).version, user=ann)
    assert table(t.pk).status == Table.Status.PLAYING  # the others play on

    services.table_create(ann, "whist")
    for still_in in (bob, cy):
        with pytest.raises(ServiceError):
            services.table_create(still_in, "whist")


def test_a_knocked_out_knockout_player_holds_no_slot(make_user, one_slot):
    users = [make_user(name) for name in ("ann", "bob", "cy", "dan")]
    t, out = _until_someone_is_out(users)
    assert table(t.pk).status == Table.Status.PLAYING

    services.table_create(users[out], "whist")
    for seat in (seat for seat in range(4) if state(t.pk).active[seat]):
        with pytest.raises(ServiceError):  # the players still in hold theirs
            services.table_create(users[seat], "whist")


def _until_someone_is_out(users: list[Any]) -> tuple[Table, int]:
    """A table of `users` played (first legal action each turn) until a seat is knocked out
    with the game still on; a deal that ends the game at once is dealt again (rare)."""
    players = dict(enumerate(users))
    for _attempt in range(10):
        t = knockout(users, start_cards=3)
        while not state(t.pk).over:
            out = [seat for seat in players if not state(t.pk).active[seat]]
            if out:
                return t, out[0]
            play_turns(t.pk, players, 1)
        Table.objects.filter(pk=t.pk).update(status=Table.Status.FINISHED)
    raise AssertionError("ten games ended without a player knocked out first")


def test_a_finished_game_holds_no_slot(make_user, one_slot):
    ann, bob = make_user("ann"), make_user("bob")
    t = german_table(ann, bob)
    services.move_play(t.pk, {"action": "resign"}, table(t.pk).version, user=bob)
    assert table(t.pk).status == Table.Status.FINISHED

    services.table_create(ann, "whist")
    services.table_create(bob, "whist")


def test_takes_part_is_false_once_resigned_knocked_out_or_over(make_user):
    users = [make_user(name) for name in ("ann", "bob", "cy", "dan")]
    t, out = _until_someone_is_out(users)
    s = state(t.pk)

    assert not takes_part(s, out)
    assert all(takes_part(s, seat) for seat in range(4) if s.active[seat])


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "unfinished tables"),
        ("de", "unbeendete Tische"),
        ("nl", "onafgemaakte tafels"),
    ],
)
def test_the_refusal_links_the_tables_that_hold_the_slots(make_user, settings, language, words):
    settings.WHIST_MAX_OPEN_TABLES = 2
    ann, bob = make_user("ann"), make_user("bob")
    waiting = services.table_create(ann, "german")
    other = services.table_create(bob, "whist")
    services.seat_take(ann, other.pk, 1)
    client = Client()
    client.force_login(ann)
    client.cookies["django_language"] = language

    page = client.post("/tables/play-now/", {"game": "knockout", "level": "beginner"}, follow=True)

    html = page.content.decode()
    assert words in html
    assert f'<a href="/tables/{waiting.pk}/">' in html
    assert f'<a href="/tables/{other.pk}/">' in html
    assert Table.objects.count() == 2


@pytest.mark.django_db(transaction=True)
async def test_leaving_frees_the_seat_on_the_table_page_and_in_the_lobby_live(make_user):
    ann, bob, cy = [await db(make_user)(name) for name in ("ann", "bob", "cy")]
    t = await db(services.table_create)(ann, "knockout", 3, {}, None, [None, None, "club"])
    await db(services.seat_take)(bob, t.pk, 1)
    watcher = await socket(f"/ws/table/{t.pk}/", cy)
    lobby = await socket("/ws/lobby/", cy)
    await until(watcher, "state", lambda m: m["table"]["seats"][1]["name"] == "Bob")
    await until(lobby, "tables", lambda m: t.pk in ids(m))

    await db(services.seat_leave)(bob, t.pk)
    await until(watcher, "state", lambda m: m["table"]["seats"][1]["name"] is None)
    # The lobby hears each change as a row (docs/protocol.md, "Lobby socket").
    await until(lobby, "row", lambda m: m["id"] == t.pk and "Bob" not in m.get("html", ""))

    await db(services.seat_leave)(ann, t.pk)  # the creator, with nobody else: closed
    await until(watcher, "state", lambda m: m["table"]["status"] == "aborted")
    await until(lobby, "row", lambda m: (m["id"], m["op"]) == (t.pk, "gone"))
    await watcher.disconnect()
    await lobby.disconnect()


db = database_sync_to_async


async def socket(path: str, user: Any) -> Communicator:
    communicator = Communicator(application, path, headers=await db(session_headers)(user))
    connected, _ = await communicator.connect()
    assert connected
    return communicator


def ids(message: dict[str, Any]) -> list[int]:
    return [entry["id"] for entry in message["tables"]]
