"""The lessons pages: a course page per game, a lesson page with its answers, progress stored
per account (a visitor's is the browser's), in English, German and Dutch."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from learning.lessons import COURSES
from learning.lessons.course import choices
from learning.models import LessonDone

pytestmark = pytest.mark.django_db


def test_course_page_lists_every_lesson():
    page = Client().get("/lessons/knockout/")
    assert page.status_code == 200
    for lesson in COURSES["knockout"]:
        assert f"/lessons/knockout/{lesson.slug}/" in page.content.decode()


# Each kind of answer a lesson asks for (its answers' action, "0 exchange 2C" -> exchange), as
# the course page's introduction names it.
ASKED = {
    "play": "play a card", "knock": "knock", "trump": "choose the trump suit",
    "exchange": "pick the cards to exchange", "claim": "claim", "count": "count the points",
}  # fmt: skip


@pytest.mark.parametrize("game", COURSES)
def test_the_course_page_names_every_kind_of_answer_its_lessons_ask(game):
    html = Client().get(f"/lessons/{game}/").content.decode()
    intro = html.split('<p class="lead">')[1].split("</p>")[0]
    kinds = {text.split()[1] for lesson in COURSES[game] for text in (lesson.right, *lesson.wrong)}
    assert kinds <= set(ASKED)
    assert [ASKED[kind] for kind in sorted(kinds) if ASKED[kind] not in intro] == []


def test_unknown_game_or_lesson_is_not_found():
    assert Client().get("/lessons/poker/").status_code == 404
    assert Client().get("/lessons/knockout/no-such/").status_code == 404
    assert Client().post("/lessons/knockout/no-such/done/").status_code == 404


@pytest.mark.parametrize(
    "lesson",
    [lesson for course in COURSES.values() for lesson in course],
    ids=lambda lesson: f"{lesson.game}-{lesson.slug}",
)
def test_lesson_page_sends_every_answer(lesson):
    page = Client().get(f"/lessons/{lesson.game}/{lesson.slug}/")
    assert page.status_code == 200
    html = page.content.decode()
    script = html.split('id="lesson-data" type="application/json">')[1]
    data = json.loads(script.split("</script>")[0])
    assert data["answers"][data["right"]]["right"]
    assert len(data["answers"]) == len(choices(lesson))


@pytest.mark.parametrize("language, word", [("de", "Farbe bedienen"), ("nl", "Kleur bekennen")])
def test_lesson_page_in_german_and_dutch(language, word):
    page = Client(headers={"accept-language": language}).get("/lessons/knockout/follow-suit/")
    assert word in page.content.decode()


def test_progress_is_saved_per_account():
    user = get_user_model().objects.create_user("learner", password="pw-learner-1")
    client = Client()
    client.force_login(user)
    assert client.post("/lessons/knockout/trump/done/").json() == {"saved": True}
    assert client.post("/lessons/knockout/trump/done/").json() == {"saved": True}
    assert list(LessonDone.objects.filter(user=user).values_list("slug", flat=True)) == ["trump"]
    course = client.get("/lessons/knockout/").content.decode()
    assert 'data-lesson="knockout/trump" class="lesson-done"' in course


def test_a_players_lesson_page_posts_done_with_its_own_csrf_token():
    """The page carries the done URL and a CSRF token (data-csrf) for a player: the POST
    lesson.js sends with that token is stored, where the CSRF check is made."""
    user = get_user_model().objects.create_user("poster", password="pw-poster-1")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    html = client.get("/lessons/knockout/trump/").content.decode()
    article = html.split('data-testid="lesson"')[1].split(">")[0]
    assert 'data-done-url="/lessons/knockout/trump/done/"' in article
    token = article.split('data-csrf="')[1].split('"')[0]
    assert client.post("/lessons/knockout/trump/done/").status_code == 403
    posted = client.post("/lessons/knockout/trump/done/", headers={"x-csrftoken": token})
    assert posted.json() == {"saved": True}
    assert LessonDone.objects.filter(user=user, game="knockout", slug="trump").exists()


def test_a_visitors_lesson_page_posts_nothing():
    """A visitor's page has no done URL (their progress is the browser's) and the course
    page reads the browser's progress for visitors only."""
    visitor = Client()
    html = visitor.get("/lessons/knockout/trump/").content.decode()
    assert "data-done-url" not in html.split('data-testid="lesson"')[1].split(">")[0]
    assert "lesson_list.js" in visitor.get("/lessons/knockout/").content.decode()
    player = Client()
    player.force_login(get_user_model().objects.create_user("lister", password="pw-lister-1"))
    assert "lesson_list.js" not in player.get("/lessons/knockout/").content.decode()


