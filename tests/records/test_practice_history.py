"""Practice games ("play from here") are kept apart in a player's history: the list of games
played leaves them out, as the statistics and the profile's "Games played" do, and the
filter "Practice games" lists them, each marked (docs/guide.md, "Finding a game")."""

from __future__ import annotations

import pytest

from records.selectors import history
from tests.rankings.helpers import seeded, store
from tests.records.test_pages import client_for

pytestmark = pytest.mark.django_db


def games_of(make_user):
    ann = make_user("ann")
    original = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False)
    practice = store(seeded("german", 2, 5, games=1), [ann, "club"], rated=False,
                     practice_of=original)  # fmt: skip
    return ann, original, practice


@pytest.mark.parametrize("path", ["/my/games/", "/players/ann/games/"])
def test_the_history_leaves_practice_games_out(make_user, path):
    ann, original, practice = games_of(make_user)
    page = client_for(ann).get(path).content.decode()
    assert f'data-game="{original.pk}"' in page
    assert f'data-game="{practice.pk}"' not in page


@pytest.mark.parametrize("path", ["/my/games/", "/players/ann/games/"])
def test_the_practice_filter_lists_the_practice_games_alone_and_marked(make_user, path):
    ann, original, practice = games_of(make_user)
    page = client_for(ann).get(path, {"kind": "practice"}).content.decode()
    assert f'data-game="{practice.pk}"' in page
    assert f'data-game="{original.pk}"' not in page
    assert 'data-testid="practice-badge"' in page


def test_a_filter_not_understood_lists_the_games_played(make_user):
    ann, original, practice = games_of(make_user)
    answer = client_for(ann).get("/my/games/", {"kind": "<script>"})
    page = answer.content.decode()
    assert answer.status_code == 200 and "not understood" in page
    assert f'data-game="{original.pk}"' in page and f'data-game="{practice.pk}"' not in page


@pytest.mark.parametrize("viewer", ["ann", "bob"])
def test_the_historys_count_and_rows_leave_practice_games_out(make_user, viewer):
    """Both queries of a history page: the paginator's count and the rows."""
    ann, original, practice = games_of(make_user)
    seen_by = ann if viewer == "ann" else make_user("bob")
    played, practised = history(ann, seen_by), history(ann, seen_by, {"practice": True})
    assert played.count() == 1 and [r.record_id for r in played] == [original.pk]
    assert practised.count() == 1 and [r.record_id for r in practised] == [practice.pk]
