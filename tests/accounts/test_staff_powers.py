"""Every staff power, in the admin or outside it, follows one rule (accounts.staff_powers):
a staff member or moderator uses it only in a session that passed the second factor
(issue 40 item 3). The walk tries each power as a moderator and as a superuser, once with a
password alone (refused, or sent to the second factor) and once with it (let in); a scan of
the code fails if a page, socket or service asks for staff status or a permission itself."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_otp import DEVICE_ID_SESSION_KEY

from accounts import moderators
from accounts.models import Ban
from fairplay.apps import MODERATOR_PERMISSIONS as FAIRPLAY_SHARE
from fairplay.models import Flag
from games.apps import MODERATOR_PERMISSIONS as GAMES_SHARE
from games.models import Move, Seat, Table
from records.apps import MODERATOR_PERMISSIONS as RECORDS_SHARE
from records.models import GamePlayer, GameRecord
from records.services import record_store
from tests.games.conftest import HOST, ORIGIN
from tests.games.helpers import Communicator
from tests.rankings.helpers import store, winning
from tests.staff import app_of
from tournaments import services as events
from tournaments.models import Event
from whistsite.asgi import application

pytestmark = pytest.mark.django_db(
    transaction=True
)  # sockets close a test transaction's connection
ROOT = Path(__file__).resolve().parents[2]
SECOND_FACTOR = "/accounts/two-factor/"


@dataclass
class World:
    """A player's games (one private, one of a held duplicate board), her private event."""

    ann: Any
    bob: Any
    private_game: int
    held_game: int
    public_game: int


def _game(ann: Any, bob: Any, private: bool = False, board_held: bool = False) -> int:
    table = store(winning("german", 2, 0), [ann, bob])
    record_store(table, list(Seat.objects.filter(table=table).order_by("index")))
    Table.objects.filter(pk=table.pk).update(private=private, board_held=board_held, moves=0)
    Move.objects.filter(table=table).delete()  # the socket deals the table's seed afresh
    GameRecord.objects.filter(pk=table.pk).update(private=private)
    GamePlayer.objects.filter(record=table.pk).update(private=private)
    return table.pk


@pytest.fixture
def world(db: Any, settings: Any) -> World:
    settings.WHIST_MAX_PRIVATE_EVENTS = settings.WHIST_PRIVATE_EVENTS_PER_DAY = 100
    ann, bob = (get_user_model().objects.create_user(n, password="pw") for n in ("ann", "bob"))
    private, held = _game(ann, bob, private=True), _game(ann, bob, board_held=True)
    return World(ann, bob, private_game=private, held_game=held, public_game=_game(ann, bob))


def _moderator() -> Any:
    """Staff in the Moderators group (its every share), who may also review held boards."""
    for label, share in (("accounts", moderators.ACCOUNTS_PERMISSIONS), ("games", GAMES_SHARE),
                         ("records", RECORDS_SHARE), ("fairplay", FAIRPLAY_SHARE)):  # fmt: skip
        moderators.grant(apps, label, share)
    user = get_user_model().objects.create_user("mod", password="pw", is_staff=True)
    user.groups.add(Group.objects.get(name=moderators.GROUP))
    user.user_permissions.add(Permission.objects.get(codename="see_held_board"))
    return user


def _root() -> Any:
    return get_user_model().objects.create_superuser("root", "root@example.org", "pw")


def _client(user: Any, second_factor: bool) -> Client:
    client = Client()
    client.force_login(user)
    if second_factor:
        session = client.session
        session[DEVICE_ID_SESSION_KEY] = app_of(user).persistent_id
        session.save()
    return client


def _ok(response: Any) -> bool:
    """Let in: the page itself, not a refusal nor the second factor's page."""
    return response.status_code == 200


# Each power: tried by `client` (logged in as `user`), whether it was used.
def private_games_in_a_history(client: Client, user: Any, w: World) -> bool:
    page = client.get(reverse("history", args=["ann"])).content.decode()
    return f'/games/{w.private_game}/"' in page


def a_private_game_page(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get(reverse("game_record", args=[w.private_game])))


def a_held_boards_replay(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get(reverse("game_replay", args=[w.held_game])))


def a_held_boards_record(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get(reverse("game_download", args=[w.held_game])))


def a_held_boards_table_over_the_socket(client: Client, user: Any, w: World) -> bool:
    cookie = (b"cookie", f"sessionid={client.session.session_key}".encode())
    return async_to_sync(_socket_state)(f"/ws/table/{w.held_game}/", [HOST, ORIGIN, cookie])


async def _socket_state(path: str, headers: list[tuple[bytes, bytes]]) -> bool:
    ws = Communicator(application, path, headers=headers)
    connected, _ = await ws.connect()
    if not connected:
        return False
    output = await ws.receive_output(timeout=5)
    await ws.disconnect()
    return output["type"] == "websocket.send" and '"type": "state"' in output.get("text", "")


def _event(owner: Any) -> Event:
    start = timezone.now() + timedelta(hours=2)
    return events.event_create(owner, name="Ann's cup", game="german", rounds=1, table_size=2,
                               private=True, starts_at=start)  # fmt: skip


