"""Hints at casual tables (docs/protocol.md §"Hints"): the seat to play asks which
card the Expert bot would play from its own view, and why. Refused at rated tables, tables an
event arranged, held boards and tables that hide ratings: refused here, not only hidden on the
page. The hint goes in the game's log (games/engine/hints.py), so the record and its replay
show it. At most WHIST_HINTS_PER_GAME per player and game and one per turn, none for a seat
with only one legal card, and none while a take-back or a claim is asked of the table (a hint
is a move, which ends it); the Expert thinks under the table's lock in a worker thread, as a
bot's move does (games/services/moves.py)."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine import State
from games.engine.actions import HINT, PLAY, Action
from games.engine.bots.hint import REASONS, advise
from games.engine.cards import parse_card
from games.engine.views import seat_view
from games.models import Move, Table
from games.reads.queries import current_offer, current_takeback
from games.services.errors import ServiceError
from games.services.moves import commit, player_turn

log = logging.getLogger(__name__)


def hint_ask(table_id: int, *, user: User) -> dict[str, Any]:
    """The Expert's card for the asker's turn and its reason in a sentence, recorded."""
    with transaction.atomic():
        table, seats, seat, state = player_turn(table_id, user)
        _check_allowed(table)
        if current_takeback(table) is not None or current_offer(table) is not None:
            # A hint is a move, and a move ends the question unanswered.
            raise ServiceError(
                "hint_refused", _("answer the take-back or the claim asked of the table first")
            )
        plays = 0
        if state.to_act == seat.index:
            plays = sum(1 for a in state.game.legal(state, seat.index) if a.kind == PLAY)
        if not plays:
            raise ServiceError("hint_refused", _("a hint is given when you have a card to play"))
        if _last_is_hint(state, seat.index):
            raise ServiceError("hint_refused", _("you have had a hint for this card already"))
        if used(state, seat.index) >= settings.WHIST_HINTS_PER_GAME:
            raise ServiceError(
                "hint_refused",
                _("no hints left in this game (%(n)s used)") % {"n": used(state, seat.index)},
            )
        if plays == 1:
            # Nothing to choose: the hint would only spend one of the game's few.
            raise ServiceError("hint_refused", _("your only legal card needs no hint"))
        hint = advise(seat_view(state, seat.index), seed=(table.deal_seed + table.moves) % 2**32)
        commit(
            table,
            seats,
            action=Action(HINT, seat.index, card=parse_card(hint.card)),
            by=Move.By.HUMAN,
        )
    left = settings.WHIST_HINTS_PER_GAME - used(state, seat.index) - 1
    return {"card": hint.card, "reason": hint.reason, "text": _(REASONS[hint.reason]), "left": left}


def allowed(table: Table) -> bool:
    """Whether the table gives hints: casual, not an event's, no held board, ratings shown."""
    return not (table.rated or table.after_url or table.board_held or table.hide_ratings)


def _check_allowed(table: Table) -> None:
    if table.rated:
        raise ServiceError("hint_refused", _("no hints at a rated table"))
    if table.after_url or table.board_held:
        raise ServiceError("hint_refused", _("no hints at an event's table or on a held board"))
    if table.hide_ratings:
        raise ServiceError("hint_refused", _("no hints at a table that hides ratings"))


def used(state: State, seat: int) -> int:
    """The hints `seat` had in this game (every deal's log)."""
    events = [*(a for d in state.history for a in d.events), *state.events]
    return sum(1 for a in events if a.kind == HINT and a.seat == seat)


def _last_is_hint(state: State, seat: int) -> bool:
    return (
        bool(state.event_log)
        and state.event_log[1].kind == HINT
        and state.event_log[1].seat == seat
    )
