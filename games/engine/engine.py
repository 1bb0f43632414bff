"""The public rules API: start a game, list the legal actions, apply one (one legality oracle)."""

from __future__ import annotations

from typing import Any

from . import claims, german, knockout, whist
from .actions import (
    CLAIM,
    EXCHANGE,
    HINT,
    KNOCK,
    PLAY,
    RESIGN,
    TAKEBACK,
    Action,
    IllegalAction,
    resign,
)
from .cards import BITS, FOLLOW, card_str
from .deals import SeededSource, Source
from .errors import CardCode, SeatNo, gettext_noop
from .hints import record_hint
from .protocol import Game
from .rules import Ruleset
from .state import OVER, TRICK_PLAYS, State, without_undo
from .state import PLAY as PLAY_PHASE
from .takeback import take_back

_new = object.__new__

IMPLEMENTATIONS: dict[str, Game[Any]] = {
    g.name: g for g in (knockout.GAME, whist.GAME, german.GAME)
}


def new_game(rules: Ruleset, seed: int | None = None, source: Source | None = None) -> State:
    """A game dealt from `source`, or from `SeededSource(seed)`."""
    if source is None:
        if seed is None:
            raise ValueError("new_game needs a seed or a source")
        source = SeededSource(seed)
    started: State = IMPLEMENTATIONS[rules.game].start(rules, source)
    return started


def can_resign(state: State, seat: int) -> bool:
    if state.phase == OVER or not 0 <= seat < state.players or seat in state.resigned:
        return False
    return state.game.can_resign(state, seat)


def takes_part(state: State, seat: int) -> bool:
    """Whether the player of `seat` still has a part in the game: it is not over, they have
    not resigned and, in Knockout Whist, they are not knocked out (under `eliminated_vote` a
    knocked-out player still votes on trump; a bot votes for one who is away). The same test
    as `can_resign`: a player with nothing left to resign from has no part left."""
    return can_resign(state, seat)


def may_act(state: State, seat: int) -> bool:
    """Whether the player of `seat` may decide now: it is the seat's turn and the player has
    not resigned. A resigned Knockout Whist player's seat plays on, played by a bot
    (docs/rules.md, resigning), so its turns are the house's, not the player's."""
    return state.phase != OVER and seat == state.to_act and seat not in state.resigned


def stand_in_to_act(state: State) -> bool:
    """Whether a bot must play the seat to act for a player who resigned (Knockout Whist):
    it chooses from `legal_actions(state)` (or `views.seat_view(state, state.to_act)`) and
    its choice goes through `apply`."""
    return state.phase != OVER and state.to_act in state.resigned


def apply_by_player(state: State, action: Action) -> State:
    """`apply` for a decision the seat's own player made: refused (code `resigned`) when the
    player resigned and a bot plays the seat (`may_act`); resigning again is refused too."""
    if action.seat in state.resigned and state.phase != OVER:
        raise IllegalAction("resigned", gettext_noop("you resigned: a bot plays your seat"))
    return apply(state, action)


def not_your_turn(to_act: int, seat: int) -> IllegalAction:
    """The refusal of a decision by `seat` while `to_act` is to act."""
    return IllegalAction(
        "not_your_turn", gettext_noop("it is seat %(to_act)s's turn, not seat %(seat)s's"),
        to_act=SeatNo(to_act), seat=SeatNo(seat),
    )  # fmt: skip


def legal_actions(
    state: State, seat: int | None = None, *, resign_too: bool = True
) -> list[Action]:
    """Everything `seat` (default: the seat to act) may do now, resignation included."""
    if state.over:
        return []
    if seat is None:
        seat = state.to_act
    moves = state.game.legal(state, seat) if seat == state.to_act else []
    if resign_too and can_resign(state, seat):
        moves.append(resign(seat))
    return moves


