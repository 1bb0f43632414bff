"""Uploads: every kind of broken record file gets its own clear message naming the first
problem and its place (deal, trick, event, card), through the page, never a server error."""

from __future__ import annotations

import copy
import html as html_lib
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games.engine import make_rules
from games.engine.simulate import random_game
from records.models import UploadedRecord

pytestmark = pytest.mark.django_db

WHIST = random_game(make_rules("whist"), seed=5)
KNOCKOUT = random_game(make_rules("knockout", 4), seed=7)


def _not_following(r: dict[str, Any]) -> None:
    """A follower plays a card of another suit that it still holds, instead of following."""
    deal = r["deals"][0]
    tricks = deal["tricks"]
    for i, trick in enumerate(tricks):
        led = trick["plays"][0][1][1]
        for position, (seat, card) in enumerate(trick["plays"][1:], 1):
            later = [c for t in tricks[i + 1 :] for s, c in t["plays"] if s == seat and c[1] != led]
            if card[1] == led and later:
                deal["events"][i * 4 + position]["card"] = later[0]
                return
    raise AssertionError("no such play in this deal")


def _card_not_held(r: dict[str, Any]) -> None:
    event = r["deals"][0]["events"][0]
    other = (event["seat"] + 1) % 4
    event["card"] = r["deals"][0]["hands"][other][0]


def _hand_too_big(r: dict[str, Any]) -> None:
    deal = r["deals"][0]
    deal["hands"][0].append(deal["stock"].pop())


def _turned_wrong(r: dict[str, Any]) -> None:
    deal = r["deals"][0]
    dealer_hand = deal["hands"][deal["dealer"]]
    deal["turned"] = dealer_hand[0] if dealer_hand[0] != deal["turned"] else dealer_hand[1]


