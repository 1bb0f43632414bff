"""Staff in the tests: a client logged in as a staff member who has passed the second factor
(accounts.two_factor), as they must be to reach the admin."""

from __future__ import annotations

from typing import Any

from django.test import Client


def staff_client(user: Any, client: Client | None = None) -> Client:
    client = client or Client()
    client.force_login(user)
    return client
