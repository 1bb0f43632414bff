"""What the admin calls a row (its title, breadcrumbs, messages, inline rows): the model's
__str__ in the moderator's language. The walk under make run: a report's change page said
"report 1" in German and Dutch."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from accounts.models import AuditEntry, Report
from clubs.models import Membership, Post
from games.models import Move, Seat, Table
from rankings.models import Achievement, GameScore, LevelUp, Progress, SeatResult
from records.models import GamePlayer, GameRecord, RecordAnalysis, UploadedRecord
from tournaments.models import Entry, Event, Placement, Round

# English words of the English names; none of them is German or Dutch.
ENGLISH = re.compile(
    r"\b(report|banned|invited|owner|wall post|table|seat|move|playing|finished|game|"
    r"analysis|uploaded|record|rated|player|level|event|round|running)\b"
)


def rows() -> list:
    return [
        Report(pk=1), AuditEntry(actor_name="Mo", action="ban", target="Pat"),
        Membership(user_id=1, club_id=2, status="invited", role="owner"),
        Post(pk=3, club_id=2), Table(pk=4, game="whist", status="playing"),
        Seat(table_id=4, index=1), Move(table_id=4, number=7),
        GameRecord(pk=5, game="whist", status="finished"), GamePlayer(name="Ann", record_id=5),
        RecordAnalysis(record_id=5, status="done"), UploadedRecord(pk=6, game="german"),
        GameScore(table_id=4, rated=True), SeatResult(table_id=4, seat=2),
        Progress(user_id=1, level=3, xp=40), LevelUp(user_id=1, level=3),
        Achievement(user_id=1, code="first_win"),
        Event(name="Cup", game="whist", status="running"), Entry(user_id=1, event_id=2),
        Round(event_id=2, number=3), Placement(round_id=1, number=2, seat=3),
    ]  # fmt: skip


def test_the_admin_names_rows_in_english_for_english() -> None:
    with translation.override("en"):
        names = [str(row) for row in rows()]
    assert names[0] == "report 1" and all(ENGLISH.search(n) for n in names), names


@pytest.mark.parametrize("language", ["de", "nl"])
def test_the_admin_names_rows_in_the_moderators_language(language: str) -> None:
    with translation.override(language):
        names = {type(row).__name__: str(row) for row in rows()}
    assert not {k: n for k, n in names.items() if ENGLISH.search(n)}, names
