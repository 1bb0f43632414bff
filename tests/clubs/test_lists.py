"""The club pages' lists: a page at a time (clubs, members, past events), a club's
private events only for who may see them, the wall without the lines of players the
viewer blocked, and the viewer's membership read once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.services import block_add
from clubs import selectors, services
from clubs.models import Club, Membership
from tournaments import services as events

from .conftest import club_of

pytestmark = pytest.mark.django_db


def test_a_clubs_private_events_are_for_its_members_only(people: Any) -> None:
    ann, bob, out = people("ann", "bob", "out")
    club = club_of(ann, members=[bob])
    events.event_create(ann, name="Secret cup", game="knockout", rounds=2, private=True,
                        starts_at=timezone.now() + timedelta(hours=1), club=club)  # fmt: skip
    url = f"/clubs/{club.slug}/"
    assert "Secret cup" not in Client().get(url).content.decode()
    outsider = Client()
    outsider.force_login(out)
    assert "Secret cup" not in outsider.get(url).content.decode()
    member = Client()
    member.force_login(bob)
    assert "Secret cup" in member.get(url).content.decode()


def test_the_clubs_list_shows_a_page_at_a_time(people: Any) -> None:
    (ann,) = people("ann")
    Club.objects.bulk_create(
        Club(name=f"Club {i:03d}", slug=f"club-{i:03d}", name_key=f"club {i:03d}")
        for i in range(55)
    )
    first = Client().get("/clubs/").content.decode()
    assert "Club 049" in first and "Club 050" not in first and 'data-testid="pager-page"' in first
    assert "Club 054" in Client().get("/clubs/?page=2").content.decode()


def test_a_clubs_members_show_a_page_at_a_time(people: Any) -> None:
    owner, *others = people("owner", *[f"m{i:02d}" for i in range(55)])
    club = club_of(owner, members=others)
    page = Client().get(f"/clubs/{club.slug}/").content.decode()
    assert "56 members" in page and 'data-testid="pager-members"' in page
    assert page.count("/players/m") == 49  # the owner first, then 49 members
    assert "/players/m54/" in Client().get(f"/clubs/{club.slug}/?members=2").content.decode()


def test_the_club_page_reads_the_viewers_membership_once(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    client = Client()
    client.force_login(bob)
    client.get(f"/clubs/{club.slug}/")  # sessions and caches warm
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/clubs/{club.slug}/")
    table = Membership._meta.db_table
    reads = [q["sql"] for q in queries if f'FROM "{table}"' in q["sql"] and str(bob.pk) in q["sql"]
             and "status" in q["sql"] and '"user_id" = ' in q["sql"]]  # fmt: skip
    assert len(reads) == 1, reads


def test_the_wall_leaves_out_the_lines_of_players_the_viewer_blocked(people: Any) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    club = club_of(ann, members=[bob, cy])
    services.post_add(bob, club.pk, "From Bob")
    services.post_add(cy, club.pk, "From Cy")
    block_add(ann, bob)
    assert [p.text for p in selectors.wall(club, ann)] == ["From Cy"]
    assert len(selectors.wall(club, cy)) == 2
    client = Client()
    client.force_login(ann)
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "From Cy" in page and "From Bob" not in page
