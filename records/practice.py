"""Play it again from here: a practice table from a frame of a stored game's replay.

Only a game whose replay the user may see now: the same checks as the replay page
(selectors.can_view, and selectors.cards_shown, the one rule that keeps a held duplicate board
closed until the event releases it)."""

from __future__ import annotations

import secrets
from typing import Any

from django.utils.translation import gettext as _

from games.engine.bots import LEVELS
from games.engine.practice import NoPosition, SeatOut, position
from games.models import Table
from games.services.errors import ServiceError
from games.services.practice import table_practice
from records import selectors


class PracticeRefused(Exception):
    """Why a practice table cannot be made (a sentence for the player)."""

    @staticmethod
    def bad_form() -> str:
        return _("Choose a step of the replay, a seat and a bot level.")


def practice_start(
    user: Any, table_id: int, upto: int, seat: int, fresh: bool, level: str
) -> Table:
    """The practice table of the stored game `table_id` after its first `upto` events, `user`
    at `seat`, `level` bots elsewhere, the unseen hands real or dealt again (`fresh`)."""
    stored = selectors.record_get(table_id)
    if stored is None or not selectors.can_view(stored, user):
        raise PracticeRefused(_("No such game."))
    # Not even for staff who may look at a held board: the practice table would show its cards.
    if not selectors.cards_shown(stored, None):
        raise PracticeRefused(_("This game's cards are not shown yet."))
    if level not in LEVELS:
        raise PracticeRefused(_("Choose a bot level."))
    try:
        pos = position(stored.record, upto, seat, fresh, seed=secrets.randbits(32))
    except SeatOut as exc:
        raise PracticeRefused(
            _("That seat is knocked out at this step: choose another seat or an earlier step.")
        ) from exc
    except NoPosition as exc:
        raise PracticeRefused(_("There is nothing left to play from there.")) from exc
    try:
        return table_practice(user, stored.table, stored.record, pos, upto, level)
    except ServiceError as exc:
        raise PracticeRefused(exc.message) from exc


def practice_games(stored: Any, user: Any) -> list[Table]:
    """The practice games started from `stored` that `user` may see: their own, and public
    ones."""
    tables = Table.objects.filter(practice_of_id=stored.pk).order_by("created")
    if user is None or not user.is_authenticated:
        return list(tables.filter(private=False)[:20])
    return list((tables.filter(private=False) | tables.filter(created_by=user))[:20])
