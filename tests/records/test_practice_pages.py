"""The replay page's "Play from here" form and the game pages' links (issue 46 item 3)."""

from __future__ import annotations

import pytest

from games.engine.record_check import check
from games.models import Table
from records.models import GameRecord
from tests.rankings.helpers import seeded, store
from tests.records.test_pages import client_for

pytestmark = pytest.mark.django_db


def _original(user):
    return store(seeded("german", 2, 5, games=1), [user, "club"], rated=False)


def test_the_replay_page_offers_play_from_here_to_a_logged_in_player(make_user):
    ann = make_user("ann")
    original = _original(ann)
    page = client_for(ann).get(f"/games/{original.pk}/replay/")
    assert b'data-testid="practice-form"' in page.content
    anonymous = client_for().get(f"/games/{original.pk}/replay/")
    assert b'data-testid="practice-form"' not in anonymous.content


def test_play_from_here_opens_the_practice_table_and_both_game_pages_link(make_user):
    ann = make_user("ann")
    original = _original(ann)
    client = client_for(ann)
    form = {"upto": "6", "seat": "0", "hands": "fresh", "level": "beginner"}
    answer = client.post(f"/games/{original.pk}/practice/", form)
    table = Table.objects.get(practice_of=original)
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    assert table.start["fresh"] and table.start["from"] == 6
    page = client.get(f"/games/{original.pk}/")
    assert b'data-testid="practice-games"' in page.content
    assert f"/tables/{table.pk}/".encode() in page.content


@pytest.mark.parametrize(
    "form",
    [{}, {"upto": "x", "seat": "0", "level": "club"}, {"upto": "3", "seat": "9", "level": "club"},
     {"upto": "3", "seat": "0", "level": "god"}, {"upto": "99999", "seat": "0", "level": "club"}],
)  # fmt: skip
def test_a_bad_form_goes_back_to_the_replay_with_a_message(make_user, form):
    ann = make_user("ann")
    original = _original(ann)
    answer = client_for(ann).post(f"/games/{original.pk}/practice/", form, follow=True)
    assert answer.status_code == 200
    assert b"message-error" in answer.content
    assert not Table.objects.filter(practice_of=original).exists()


def test_a_held_board_has_no_practice_table_even_by_post(make_user):
    ann = make_user("ann")
    original = _original(ann)
    Table.objects.filter(pk=original.pk).update(board_held=True)
    form = {"upto": "4", "seat": "0", "hands": "real", "level": "club"}
    client_for(ann).post(f"/games/{original.pk}/practice/", form)
    assert not Table.objects.filter(practice_of=original).exists()
    assert GameRecord.objects.filter(pk=original.pk).exists()


def test_a_seat_knocked_out_at_the_step_is_refused_with_a_message(make_user):
    ann = make_user("ann")
    original = store(seeded("knockout", 4, 6), [ann, "club", "club", "club"], rated=False)
    replay = check(GameRecord.objects.get(pk=original.pk).record)
    step = next(s for s in replay.steps if not s.after.over and not s.after.active[1])
    form = {"upto": str(step.number + 1), "seat": "1", "hands": "real", "level": "club"}
    answer = client_for(ann).post(f"/games/{original.pk}/practice/", form, follow=True)
    assert answer.status_code == 200
    assert b"That seat is knocked out at this step" in answer.content
    assert not Table.objects.filter(practice_of=original).exists()


def test_the_form_sent_twice_opens_one_table_while_it_is_in_play(make_user):
    ann = make_user("ann")
    original = _original(ann)
    client = client_for(ann)
    form = {"upto": "6", "seat": "0", "hands": "fresh", "level": "beginner"}
    first = client.post(f"/games/{original.pk}/practice/", form)
    second = client.post(f"/games/{original.pk}/practice/", form)
    table = Table.objects.get(practice_of=original)
    assert first["Location"] == second["Location"] == f"/tables/{table.pk}/"
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    client.post(f"/games/{original.pk}/practice/", form)  # that one is over: a new one
    assert Table.objects.filter(practice_of=original).count() == 2


def test_play_from_here_is_limited_as_tables_are(make_user, settings):
    settings.WHIST_RATE_TABLES = "2/h"
    ann = make_user("ann")
    original = _original(ann)
    client = client_for(ann)
    for upto in (4, 6):
        form = {"upto": str(upto), "seat": "0", "hands": "real", "level": "beginner"}
        assert client.post(f"/games/{original.pk}/practice/", form).status_code == 302
    form = {"upto": "8", "seat": "0", "hands": "real", "level": "beginner"}
    answer = client.post(f"/games/{original.pk}/practice/", form, follow=True)
    assert b"You have opened many tables lately" in answer.content
    assert Table.objects.filter(practice_of=original).count() == 2


def test_the_seat_menu_of_play_from_here_tells_bots_of_one_level_apart(make_user):
    """Its options were the bare labels: "Ann, Bot (Club player), Bot (Club player), Bot (Club
    player)", three seats of one name, where the game page and the replay number them."""
    ann = make_user("ann")
    original = store(seeded("whist", 4, 5), [ann, "club", "club", "club"], rated=False)
    page = client_for(ann).get(f"/games/{original.pk}/replay/").content.decode()
    start = page.index('data-testid="practice-seat"')
    menu = page[start : page.index("</select>", start)]
    assert ">Bot (Club player) 2</option>" in menu
    assert ">Bot (Club player) 4</option>" in menu
