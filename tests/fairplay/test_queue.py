"""The moderators' fair-play queue (docs/fairplay.md §3): moderators with the review right
see each flag with its figures, positions and the players' history; nobody else sees it,
the flagged player least of all; a decision is audited, annulling refunds the games'
ratings, a warning tells the player nothing of the flag, bad input is a form error."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import AuditEntry, Ban
from fairplay import selectors
from fairplay.apps import MODERATOR_PERMISSIONS
from fairplay.models import Flag
from fairplay.services import game_signals_compute
from rankings.models import SeatResult
from rankings.services import game_score_create
from records.models import GameRecord
from tests.fairplay.conftest import seer_game, stored
from tests.staff import made_moderator, staff_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def flagged(make_user: Any, settings: Any) -> tuple[Flag, Any]:
    """A seer's rated game, scored and judged, and the flag it raised (thresholds low)."""
    settings.WHIST_FAIRPLAY_ODDS, settings.WHIST_FAIRPLAY_MIN_POSITIONS = 2.0, 2
    seer = make_user("seer")
    table = stored(seer_game(2), [seer, "club", "club", "club"], rated=True)
    game_score_create(table.pk)
    game_signals_compute(table.pk)
    return Flag.objects.get(user=seer), seer


@pytest.fixture
def moderator(make_user: Any) -> Any:
    records = ["view_gamerecord", "view_gameplayer", "annul_gamerecord"]
    return made_moderator(make_user("mod"), {"records": records, "fairplay": MODERATOR_PERMISSIONS})


def client_for(user: Any = None) -> Client:
    """A logged-in client; staff with the second factor passed (tests/staff.py)."""
    client = Client()
    if user is not None:
        staff_client(user, client)
    return client


def test_a_moderator_sees_the_flag_with_its_figures_positions_and_history(flagged, moderator):
    flag, seer = flagged
    page = client_for(moderator).get(reverse("fairplay_queue"))
    assert page.status_code == 200 and "seer" in page.content.decode()
    page = client_for(moderator).get(reverse("fairplay_flag", args=[flag.pk])).content.decode()
    table = flag.games[0]
    assert f"/games/{table}/replay/#before-" in page  # the position, face up in the replay
    assert "fairplay-positions" in page and "fairplay-history" in page


@pytest.mark.parametrize("who", ["anonymous", "flagged", "player", "staff_without_right"])
def test_nobody_else_sees_the_queue_or_a_flag(flagged, make_user, who):
    flag, seer = flagged
    user = {"anonymous": None, "flagged": seer, "player": make_user("pat")}.get(who)
    if who == "staff_without_right":
        user = make_user("desk")
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    for url in (reverse("fairplay_queue"), reverse("fairplay_flag", args=[flag.pk])):
        response = client_for(user).get(url)
        assert response.status_code in (302, 403), (who, url)
        assert "seer" not in response.content.decode() or who == "flagged"


def test_the_flagged_players_own_pages_show_nothing_of_it(flagged):
    flag, seer = flagged
    client = client_for(seer)
    for url in ("/", reverse("game_record", args=[flag.games[0]]),
                reverse("history", args=[seer.username])):  # fmt: skip
        text = client.get(url, follow=True).content.decode().lower()
        assert "fair-play" not in text and "fairplay" not in text, url


def test_annulling_the_flagged_games_refunds_their_ratings_audited(flagged, moderator):
    flag, seer = flagged
    table = flag.games[0]
    assert SeatResult.objects.filter(table_id=table, annulled=False).exists()
    url = reverse("fairplay_flag", args=[flag.pk])
    response = client_for(moderator).post(url, {"action": "annul", "reason": "saw the hands"})
    assert response.status_code == 302
    assert GameRecord.objects.get(pk=table).annulled
    assert not SeatResult.objects.filter(table_id=table, annulled=False).exists()
    flag.refresh_from_db()
    assert flag.status == Flag.Status.ANNULLED and flag.resolved_by == moderator
    assert AuditEntry.objects.get(action=AuditEntry.Action.ANNUL, actor=moderator).reason == (
        "saw the hands"
    )
    # the game's page says it was annulled, never the reason a flag gave
    page = client_for(seer).get(reverse("game_record", args=[table])).content.decode()
    assert 'data-testid="annulled"' in page and "saw the hands" not in page


def test_a_warning_is_audited_and_tells_the_player_nothing_of_the_flag(flagged, moderator):
    flag, seer = flagged
    client_for(moderator).post(reverse("fairplay_flag", args=[flag.pk]),
                               {"action": "warn", "reason": "first time"})  # fmt: skip
    entry = AuditEntry.objects.get(action=AuditEntry.Action.WARNED)
    assert entry.target_user == seer and entry.actor == moderator
    seer.refresh_from_db()
    assert seer.notices == [{"kind": "fair_play"}]  # a reminder of the rules, no figures


def test_a_ban_and_a_dismissal_are_audited(flagged, moderator, make_user):
    flag, seer = flagged
    client_for(moderator).post(reverse("fairplay_flag", args=[flag.pk]),
                               {"action": "ban", "reason": "cheating"})  # fmt: skip
    assert Ban.objects.get(user=seer).created_by == moderator
    assert AuditEntry.objects.filter(action=AuditEntry.Action.BAN, target_user=seer).exists()
    other = Flag.objects.create(kind=Flag.Kind.HIDDEN, user=make_user("lucky"), figures={})
    client_for(moderator).post(reverse("fairplay_flag", args=[other.pk]),
                               {"action": "dismiss", "reason": "good reads"})  # fmt: skip
    assert AuditEntry.objects.filter(action=AuditEntry.Action.FLAG_DISMISSED).count() == 1


@pytest.mark.parametrize("data", [{"action": "annul", "reason": ""},
                                  {"action": "explode", "reason": "x"}])  # fmt: skip
def test_bad_input_is_a_form_error_and_changes_nothing(flagged, moderator, data):
    flag, _seer = flagged
    response = client_for(moderator).post(reverse("fairplay_flag", args=[flag.pk]), data)
    assert response.status_code == 400
    flag.refresh_from_db()
    assert flag.status == Flag.Status.OPEN and not AuditEntry.objects.exists()


def test_a_flags_positions_load_no_game_record(flagged, moderator):
    """Each flagged game's seats and game are read, and whether its board is held: neither
    its stored record nor the table's copy is loaded (each a whole game's JSON)."""
    flag, _seer = flagged
    with CaptureQueriesContext(connection) as queries:
        shown, withheld = selectors.positions(flag, moderator)
    assert shown and not withheld
    loaded = " ".join(q["sql"] for q in queries.captured_queries)
    assert '"records_gamerecord"."record"' not in loaded
    assert '"games_table"."record"' not in loaded and '"games_table"."start"' not in loaded
