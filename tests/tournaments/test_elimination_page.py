"""An elimination event's page while a round is played (docs/rules.md §5.9)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.conftest import all_present, event_with, play_to_end
from tournaments import services
from tournaments.after_table import after_table
from tournaments.models import Placement

pytestmark = pytest.mark.django_db(transaction=True)


def badges(html: str) -> dict[str, str]:
    """Each standings row's player and the badge saying whether they are still in."""
    rows = re.findall(r'<a href="/accounts/players/[^"]+/">([^<]+)</a>.*?'
                      r'data-testid="elimination-state">([^<]+)<', html)  # fmt: skip
    return dict(rows)


def test_a_player_whose_table_put_them_out_is_out_before_the_round_ends(
    staff: Any, players: Any
) -> None:
    """The table's game-over dialog tells its loser they are out at once (after_table); the
    event page said "still in" beside their name until the round's last table ended."""
    event = event_with(staff, players(4), kind="elimination", table_size=2, through=1,
                       game="german")  # fmt: skip
    all_present(event)
    assert services.event_tick() == 1
    seats = list(Placement.objects.filter(round__event=event, round__number=1, number=1)
                 .select_related("entry__user"))  # fmt: skip
    play_to_end(seats[0].table_id, {p.seat: p.entry.user for p in seats})
    client = Client()
    client.force_login(staff)
    shown = badges(client.get(f"/events/{event.pk}/").content.decode())
    said = {p.entry.user.display_name: after_table(p.table_id, p.entry.user)["out"]
            for p in seats}  # what each one's game-over dialog says  # fmt: skip
    (loser,) = [name for name, out in said.items() if out is not None]
    (winner,) = [name for name, out in said.items() if out is None]
    assert shown[loser] == "out in round 1"
    assert shown[winner] == "still in"
    others = set(shown) - set(said)
    assert len(others) == 2 and all(shown[name] == "still in" for name in others)
