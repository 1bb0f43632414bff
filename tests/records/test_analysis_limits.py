"""One player's analyses cannot fill the line everyone waits in: a few of theirs in
the line or running at once, a few dozen an hour; the page says each one's place in the line."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from records.analysis_service import AnalysisRefused, analysis_place, analysis_request
from records.models import GameRecord, RecordAnalysis
from tests.games.conftest import queued  # noqa: F401
from tests.records.factories import store_many

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def games(finished_german: Any, queued: Any) -> tuple[list[GameRecord], Any]:  # noqa: F811
    """Six stored games of ann; analyses are queued, never run (`queued`)."""
    table, ann = finished_german
    ids = store_many(ann, 5, table.record)
    return [GameRecord.objects.get(pk=pk) for pk in [table.pk, *ids]], ann


def test_a_player_may_have_three_analyses_in_the_line_at_once(games):
    stored, ann = games
    for found in stored[:3]:
        analysis_request(found, ann)
    with pytest.raises(AnalysisRefused, match="3 analyses in the line"):
        analysis_request(stored[3], ann)
    assert not RecordAnalysis.objects.filter(pk=stored[3].pk).exists()  # nothing stored


def test_a_finished_analysis_frees_its_place_for_the_next(games):
    stored, ann = games
    for found in stored[:3]:
        analysis_request(found, ann)
    RecordAnalysis.objects.filter(pk=stored[0].pk).update(status=RecordAnalysis.Status.DONE)
    assert analysis_request(stored[3], ann).status == RecordAnalysis.Status.QUEUED


def test_a_player_may_ask_for_a_limited_number_an_hour(games, settings):
    stored, ann = games
    settings.WHIST_ANALYSIS_ACTIVE, settings.WHIST_ANALYSIS_HOURLY = 100, 4
    for found in stored[:4]:
        analysis_request(found, ann)
    with pytest.raises(AnalysisRefused, match="4 analyses in the last hour"):
        analysis_request(stored[4], ann)


def test_asking_for_an_analysis_already_in_the_line_is_no_new_request(games):
    stored, ann = games
    for found in stored[:3]:
        analysis_request(found, ann)
    assert analysis_request(stored[0], ann).status == RecordAnalysis.Status.QUEUED


def test_each_queued_analysis_knows_its_place_in_the_line(games, make_user):
    stored, ann = games
    bob = make_user("bob")
    rows = [analysis_request(stored[0], ann), analysis_request(stored[1], bob)]
    assert [analysis_place(row) for row in rows] == [0, 1]


def test_the_page_says_the_place_in_the_line_and_why_a_request_is_refused(games, make_user):
    stored, ann = games
    client = Client()
    client.force_login(ann)
    answers = [client.post(reverse("game_analysis_start", args=[s.pk])) for s in stored[:4]]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert [a.json().get("ahead") for a in answers[:3]] == [0, 1, 2]
    assert "3 analyses in the line" in answers[3].json()["error"]
