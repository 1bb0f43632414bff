"""House rules in sight: every non-default option of a table is named, in
the viewer's language, in the lobby row, on the table page, on the game page, and by the
template tag other pages (an invitation) use."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from games import labels, services
from games.reads.lobby import lobby_entry_of
from games.sockets import lobby_rows

from .conftest import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)
CUSTOM = {"start_cards": 1, "dogs_life": "off", "safe_first_round": True}
NAMED = ["Cards in the first round: 1", "Dog's life: Off",
         "Safe first round (nobody is knocked out after round 1)"]  # fmt: skip


def custom_table(user: Any) -> Any:
    return services.table_create(user, "knockout", 2, options=CUSTOM, bot_levels=[None, "club"])


def test_every_non_default_option_is_named_in_the_rules_books_order() -> None:
    assert labels.house_rules("knockout", CUSTOM) == NAMED
    assert labels.house_rules("whist", {"honours": True, "target": 7}) == [
        "Points for a game: 7", "Honours count"]  # fmt: skip
    assert labels.house_rules("german", {"games": 3}) == ["Games in the match: 3"]


def test_default_rules_name_nothing() -> None:
    assert labels.house_rules("knockout", {}) == []
    assert labels.house_rules("whist", {"target": 5, "honours": False}) == []


def test_house_rules_are_named_in_the_viewers_language() -> None:
    with translation.override("de"):
        named = labels.house_rules("knockout", {"dogs_life": "off"})
    assert named == ["Hundeleben: Aus"]


def test_the_lobby_row_names_the_house_rules(make_user: Any) -> None:
    entry = lobby_entry_of(custom_table(make_user("ann")))
    html = lobby_rows.row_html(entry, authenticated=True)
    for rule in NAMED:
        assert rule in html.replace("&#x27;", "'")


def test_the_table_page_names_the_house_rules(make_user: Any) -> None:
    table = custom_table(make_user("ann"))
    page = Client().get(f"/tables/{table.pk}/").content.decode().replace("&#x27;", "'")
    for rule in NAMED:
        assert rule in page


def test_the_game_page_names_the_house_rules(make_user: Any) -> None:
    ann = make_user("ann")
    table = services.table_start(ann, custom_table(ann).pk)
    play_to_end(table.pk, {0: ann})
    page = Client().get(f"/games/{table.pk}/").content.decode().replace("&#x27;", "'")
    for rule in NAMED:
        assert rule in page


def test_the_template_tag_names_a_tables_house_rules_for_other_pages() -> None:
    html = Template("{% load house_rules %}{% house_rules game options %}").render(
        Context({"game": "whist", "options": {"honours": True}})
    )
    assert 'data-testid="house-rules"' in html and "<li>Honours count</li>" in html
    assert Template("{% load house_rules %}{% house_rules 'whist' None %}").render(Context()) == ""


def test_a_standard_preset_is_not_called_house_rules() -> None:
    """Issue 45 item 6: the Dutch rules were named both a standard preset ("Dutch rules")
    and, option by option, "house rules"."""
    dutch = labels.preset_options("knockout")["dutch"]
    assert labels.house_rules("knockout", dutch) == []
    assert labels.house_rules("knockout", {**dutch, "start_cards": 1}) != []
