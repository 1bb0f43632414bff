"""The records pages: history, My games, the game page, replay, download, export, upload."""

from __future__ import annotations

import io
import json
import re
import time
from typing import Any

import pytest
from django.test import Client

from games import services
from games.models import Table
from records.models import GameRecord, RecordAnalysis, UploadedRecord
from tests.games.helpers import cards_in, play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def frames_of(html: str) -> list[dict[str, Any]]:
    found = re.search(
        r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S
    )
    assert found
    return json.loads(found.group(1))["frames"]


def test_history_lists_the_game_with_result_score_and_opponent(finished_german):
    table, ann = finished_german
    page = client_for().get("/players/ann/games/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'data-game="{table.pk}"' in html and "German Whist" in html
    assert "Bot (Beginner)" in html  # the opponent


def test_history_filters_by_game_result_and_rated(finished_german):
    table, ann = finished_german
    result = GameRecord.objects.get(pk=table.pk).seat_rows.get(seat=0).result
    client = client_for()
    assert (
        f'data-game="{table.pk}"'
        in client.get(f"/players/ann/games/?result={result}").content.decode()
    )
    for query in ("game=whist", "rated=rated", "result=resigned"):
        assert 'data-game="' not in client.get(f"/players/ann/games/?{query}").content.decode()
    bad = client.get("/players/ann/games/?game=chess&page=abc")
    assert bad.status_code == 200 and "not understood" in bad.content.decode()


def test_a_private_game_is_in_its_players_history_only(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, "german", private=True, bot_levels=[None, "beginner"])
    services.table_start(ann, table.pk)
    services.move_play(table.pk, {"action": "resign"}, user=ann)
    assert f'data-game="{table.pk}"' in client_for(ann).get("/players/ann/games/").content.decode()
    assert 'data-game="' not in client_for(bob).get("/players/ann/games/").content.decode()
    assert client_for(bob).get(f"/games/{table.pk}/").status_code == 404
    assert client_for(ann).get(f"/games/{table.pk}/").status_code == 200


def test_an_unknown_player_or_game_is_404():
    client = client_for()
    assert client.get("/players/nobody/games/").status_code == 404
    assert client.get("/games/999999/").status_code == 404
    assert client.get("/games/999999/record.json").status_code == 404


def test_the_game_page_shows_result_score_sheet_players_replay_and_download(finished_german):
    table, _ann = finished_german
    html = client_for().get(f"/games/{table.pk}/").content.decode()
    for part in ('data-testid="ranking"', 'data-testid="score-sheet"', "/players/ann/games/",
                 f"/games/{table.pk}/replay/", f"/games/{table.pk}/record.json"):  # fmt: skip
        assert part in html


def test_an_annulled_game_says_so(finished_german):
    table, _ann = finished_german
    stored = GameRecord.objects.get(pk=table.pk)
    stored.annulled = True
    stored.save(update_fields=["annulled"])
    assert 'data-testid="annulled"' in client_for().get(f"/games/{table.pk}/").content.decode()
    assert "annulled" in client_for().get("/players/ann/games/").content.decode()


def test_page_replay_and_download_are_refused_while_the_game_runs(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_play_now(ann, "whist", 4, "beginner")
    for client in (client_for(), client_for(ann), client_for(bob)):
        page = client.get(f"/games/{table.pk}/")
        assert page.status_code == 200 and 'data-testid="in-play"' in page.content.decode()
        assert not cards_in(page.content.decode())  # never a card of the running deal
        for url in ("replay/", "record.json", "analysis.json"):
            refused = client.get(f"/games/{table.pk}/{url}")
            assert refused.status_code == 403 and not cards_in(refused.content.decode())


def test_download_then_upload_round_trips_to_the_same_replay(finished_german):
    table, ann = finished_german
    client = client_for(ann)
    download = client.get(f"/games/{table.pk}/record.json")
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment;")
    assert json.loads(download.content) == Table.objects.get(pk=table.pk).record
    upload = client_for().post(
        "/games/upload/", {"file": io.BytesIO(download.content)}, format="multipart"
    )
    assert upload.status_code == 302
    stored = UploadedRecord.objects.get()
    assert upload["Location"] == f"/games/upload/{stored.token}/" and len(stored.token) >= 20
    original = frames_of(client.get(f"/games/{table.pk}/replay/").content.decode())
    uploaded = frames_of(client_for().get(upload["Location"]).content.decode())
    assert uploaded == original and len(original) > 26
    assert GameRecord.objects.count() == 1  # an upload is no one's history


def test_an_unknown_upload_token_is_404():
    assert client_for().get("/games/upload/not-a-token/").status_code == 404


def test_my_games_lists_running_tables_first_then_the_history(finished_german):
    _table, ann = finished_german
    running = services.table_play_now(ann, "knockout", 3, "beginner")
    html = client_for(ann).get("/my/games/").content.decode()
    assert html.index('data-testid="running-tables"') < html.index('data-testid="history"')
    assert f'href="/tables/{running.pk}/"' in html
    assert client_for().get("/my/games/").status_code == 302  # log in first


def test_header_lobby_and_profile_link_to_my_games(finished_german):
    _table, ann = finished_german
    client = client_for(ann)
    assert 'data-testid="my-games"' in client.get("/lobby/").content.decode()
    assert 'data-testid="lobby-my-games"' in client.get("/lobby/").content.decode()
    profile = client.get("/accounts/players/ann/").content.decode()
    assert 'data-testid="profile-history"' in profile and 'data-testid="export"' in profile


def test_the_bulk_export_is_ones_own_games_as_json_lines(finished_german, make_user):
    table, ann = finished_german
    export = client_for(ann).get("/players/ann/games.jsonl")
    assert export.status_code == 200
    lines = b"".join(export.streaming_content).decode().splitlines()
    assert [json.loads(line) for line in lines] == [Table.objects.get(pk=table.pk).record]
    bob = make_user("bob")
    assert client_for(bob).get("/players/ann/games.jsonl").status_code == 403
    assert client_for().get("/players/ann/games.jsonl").status_code == 302


def test_the_analysis_is_asked_for_once_and_then_served(finished_german):
    table, ann = finished_german
    assert client_for().get(f"/games/{table.pk}/analysis.json").json() == {"status": "none"}
    assert client_for().post(f"/games/{table.pk}/analysis/").status_code == 403
    started = client_for(ann).post(f"/games/{table.pk}/analysis/").json()
    assert started["status"] in ("queued", "running", "done")
    deadline = time.monotonic() + 60  # in this process, at once or (under a loop) in a thread
    while (body := client_for().get(f"/games/{table.pk}/analysis.json").json())["status"] != "done":
        assert time.monotonic() < deadline and body["status"] in ("queued", "running")
        time.sleep(0.1)
    assert body["result"]["positions"] and body["done"] == body["total"] > 0
    client_for(ann).post(f"/games/{table.pk}/analysis/")
    assert RecordAnalysis.objects.count() == 1
    assert (
        'data-testid="analysis-summary"' in client_for().get(f"/games/{table.pk}/").content.decode()
    )


@pytest.mark.parametrize("game, players", [("knockout", 4), ("whist", 4)])
def test_knockout_and_whist_pages_show_their_score_sheets(make_user, game, players):
    ann = make_user("ann")
    table = services.table_play_now(ann, game, players, "beginner")
    play_to_end(table.pk, {0: ann})
    stored = GameRecord.objects.get(pk=table.pk)
    html = client_for().get(f"/games/{table.pk}/").content.decode()
    rows = html.split('data-testid="score-sheet"')[1].split("</table>")[0].count("<tr>")
    assert rows == len(stored.record["deals"]) + 1 + (game == "whist")  # head, deals, games
    assert ("Round 1" if game == "knockout" else "Deal 1") in html
    replay = client_for().get(f"/games/{table.pk}/replay/")
    assert replay.status_code == 200 and len(frames_of(replay.content.decode())) > 30
    row = client_for().get("/players/ann/games/").content.decode()
    assert ("place" in row) if game == "knockout" else ("–" in row)


@pytest.mark.parametrize(
    "game, players, options, preset, name",
    [
        ("knockout", 3, {}, "classic", "Classic rules"),
        ("knockout", 3, {}, "dutch", "Dutch rules"),
        ("knockout", 3, {"start_cards": 3}, None, "Custom rules"),
        ("whist", 4, {"target": 7}, None, "Standard rules"),
        ("whist", 4, {"honours": True}, None, "Custom rules"),
        ("german", 2, {}, None, "Standard rules"),
    ],
)
def test_the_game_page_names_the_rules_it_was_played_by(
    make_user, game, players, options, preset, name
):
    ann = make_user("ann")
    levels = [None] + ["beginner"] * (players - 1)
    table = services.table_create(ann, game, players, options, preset, levels)
    services.table_start(ann, table.pk)
    play_to_end(table.pk, {0: ann})
    html = client_for().get(f"/games/{table.pk}/").content.decode()
    assert f"<dd>{name} · " in html


@pytest.mark.parametrize(
    "language, trump, names",
    [
        ("en", "trump", {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}),
        ("de", "Trumpf", {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"}),
    ],
)
def test_the_knockout_score_sheet_names_each_rounds_trump_suit(make_user, language, trump, names):
    ann = make_user("ann")
    table = services.table_play_now(ann, "knockout", 3, "beginner")
    play_to_end(table.pk, {0: ann})
    first = GameRecord.objects.get(pk=table.pk).record["deals"][0]["outcome"]["trump"]
    page = client_for().get(f"/games/{table.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert f"{trump} {names[first]}" in html
    assert f"{trump} {first}<" not in html  # not the record's letter
