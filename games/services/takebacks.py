"""Taking back a card at a casual table (docs/protocol.md §"Take-backs"): the player who
played the last card asks, before the next card is played (games/engine/takeback.py says
when a card that completed its trick may be); every other
human at the table must agree (bots agree); then the card is taken back through `commit`
(games/engine/takeback.py), and the record keeps it. Never at a rated table or a table an
event arranged: there the others' consent could be traded."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine import State
from games.engine.actions import TAKEBACK, Action
from games.engine.takeback import refusal
from games.models import Move, Seat
from games.reads.queries import current_takeback, plays_by_bot
from games.services.errors import ServiceError, explained
from games.services.moves import _own_seat, _playing_state, commit, lock_table


def takeback_ask(table_id: int, *, user: User) -> None:
    """Ask to take back one's last card; taken back at once if no other human is seated."""
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = _own_seat(seats, user)
        state = _playing_state(table)
        if table.rated or table.after_url or table.board_held:
            raise ServiceError("takeback_refused", _("cards are taken back only at casual tables"))
        refused = refusal(state, seat.index)  # the engine names why (a forced card, ...)
        if refused is not None:
            raise ServiceError("takeback_refused", explained(refused))
        if current_takeback(table) is not None:
            raise ServiceError("takeback_refused", _("a take-back is already asked for"))
        if not _deciders(seats, state, seat.index):
            commit(table, seats, action=Action(TAKEBACK, seat.index), by=Move.By.HUMAN)
            return
        table.takeback_offer = {"seat": seat.index, "moves": table.moves, "accepted": []}
        commit(table, seats)


def takeback_answer(table_id: int, accept: object, *, user: User) -> None:
    """Another human at the table agrees or refuses; the last agreement takes the card back."""
    if not isinstance(accept, bool):
        raise ServiceError("bad_message", _("answer a take-back with true or false"))
    with transaction.atomic():
        table, seats = lock_table(table_id)
        seat = _own_seat(seats, user)
        state = _playing_state(table)
        offer = current_takeback(table)
        if offer is None:
            raise ServiceError("no_takeback", _("there is no take-back to answer"))
        deciders = _deciders(seats, state, offer["seat"])
        if seat.index not in deciders:
            raise ServiceError("not_allowed", _("only the other players answer a take-back"))
        if not accept:
            table.takeback_offer = None
            commit(table, seats)
            return
        accepted = sorted({*offer["accepted"], seat.index})
        if set(accepted) < set(deciders):
            table.takeback_offer = {**offer, "accepted": accepted}
            commit(table, seats)
            return
        # The move makes the offer stale (its move count), as a move makes any offer.
        commit(table, seats, action=Action(TAKEBACK, offer["seat"]), by=Move.By.HUMAN)


def _deciders(seats: list[Seat], state: State, asker: int) -> list[int]:
    """The other seats a human plays now: each must agree (a bot, or a bot standing in for an
    away player, agrees)."""
    return [
        s.index for s in seats
        if s.index != asker and s.user_id is not None and not plays_by_bot(s, state)
    ]  # fmt: skip
