"""A club's own events (issue 44 item 5, drives included): created from its page by its
owners and moderators, seen and joined by its members, entry kept to members if the club
wants, and announced to its members as a notice they can switch off (issue 45 item 3)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from social.models import Kind, Notification, SocialSettings
from tournaments import selectors as event_reads
from tournaments import services as events
from tournaments.models import Event

from .conftest import club_of

pytestmark = pytest.mark.django_db(transaction=True)


def club_event(user: Any, club: Any, **fields: Any) -> Event:
    start = timezone.now() + timedelta(hours=1)
    base = {"name": "Friday drive", "game": "whist", "kind": "drive", "rounds": 12,
            "movement": "progressive", "private": True}  # fmt: skip
    return events.event_create(user, starts_at=start, club=club, **{**base, **fields})


def test_a_clubs_owners_and_moderators_create_its_events(people: Any) -> None:
    ann, mo, bob = people("ann", "mo", "bob")
    club = club_of(ann, moderators=[mo], members=[bob])
    assert club_event(ann, club).club_id == club.pk
    assert club_event(mo, club, name="Swiss", kind="swiss", rounds=3).club_id == club.pk
    with pytest.raises(events.ServiceError) as refused:
        club_event(bob, club)
    assert refused.value.code == "forbidden"


def test_a_member_sees_and_joins_a_private_club_event_without_its_link(people: Any) -> None:
    ann, bob, out = people("ann", "bob", "out")
    club = club_of(ann, members=[bob])
    event = club_event(ann, club)
    assert event_reads.can_see(event, bob) and not event_reads.can_see(event, out)
    assert event in event_reads.visible_events(bob)
    events.entry_join(bob, event.pk)
    with pytest.raises(events.ServiceError):
        events.entry_join(out, event.pk)


def test_a_members_only_event_refuses_others_even_with_its_link(people: Any) -> None:
    ann, out = people("ann", "out")
    club = club_of(ann)
    event = club_event(ann, club, members_only=True)
    with pytest.raises(events.ServiceError) as refused:
        events.entry_join(out, event.pk, event.invite_token)
    assert refused.value.code == "members_only"


def test_an_event_open_to_all_takes_others_with_its_link(people: Any) -> None:
    ann, out = people("ann", "out")
    event = club_event(ann, club_of(ann))
    events.entry_join(out, event.pk, event.invite_token)


def test_a_clubs_members_hear_its_new_event_but_not_its_maker(people: Any) -> None:
    ann, bob, cy, out = people("ann", "bob", "cy", "out")
    club = club_of(ann, members=[bob, cy])
    event = club_event(ann, club)
    notes = Notification.objects.filter(kind=Kind.CLUB_EVENT)
    assert sorted(n.user_id for n in notes) == sorted([bob.pk, cy.pk])
    note = notes.get(user=bob)
    assert note.data["club"] == "Hearts Club" and note.data["url"] == f"/events/{event.pk}/"


def test_a_member_who_switched_club_events_off_hears_nothing(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    SocialSettings.objects.create(user=bob, muted=[Kind.CLUB_EVENT])
    club_event(ann, club)
    assert not Notification.objects.filter(user=bob).exists()


def test_the_event_form_of_a_club_is_for_its_owners_and_moderators(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    client = Client()
    client.force_login(bob)
    assert client.get(f"/events/new/?club={club.pk}").status_code == 403
    client.force_login(ann)
    page = client.get(f"/events/new/?club={club.pk}")
    assert page.status_code == 200 and b'name="members_only"' in page.content


def test_the_event_form_creates_a_clubs_members_only_drive(people: Any) -> None:
    (ann,) = people("ann")
    club = club_of(ann)
    client = Client()
    client.force_login(ann)
    start = (timezone.now() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    form = {"name": "Club drive", "game": "whist", "kind": "drive", "table_size": 4,
            "rounds": 12, "starts_at": start, "round_minutes": 15, "time_limit": 60,
            "bot_level": "club", "private": "on", "movement": "progressive",
            "members_only": "on", "preset": ""}  # fmt: skip
    response = client.post(f"/events/new/?club={club.pk}", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Club drive")
    assert event.club_id == club.pk and event.members_only and event.kind == "drive"
    club_page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Club drive" in club_page and f"/events/new/?club={club.pk}" in club_page
    assert "Hearts Club" in client.get(f"/events/{event.pk}/").content.decode()