def a_private_event_page(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get(reverse("event", args=[_event(w.ann).pk])))


def another_players_event_cancelled(client: Client, user: Any, w: World) -> bool:
    event = _event(w.ann)
    client.post(reverse("event_cancel", args=[event.pk]), {"confirm": "1"})
    event.refresh_from_db()
    return event.status == Event.Status.CANCELLED


def a_public_event_created(client: Client, user: Any, w: World) -> bool:
    start = (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    client.post(reverse("event_create"), {
        "name": "Open night", "game": "german", "kind": "swiss", "table_size": 2, "rounds": 1,
        "starts_at": start, "round_minutes": 15, "time_limit": 60, "bot_level": "club",
    })  # fmt: skip
    return Event.objects.filter(created_by=user, private=False).exists()


def the_annul_page(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get(reverse("game_annul", args=[w.public_game])))


def the_annul_link_on_a_game_page(client: Client, user: Any, w: World) -> bool:
    page = client.get(reverse("game_record", args=[w.public_game])).content.decode()
    return 'data-testid="annul-link"' in page


def the_fair_play_queue(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get(reverse("fairplay_queue")))


def a_ban_from_the_fair_play_queue(client: Client, user: Any, w: World) -> bool:
    figures = {"matched": 1, "positions": 1, "expected": 0.5, "z": 3.5, "games": 1}
    flag = Flag.objects.create(kind=Flag.Kind.HIDDEN, user=w.bob, figures=figures, games=[])
    client.post(reverse("fairplay_flag", args=[flag.pk]), {"action": "ban", "reason": "cheat"})
    return Ban.objects.filter(user=w.bob).exists()


def the_admin(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get("/admin/"))


def reports_in_the_admin(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get("/admin/accounts/report/"))


def chat_moderation_in_the_admin(client: Client, user: Any, w: World) -> bool:
    return _ok(client.get("/admin/games/chatmessage/"))


POWERS: list[Callable[[Client, Any, World], bool]] = [
    private_games_in_a_history, a_private_game_page, a_held_boards_replay,
    a_held_boards_record, a_held_boards_table_over_the_socket, a_private_event_page,
    another_players_event_cancelled, a_public_event_created, the_annul_page,
    the_annul_link_on_a_game_page, the_fair_play_queue, a_ban_from_the_fair_play_queue,
    the_admin, reports_in_the_admin, chat_moderation_in_the_admin,
]  # fmt: skip


@pytest.mark.parametrize("make_staff", [_moderator, _root], ids=["moderator", "superuser"])
def test_every_staff_power_waits_for_the_second_factor(world: World, make_staff: Any) -> None:
    staff = make_staff()
    for power in POWERS:
        assert not power(_client(staff, second_factor=False), staff, world), power.__name__
        Ban.objects.all().delete()
        Flag.objects.all().delete()
    for power in POWERS:
        assert power(_client(staff, second_factor=True), staff, world), power.__name__
        Ban.objects.all().delete()
        Flag.objects.all().delete()


def test_a_staff_page_sends_a_password_alone_to_the_second_factor(world: World) -> None:
    client = _client(_moderator(), second_factor=False)
    for url in ["/admin/", reverse("game_annul", args=[world.public_game]),
                reverse("fairplay_queue")]:  # fmt: skip
        assert client.get(url)["Location"].startswith(f"{SECOND_FACTOR}?next="), url


def test_a_player_is_refused_every_power(world: World) -> None:
    """The walk's refusals are a player's: a player with a password is refused each power."""
    player = get_user_model().objects.create_user("pat", password="pw")
    for power in POWERS:
        assert not power(_client(player, second_factor=False), player, world), power.__name__


# Where code may ask for staff status or a permission itself: the rule, the admin (behind
# SecondFactorMiddleware), and checks of a *target* or of a staff session's limits.
ALLOWED = {
    "accounts/staff_powers.py": "the rule",
    "accounts/two_factor.py": "who must pass the second factor",
    "accounts/admin.py": "the admin",
    "accounts/admin_lookups.py": "the admin",
    "records/admin.py": "the admin",
    "accounts/services.py": "whether the sanctioned user is staff (a superuser's admin action)",
    "accounts/middleware.py": "idle staff sessions end (a limit, not a power)",
    "accounts/security_log.py": "the log names a staff account",
    "legal/inventory.py": "the privacy notice lists the fields",
    "privacy/export.py": "the export lists the fields",
}
ASKS = re.compile(r"\.is_staff\b|\.is_superuser\b|\.has_perms?\(|\bperms\.")


def test_no_code_asks_for_staff_powers_but_through_the_rule() -> None:
    apps_dirs = ["accounts", "games", "records", "rankings", "social", "tournaments", "fairplay",
                 "clubs", "legal", "privacy", "whistsite", "runtime", "templates"]  # fmt: skip
    found = []
    for folder in apps_dirs:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".html"} or "migrations" in path.parts:
                continue
            name = path.relative_to(ROOT).as_posix()
            if name in ALLOWED:
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if ASKS.search(line):
                    found.append(f"{name}:{number}: {line.strip()}")
    assert found == []
