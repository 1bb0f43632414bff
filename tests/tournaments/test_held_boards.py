"""A duplicate board's cards stay closed until every table of it has finished: every route
that can show cards, walked during a round (docs/rules.md §5.7; games.reads.sight)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.contrib import admin
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.models import Permission
from django.db import models
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from django_otp import DEVICE_ID_SESSION_KEY

from clubs.models import Club
from clubs.services.clubs import club_create
from fairplay.models import Flag, GameSignal
from games.models import Table
from games.reads.sight import FAIR_PLAY_RIGHT
from learning.models import Puzzle
from learning.puzzles.job import game_cut
from records.analysis_service import analysis_request
from records.models import GameRecord
from tests.games.conftest import session_headers
from tests.games.helpers import Communicator, closed_with
from tests.staff import staff_client
from tests.tournaments.conftest import all_present, event_with, play_to_end
from tournaments import services
from tournaments.models import Event, Placement
from whistsite.asgi import application, websocket_urlpatterns

pytestmark = pytest.mark.django_db(transaction=True)

# A card as a page or a message carries it: quoted in JSON, in an attribute, or escaped.
QUOTE = r"(?:\"|'|&quot;|&#x27;|&#39;)"
CARD = re.compile(QUOTE + r"([2-9TJQKA][SHDC])" + QUOTE)
# A card as a page's text shows it: "10♠", "Q♥" (the fair-play queue's positions).
LABEL = re.compile(r"(?<![0-9])(10|[2-9JQKA])([♠♥♦♣])")
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# Route parameters the walk fills; a new one fails the walk until it is taught here.
KNOWN = {"table_id", "token", "username", "game", "event_id", "board", "message_id",
         "uidb64", "request_id", "answer", "invitation_id", "flag_id", "slug",
         "action", "pk", "post_id"}  # fmt: skip


@dataclass
class Board:
    """The world of the walk: a duplicate round and a daily board, each with one table over
    and one in play; who is who."""

    held: list[int]  # every table of the two boards
    running: dict[int, Any]  # a table in play: its player walking
    players: list[Any]
    others: dict[str, Any] = field(default_factory=dict)  # role: user (None: anonymous)
    event_id: int = 0
    cards: set[str] = field(default_factory=set)
    seated: dict[int, list[Any]] = field(default_factory=dict)
    flag_id: int = 0  # a fair-play flag whose positions are of the held board's finished table

    def own(self, user: Any) -> list[int]:
        return [t for t, users in self.seated.items() if getattr(user, "pk", None) in users]


# The routes of a table that show its players their own seat's view.
OWN_VIEW = ("table", "table_invite")


def cards_in(text: str, board: Board) -> set[str]:
    labels = {("T" if rank == "10" else rank) + SUITS[suit] for rank, suit in LABEL.findall(text)}
    return (set(CARD.findall(text)) | labels) & board.cards


def moderator_without_the_right() -> Any:
    """Staff with every permission but the fair-play right."""
    user = get_user_model().objects.create_user("mod", password="pw", is_staff=True)
    codename = FAIR_PLAY_RIGHT.split(".")[1]
    user.user_permissions.set(Permission.objects.exclude(codename=codename))
    return user


@pytest.fixture
def board(staff: Any, players: Any) -> Board:
    users = players(4)
    event = event_with(staff, users, game="german", kind="duplicate", rounds=1, table_size=2)
    all_present(event)
    services.event_tick()
    seats = list(Placement.objects.filter(round__event=event).select_related("entry__user"))
    tables: dict[int, dict[int, Any]] = {}
    for p in seats:
        tables.setdefault(p.table_id, {})[p.seat] = p.entry.user
    over, playing = sorted(tables)
    play_to_end(over, tables[over])
    day_over = services.daily_play(users[0], "german", 1)
    play_to_end(day_over.pk, {0: users[0], 1: None})
    day_playing = services.daily_play(users[2], "german", 1)
    club_create(users[0], name="Held board club")
    for stored in GameRecord.objects.filter(table__in=[over, day_over.pk]):
        game_cut(stored.pk)  # asked to cut the held board's games, the puzzle job keeps none
    reviewer = get_user_model().objects.create_user("reviewer", password="pw", is_staff=True)
    reviewer.user_permissions.set(Permission.objects.all())
    analysis_request(GameRecord.objects.get(pk=over), reviewer)  # runs here (eager tasks)
    record = GameRecord.objects.get(pk=over).record
    cards = {c for deal in record["deals"] for hand in deal["hands"] for c in hand}
    flag = held_flag(GameRecord.objects.get(pk=over), tables[over][0], record)
    return Board(
        held=[over, playing, day_over.pk, day_playing.pk],
        running={playing: tables[playing][0], day_playing.pk: users[2]},
        players=users, event_id=event.pk, cards=cards, flag_id=flag.pk,
        seated={t: list(Table.objects.get(pk=t).seats.values_list("user", flat=True))
                for t in (over, playing, day_over.pk, day_playing.pk)},
        others={"spectator": get_user_model().objects.create_user("watcher", password="pw"),
                "moderator": moderator_without_the_right(), "anonymous": None,
                "reviewer": reviewer},
    )  # fmt: skip


def held_flag(stored: GameRecord, user: Any, record: dict[str, Any]) -> Flag:
    """A hidden-card flag on the held board's finished table, its positions naming cards of
    the deal (fairplay.selectors.positions shows them face up)."""
    hand = record["deals"][0]["hands"][0]
    # German Whist games are judged when they end (fairplay.german): this row replaces it
    GameSignal.objects.update_or_create(record=stored, user=user, defaults=dict(
        seat=0, game=stored.game, finished=timezone.now(), version=1,
        positions=1, matched=1, expected=0.5,
        evidence=[{"number": 1, "seat": 0, "played": hand[0], "best": hand[:2], "share": 0.5,
                   "line": [[0, hand[0]], [1, hand[1]]]}],
    ))  # fmt: skip
    figures = {"matched": 1, "positions": 1, "expected": 0.5, "z": 3.5, "games": 1}
    return Flag.objects.create(kind=Flag.Kind.HIDDEN, user=user, figures=figures,
                               games=[stored.pk])  # fmt: skip


def routes(patterns: list[Any], prefix: str = "") -> list[tuple[str, URLPattern]]:
    out = []
    for p in patterns:
        if isinstance(p, URLResolver):
            if not str(p.pattern).startswith("admin/"):
                out += routes(p.url_patterns, prefix + str(p.pattern))
        else:
            out.append((prefix + str(p.pattern), p))
    return out


def parameter_values(board: Board) -> dict[str, list[Any]]:
    """What the walk fills each route parameter with: each held table, each player, ... (read
    again after a POST, which may have made an invitation, a club, ...)."""
    return {
        "table_id": board.held, "username": [board.players[0].username],
        "game": ["german"], "event_id": [board.event_id], "board": [1],
        "token": [Table.objects.get(pk=t).invite_token or "x" for t in board.held],
        "flag_id": [board.flag_id],
        "slug": list(Club.objects.values_list("slug", flat=True)),  # the players' club's pages
        "pk": list(Puzzle.objects.values_list("pk", flat=True)),  # puzzles (none of the board)
    }  # fmt: skip


def fillings(route: str, values: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every way the walk fills a route's parameters (`values`: parameter_values)."""
    names = re.findall(r"<(?:\w+:)?(\w+)>", route)
    assert set(names) <= KNOWN, f"teach the walk the parameters of {route}"
    out: list[dict[str, Any]] = [{}]
    for name in names:
        if name not in values:  # accounts', social's and clubs' own ids: no card behind them
            return []
        out = [{**o, name: v} for o in out for v in values[name]]
    return out