def _swap_first_events(r: dict[str, Any]) -> None:
    events = r["deals"][0]["events"]
    events[0], events[1] = events[1], events[0]


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set a field by a dotted path (numbers index lists)."""

    def damage(r: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = r
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return damage


def _bytes(record: dict[str, Any], damage: Callable[[dict[str, Any]], None]) -> bytes:
    broken = copy.deepcopy(record)
    damage(broken)
    return json.dumps(broken).encode()


D0 = "deals.0"
CASES: list[tuple[str, Any, str]] = [
    # (the kind of problem, the file's bytes, what the message must name)
    ("too_large", json.dumps(WHIST).encode() + b" " * (1024 * 1024), "1048576"),
    ("empty", b"  \n", "empty"),
    ("not_utf8", b'{"format": "whist-record/1", "game": "\xff"}', "UTF-8"),
    ("not_json", b'{"format": "whist-record/1",', "line 1"),
    ("not_object", b"[1, 2, 3]", "a list"),
    ("format_missing", _bytes(WHIST, lambda r: r.pop("format")), "whist-record/1"),
    ("format_wrong", _bytes(WHIST, _set("format", "whist-record/2")), "whist-record/2"),
    ("game_unknown", _bytes(WHIST, _set("game", "bridge")), "bridge"),
    ("seats_bad", _bytes(WHIST, _set("seats", "four")), "seats"),
    ("seats_count", _bytes(WHIST, lambda r: r["seats"].pop()), "3 seats"),
    ("options_bad", _bytes(WHIST, _set("options.target", 99)), "target"),
    ("seat_fields", _bytes(WHIST, _set("seats.1.bot", ["x"])), "seat 2"),
    ("deals_missing", _bytes(WHIST, _set("deals", [])), "no deals"),
    ("result_missing", _bytes(WHIST, lambda r: r.pop("result")), "result"),
    ("deal_bad", _bytes(WHIST, lambda r: r["deals"][0].pop("events")), "deal 1: events"),
    ("dealer_bad", _bytes(WHIST, _set(f"{D0}.dealer", 7)), "deal 1: the dealer 7"),
    ("card_bad", _bytes(WHIST, _set(f"{D0}.hands.2.3", "1X")), "'1X' in seat 3"),
    (
        "card_duplicate",
        _bytes(
            WHIST, lambda r: r["deals"][0]["hands"][0].__setitem__(0, r["deals"][0]["hands"][1][0])
        ),
        "appears twice",
    ),  # fmt: skip
    ("deck_incomplete", _bytes(WHIST, lambda r: r["deals"][0]["hands"][0].pop()), "51 cards"),
    ("hand_size", _bytes(KNOCKOUT, _hand_too_big), "seat 1 was dealt 8 cards"),
    (
        "dealer_wrong",
        _bytes(WHIST, _set("deals.1.dealer", (WHIST["deals"][1]["dealer"] + 1) % 4)),
        "deal 2",
    ),  # fmt: skip
    ("turned_wrong", _bytes(WHIST, _turned_wrong), "turned card"),
    (
        "event_bad",
        _bytes(WHIST, _set(f"{D0}.events.3", {"seat": 0, "action": "dance"})),
        "deal 1, event 4",
    ),  # fmt: skip
    ("out_of_turn", _bytes(WHIST, _swap_first_events), "deal 1, trick 1, event 1"),
    ("card_not_held", _bytes(WHIST, _card_not_held), "does not hold"),
    ("not_following", _bytes(WHIST, _not_following), "must follow suit"),
    ("not_allowed", _bytes(WHIST, _set(f"{D0}.events.0.action", "knock")), "not allowed"),
    (
        "tricks_wrong",
        _bytes(WHIST, lambda r: r["deals"][0]["tricks"][2]["plays"].reverse()),
        "deal 1, trick 3",
    ),  # fmt: skip
    (
        "trick_winner_wrong",
        _bytes(
            WHIST, _set(f"{D0}.tricks.0.winner", (WHIST["deals"][0]["tricks"][0]["winner"] + 1) % 4)
        ),
        "deal 1, trick 1",
    ),  # fmt: skip
    ("outcome_wrong", _bytes(WHIST, _set(f"{D0}.outcome.points", [9, 9])), "points"),
    ("result_wrong", _bytes(WHIST, _set("result.winners", [9])), "winners"),
    ("ends_early", _bytes(WHIST, lambda r: r["deals"][-1]["events"].pop()), "not over"),
    (
        "events_after_end",
        _bytes(WHIST, lambda r: r["deals"][0]["events"].append(r["deals"][1]["events"][0])),
        "already over",
    ),  # fmt: skip
    (
        "deals_extra",
        _bytes(WHIST, lambda r: r["deals"].append(copy.deepcopy(r["deals"][-1]))),
        "already over",
    ),  # fmt: skip
    # Every deal whole, but the game goes on (its last deal left out): it was taken, and
    # writing it again (games.engine.record.to_record) failed with a 500.
    ("game_unfinished", _bytes(WHIST, lambda r: r["deals"].pop()), "not over after deal 4"),
]


@pytest.mark.parametrize("code, data, named", CASES, ids=[c[0] for c in CASES])
def test_each_broken_upload_gets_its_own_clear_message(code: str, data: bytes, named: str) -> None:
    page = Client().post("/games/upload/", {"file": io.BytesIO(data)}, format="multipart")
    html = page.content.decode()
    assert page.status_code == 400
    assert f'data-code="{code}"' in html, html[html.find("upload-problem") - 200 :][:600]
    message = html_lib.unescape(html.split('data-testid="upload-problem"')[1].split("</p>")[0])
    assert named in message
    assert not UploadedRecord.objects.exists()


# Options that name make_rules' own arguments, not options: a clear
# message, not a TypeError.
OPTION_CLASHES = [
    ("players", {"players": 2}), ("game", {"game": "whist"}), ("preset", {"preset": "dutch"}),
    ("game", {"game": "whist", "players": 4}),
]  # fmt: skip


@pytest.mark.parametrize("named, options", OPTION_CLASHES, ids=[str(o) for _, o in OPTION_CLASHES])
def test_options_naming_the_game_or_its_players_get_a_clear_message(named, options) -> None:
    data = _bytes(WHIST, _set("options", options))
    page = Client().post("/games/upload/", {"file": io.BytesIO(data)}, format="multipart")
    html = page.content.decode()
    assert page.status_code == 400 and 'data-code="options_bad"' in html
    message = html_lib.unescape(html.split('data-testid="upload-problem"')[1].split("</p>")[0])
    assert f"no option '{named}'" in message


@pytest.mark.parametrize("seat", [{"name": "ann", "bot": ["x"]}, {"name": 7, "bot": None},
                                  {"bot": None}, {"name": "ann", "bot": {"level": "club"}},
                                  {"name": "n" * 151, "bot": None}])  # fmt: skip
def test_a_seat_whose_name_or_bot_is_not_a_string_is_refused(seat) -> None:
    data = _bytes(WHIST, _set("seats.2", seat))
    page = Client().post("/games/upload/", {"file": io.BytesIO(data)}, format="multipart")
    assert page.status_code == 400 and 'data-code="seat_fields"' in page.content.decode()
    assert not UploadedRecord.objects.exists()


def test_an_upload_stored_before_the_seat_check_is_a_404_not_a_server_error() -> None:
    record = copy.deepcopy(WHIST)
    record["seats"][1]["bot"] = ["x"]
    UploadedRecord.objects.create(token="t" * 24, game="whist", record=record)
    assert Client().get("/games/upload/" + "t" * 24 + "/").status_code == 404


def test_the_kinds_are_all_different():
    assert len({c[0] for c in CASES}) == len(CASES) >= 20


def test_an_upload_without_a_file_is_a_form_error():
    page = Client().post("/games/upload/", {})
    assert page.status_code == 400 and "This field is required" in page.content.decode()


def test_a_huge_request_is_refused_before_it_is_read():
    page = Client().post(
        "/games/upload/", {"file": io.BytesIO(b"x" * (3 * 1024 * 1024))}, format="multipart"
    )
    assert page.status_code == 400 and 'data-code="too_large"' in page.content.decode()


def test_messages_are_in_the_players_language():
    data = _bytes(WHIST, _set(f"{D0}.tricks.0.winner", 9))
    client = Client(headers={"accept-language": "de"})
    page = client.post("/games/upload/", {"file": io.BytesIO(data)}, format="multipart")
    message = page.content.decode().split('data-testid="upload-problem"')[1].split("</p>")[0]
    assert "Stich 1" in message


@pytest.mark.parametrize(
    ("language", "help_text"),
    [("de", "Eine whist-record/1-JSON-Datei von höchstens 1 MB."),
     ("nl", "Een whist-record/1-JSON-bestand van hoogstens 1 MB.")],
)  # fmt: skip
def test_the_file_fields_help_is_in_the_players_language(language: str, help_text: str) -> None:
    """It was made once, at import, in the default language (English on every page)."""
    page = Client(headers={"accept-language": language}).get("/games/upload/")
    assert help_text in page.content.decode()


SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _table_card(code: str) -> str:
    return {"T": "10"}.get(code[0], code[0]) + SUITS[code[1]]


def _message(page: Any) -> str:
    html = page.content.decode()
    return html_lib.unescape(html.split('data-testid="upload-problem"')[1].split("</p>")[0])


def test_an_upload_error_names_seats_and_cards_as_the_table_shows_them() -> None:
    """The record's seat in players' words: "seat 2 plays 3♠", the table's Seat 2 (the
    record's seat 1), never "seat 1 plays 3S"."""
    broken = copy.deepcopy(WHIST)
    _card_not_held(broken)
    event = broken["deals"][0]["events"][0]
    page = Client().post(
        "/games/upload/", {"file": io.BytesIO(json.dumps(broken).encode())}, format="multipart"
    )
    message = _message(page)
    assert f"seat {event['seat'] + 1} plays {_table_card(event['card'])}" in message, message
    assert event["card"] not in message


def test_an_upload_error_in_german_names_seats_and_cards_as_the_german_table_does() -> None:
    broken = copy.deepcopy(WHIST)
    _card_not_held(broken)
    event = broken["deals"][0]["events"][0]
    card = {"J": "B", "Q": "D", "T": "10"}.get(event["card"][0], event["card"][0])
    page = Client(headers={"accept-language": "de"}).post(
        "/games/upload/", {"file": io.BytesIO(json.dumps(broken).encode())}, format="multipart"
    )
    assert f"Platz {event['seat'] + 1} spielt {card}{SUITS[event['card'][1]]}" in _message(page)


def test_a_refused_upload_keeps_the_chosen_file_name_in_view() -> None:
    file = io.BytesIO(b"[1, 2, 3]")
    file.name = "my-game.json"
    page = Client().post("/games/upload/", {"file": file}, format="multipart")
    assert page.status_code == 400
    assert "my-game.json" in _message(page)
