"""A moderator annuls a finished game: every rating is what a fresh database gets from the
other games; twice changes nothing; casual games too; the pages and histories say so and
the result filters leave it out; one audit row; only moderators (403 for players), from the
game page or the admin; bad input gets a clear answer. Each game's rating change shows on
the history rows and the game page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from accounts.models import AuditEntry
from accounts.services import ModerationError
from games import services as games
from games.models import Seat, Table
from rankings.models import Rating, SeatResult
from rankings.services import game_score_create
from records.models import GamePlayer, GameRecord
from records.services import game_annul, record_store
from records.signals import game_annulled
from tests.rankings.annulled import differences, scored_afresh, snapshot
from tests.rankings.helpers import store, winning
from tests.staff import made_moderator, staff_client

pytestmark = pytest.mark.django_db
RECORDS_PERMISSIONS = ["view_gamerecord", "view_gameplayer", "annul_gamerecord"]


@pytest.fixture
def moderator(make_user: Any) -> Any:
    """A staff user in the Moderators group, with the permissions the migrations give it."""
    return made_moderator(make_user("mod"), {"records": RECORDS_PERMISSIONS})


def client_for(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        staff_client(user, client)
    return client


def finished(state: Any, seats: list[Any], rated: bool = True) -> int:
    """A finished game as the card room leaves it: table, move log, stored record, scored."""
    table = store(state, seats, rated=rated)
    record_store(table, list(Seat.objects.filter(table=table).order_by("index")))
    assert game_score_create(table.pk) is not None
    return table.pk


def evening(make_user: Any) -> list[int]:
    """Eight rated games of three players who meet again and again, and of bots."""
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    plan = [([ann, bob], 0), ([bob, "club"], 1), ([ann, cat], 1), ([cat, bob], 0),
            ([ann, "club"], 0), ([bob, ann], 1), ([cat, "expert"], 0), ([ann, cat], 0)]  # fmt: skip
    return [finished(winning("german", 2, seat), seats) for seats, seat in plan]


def test_annulling_a_rated_game_leaves_every_rating_as_a_fresh_database_would(make_user, moderator):
    tables = evening(make_user)
    assert game_annul(tables[2], moderator, "ann and cat colluded") is True
    got = snapshot()
    assert differences(got, scored_afresh(tables[:2] + tables[3:])) == []
    stored = GameRecord.objects.get(pk=tables[2])
    assert stored.annulled and stored.annulled_at and stored.annul_reason == "ann and cat colluded"


def test_annulling_twice_changes_nothing_and_writes_one_audit_row(make_user, moderator):
    tables = evening(make_user)
    game_annul(tables[4], moderator, "  a bot took over  ")
    once = snapshot()
    assert game_annul(tables[4], moderator, "again") is False
    assert snapshot() == once
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.actor, entry.reason) == ("annul", moderator, "a bot took over")
    assert entry.target == f"game {tables[4]} (german)" and entry.details["rated"] is True
    assert GameRecord.objects.get(pk=tables[4]).annul_reason == "a bot took over"


def test_a_casual_game_can_be_annulled(make_user, moderator):
    ann = make_user("ann")
    table = finished(winning("german", 2, 0), [ann, "club"], rated=False)
    ratings = list(Rating.objects.values_list("mu", "sigma", "games"))
    assert game_annul(table, moderator, "test game") is True
    assert list(Rating.objects.values_list("mu", "sigma", "games")) == ratings
    assert GameRecord.objects.get(pk=table).annulled
    ann.refresh_from_db()
    assert ann.progress.xp == 0 and SeatResult.objects.get(table_id=table, seat=0).annulled


def test_an_annulled_game_is_marked_on_its_page_and_in_histories_and_leaves_the_result_filters(
    make_user, moderator
):
    ann = make_user("ann")
    kept = finished(winning("german", 2, 0), [ann, "club"])
    gone = finished(winning("german", 2, 0), [ann, "club"])
    game_annul(gone, moderator, "scripted deal")
    page = client_for().get(f"/games/{gone}/").content.decode()
    assert 'data-testid="annulled"' in page and "scripted deal" in page
    assert 'data-testid="rating-change"' not in page  # it changed nobody's rating
    history = client_for().get("/players/ann/games/").content.decode()
    assert row_of(history, gone).count('data-testid="annulled-badge"') == 1
    assert "won" in row_of(history, gone)  # as it was played
    assert 'data-testid="rating-change"' in row_of(history, kept)
    won = client_for().get("/players/ann/games/?result=won").content.decode()
    assert f'data-game="{kept}"' in won and f'data-game="{gone}"' not in won
    annulled = client_for().get("/players/ann/games/?result=annulled").content.decode()
    assert f'data-game="{gone}"' in annulled and f'data-game="{kept}"' not in annulled
    assert set(GamePlayer.objects.filter(record_id=gone).values_list("result", flat=True)) == {
        "annulled"
    }
    profile = client_for(ann).get("/accounts/players/ann/").content.decode()
    assert profile.count('data-testid="recent-annulled"') == 1
    assert 'data-testid="games-played">2<' in profile  # played, though annulled


def row_of(html: str, table_id: int) -> str:
    found = re.search(
        rf'<li class="history-row[^"]*" data-game="{table_id}">(.*?)</li>', html, re.S
    )
    assert found, f"no history row of game {table_id}"
    return found.group(1)


def shown(change: int) -> str:
    """A rating change as the pages write it."""
    return f"+{change}" if change > 0 else f"\u2212{-change}" if change < 0 else "±0"


def test_history_rows_and_game_pages_show_each_games_rating_change(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    win = finished(winning("german", 2, 0), [ann, bob])
    loss = finished(winning("german", 2, 1), [ann, "expert"])
    casual = finished(winning("german", 2, 0), [ann, bob], rated=False)
    change = {r.seat: r.change for r in SeatResult.objects.filter(table_id=loss)}
    history = client_for().get("/players/ann/games/").content.decode()
    assert re.search(r'data-testid="rating-change">\+\d+<', row_of(history, win))
    assert f'data-testid="rating-change">{shown(change[0])}<' in row_of(history, loss)
    assert 'data-testid="rating-change"' not in row_of(history, casual)
    page = client_for().get(f"/games/{loss}/").content.decode()
    on_page = re.findall(r'data-testid="rating-change">([^<]+)<', page)
    assert sorted(on_page) == sorted(shown(c) for c in change.values())  # the bot's seat too


def test_a_moderator_annuls_from_the_game_page(make_user, moderator):
    tables = evening(make_user)
    client = client_for(moderator)
    page = client.get(f"/games/{tables[1]}/").content.decode()
    assert f'href="/games/{tables[1]}/annul/"' in page
    form = client.get(f"/games/{tables[1]}/annul/")
    assert form.status_code == 200 and 'data-testid="annul-form"' in form.content.decode()
    done = client.post(f"/games/{tables[1]}/annul/", {"reason": "bot abuse"}, follow=True)
    assert done.redirect_chain == [(f"/games/{tables[1]}/", 302)]
    assert "The game is annulled." in done.content.decode()
    assert GameRecord.objects.get(pk=tables[1]).annulled and AuditEntry.objects.count() == 1
    again = client.get(f"/games/{tables[1]}/annul/").content.decode()
    assert 'data-testid="annulled-already"' in again and 'data-testid="annul-form"' not in again
    assert (
        'href="/games/{tables[1]}/annul/"'
        not in client.get(f"/games/{tables[1]}/").content.decode()
    )


def test_a_player_may_not_annul_and_gets_a_clear_403(make_user, moderator):
    tables = evening(make_user)
    ann = make_user("dan")
    for method in ("get", "post"):
        refused = getattr(client_for(ann), method)(f"/games/{tables[0]}/annul/", {"reason": "x"})
        assert refused.status_code == 403
        assert "Only moderators can annul a game." in refused.content.decode()
    assert client_for().post(f"/games/{tables[0]}/annul/", {"reason": "x"}).status_code == 302
    assert (
        f"/games/{tables[0]}/annul/"
        not in client_for(ann).get(f"/games/{tables[0]}/").content.decode()
    )
    assert not GameRecord.objects.filter(annulled=True).exists() and not AuditEntry.objects.exists()


@pytest.mark.parametrize(
    "reason, problem",
    [("", "This field is required."), ("   ", "This field is required."),
     ("x" * 301, "at most 300 characters")],
)  # fmt: skip
def test_a_missing_or_overlong_reason_is_a_form_error(make_user, moderator, reason, problem):
    tables = evening(make_user)
    page = client_for(moderator).post(f"/games/{tables[0]}/annul/", {"reason": reason})
    assert page.status_code == 400 and problem in page.content.decode()
    assert not GameRecord.objects.filter(annulled=True).exists()


def test_unknown_and_running_games_cannot_be_annulled(make_user, moderator):
    client = client_for(moderator)
    assert client.get("/games/999999/annul/").status_code == 404
    assert client.post("/games/999999/annul/", {"reason": "x"}).status_code == 404
    ann = make_user("ann")
    running = games.table_play_now(ann, "german", 2, "beginner")
    refused = client.post(f"/games/{running.pk}/annul/", {"reason": "x"})
    assert refused.status_code == 403 and 'data-testid="in-play"' in refused.content.decode()
    with pytest.raises(ModerationError):
        game_annul(running.pk, moderator, "in play")
    with pytest.raises(ModerationError):
        game_annul(running.pk, moderator, " ")
    assert Table.objects.get(pk=running.pk).status == Table.Status.PLAYING


def test_a_moderator_annuls_from_the_admin_with_a_reason(make_user, moderator):
    tables = evening(make_user)
    client = client_for(moderator)
    selected = {"action": "annul", "_selected_action": [tables[0], tables[5]], "index": "0"}
    ask = client.post("/admin/records/gamerecord/", selected)
    assert ask.status_code == 200 and 'data-testid="annul-games"' in ask.content.decode()
    confirm = {"action": "annul", "_selected_action": [tables[0], tables[5]], "apply": "yes"}
    blank = client.post("/admin/records/gamerecord/", {**confirm, "reason": ""})
    assert blank.status_code == 200 and "This field is required." in blank.content.decode()
    done = client.post("/admin/records/gamerecord/", {**confirm, "reason": "two test games"})
    assert done.status_code == 302
    assert set(GameRecord.objects.filter(annulled=True).values_list("pk", flat=True)) == {
        tables[0],
        tables[5],
    }
    assert AuditEntry.objects.filter(action="annul").count() == 2
    assert differences(snapshot(), scored_afresh(tables[1:5] + tables[6:])) == []


def test_the_admin_cannot_edit_or_delete_game_records(make_user, moderator):
    tables = evening(make_user)
    root = make_user("root")
    root.is_staff = root.is_superuser = True
    root.save()
    for client in (client_for(root), client_for(moderator)):
        assert client.get("/admin/records/gamerecord/").status_code == 200
        assert client.get("/admin/records/gamerecord/add/").status_code == 403
        assert client.get(f"/admin/records/gamerecord/{tables[0]}/delete/").status_code == 403
        page = client.get(f"/admin/records/gamerecord/{tables[0]}/change/")
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
        assert client.post(f"/admin/records/gamerecord/{tables[0]}/change/", {}).status_code == 403
    player = make_user("pat")
    player.is_staff = True
    player.save()
    assert client_for(player).get("/admin/records/gamerecord/").status_code == 403


@pytest.mark.django_db(transaction=True)
def test_games_played_through_the_card_room_are_annulled_end_to_end(make_user, moderator):
    """Rated games finished at the table (record stored and bookkeeping run on commit)."""
    ann, bob = make_user("ann"), make_user("bob")
    tables = []
    for who in (ann, bob, ann, bob):
        table = games.table_create(who, "german", 2, bot_levels=[None, "club"], rated=True)
        games.table_start(who, table.pk)
        games.move_play(table.pk, {"action": "resign"}, user=who)
        tables.append(table.pk)
    assert SeatResult.objects.filter(rated=True).count() == 8
    assert game_annul(tables[1], moderator, "bob's little brother played") is True
    assert differences(snapshot(), scored_afresh([tables[0], *tables[2:]])) == []


def test_annulling_is_a_records_event_rankings_hears_in_the_same_transaction(make_user, moderator):
    """records.signals.game_annulled: rankings undoes the score in the annulment's
    transaction, so a receiver's failure leaves the game and its score as they were."""
    tables = evening(make_user)

    def fails(sender: Any, record: GameRecord, **kwargs: Any) -> None:
        assert SeatResult.objects.filter(table_id=record.pk, annulled=True).exists()
        raise RuntimeError("a listener failed")

    game_annulled.connect(fails, dispatch_uid="test_annul_fails")
    try:
        with pytest.raises(RuntimeError):
            game_annul(tables[0], moderator, "collusion")
    finally:
        game_annulled.disconnect(dispatch_uid="test_annul_fails")
    assert not GameRecord.objects.get(pk=tables[0]).annulled
    assert not SeatResult.objects.filter(table_id=tables[0], annulled=True).exists()
    assert game_annul(tables[0], moderator, "collusion") is True
    assert SeatResult.objects.filter(table_id=tables[0], annulled=True).exists()