def walk_pages(client: Client, user: Any, board: Board) -> dict[str, set[str]]:
    """Every page route (GET; POST where GET is not allowed), as `user`: cards shown, by URL."""
    leaks = {}
    values = parameter_values(board)
    for route, pattern in routes(get_resolver().url_patterns):
        for kwargs in fillings(route, values):
            if kwargs.get("table_id") in board.own(user) and pattern.name in OWN_VIEW:
                continue  # a player's own table shows their own seat's view
            url = reverse(pattern.name, kwargs=kwargs)
            response = client.get(url)  # a redirect's target is walked on its own
            if response.status_code == 405:
                response = client.post(url)
                values = parameter_values(board)
                if user is not None and not still_in(client, user):  # the POST logged out:
                    staff_client(user, client)  # in again, second factor too
            body = b"".join(response) if response.streaming else response.content
            found = cards_in(body.decode(errors="replace"), board)
            if found:
                leaks[url] = found
    return leaks


def still_in(client: Client, user: Any) -> bool:
    """Whether the client's session still holds `user`, second factor passed."""
    session = client.session
    return session.get(SESSION_KEY) == str(user.pk) and DEVICE_ID_SESSION_KEY in session


def related_objects(model: type[models.Model], held: list[int]) -> list[Any]:
    """Rows of `model` that belong to the held tables (through a key to a table or a game)."""
    if model is Table:
        return list(Table.objects.filter(pk__in=held))
    found = []
    for f in model._meta.concrete_fields:
        target = f.related_model
        if target is Table:
            found += model.objects.filter(**{f"{f.name}__in": held})
        elif target is GameRecord:
            found += model.objects.filter(**{f"{f.name}__table__in": held})
    return found


