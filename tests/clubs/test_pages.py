"""The club pages (issue 44 item 5): the list, a club's page with its actions, a club's
leaderboard per game (its members, established players only, as the site's), a player's
clubs on their page, each in English, German and Dutch."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from clubs import services
from rankings.models import Rating
from rankings.rating import PROVISIONAL_GAMES
from tests.site.test_security import JUNK

from .conftest import club_of

pytestmark = pytest.mark.django_db


def rated(user: Any, game: str, display: int, games: int = PROVISIONAL_GAMES) -> None:
    Rating.objects.create(game=game, user=user, mu=25.0, sigma=3.0, display=display,
                          games=games)  # fmt: skip


def rows(page: Any) -> list[str]:
    html = page.content.decode()
    if 'data-testid="club-leaderboard"' not in html:
        return []
    body = html.split('data-testid="club-leaderboard"', 1)[1].split("</table>", 1)[0]
    return [part.split("</a>", 1)[0].rsplit(">", 1)[1] for part in body.split("/players/")[1:]]


def test_a_clubs_leaderboard_lists_its_established_members_best_first(people: Any) -> None:
    ann, bob, cy, out, new = people("ann", "bob", "cy", "out", "new")
    club = club_of(ann, members=[bob, cy, new])
    rated(ann, "whist", 1100)
    rated(bob, "whist", 1300)
    rated(cy, "knockout", 1500)  # another game
    rated(out, "whist", 1400)  # not a member
    rated(new, "whist", 1600, games=PROVISIONAL_GAMES - 1)  # provisional
    page = Client().get(f"/clubs/{club.slug}/leaderboard/whist/")
    assert page.status_code == 200
    assert rows(page) == ["Bob", "Ann"]


def test_a_clubs_leaderboard_drops_a_player_who_left(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    rated(bob, "whist", 1300)
    services.member_leave(bob, club.pk)
    assert rows(Client().get(f"/clubs/{club.slug}/leaderboard/whist/")) == []


def test_a_clubs_leaderboard_of_no_such_game_is_not_found(people: Any) -> None:
    (ann,) = people("ann")
    club = club_of(ann)
    assert Client().get(f"/clubs/{club.slug}/leaderboard/poker/").status_code == 404


def test_a_players_page_lists_their_clubs(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club_of(ann, members=[bob])
    club_of(ann, name="Spades Club")
    html = Client().get("/accounts/players/bob/").content.decode()
    assert 'data-testid="player-clubs"' in html and "Hearts Club" in html
    assert "Spades Club" not in html


def test_joining_from_the_club_page(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann)
    client = Client()
    client.force_login(bob)
    response = client.post(f"/clubs/{club.slug}/do/join/")
    assert response.status_code == 302
    assert "Bob" in client.get(f"/clubs/{club.slug}/").content.decode()


def test_a_refused_action_is_a_message_on_the_club_page_not_an_error(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, joining="invitation")
    client = Client()
    client.force_login(bob)
    page = client.post(f"/clubs/{club.slug}/do/join/", follow=True)
    assert page.status_code == 200 and "by invitation" in page.content.decode()
    assert client.post(f"/clubs/{club.slug}/do/remove/", {"user": "x"}).status_code == 302
    assert client.post(f"/clubs/{club.slug}/do/nonsense/").status_code == 404


def test_making_a_club_from_its_form(people: Any) -> None:
    (ann,) = people("ann")
    client = Client()
    client.force_login(ann)
    response = client.post("/clubs/new/", {"name": "Diamonds", "about": "", "joining": "open"})
    assert response.status_code == 302 and response["Location"] == "/clubs/diamonds/"
    again = client.post("/clubs/new/", {"name": "DIAMONDS", "about": "", "joining": "open"})
    assert again.status_code == 200 and "already" in again.content.decode()


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ["Clubs", "Members", "Wall", "Leaderboards:", "1 member"]),
        ("de", ["Clubs", "Mitglieder", "Pinnwand", "Ranglisten:", "1 Mitglied"]),
        ("nl", ["Clubs", "Leden", "Prikbord", "Ranglijsten:", "1 lid"]),
    ],
)
def test_the_club_pages_speak_english_german_and_dutch(
    people: Any, language: str, words: list[str]
) -> None:
    (ann,) = people("ann")
    club = club_of(ann)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    html = (
        client.get("/clubs/").content.decode() + client.get(f"/clubs/{club.slug}/").content.decode()
    )
    html += client.get(f"/clubs/{club.slug}/leaderboard/whist/").content.decode()
    for word in words:
        assert word in html, word


@pytest.mark.parametrize("value", JUNK)
def test_junk_in_a_club_action_is_never_a_server_error(people: Any, value: str) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    client = Client()
    client.force_login(ann)
    for action, field in (("hide", "post"), ("remove", "user"), ("role", "user"),
                          ("answer_request", "user"), ("invite", "username")):  # fmt: skip
        answer = client.post(f"/clubs/{club.slug}/do/{action}/", {field: value})
        assert answer.status_code < 500, action
