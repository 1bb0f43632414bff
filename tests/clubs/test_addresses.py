"""A club's address: its name in any script, never a word of the club pages' own
addresses, and another club's address taken gives a numbered one."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from clubs import services

pytestmark = pytest.mark.django_db


def test_a_club_named_new_does_not_take_the_new_club_page(people: Any) -> None:
    (ann,) = people("ann")
    club = services.club_create(ann, name="New")
    assert club.slug != "new"
    client = Client()
    client.force_login(ann)
    assert 'name="name"' in client.get("/clubs/new/").content.decode()  # still the form
    assert client.get(f"/clubs/{club.slug}/").status_code == 200


@pytest.mark.parametrize("name", ["Клуб виста", "Ωμέγα", "ホイスト"])
def test_a_club_of_any_script_gets_an_address_of_its_name(people: Any, name: str) -> None:
    (ann,) = people("ann")
    club = services.club_create(ann, name=name)
    assert club.slug and club.slug[0].isalpha() and not club.slug.isascii()
    page = Client().get(f"/clubs/{club.slug}/")
    assert page.status_code == 200 and name in page.content.decode()


def test_two_names_of_one_address_get_two(people: Any) -> None:
    ann, bob = people("ann", "bob")
    first = services.club_create(ann, name="Ace Club")
    second = services.club_create(bob, name="Ace-Club!")
    assert first.slug == "ace-club" and second.slug == "ace-club-2"
