"""Fixtures of the accounts tests: asgiref's worker thread closes its database connection
at the end (as in the card-room tests), so the test database can be dropped."""

from tests.games.conftest import _close_worker_connections  # noqa: F401
