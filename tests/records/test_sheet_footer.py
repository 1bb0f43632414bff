"""The last row of a Whist game's score sheet: each game's final score, named so."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import services
from records.models import GameRecord
from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("language", "label"), [("en", "Score"), ("de", "Punkte"),
                                                 ("nl", "Stand")])  # fmt: skip
def test_the_whist_sheets_last_row_is_named_the_score_not_games(
    make_user, language: str, label: str
) -> None:
    """One game to 5 won 5-2 read "Games | 2 | 5", as if the sides had won 2 and 5 games:
    the row holds each game's final score (records/templates/records/game.html)."""
    ann = make_user("ann")
    table = services.table_play_now(ann, "whist", 4, "beginner")
    play_to_end(table.pk, {0: ann})
    games = GameRecord.objects.get(pk=table.pk).result["games"]
    html = Client(headers={"accept-language": language}).get(f"/games/{table.pk}/")
    foot = html.content.decode().split("<tfoot>")[1].split("</tfoot>")[0]
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd]>(.*?)</t[hd]>", foot)]
    assert cells[:3] == [label, *(" · ".join(str(g[s]) for g in games) for s in (0, 1))]
