"""Run by tests/games/test_embedded_statements.py in a process of its own, on `make run`'s
SQLite (DATABASE_URL names the file): the statements the site writes out by hand, each
where it has a PostgreSQL form (arrays, data-modifying WITH), run on SQLite too. Prints one
JSON object: what each step found."""

from __future__ import annotations

import json
import os
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistsite.settings")

import django  # noqa: E402
from django.conf import settings  # noqa: E402

django.setup()


class _NoMigrations(dict):
    """The tables made from the models at once (SQLite's migrate takes half a minute)."""

    def __contains__(self, item: object) -> bool:
        return True

    def __getitem__(self, item: str) -> None:
        return None


settings.MIGRATION_MODULES = _NoMigrations()

from django.core.management import call_command  # noqa: E402

from accounts.models import User  # noqa: E402
from games import held, services  # noqa: E402
from games.engine.views import seat_view  # noqa: E402
from games.gamestate import state_for  # noqa: E402
from games.models import Presence, Table  # noqa: E402
from games.reads.queries import table_versions  # noqa: E402
from runtime import processes  # noqa: E402


def _seen() -> dict[str, object]:
    return dict(Presence.objects.values_list("channel", "seen"))


def _move(table_id: int, users: list[User]) -> int:
    table = Table.objects.get(pk=table_id)
    state = state_for(table)
    legal = seat_view(state, state.to_act)["legal"][0]
    event = {k: v for k, v in legal.items() if k != "seat"}
    services.move_play(table.pk, event, table.version, user=users[state.to_act])
    return Table.objects.get(pk=table_id).version


def main() -> dict[str, object]:
    call_command("migrate", run_syncdb=True, verbosity=0)
    users = [User.objects.create_user(f"embedded{i}", password=None) for i in range(2)]
    table = services.table_create(users[0], "german")
    services.seat_take(users[1], table.pk, 1)
    table = services.table_start(users[0], table.pk)
    found: dict[str, object] = {}
    found["opened"] = [
        services.seat_open(table.pk, user, f"socket-{i}").seat for i, user in enumerate(users)
    ]
    before = _seen()
    time.sleep(0.01)
    services.seats_heartbeat([(table.pk, user, f"socket-{i}") for i, user in enumerate(users)])
    after = _seen()
    found["beats_refreshed"] = sorted(c for c in before if after[c] > before[c])
    found["beat_seat"] = services.seat_heartbeat(table.pk, users[1], "socket-1")
    version = _move(table.pk, users)  # the held table's compare-and-set
    held.clear()
    found["moves"] = [version, _move(table.pk, users)]  # and the locked path
    found["versions"] = table_versions([table.pk, table.pk + 1000])
    services.seat_disconnect(table.pk, "socket-0")
    found["after_disconnect"] = sorted(_seen())
    found["dropped_by_process"] = services.presence_drop_process(processes.current())
    return found


if __name__ == "__main__":
    print(json.dumps(main(), default=str))