def apply(state: State, action: Action) -> State:
    """The state after `action`; raises IllegalAction (with a `code`) for anything not legal."""
    if (
        action.__class__ is not Action
        or not (action.kind is PLAY or action.kind == PLAY)  # `is`: the engine's own members
        or state.phase is not PLAY_PHASE
    ):
        return _apply_checked(state, action)
    # The hot path: a card, legal by the same answer as membership in legal_actions, without
    # the list; then played here rather than in a function of its own (this runs once a card).
    seat, card = action.seat, action.card
    if seat != state.to_act or not 0 <= card < 52:
        return _apply_checked(state, action)
    hands, trick = state.hands, state.trick
    hand = playable = hands[seat]
    if trick:  # the led suit if the hand holds any (tricks.follow_mask)
        playable = hand & FOLLOW[trick[0][1]] or hand
    if not playable >> card & 1:
        return _apply_checked(state, action)
    new = _new(state.__class__)  # state.sharing_dict(), written out: a card changes slots only
    new.__dict__ = state.__dict__
    new.event_log = (state.event_log, action)
    held = list(hands)
    held[seat] = hand ^ BITS[card]  # the card leaves the hand for the trick
    new.hands = tuple(held)
    new.trick = trick + TRICK_PLAYS[seat][card]
    new.tricks, new.last_trick, new.trick_log = state.tricks, state.last_trick, state.trick_log
    pending = new.pending = state.pending[1:]
    if pending:
        new.to_act = pending[0]
        new.undo = None  # only a state right after a trick keeps one (see below)
        return new
    # The game ends a full trick: it sets slots only, or first takes a dict of its own.
    done: State = state.game.trick_done(new)
    # (A stock that changed, by a draw or a new deal, is a new tuple: `is` tells as `==` would.)
    if done.deal_no == state.deal_no and done.stock is state.stock and done.phase is PLAY_PHASE:
        # Once per trick: the card may be taken back to `state`. A state within a trick
        # keeps no `undo`, so `state` itself serves, without a copy; but for a trick of one
        # card, `state` is the state right after the last trick, which keeps one.
        done.undo = state if state.undo is None else without_undo(state)
    else:
        done.undo = None
    return done


def _apply_checked(state: State, action: Action) -> State:
    if state.phase == OVER:
        raise IllegalAction("game_over", gettext_noop("the game is over"))
    if not isinstance(action, Action):
        raise IllegalAction(
            "malformed", gettext_noop("not an action: %(event)s"), event=repr(action)
        )
    if action.kind == RESIGN:
        return _resign(state, action)
    if action.kind == CLAIM:
        return _claim(state, action)
    if action.kind == TAKEBACK:  # not a turn: the seat that played last (engine/takeback.py)
        return take_back(state, action)
    if action.kind == HINT:  # changes nothing but the log (engine/hints.py)
        return record_hint(state, action)
    if action.seat != state.to_act:
        raise not_your_turn(state.to_act, action.seat)
    if action.kind == PLAY or action not in state.game.legal(state, action.seat):
        raise _refusal(state, action)
    new = state.clone()
    new.event_log = (state.event_log, action)
    decided: State = state.game.decide(new, action)
    return decided


def _resign(state: State, action: Action) -> State:
    if not can_resign(state, action.seat):
        raise IllegalAction(
            "cannot_resign",
            gettext_noop("seat %(seat)s cannot resign now"),
            seat=SeatNo(action.seat),
        )
    new = state.clone()
    new.event_log = (state.event_log, action)
    resigned: State = state.game.resign(new, action.seat)
    return resigned


def _claim(state: State, action: Action) -> State:
    """docs/rules.md §0.7: a claim the solver proves ends the deal (any seat, any moment of
    play: it is not a turn); a refused one, as the site records it, costs the side its
    claims until the trick in play is complete."""
    if action.refused:
        return claims.refuse(state, action)
    claims.check(state, action)
    new = state.clone()
    new.event_log = (state.event_log, action)
    return claims.settle(new, action)


def _refusal(state: State, action: Action) -> IllegalAction:
    """Name why an action is not legal, for error messages on the socket and the command line."""
    kinds = {a.kind for a in state.game.legal(state, action.seat)}
    if action.kind not in kinds:
        wanted = " or ".join(sorted(kinds)) or "nothing"
        code = "cannot_knock" if action.kind == KNOCK and state.phase == "play" else "wrong_phase"
        return IllegalAction(
            code, gettext_noop("%(kind)s is not possible now: the game wants %(wanted)s"),
            kind=action.kind, wanted=wanted,
        )  # fmt: skip
    if action.kind == PLAY:
        card = CardCode(card_str(action.card)) if 0 <= action.card < 52 else str(action.card)
        if not 0 <= action.card < 52 or not state.hands[action.seat] >> action.card & 1:
            return IllegalAction(
                "card_not_in_hand", gettext_noop("%(card)s is not in seat %(seat)s's hand"),
                card=card, seat=SeatNo(action.seat),
            )  # fmt: skip
        return IllegalAction(
            "must_follow_suit", gettext_noop("%(card)s: you must follow the suit led"), card=card
        )
    if action.kind == EXCHANGE:
        return IllegalAction(
            "bad_exchange", gettext_noop("discard 0-3 cards of your hand, at most the stock")
        )
    return IllegalAction(
        "not_allowed", gettext_noop("%(action)s is not allowed here"), action=str(action)
    )
