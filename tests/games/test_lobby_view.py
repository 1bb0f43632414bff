"""What one lobby socket sends of each lobby change (games/sockets/lobby_lists.py ListView):
the rules of `row` in docs/protocol.md, "Lobby socket", without a socket."""

from __future__ import annotations

from typing import Any

import pytest

from games.reads.lobby import PAGE_ROWS, FilterError, ListFilter, parse_before, parse_filter
from games.sockets.lobby_lists import ListView, Page


def entry(table_id: int, game: str = "whist", status: str = "open", free: bool = True) -> dict:
    seats = [{"index": 0, "name": "Ann", "bot": None},
             {"index": 1, "name": None if free else "Bob", "bot": None}]  # fmt: skip
    return {"id": table_id, "game": game, "status": status, "rated": False, "seats": seats}


def change(version: int, table_id: int, value: dict | None) -> dict[str, Any]:
    return {"version": version, "id": table_id, "entry": value}


def view_of(ids: list[int], flt: ListFilter | None = None, more: bool = False) -> ListView:
    view = ListView(flt)
    view.show(Page("", 10, {i: "open" for i in ids}, more))
    return view


def test_a_change_of_a_shown_row_is_changed_and_chains_on_the_version_the_page_holds():
    view = view_of([5, 4])
    assert view.change(change(11, 4, entry(4, status="playing"))) == ("changed", 10)
    assert view.change(change(12, 99, entry(99, game="german"))) == ("added", 11)


def test_changes_the_filter_does_not_pick_are_skipped_and_the_next_row_chains_on():
    view = view_of([5], ListFilter(game="german"))
    assert view.change(change(11, 6, entry(6))) is None  # Whist: not this page's
    assert view.change(change(12, 7, entry(7, game="german"))) == ("added", 10)


def test_a_row_that_stops_matching_or_leaves_the_lobby_is_gone():
    view = view_of([5, 4], ListFilter(seats=True))
    assert view.change(change(11, 5, entry(5, free=False))) == ("gone", 10)
    assert view.change(change(12, 4, None)) == ("gone", 11)
    assert view.shown == {}


def test_an_older_page_gets_no_new_tables_and_the_newest_page_drops_its_oldest():
    older = ListView(before=100)
    older.show(Page("", 10, {50: "open"}, True))
    assert older.change(change(11, 200, entry(200))) is None
    full = view_of(list(range(100, 100 + PAGE_ROWS)), more=False)
    assert full.change(change(11, 500, entry(500))) == ("added", 10)
    assert len(full.shown) == PAGE_ROWS and 100 not in full.shown and full.more
    assert full.change(change(12, 7, entry(7))) is None  # older than the page shows


def test_after_a_missed_change_the_page_is_told_and_is_no_longer_current():
    view = view_of([5])
    assert view.change(change(13, 77, entry(77, game="german"))) == ("added", 12)
    assert not view.current(13) and not view.current(10)
    assert view.change(change(12, 5, None)) is None  # older than what was seen: dropped


@pytest.mark.parametrize(
    "data", [{"game": "poker"}, {"seats": "yes"}, {"rated": 3}, {"friends": True}]
)
def test_a_bad_filter_is_refused_with_what_is_wrong(data: dict) -> None:
    with pytest.raises(FilterError):
        parse_filter(data)


def test_filters_and_pages_from_a_query_string() -> None:
    assert parse_filter({"game": "whist", "seats": "1", "rated": "0"}) == ListFilter("whist", True)
    assert parse_before("42") == 42 and parse_before(None) is None
    with pytest.raises(FilterError):
        parse_before("-3")
