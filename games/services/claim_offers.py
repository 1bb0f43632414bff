"""Claims the solver cannot prove, offered to the others at a casual table
(docs/rules.md §0.7): the claimer offers, each opponent accepts or declines; once every
opponent has accepted, the claim is made through `commit` as a conceded claim. Rated tables
take only claims the solver proves: the others' consent could be traded there."""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine import IllegalAction, State
from games.engine import claims as claim_rules
from games.engine.actions import CLAIM, Action
from games.models import Move, Seat, Table
from games.reads.queries import current_offer, plays_by_bot
from games.services.errors import ServiceError, explained
from games.services.moves import commit, player_turn


def claim_offer(table_id: int, tricks: object, version: object, *, user: User) -> None:
    """Offer a claim to the others; a claim the solver proves is made at once instead."""
    if not isinstance(tricks, int) or isinstance(tricks, bool):
        raise ServiceError("bad_message", _("a claim needs a whole number of tricks"))
    if not isinstance(version, int) or isinstance(version, bool):
        raise ServiceError("bad_message", _("a claim needs the version of the state you saw"))
    with transaction.atomic():
        table, seats, seat, state = player_turn(table_id, user, version)
        action = Action(CLAIM, seat.index, tricks=tricks)
        # The claim refused to the player in this trick may be offered: nothing new is asked.
        offered = claim_rules.waiting(state, seat.index) == tricks
        if not offered:
            try:
                claim_rules.check_shape(state, action)
            except IllegalAction as exc:
                raise ServiceError(exc.code, explained(exc)) from exc
            if claim_rules.proves(state, seat.index, tricks):
                commit(table, seats, action=action, by=Move.By.HUMAN)
                return
        refusal = _offer_refusal(table, state, seats, seat.index)
        if refusal is None:
            table.claim_offer = {
                "seat": seat.index, "tricks": tricks, "moves": table.moves, "accepted": [],
            }  # fmt: skip
            commit(table, seats)
            return
        if not offered:  # refused at once: recorded, and it costs as any refused claim
            commit(table, seats, action=replace(action, refused=True), by=Move.By.HUMAN)
    raise refusal


def claim_answer(table_id: int, accept: object, *, user: User) -> None:
    """An opponent accepts or declines the claim on offer; the last acceptance makes it."""
    if not isinstance(accept, bool):
        raise ServiceError("bad_message", _("answer a claim with true or false"))
    with transaction.atomic():
        table, seats, seat, state = player_turn(table_id, user)
        offer = current_offer(table)
        if offer is None:
            raise ServiceError("no_claim", _("there is no claim to answer"))
        if seat.index not in claim_rules.opponents(state, offer["seat"]):
            raise ServiceError("not_allowed", _("only the claimer's opponents answer a claim"))
        if not accept:
            table.claim_offer = None
            commit(table, seats)
            return
        accepted = sorted({*offer["accepted"], seat.index})
        if set(accepted) < set(claim_rules.opponents(state, offer["seat"])):
            table.claim_offer = {**offer, "accepted": accepted}
            commit(table, seats)
            return
        table.claim_offer = None
        action = Action(CLAIM, offer["seat"], tricks=offer["tricks"], conceded=True)
        commit(table, seats, action=action, by=Move.By.HUMAN)


def _offer_refusal(
    table: Table, state: State, seats: list[Seat], claimer: int
) -> ServiceError | None:
    """Why a claim the solver cannot prove may not be offered, or None: rated tables take only
    proved claims, and every opponent must be a player at the table (a bot never concedes)."""
    if table.rated:
        return ServiceError(
            "claim_refused", _("at a rated table only claims the solver proves are taken; play on")
        )
    for index in claim_rules.opponents(state, claimer):
        if plays_by_bot(seats[index], state):
            return ServiceError(
                "claim_refused",
                _("claim refused: the solver cannot prove it, and a bot does not concede one"),
            )
    return None
