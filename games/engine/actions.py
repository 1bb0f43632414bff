"""Player decisions as small immutable values, and their record form (docs/game-record.md §4)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import BITS, CardError, card_str, parse_card, parse_suit, suit_str
from .errors import Explained, gettext_noop


class ActionKind(StrEnum):
    """What a decision does; the value is the record's `action` (docs/game-record.md)."""

    PLAY = "play"
    KNOCK = "knock"
    TRUMP = "trump"
    VOTE = "vote"
    EXCHANGE = "exchange"
    RESIGN = "resign"
    CLAIM = "claim"
    TAKEBACK = "takeback"  # the seat's last card picked up again (engine/takeback.py)
    HINT = "hint"  # the seat was told which card the Expert would play (engine/hints.py)


PLAY, KNOCK, TRUMP, VOTE, EXCHANGE, RESIGN, CLAIM, TAKEBACK, HINT = ActionKind
_KINDS = {kind.value: kind for kind in ActionKind}  # a lookup, faster than ActionKind(text)


class IllegalAction(Explained):
    """An action the rules do not allow now; `code` names the reason for clients and logs."""

    def __init__(self, code: str, template: str, **params: Any) -> None:
        super().__init__(template, **params)
        self.code = code


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat: play a card, knock, choose or vote a suit, exchange, resign,
    claim `tricks` of the tricks left (docs/rules.md §0.7)."""

    kind: ActionKind
    seat: int
    card: int = -1
    suit: int = -1
    discard: tuple[int, ...] = ()
    tricks: int = -1
    conceded: bool = False  # a claim the others accepted without the solver's proof
    refused: bool = False  # a claim the solver refused: recorded, it costs (claims.refuse)

    def to_event(self) -> dict[str, Any]:
        event: dict[str, Any] = {"seat": self.seat, "action": str(self.kind)}
        if self.kind in (PLAY, HINT):
            event["card"] = card_str(self.card)
        elif self.kind in (TRUMP, VOTE):
            event["suit"] = suit_str(self.suit)
        elif self.kind == EXCHANGE:
            event["discard"] = [card_str(c) for c in self.discard]
        elif self.kind == CLAIM:
            event["tricks"] = self.tricks
            if self.conceded:
                event["conceded"] = True
            if self.refused:
                event["refused"] = True
        return event

    def __str__(self) -> str:
        details = [str(v) for k, v in self.to_event().items() if k not in ("seat", "action")]
        return " ".join([f"seat {self.seat}", str(self.kind), *details])


def action_from_event(event: dict[str, Any]) -> Action:
    """A record event (or a client message of that shape) -> Action; IllegalAction if malformed."""
    try:
        kind, seat = _KINDS[event["action"]], event["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError
        if kind in (PLAY, HINT):
            return Action(kind, seat, card=parse_card(event["card"]))
        if kind in (TRUMP, VOTE):
            return Action(kind, seat, suit=parse_suit(event["suit"]))
        if kind == EXCHANGE:
            discard = tuple(sorted(parse_card(c) for c in event["discard"]))
            return Action(EXCHANGE, seat, discard=discard)
        if kind == CLAIM:
            tricks = event["tricks"]
            conceded, refused = event.get("conceded", False), event.get("refused", False)
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise ValueError
            if not isinstance(conceded, bool) or not isinstance(refused, bool):
                raise ValueError
            if conceded and refused:
                raise ValueError
            return Action(CLAIM, seat, tricks=tricks, conceded=conceded, refused=refused)
        return Action(kind, seat)
    except (KeyError, TypeError, ValueError, CardError, AttributeError) as exc:
        raise IllegalAction(
            "malformed", gettext_noop("not an action: %(event)s"), event=repr(event)
        ) from exc


# Shared instances: legal_actions hands these out instead of building new ones each call.
_PLAYS = [[Action(PLAY, s, card=c) for c in range(52)] for s in range(7)]
_KNOCKS = [Action(KNOCK, s) for s in range(7)]
_RESIGNS = [Action(RESIGN, s) for s in range(7)]
_SUITS = {k: [[Action(k, s, suit=u) for u in range(5)] for s in range(7)] for k in (TRUMP, VOTE)}


def knock(seat: int) -> Action:
    return _KNOCKS[seat]


def resign(seat: int) -> Action:
    return _RESIGNS[seat]


def choose(kind: ActionKind, seat: int, suit: int) -> Action:
    return _SUITS[kind][seat][suit]


def choices(kind: ActionKind, seat: int, suits: int) -> list[Action]:
    """Choosing (or voting) each of the first `suits` suits (4, or 5 with no trump), a new list."""
    return _SUITS[kind][seat][:suits]


# _SUIT_PLAYS[seat]: the plays of the cards of one suit in a hand, by those cards' bits (at
# most 4 × 8,191 a seat), for following suit.
_SUIT_PLAYS: list[dict[int, list[Action]]] = [{} for _ in range(7)]


def suit_plays(seat: int, cards: int) -> list[Action]:
    """A new list of the plays of `cards` (a hand's cards of one suit), from the shared cache."""
    plays = _SUIT_PLAYS[seat].get(cards)
    if plays is None:
        plays = _SUIT_PLAYS[seat][cards] = plays_of(seat, cards)
    return list(plays)


def plays_of(seat: int, mask: int) -> list[Action]:
    """The play actions for every card in a mask, lowest card first: card by card from the
    highest (its bit length), which makes one new integer a card where taking the lowest bit
    (`mask & -mask`) makes three; for the hands a lead or a void sees (2.8 cards a call in a
    random Knockout Whist game) this costs less than a look-up per suit."""
    row = _PLAYS[seat]
    out: list[Action] = []
    while mask:
        card = mask.bit_length() - 1
        out.append(row[card])
        mask ^= BITS[card]
    out.reverse()
    return out
