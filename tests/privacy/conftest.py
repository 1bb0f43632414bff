"""A player with some of every kind of data the site holds, made through the services: a
rated game against another player to its end (records, ratings and their history, XP),
chat, friends, a friend request, an invitation and its notification, a report made, a
sanction, a block, notification settings, the terms accepted, a session, a pending e-mail
address, a club made and a line on its wall."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts import services as moderation
from clubs.services.clubs import club_create
from clubs.services.members import member_join
from clubs.services.wall import post_add
from games import services
from legal.services import accept
from social.models import Kind
from social.services.friends import friend_accept, friend_request
from social.services.invitations import invitation_send
from social.services.notifications import settings_save
from tests.games.conftest import _live_play_settings, make_user  # noqa: F401
from tests.games.helpers import play_to_end

PASSWORD = "a-Long-pass-2024"
NAMES = ("zqxann", "Zqx Display", "zqx@example.org")


@dataclass
class Full:
    ann: Any
    bob: Any
    cat: Any
    table_id: int
    client: Client


def make(name: str, **extra: Any) -> Any:
    return get_user_model().objects.create_user(name, password=PASSWORD, **extra)


@pytest.fixture
def full_player(db: Any, django_capture_on_commit_callbacks: Any) -> Full:
    ann = make(NAMES[0], display_name=NAMES[1], email=NAMES[2], email_pending="new@example.org")
    bob, cat = make("bob"), make("cat")
    root = get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    table = services.table_create(ann, "german", rated=True)
    services.seat_take(bob, table.pk)
    services.table_start(ann, table.pk)
    services.chat_post(table.pk, ann, "hello from zqxann")
    services.chat_post(table.pk, bob, "hi Zqx Display")
    with django_capture_on_commit_callbacks(execute=True):  # the game's bookkeeping: ratings
        play_to_end(table.pk, {0: ann, 1: bob})

    friend_accept(bob, friend_request(ann, bob).pk)
    friend_request(cat, ann)
    open_table = services.table_create(ann, "knockout", players=3)
    invitation_send(ann, cat, open_table.pk)
    club = club_create(ann, name="Zqx club")
    member_join(bob, club.pk)
    post_add(ann, club.pk, "my first line on the wall")
    post_add(bob, club.pk, "welcome, Zqx Display")
    moderation.report_create(ann, bob, "spam", "bob spams zqx")
    moderation.report_create(bob, ann, "abuse", "zqxann was rude")
    moderation.mute_create(root, ann, timezone.now() + timedelta(hours=1), "rude")
    moderation.block_add(ann, cat)
    accept(ann, "terms")
    settings_save(ann, [Kind.FRIEND_ONLINE])  # the notification settings
    client = Client(HTTP_USER_AGENT="Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Firefox/133.0")
    client.post("/accounts/login/", {"username": NAMES[0], "password": PASSWORD})
    client.get("/lobby/")
    return Full(ann, bob, cat, table.pk, client)
