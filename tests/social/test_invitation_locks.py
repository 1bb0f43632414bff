"""Invitations take their locks in one order: the invitation's rows first, then (through
games' seat_take) the table's, so a re-send racing an accept never deadlocks (PostgreSQL)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from games import services
from games.services.errors import ServiceError
from social.models import Invitation
from social.services import invitation_accept, invitation_send

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 12


def _race(*calls: Callable[[], Any]) -> list[str]:
    """Run the calls at once, each in a thread of its own; what each ended with."""
    barrier, outcomes = threading.Barrier(len(calls)), [""] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            calls[i]()
            outcomes[i] = "done"
        except ServiceError as exc:
            outcomes[i] = exc.code
        except Exception as exc:  # a deadlock, or anything else the race breaks
            outcomes[i] = f"{type(exc).__name__}: {exc}"
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_a_resend_and_an_accept_raced_many_times_never_deadlock(make_user, settings) -> None:
    settings.WHIST_MAX_OPEN_TABLES = settings.WHIST_INVITES_PENDING = ROUNDS + 1
    settings.WHIST_INVITES_PER_RECIPIENT = 3 * ROUNDS  # the race, not the per-player limit
    ann, bob = make_user("ann"), make_user("bob")
    for _ in range(ROUNDS):
        table = services.table_create(ann, "german")
        first = invitation_send(ann, bob, table.pk)
        resend, accept = _race(
            lambda t=table: invitation_send(ann, bob, t.pk),
            lambda i=first: invitation_accept(bob, i.pk, {}),
        )
        assert resend in ("done", "already_seated", "seat_taken", "not_open"), resend
        assert accept in ("done", "answered"), accept
        first.refresh_from_db()
        seated = table.seats.filter(user=bob).exists()
        assert seated == (accept == "done") == (first.status == Invitation.Status.ACCEPTED)
