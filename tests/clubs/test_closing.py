"""A club closes: its last member leaves, or an owner closes it (a box confirms either);
its events stay, and one kept to the club's members is open again. A player's count of
clubs owned holds when two are made at once."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from accounts.models import User
from clubs import services
from clubs.models import Club, Membership
from tournaments import services as events

from .conftest import club_of


@pytest.mark.django_db
def test_the_last_member_leaves_and_the_club_closes_once_confirmed(people: Any) -> None:
    (ann,) = people("ann")
    club = club_of(ann)
    with pytest.raises(services.ServiceError) as refused:
        services.member_leave(ann, club.pk)
    assert refused.value.code == "confirm" and Club.objects.filter(pk=club.pk).exists()
    assert services.member_leave(ann, club.pk, confirm=True)
    assert not Club.objects.filter(pk=club.pk).exists()


@pytest.mark.django_db
def test_only_an_owner_closes_a_club_after_confirming(people: Any) -> None:
    ann, mo = people("ann", "mo")
    club = club_of(ann, moderators=[mo])
    with pytest.raises(services.ServiceError) as refused:
        services.club_close(mo, club.pk, confirm=True)
    assert refused.value.code == "forbidden"
    with pytest.raises(services.ServiceError) as refused:
        services.club_close(ann, club.pk, confirm=False)
    assert refused.value.code == "confirm"
    services.club_close(ann, club.pk, confirm=True)
    assert not Club.objects.filter(pk=club.pk).exists()
    assert not Membership.objects.filter(club_id=club.pk).exists()


@pytest.mark.django_db
def test_the_club_page_closes_the_club_with_a_box_ticked(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    client = Client()
    client.force_login(ann)
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert 'data-testid="club-close"' in page
    client.post(f"/clubs/{club.slug}/do/close/")  # no box ticked
    assert Club.objects.filter(pk=club.pk).exists()
    response = client.post(f"/clubs/{club.slug}/do/close/", {"confirm": "1"})
    assert response.status_code == 302 and response["Location"] == "/clubs/"
    assert not Club.objects.filter(pk=club.pk).exists()


@pytest.mark.django_db
def test_a_members_only_event_of_a_closed_club_is_open_again(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann)
    event = events.event_create(ann, name="Cup", game="knockout", rounds=2, private=True,
                                starts_at=timezone.now() + timedelta(hours=1), club=club,
                                members_only=True)  # fmt: skip
    services.club_close(ann, club.pk, confirm=True)
    events.entry_join(bob, event.pk, event.invite_token)  # no longer refused to everyone


@pytest.mark.django_db(transaction=True)
def test_two_clubs_made_at_once_count_against_the_most_one_player_owns(people: Any) -> None:
    (ann,) = people("ann")
    for i in range(services.clubs.MAX_OWNED - 1):
        services.club_create(ann, name=f"Club {i}")
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def make(name: str) -> None:
        try:
            start.wait()
            services.club_create(User.objects.get(pk=ann.pk), name=name)
            outcomes.append("made")
        except services.ServiceError as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=make, args=(n,)) for n in ("Late A", "Late B")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["made", "too_many_clubs"]
