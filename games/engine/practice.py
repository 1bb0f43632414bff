"""Play it again from here: the deals and decisions that rebuild a replay's frame as a new game.

A finished game's record is replayed by the engine (record_check.check, as the replay viewer
does); `position` cuts it after `upto` events and returns what a new table starts from: the deals
so far (as the record writes them, the source of the new game's cards) and the decisions made so
far (the new table's first moves). Replaying them with `start` gives exactly the state of the
frame. With `fresh`, the cards `seat` has not seen (the others' hands, the stock, a talon below
its face-up card, another seat's exchange discards) are dealt again, at random, among the places
they were in, the decisions naming them (those discards) renamed with them, and a new deal is
kept only if the engine replays every decision so far with it and `seat` sees the very same
table: a void shown by failing to follow suit holds, a card seen stays where it was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .actions import HINT, PLAY, IllegalAction, action_from_event
from .cards import SUIT_OF, card_str, parse_card
from .engine import apply, new_game
from .record import source_of
from .record_check import check
from .rules import Ruleset
from .state import State
from .views import seat_view

ATTEMPTS = 400  # fresh deals tried before giving up (a deal with voids finds one in a few)
DIFFERENT = 40  # of those, how many may come out as the real hands before they are taken


Group = tuple[int, int]  # (seat holding the place's card now or -1, from which trick)


class NoPosition(ValueError):
    """The frame cannot be played from: out of range, or the game is over there."""


class SeatOut(NoPosition):
    """The seat has no part left in the game there: knocked out (Knockout Whist)."""


@dataclass(frozen=True)
class Position:
    """What a new game starts from: its deals (record form), its first decisions (events) and
    whether the hands `seat` cannot see are the real ones."""

    deals: list[dict[str, Any]]
    events: list[dict[str, Any]]
    seat: int
    fresh: bool


def position(record: dict[str, Any], upto: int, seat: int, fresh: bool, seed: int) -> Position:
    """The position after the record's first `upto` events, from `seat`'s chair."""
    replay = check(record)
    if not 0 <= upto <= len(replay.steps):
        raise NoPosition(f"no frame after {upto} events")
    state = replay.steps[upto - 1].after if upto else replay.start
    if state.over:
        raise NoPosition("the game is over there")
    if not 0 <= seat < state.players:
        raise NoPosition(f"no seat {seat}")
    if _knocked_out(state, seat):
        raise SeatOut(f"seat {seat} is out of the game there")
    d = state.deal_no
    deals = [_dealt(deal) for deal in record["deals"][: d + 1]]
    events = [e for deal in record["deals"][: d + 1] for e in deal["events"]][:upto]
    if fresh:
        earlier = sum(len(deal["events"]) for deal in record["deals"][:d])
        rng = random.Random(seed)
        deals[d], this_deal = _fresh(state, deals, events[:earlier], events[earlier:], seat, rng)
        events = events[:earlier] + this_deal
    # The original's hints change nothing of the game (docs/game-record.md §4) and would count
    # against the practice player's own hints: they stay in the original.
    return Position(deals, [e for e in events if e["action"] != "hint"], seat, fresh)


def start(rules: Ruleset, deals: list[dict[str, Any]], events: list[dict[str, Any]],
          fallback_seed: int) -> State:  # fmt: skip
    """The new game after `events`: the engine's replay of them, its cards from `deals` (later
    deals from `fallback_seed`). With no events, a practice table's dealt state before its
    first move (games.gamestate.first_state, which replays the table's moves)."""
    return replay_events(new_game(rules, source=source_of(rules, deals, fallback_seed)), events)


def replay_events(state: State, events: list[dict[str, Any]]) -> State:
    for event in events:
        state = apply(state, action_from_event(event))
    return state


def _knocked_out(state: State, seat: int) -> bool:
    """A seat knocked out of a game that knocks players out: no cards, and out of play (a
    dog's life is in play; so is a seat that has just played its round's last card)."""
    if not state.game.knocks_out or state.hands[seat]:
        return False
    return not getattr(state, "active", (True,) * state.players)[seat]


def _dealt(deal: dict[str, Any]) -> dict[str, Any]:
    keys = ("dealer", "hands", "turned", "stock", "cuts")
    return {k: deal.get(k) for k in keys}


def _fresh(
    state: State, deals: list[dict[str, Any]], earlier: list[dict[str, Any]],
    this_deal: list[dict[str, Any]], seat: int, rng: random.Random,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:  # fmt: skip
    """Deal the current deal again: the cards `seat` has not seen, in new places; and this
    deal's decisions with them (another seat's exchange discards and hints name its cards,
    which `seat` never saw: they follow their cards)."""
    deal = deals[-1]
    places = _places(state, deal, _seen(state, deal, this_deal, seat))
    unseen = [c for c, _ in places]
    voids = _voids(state)
    rules, wanted = state.rules, seat_view(state, seat)
    real = None
    for attempt in range(ATTEMPTS):
        order = _assign(places, voids, rng)
        if order is None:
            continue
        mapping = dict(zip(unseen, order, strict=True))
        candidate = _mapped(deal, mapping)
        decisions = [_mapped_event(e, mapping) for e in this_deal]
        try:
            again = start(rules, [*deals[:-1], candidate], earlier + decisions, 0)
        except (IllegalAction, ValueError):
            continue
        if seat_view(again, seat) != wanted:
            continue
        if order != unseen or attempt >= DIFFERENT:
            return candidate, decisions
        real = candidate
    if real is not None:
        return real, this_deal
    raise NoPosition("no other deal of the unseen cards fits what was played")


def _seen(state: State, deal: dict[str, Any], events: list[dict[str, Any]], seat: int) -> set[str]:
    """Cards `seat` has seen in this deal: its hand as dealt and now, every card played so far
    and those its own decisions named (another seat's exchange discards and hints are not
    shown to it), the turned card and (a talon's) every face-up card turned so far."""
    seen = set(deal["hands"][seat]) | {card_str(c) for c in _cards(state.hands[seat])}
    for event in events:
        if event["action"] == PLAY or event["seat"] == seat:
            seen.update(_event_cards(event))
    if deal.get("turned"):
        seen.add(deal["turned"])
    if state.game.draws_from_talon:
        draws = min(len(state.trick_log), 13)
        seen.update(deal["stock"][1 : 2 * draws : 2])
    return seen


def _event_cards(event: dict[str, Any]) -> list[str]:
    cards = [event["card"]] if "card" in event else []
    return cards + list(event.get("discard") or [])


def _mapped_event(event: dict[str, Any], mapping: dict[str, str]) -> dict[str, Any]:
    """The event naming the cards its unseen cards became (played cards are all seen)."""
    if "discard" in event:
        return {**event, "discard": [mapping.get(c, c) for c in event["discard"]]}
    if event["action"] == HINT:
        return {**event, "card": mapping.get(event["card"], event["card"])}
    return event


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _places(state: State, deal: dict[str, Any], seen: set[str]) -> list[tuple[str, Group]]:
    """Every unseen card of the deal as dealt (hands, then stock) and the group of its place:
    the seat holding that place's card now (-1: still in the stock or talon) and the trick from
    which it held it (German Whist's hidden draws come later). The engine deals and draws by
    place, so a place's new card goes where its old card went."""
    held = {card_str(c): s for s, mask in enumerate(state.hands) for c in _cards(mask)}
    out = [(c, (held.get(c, -1), 0)) for hand in deal["hands"] for c in hand if c not in seen]
    talon = state.game.draws_from_talon
    for i, c in enumerate(deal["stock"]):
        if c not in seen:
            out.append((c, (held.get(c, -1), i // 2 + 1 if talon else 0)))
    return out


def _voids(state: State) -> dict[int, list[tuple[int, int]]]:
    """(trick, suit) for each time a seat showed out of the suit led in this deal."""
    voids: dict[int, list[tuple[int, int]]] = {}
    tricks = [t.plays for t in state.trick_log] + [state.trick]
    for t, plays in enumerate(tricks):
        if not plays:
            continue
        led = SUIT_OF[plays[0][1]]
        for s, c in plays[1:]:
            if SUIT_OF[c] != led:
                voids.setdefault(s, []).append((t, led))
    return voids


def _assign(
    places: list[tuple[str, Group]], voids: dict[int, list[tuple[int, int]]], rng: random.Random
) -> list[str] | None:
    """A new card for every unseen place: a group never gets a suit its seat showed out of
    while holding it."""
    groups = sorted({g for _, g in places})
    barred = {g: {suit for t, suit in voids.get(g[0], ()) if t >= g[1]} for g in groups}
    room = {g: sum(1 for _, h in places if h == g) for g in groups}
    cards = [c for c, _ in places]
    rng.shuffle(cards)
    # The most constrained cards first: those of suits the most groups may not hold.
    cards.sort(key=lambda c: -sum(SUIT_OF[parse_card(c)] in b for b in barred.values()))
    placed: dict[Group, list[str]] = {g: [] for g in groups}
    for card in cards:
        suit = SUIT_OF[parse_card(card)]
        fits = [g for g in groups if room[g] and suit not in barred[g]]
        if not fits:
            return None
        g = rng.choice(fits)
        room[g] -= 1
        placed[g].append(card)
    return [placed[g].pop() for _, g in places]


def _mapped(deal: dict[str, Any], mapping: dict[str, str]) -> dict[str, Any]:
    return {
        **deal,
        "hands": [[mapping.get(c, c) for c in hand] for hand in deal["hands"]],
        "stock": [mapping.get(c, c) for c in deal["stock"]],
    }
