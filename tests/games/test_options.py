"""Rule options are defined once, on the engine's option fields (the rules book, docs/rules.md): the
form, the create-table page's script and the lobby summary read them from there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from games import labels
from games.engine.rules import GAMES, PLAYERS, RulesError, make_rules, option_fields
from games.pages.forms import TableForm

ROOT = Path(__file__).resolve().parents[2]
FIELDS = [(game, f) for game in GAMES for f in option_fields(game)]


@pytest.mark.parametrize(("game", "field"), FIELDS, ids=[f.name for _, f in FIELDS])
def test_every_option_field_carries_its_label_and_its_choices_or_range(game, field) -> None:
    spec = field.metadata["spec"]
    assert spec.label
    if isinstance(field.default, bool):
        assert not spec.choices and spec.low is None
    elif isinstance(field.default, int):
        assert spec.low <= field.default <= spec.high and not spec.choices
    else:
        assert field.default in [value for value, _ in spec.choices] and spec.low is None


@pytest.mark.parametrize(("game", "field"), [(g, f) for g, f in FIELDS if f.metadata["spec"].low])
def test_the_engine_refuses_a_value_outside_the_fields_range(game, field) -> None:
    spec = field.metadata["spec"]
    players = PLAYERS[game][0]
    make_rules(game, players, **{field.name: spec.low})
    for value in (spec.low - 1, spec.high + 1):
        with pytest.raises(RulesError, match=f"from {spec.low} to {spec.high}"):
            make_rules(game, players, **{field.name: value})


@pytest.mark.parametrize(("game", "field"), FIELDS, ids=[f.name for _, f in FIELDS])
def test_the_form_offers_the_fields_choices_range_and_label(game, field) -> None:
    spec = field.metadata["spec"]
    form_field = TableForm().fields[field.name]
    assert form_field.label == spec.label and form_field.initial == field.default
    if isinstance(form_field, forms.IntegerField) and not isinstance(field.default, bool):
        assert (form_field.min_value, form_field.max_value) == (spec.low, spec.high)
    if isinstance(form_field, forms.ChoiceField):
        assert [value for value, _ in form_field.choices] == [v for v, _ in spec.choices]


def test_labels_and_choices_follow_the_active_language() -> None:
    with translation.override("de"):
        form = TableForm()
        label = str(form.fields["dogs_life"].label)
        choices = {value: str(name) for value, name in form.fields["lead"].choices}
        german = labels.rules_schema()
    assert label == "Hundeleben"
    assert german["games"]["knockout"]["name"] == "Knockout-Whist"
    assert choices["left_of_dealer"] != "Left of the dealer (fair lead)"


@pytest.mark.django_db
def test_the_create_page_ships_the_options_to_its_script_from_the_fields(client: Client) -> None:
    client.force_login(get_user_model().objects.create_user("ann", password="x-Long-pass-1"))
    page = client.get("/tables/new/").content.decode()
    found = re.search(r'<script id="rules" type="application/json">(.*?)</script>', page, re.S)
    assert found
    shipped = json.loads(found.group(1))
    assert shipped == json.loads(json.dumps(labels.rules_schema()))
    assert shipped["games"]["whist"]["players"] == [4, 4]
    knockout = {o["name"]: o for o in shipped["games"]["knockout"]["options"]}
    assert (knockout["start_cards"]["min"], knockout["start_cards"]["max"]) == (1, 8)
    assert [c[0] for c in knockout["trump"]["choices"]] == ["chosen", "fixed"]


def test_no_option_choice_or_range_is_written_again_outside_the_engine() -> None:
    """The one place is games/engine/rules.py: no choice value, option label or player count
    table appears in the form, the views, the lobby or the scripts."""
    values = {v for _, f in FIELDS for v, _ in f.metadata["spec"].choices}
    words = {f.metadata["spec"].label for _, f in FIELDS}
    files = ["games/pages/forms.py", "games/pages/views.py", "games/sockets/lobby_rows.py",
             "games/labels.py", "static/js/create_table.js", "static/js/rule_options.js",
             "static/js/lobby.js", "tournaments/forms.py",
             "static/js/labels.js"]  # fmt: skip
    for name in files:
        text = (ROOT / name).read_text()
        assert not [v for v in values if f'"{v}"' in text], name
        assert not [w for w in words if w in text], name
        assert "whist: 4" not in text and "german: 2" not in text, name