def walk_admin(client: Client, board: Board, first: bool = False) -> dict[str, set[str]]:
    """Every admin page of every model, and of each row of the held tables: cards shown, by
    URL (`first`: the first page that shows any, alone)."""
    leaks = {}
    for model in admin.site._registry:
        name = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        urls = [reverse(f"{name}_changelist")]
        urls += [reverse(f"{name}_change", args=[o.pk])
                 for o in related_objects(model, board.held)]  # fmt: skip
        for url in urls:
            found = cards_in(client.get(url).content.decode(), board)
            if found:
                leaks[url] = found
                if first:
                    return leaks
    return leaks


def walk_sockets(user: Any, board: Board) -> dict[str, set[str]]:
    """Every socket route, as `user`: what it sends in its first moments, cards and the held
    tables' ids (a lobby entry is a watch link)."""
    leaks = {}
    paths = []
    for route in websocket_urlpatterns:
        pattern = str(route.pattern)
        if "<id:table_id>" in pattern:
            paths += [pattern.replace("<id:table_id>", str(t)) for t in board.held
                      if t not in board.own(user)]  # fmt: skip
        elif "<" not in pattern and pattern:
            paths.append(pattern)
    for path in paths:
        sent = async_to_sync(_first_messages)("/" + path, user)
        found = cards_in(sent, board)
        others = [t for t in board.held if t not in board.own(user)]
        found |= {f"table {t}" for t in others if f'"id": {t},' in sent}
        if found:
            leaks[path] = found
    return leaks


async def _first_messages(path: str, user: Any) -> str:
    from channels.db import database_sync_to_async

    headers = await database_sync_to_async(session_headers)(user)
    ws = Communicator(application, path, headers=headers)
    connected, _ = await ws.connect()
    texts = []
    if connected:
        while not await ws.receive_nothing(timeout=0.15):
            output = await ws.receive_output(timeout=1)
            if output["type"] == "websocket.close":
                break
            texts.append(output.get("text", ""))
        await ws.disconnect()
    return "\n".join(texts)


# Five walkers, every page, socket and admin route: mostly waits (each socket read until
# 0.15 s of quiet), about 35 CPU-s; at load 10-20 it passed pytest's 300 s (make test
# beside two other runs), so it has a limit of its own.
@pytest.mark.timeout(900)
def test_every_route_that_can_show_cards_shows_none_of_a_board_in_play(board: Board) -> None:
    """A player of each table (over and in play), a spectator, a moderator without the
    fair-play right and an anonymous visitor walk every page, socket and admin route:
    none shows a card of the boards in play, nor links a watch of their tables."""
    walkers = [board.players[0], board.players[2], board.others["spectator"],
               board.others["moderator"], None]  # fmt: skip
    for user in walkers:
        client = Client()
        if user is not None:
            staff_client(user, client)
        assert walk_pages(client, user, board) == {}, user
        assert walk_sockets(user, board) == {}, user
    moderator = Client()
    staff_client(board.others["moderator"], moderator)
    assert walk_admin(moderator, board) == {}
    assert Table.objects.filter(pk__in=board.held, board_held=True).count() == 4
    # The walk sees cards where they are shown: the fair-play right opens the held board.
    reviewer = Client()
    staff_client(board.others["reviewer"], reviewer)
    over = board.held[0]
    replay = reviewer.get(reverse("game_replay", args=[over])).content.decode()
    assert cards_in(replay, board) == board.cards
    flag_page = reviewer.get(reverse("fairplay_flag", args=[board.flag_id])).content.decode()
    assert cards_in(flag_page, board)  # the walk sees the fair-play positions' cards
    assert walk_admin(reviewer, board, first=True) != {}


