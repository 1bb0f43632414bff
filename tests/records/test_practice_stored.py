"""A practice game is stored as one (records.models.GameRecord.practice), once, when stored,
and so are its seats (GamePlayer.practice, for the history's indexes); the migrations that
added the fields mark the practice games and their seats stored before them."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps

from records.models import GamePlayer, GameRecord
from tests.rankings.helpers import seeded, store

pytestmark = pytest.mark.django_db


def test_a_practice_game_is_stored_as_practice_and_its_original_is_not(make_user):
    ann = make_user("ann")
    original = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    practice = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False,
                     practice_of=original)  # fmt: skip
    assert GameRecord.objects.get(pk=practice.pk).practice
    assert not GameRecord.objects.get(pk=original.pk).practice


def seats_marked(original, practice) -> dict[int, set[bool]]:
    rows = GamePlayer.objects.filter(record__in=[original.pk, practice.pk])
    marked: dict[int, set[bool]] = {}
    for record_id, flag in rows.values_list("record_id", "practice"):
        marked.setdefault(record_id, set()).add(flag)
    return marked


def test_the_seats_of_a_practice_game_are_stored_as_practice_and_its_originals_not(make_user):
    ann = make_user("ann")
    original = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    practice = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False,
                     practice_of=original)  # fmt: skip
    assert seats_marked(original, practice) == {original.pk: {False}, practice.pk: {True}}


def test_the_migration_marks_the_practice_games_stored_before_it(make_user):
    ann = make_user("ann")
    original = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    practice = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False,
                     practice_of=original)  # fmt: skip
    GameRecord.objects.update(practice=False)  # as stored before the field
    import_module("records.migrations.0010_practice").backfill(apps, None)
    assert set(GameRecord.objects.filter(practice=True).values_list("pk", flat=True)) == {
        practice.pk
    }


def test_the_migration_marks_the_seats_of_the_practice_games_stored_before_it(make_user):
    ann = make_user("ann")
    original = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    practice = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False,
                     practice_of=original)  # fmt: skip
    GamePlayer.objects.update(practice=False)  # as stored before the field
    import_module("records.migrations.0011_seat_practice").backfill(apps, None)
    assert seats_marked(original, practice) == {original.pk: {False}, practice.pk: {True}}
