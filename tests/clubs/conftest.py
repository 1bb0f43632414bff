"""Fixtures of the clubs tests: players, and a club with an owner, a moderator and a member."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from clubs import services
from clubs.models import Club, Membership


@pytest.fixture
def people(db: Any) -> Any:
    def make(*names: str) -> list[Any]:
        model = get_user_model()
        return [model.objects.create_user(n, password="pw", display_name=n.title()) for n in names]

    return make


def club_of(owner: Any, name: str = "Hearts Club", joining: str = "open", **roles: Any) -> Club:
    """A club made by `owner`; `moderators` and `members` (lists) are made such."""
    club = services.club_create(owner, name=name, joining=joining)
    for role, users in (("moderator", roles.get("moderators", [])),
                        ("member", roles.get("members", []))):  # fmt: skip
        for user in users:
            Membership.objects.create(club=club, user=user, role=role)
    return club