def duplicate_round(staff: Any, players: Any) -> tuple[Any, dict[int, dict[int, Any]]]:
    """A duplicate German Whist event of four in its first round: two tables, one board."""
    users = players(4)
    event = event_with(staff, users, game="german", kind="duplicate", rounds=1, table_size=2)
    all_present(event)
    services.event_tick()
    tables: dict[int, dict[int, Any]] = {}
    for p in Placement.objects.filter(round__event=event).select_related("entry__user"):
        tables.setdefault(p.table_id, {})[p.seat] = p.entry.user
    return event, tables


def test_an_entrant_never_watches_another_table_of_their_own_board(
    staff: Any, players: Any
) -> None:
    event, tables = duplicate_round(staff, players)
    mine, other = sorted(tables)
    client = Client()
    client.force_login(tables[mine][0])
    page = client.get(reverse("table", args=[other]))
    assert page.status_code == 403 and b"until the round ends" in page.content
    closed = async_to_sync(_close_code)(f"/ws/table/{other}/", tables[mine][0])
    assert closed == 4403


async def _close_code(path: str, user: Any) -> int:
    from channels.db import database_sync_to_async

    headers = await database_sync_to_async(session_headers)(user)
    ws = Communicator(application, path, headers=headers)
    await ws.connect()
    return await closed_with(ws)


def test_a_duplicate_boards_games_open_when_every_table_of_it_has_finished(
    staff: Any, players: Any
) -> None:
    event, tables = duplicate_round(staff, players)
    first, second = sorted(tables)
    play_to_end(first, tables[first])
    anonymous = Client()
    assert anonymous.get(reverse("game_download", args=[first])).status_code == 403
    own = Client()
    own.force_login(tables[first][0])
    assert own.get(reverse("game_replay", args=[first])).status_code == 403
    page = anonymous.get(reverse("event", args=[event.pk])).content.decode()
    assert "replays open when the round ends" in page
    assert reverse("game_replay", args=[first]) not in page
    play_to_end(second, tables[second])  # the round ends with its last table
    assert not Table.objects.filter(pk__in=tables, board_held=True).exists()
    record = anonymous.get(reverse("game_download", args=[first]))
    assert record.status_code == 200 and b'"hands"' in record.content
    page = anonymous.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("game_replay", args=[first]) in page


def test_a_players_own_export_leaves_out_the_games_of_a_held_board(
    staff: Any, players: Any
) -> None:
    event, tables = duplicate_round(staff, players)
    first = min(tables)
    play_to_end(first, tables[first])
    client = Client()
    client.force_login(tables[first][0])
    url = reverse("history_export", args=[tables[first][0].username])
    assert b"".join(client.get(url).streaming_content) == b""


def test_the_daily_challenge_closes_its_boards_before_it_opens_them(players: Any) -> None:
    """At the day's close a board still in play ends there and does not count; only then do
    the day's games and each board's best game open (docs/rules.md §5.7)."""
    ann, bob = players(2)
    done = services.daily_play(ann, "german", 1)
    play_to_end(done.pk, {0: ann})
    playing = services.daily_play(bob, "german", 1)
    client = Client()
    client.force_login(ann)
    assert client.get(reverse("game_replay", args=[done.pk])).status_code == 403
    yesterday = timezone.now().date() - timedelta(days=1)
    Event.objects.filter(kind=Event.Kind.DAILY).update(day=yesterday)
    assert services.days_close() == 1
    playing.refresh_from_db()
    assert playing.status == Table.Status.ABORTED and not playing.board_held
    assert client.get(reverse("game_replay", args=[done.pk])).status_code == 200
    board = Placement.objects.get(table=playing, seat=0)
    assert board.matchpoints is None and board.round.best_game_id == done.pk
    assert services.table_done(playing.pk) is False  # nothing of it is scored after the close
