"""A whist drive's page speaks of tricks (issue 44, left by e800c8b): each seat's tricks in
the rounds and the standings as whole numbers, and no "opponents' points" column, which
means nothing in a drive; its ties are told in tricks (docs/rules.md §5.8)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_drives import _run, drive_with

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_drives_page_shows_tricks_as_whole_numbers_and_no_opponents_points(
    staff: Any, players: Any
) -> None:
    users = players(4)
    event = drive_with(staff, users, rounds=2)
    _run(event)
    client = Client()
    client.force_login(users[0])
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Opponents&#x27; points" not in page and "Opponents' points" not in page
    assert "Equal tricks in the standings are decided by the opponents met" in page
    badges = re.findall(r'<span class="badge">([^<]*)</span>', page.split('id="rounds-h"')[1])
    assert len(badges) == 8 and all(re.fullmatch(r"\d+", b) for b in badges), badges
    standings = page.split('data-testid="standings"')[1].split("</table>")[0]
    assert not re.search(r"\d\.\d", standings), standings
