"""Fixtures of the site's page tests."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client


@pytest.fixture
def ann(client: Client):
    """A player, Ann, logged in on the test client."""
    user = get_user_model().objects.create_user("ann", password="x-Long-pass-1", display_name="Ann")
    client.force_login(user)
    return user
