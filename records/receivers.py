"""Receiver of the card room's signal: every finished game is stored once, in its move's
transaction (games.signals.game_finished), and announced to the apps above
(records.signals.game_recorded)."""

from typing import Any

from django.dispatch import receiver

from games.signals import game_finished
from records.models import GameRecord
from records.services import record_store
from records.signals import game_recorded


@receiver(game_finished, dispatch_uid="records_store_finished_game")
def store_finished_game(sender: Any, table: Any, seats: Any, **kwargs: Any) -> None:
    stored = record_store(table, list(seats))
    if stored is not None:
        game_recorded.send(sender=GameRecord, record=stored)
