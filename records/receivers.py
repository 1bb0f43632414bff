"""Receivers of the card room's signals: every finished game is stored once, in its move's
transaction (games.signals.game_finished); the watchdog re-queues lost analyses."""

from typing import Any

from django.dispatch import receiver

from games.signals import game_finished
from records.services import record_store


@receiver(game_finished, dispatch_uid="records_store_finished_game")
def store_finished_game(sender: Any, table: Any, seats: Any, **kwargs: Any) -> None:
    record_store(table, list(seats))
