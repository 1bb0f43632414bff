"""games/reads/rows.py: model instances from SQL written out, worked out once per model and
connection, and gone with the connection."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from django.db import connections

from games.models import Seat
from games.reads import rows


@pytest.mark.django_db
def test_a_threads_plans_go_with_its_connection_when_the_thread_ends():
    """Each ended thread's connection is freed, and with it its database session: a plan
    must not keep it (plans were once kept in a WeakKeyDictionary whose values held their
    key, so every ended thread's connection stayed open until the process ended)."""
    kept: list[weakref.ref] = []

    def work() -> None:
        db = connections["default"]
        assert rows.plan(Seat) is rows.plan(Seat)  # worked out once per connection
        kept.append(weakref.ref(db))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    gc.collect()
    assert kept[0]() is None