def test_a_visitors_progress_is_not_stored():
    assert Client().post("/lessons/knockout/trump/done/").json() == {"saved": False}
    assert not LessonDone.objects.exists()


def test_a_counting_lesson_offers_its_counts_and_the_hand_as_dealt():
    html = Client(headers={"accept-language": "nl"}).get("/lessons/whist/honours/")
    script = html.content.decode().split('id="lesson-data" type="application/json">')[1]
    data = json.loads(script.split("</script>")[0])
    assert [b["label"] for b in data["buttons"]] == ["2 punten", "4 punten", "6 punten"]
    assert data["counting"] and len(data["hand"]) == 13 and data["trump"] == "H"
    assert data["words"]["hand"] == "Je kaarten zoals gedeeld"


def _data(client, url):
    script = client.get(url).content.decode().split('id="lesson-data" type="application/json">')
    return json.loads(script[1].split("</script>")[0])


def test_an_exchange_lesson_sends_its_button_labels_and_the_cards_after_it():
    """docs/rules.md §1.7: the learner picks the cards to discard; the button says how many
    (none: keep them all), and a right answer shows the cards drawn."""
    data = _data(Client(headers={"accept-language": "de"}), "/lessons/knockout/exchange/")
    assert data["exchange"] and not data["choose_trump"]
    assert data["exchange_labels"] == {
        "0": "Alle Karten behalten", "1": "1 Karte tauschen", "2": "2 Karten tauschen",
    }  # fmt: skip
    assert set(data["answers"]) == {"exchange", "exchange 2C", "exchange AH", "exchange 2C AH"}
    assert data["answers"]["exchange 2C"]["hand"] == ["AH", "QH"]
    rainbow = _data(Client(), "/lessons/knockout/rainbow/")
    assert [k for k, v in rainbow["answers"].items() if v["right"]] == [
        "exchange 3D", "exchange 4D",
    ]  # fmt: skip


def test_a_choice_of_trump_offers_no_trump_where_the_rules_do_and_shows_the_votes():
    no_trump = _data(Client(headers={"accept-language": "nl"}), "/lessons/knockout/no-trump/")
    assert no_trump["no_trump"] and no_trump["suits"]["NT"] == "Geen troef"
    assert no_trump["right"] == "trump NT"
    assert not _data(Client(), "/lessons/knockout/choose-trump/")["no_trump"]
    vote = _data(Client(), "/lessons/knockout/vote/")
    assert vote["votes"] == [[2, "C"], [3, "S"], [4, "C"]]
    assert vote["names"][4] == "Bot 4"


def test_a_round_without_trump_says_so_on_the_board():
    """The one-card round of the last-round lesson is played without trump
    (docs/rules.md §1.7): the board says "No trump" where a suit is named; before a trump is
    chosen it says nothing."""
    last = _data(
        Client(headers={"accept-language": "de"}), "/lessons/knockout/last-round-no-trump/"
    )
    assert last["trump"] == "NT" and last["suits"]["NT"] == "Kein Trumpf"
    assert _data(Client(), "/lessons/knockout/fixed-trump/")["trump"] == "H"
    assert _data(Client(), "/lessons/knockout/no-trump/")["trump"] == ""
