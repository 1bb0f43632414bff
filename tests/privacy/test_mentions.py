"""An erased player's names in the others' lines become "deleted player" in one UPDATE,
however many lines name them (privacy.erasure)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Club, Post
from clubs.services.clubs import club_create
from privacy.erasure import DELETED, _mentions_erase

pytestmark = pytest.mark.django_db


def test_the_lines_naming_a_player_are_rewritten_in_one_statement() -> None:
    users = get_user_model().objects
    zed = users.create_user("zedplayer", password="a-Long-pass-2024", display_name="Zed D")
    bob = users.create_user("bob", password="a-Long-pass-2024")
    club: Club = club_create(bob, name="Bob's club")
    texts = ["hi Zed D", "ZEDPLAYER won", "nothing here", "zed d and zedplayer"]
    for text in texts:
        Post.objects.create(club=club, author=bob, text=text)

    with CaptureQueriesContext(connection) as queries:
        _mentions_erase(Post.objects.filter(club=club), zed)

    updates = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    assert len(updates) == 1
    assert list(Post.objects.filter(club=club).order_by("pk").values_list("text", flat=True)) == [
        f"hi {DELETED}",
        f"{DELETED} won",
        "nothing here",
        f"{DELETED} and {DELETED}",
    ]
