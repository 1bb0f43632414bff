"""The card room announces a finished game once, inside the move's transaction, and lets the
scoring apps take part in the watchdog."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from games import services, signals, tasks
from games.models import Table
from games.services import watchdog_parts

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished() -> Any:
    calls: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        kwargs["in_transaction"] = transaction.get_connection().in_atomic_block
        kwargs["status"] = Table.objects.get(pk=kwargs["table"].pk).status
        calls.append(kwargs)

    signals.game_finished.connect(receiver, dispatch_uid="test_finished")
    yield calls
    signals.game_finished.disconnect(dispatch_uid="test_finished")


def test_a_finished_game_is_announced_once_inside_its_transaction(make_user, finished):
    ann = make_user("ann")
    table = services.table_play_now(ann, "german", 2, "beginner")
    services.move_play(table.pk, {"action": "resign"}, user=ann)

    assert len(finished) == 1
    call = finished[0]
    assert call["table"].pk == table.pk and call["in_transaction"]
    assert call["status"] == Table.Status.FINISHED  # the row is saved before the signal
    assert call["state"].over and [s.index for s in call["seats"]] == [0, 1]
    assert call["table"].record["result"]["reason"] == "resign"


def test_a_game_still_in_play_is_not_announced(make_user, finished):
    ann = make_user("ann")
    services.table_play_now(ann, "knockout", 3, "beginner")
    assert finished == []


def test_the_watchdog_adds_what_its_parts_queued(monkeypatch):
    """The apps' watchdog parts are functions it calls (games.services.watchdog_parts), and a
    part that fails is logged while the others still run."""
    parts = {"queues three": lambda: 3, "fails": lambda: 1 // 0, "queues one": lambda: 1}
    monkeypatch.setattr(watchdog_parts, "_parts", parts)
    assert tasks.watchdog() == 4
