"""German Whist's name in German and Dutch: "Deutsches Whist" and "Duits Whist",
as players there call the two-player game, on every page that names it."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import labels


@pytest.mark.parametrize(("language", "name"), [("en", "German Whist"), ("de", "Deutsches Whist"),
                                                ("nl", "Duits Whist")])  # fmt: skip
def test_german_whist_is_named_in_each_language(language, name):
    with translation.override(language):
        assert labels.game_name("german") == name


def test_card_codes_and_seats_in_messages_read_as_the_table_shows_them():
    from games.engine.errors import CardCode, SeatNo

    with translation.override("de"):
        assert labels.message_value(CardCode("QS")) == "D\u2660"
        assert labels.message_value(CardCode("TH")) == "10\u2665"
        assert labels.message_value(SeatNo(0)) == 1
    with translation.override("nl"):
        assert labels.message_value(CardCode("KD")) == "H\u2666"
    assert labels.message_value(CardCode("3S")) == "3\u2660"
    assert str(SeatNo(1)) == "1"  # the engine's own words (command line) are unchanged
