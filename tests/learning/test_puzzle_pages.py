"""The puzzle pages: the next puzzle at the player's level, one puzzle (no answer and no
hidden hand in the page), the answer's reply (JSON; a bad move is a clear 400), the daily
puzzle and the streak, in English, German and Dutch."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from learning.models import Puzzle, PuzzlePlayer
from tests.learning.conftest import puzzle_data

pytestmark = pytest.mark.django_db


def test_no_puzzle_yet_says_so():
    page = Client().get("/puzzles/")
    assert page.status_code == 200 and b"puzzles-none" in page.content


def test_puzzles_leads_to_the_nearest_puzzle(knockout):
    page = Client().get("/puzzles/")
    assert page.status_code == 302 and re.match(r"^/puzzles/\d+/$", page["Location"])


def test_page_holds_neither_the_answer_nor_the_solvers_findings(knockout):
    data = puzzle_data(Client().get(f"/puzzles/{knockout.pk}/"))
    assert not {"answer", "values", "line"} & set(data)
    assert data["kind"] == "open" and all(h is not None for h in data["hands"])


def test_seat_puzzle_hides_the_other_hand_until_the_answer(german):
    client = Client()
    data = puzzle_data(client.get(f"/puzzles/{german.pk}/"))
    other = 1 - german.seat
    assert data["hands"][other] is None and data["counts"][other] in (
        german.tricks_left,
        german.tricks_left - 1,
    )
    hidden = german.position["hands"][other]
    assert hidden and not set(hidden) & set(data["hands"][german.seat] + data["played"])
    reply = client.post(f"/puzzles/{german.pk}/answer/", {"move": german.answer}).json()
    assert reply["hands"][other] == hidden


def test_answer_says_right_and_moves_a_players_rating(knockout):
    user = get_user_model().objects.create_user("puzzler", password="pw")
    client = Client()
    client.force_login(user)
    reply = client.post(f"/puzzles/{knockout.pk}/answer/", {"move": knockout.answer}).json()
    assert reply["right"] and reply["answer"] == knockout.answer
    assert reply["rating"]["after"] > reply["rating"]["before"]
    assert reply["line"] == knockout.line and reply["replay"].endswith(f"#before-{knockout.number}")
    assert PuzzlePlayer.objects.get(user=user).plays == 1


def test_wrong_answer_shows_the_solvers_move(knockout):
    wrong = next(m for m in knockout.values if m != knockout.answer)
    reply = Client().post(f"/puzzles/{knockout.pk}/answer/", {"move": wrong}).json()
    assert not reply["right"] and reply["answer"] == knockout.answer and "rating" not in reply


@pytest.mark.parametrize(
    "form", [{"move": "ZZ"}, {"move": ""}, {}, {"move": "AS", "mode": "blitz"}]
)
def test_bad_answer_is_a_clear_400(knockout, form):
    reply = Client().post(f"/puzzles/{knockout.pk}/answer/", form)
    assert reply.status_code == 400 and reply.json()["error"]


def test_unknown_puzzle_and_get_on_answer():
    assert Client().get("/puzzles/999999/").status_code == 404
    assert Client().post("/puzzles/999999/answer/", {"move": "AS"}).status_code == 404
    assert Client().get("/puzzles/1/answer/").status_code == 405


def test_daily_puzzle_is_the_same_page_twice(knockout):
    one, two = Client().get("/puzzles/daily/"), Client().get("/puzzles/daily/")
    assert puzzle_data(one)["id"] == puzzle_data(two)["id"] and puzzle_data(one)["mode"] == "daily"


def test_streak_counts_right_answers_and_ends_at_a_wrong_one(knockout):
    client = Client()
    first = puzzle_data(client.get("/puzzles/streak/"))
    puzzle = Puzzle.objects.get(pk=first["id"])
    reply = client.post(f"/puzzles/{puzzle.pk}/answer/", {"move": puzzle.answer, "mode": "streak"})
    assert reply.json()["streak"] == 1
    again = client.post(f"/puzzles/{puzzle.pk}/answer/", {"move": puzzle.answer, "mode": "streak"})
    assert again.status_code == 400  # the streak moved on
    second = puzzle_data(client.get("/puzzles/streak/"))
    assert second["id"] != puzzle.pk
    nxt = Puzzle.objects.get(pk=second["id"])
    wrong = next(m for m in nxt.values if m != nxt.answer)
    over = client.post(f"/puzzles/{nxt.pk}/answer/", {"move": wrong, "mode": "streak"}).json()
    assert over["streak_over"] == 1 and over["best"] == 1


@pytest.mark.parametrize(
    "language,words",
    [("en", "Puzzle of the day"), ("de", "Rätsel des Tages"), ("nl", "Puzzel van de dag")],
)
def test_page_in_each_language(knockout, language, words):
    client = Client(headers={"accept-language": language})
    page = client.get(f"/puzzles/{knockout.pk}/")
    assert words in page.content.decode()


@pytest.mark.parametrize(
    "language, names",
    [
        ("en", {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades", "": "No trump"}),
        ("de", {"C": "Kreuz", "D": "Karo", "H": "Herz", "S": "Pik", "": "Kein Trumpf"}),
        ("nl", {"C": "Klaveren", "D": "Ruiten", "H": "Harten", "S": "Schoppen", "": "Geen troef"}),
    ],
)
def test_the_page_names_the_trump_suit_in_each_language(knockout, german, language, names):
    """The board's trump line says the suit's name beside its symbol, as a lesson's does."""
    client = Client(headers={"accept-language": language})
    for puzzle in (knockout, german):
        data = puzzle_data(client.get(f"/puzzles/{puzzle.pk}/"))
        assert data["trump_name"] == names[data["trump"]]


def test_a_puzzle_of_a_game_annulled_later_is_no_longer_offered(knockout):
    from records.models import GameRecord

    GameRecord.objects.filter(pk=knockout.record_id).update(annulled=True)
    assert Client().get(f"/puzzles/{knockout.pk}/").status_code == 404
    assert Client().post(f"/puzzles/{knockout.pk}/answer/", {"move": "AS"}).status_code == 404
    page = Client().get("/puzzles/")
    if page.status_code == 302:
        assert Puzzle.objects.get(pk=page["Location"].split("/")[2]).record_id != knockout.record_id


def test_the_daily_puzzle_of_a_game_annulled_since_gives_way_to_another(knockout):
    from records.models import GameRecord

    first = puzzle_data(Client().get("/puzzles/daily/"))["id"]
    annulled = Puzzle.objects.get(pk=first).record_id
    GameRecord.objects.filter(pk=annulled).update(annulled=True)
    page = Client().get("/puzzles/daily/")
    if b"puzzles-none" in page.content:  # every puzzle came from that game
        assert not Puzzle.objects.exclude(record_id=annulled).exists()
        return
    now = puzzle_data(page)["id"]
    assert Puzzle.objects.get(pk=now).record_id != annulled
    puzzle = Puzzle.objects.get(pk=now)
    answered = Client().post(f"/puzzles/{now}/answer/", {"move": puzzle.answer, "mode": "daily"})
    assert answered.status_code == 200 and answered.json()["right"]
    assert puzzle_data(Client().get("/puzzles/daily/"))["id"] == now  # the same for everyone
