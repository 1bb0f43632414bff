"""Malformed uploads, generated: a valid record with one field replaced by
an arbitrary JSON value is either refused with a named problem (400) or stored and shown
(302, then its replay page 200); never a server error."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import make_rules
from games.engine.simulate import random_game

pytestmark = pytest.mark.django_db

RECORDS = [
    random_game(make_rules("german"), seed=4),
    random_game(make_rules("knockout", 3), seed=2),
]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["", "AS", "whist", "x"])
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6,
)  # fmt: skip


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (the first two items of each list only)."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:2]):
            found += paths(item, (*prefix, index))
    return found


PLACES = [(n, path) for n, record in enumerate(RECORDS) for path in paths(record)]


def replaced(record: dict, path: tuple, value: Any) -> dict:
    broken = copy.deepcopy(record)
    target = broken
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return broken


SLOW_OK = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW_OK)
@given(place=st.sampled_from(PLACES), value=JSON)
def test_a_record_with_any_field_replaced_is_refused_clearly_or_shown(place, value) -> None:
    n, path = place
    cache.clear()  # each example starts with no uploads counted against the address
    data = json.dumps(replaced(RECORDS[n], path, value)).encode()
    client = Client(REMOTE_ADDR="192.0.2.1")
    page = client.post("/games/upload/", {"file": io.BytesIO(data)}, format="multipart")
    assert page.status_code in (302, 400), page.status_code
    if page.status_code == 400:
        assert 'data-testid="upload-problem"' in page.content.decode()
    else:
        assert client.get(page["Location"]).status_code == 200
