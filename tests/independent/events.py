"""One deal's events as the replay checkers read them: the event cursor (resignations,
refused claims, hints and take-backs: decision D5 of replay.py) and the fixed trick."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .common import Report, Trick, get, seat_int, show, show_hand, suit, trick_winner

ACTIONS = {
    "play": "card",
    "knock": None,
    "trump": "suit",
    "vote": "suit",
    "exchange": "discard",
    "resign": None,
    "takeback": None,  # docs/game-record.md §4: the seat picks up the card it just played
    "hint": "card",  # the seat to play was told a card it may play; changes nothing
}


def _event_ok(event: object, n: int) -> bool:
    """Shape check of one event."""
    if not isinstance(event, dict) or not seat_int(event.get("seat"), n):
        return False
    action = event.get("action")
    if _refused_claim(event):
        return True
    if not isinstance(action, str) or action not in ACTIONS:
        return False
    key = ACTIONS[action]
    if key == "discard":
        return isinstance(event.get(key), list) and all(isinstance(c, str) for c in event[key])
    return key is None or isinstance(event.get(key), str)


def _refused_claim(event: dict) -> bool:
    """A claim the solver refused: it changes nothing of the play (docs/game-record.md §4)."""
    tricks = event.get("tricks")
    return (
        event.get("action") == "claim" and event.get("refused") is True
        and isinstance(tricks, int) and not isinstance(tricks, bool) and tricks >= 1
    )  # fmt: skip


@dataclass
class Events:
    """Cursor over one deal's events; resignations go to a callback, the rest are expected."""

    report: Report
    deal: int
    events: list
    n: int
    on_resign: Callable[[int, int], None]
    pos: int = 0
    partial: list[tuple[int, str]] | None = None
    hints: list[tuple[int, dict]] = field(default_factory=list)  # asked, not yet checked

    def take(self) -> tuple[int, dict] | None:
        """The next decision that is not a resignation, a refused claim or a hint, with its
        index; hints are kept for the next decision's checks (D5)."""
        while self.pos < len(self.events):
            k = self.pos
            self.pos += 1
            event = self.events[k]
            if not _event_ok(event, self.n):
                self.report.stop(self.deal, f"events[{k}]", show(event), "a well-formed event")
            if event["action"] == "resign":
                self.on_resign(event["seat"], k)
                continue
            if _refused_claim(event):  # docs/rules.md §0.7: play goes on as if not made
                continue
            if event["action"] == "hint":
                self.hints.append((k, event))
                continue
            if event["action"] == "takeback":  # one that follows its play is taken by taken_back
                rules = "a take-back only right after that seat's play"
                self.report.stop(self.deal, f"events[{k}]", show(event), rules)
            return k, event
        return None

    def taken_back(self, seat: int, card: str, allowed: bool, forced: bool) -> bool:
        """Whether the event right after `seat`'s play of `card` takes it back (consumed
        then); `allowed`: whether that card may be taken back; `forced`: whether it was the
        seat's only legal action, which is never taken back (D5)."""
        if self.pos >= len(self.events):
            return False
        event = self.events[self.pos]
        if not isinstance(event, dict) or event.get("action") != "takeback":
            return False
        if not _event_ok(event, self.n) or event["seat"] != seat or not allowed or forced:
            why = (
                "; its trick ended the deal or drew from the talon" if not allowed
                else "; it was that seat's only legal card" if forced else ""
            )  # fmt: skip
            rules = f"no take-back (seat {seat} played {card} last{why})"
            self.report.stop(self.deal, f"events[{self.pos}]", show(event), rules)
        self.pos += 1
        return True

    def check_hints(self, seat: int, hand: set[str], led: str | None) -> None:
        """The hints asked before this decision: each by `seat`, naming a card it may play."""
        for k, event in self.hints:
            card = event["card"]
            if event["seat"] != seat:
                self.report.add(self.deal, f"events[{k}]", show(event), f"a hint for seat {seat}")
            elif card not in hand or (led and suit(card) != led and _holds(hand, led)):
                rules = f"a hint naming a card seat {seat} may play (holds {show_hand(hand)})"
                self.report.add(self.deal, f"events[{k}]", show(event), rules)
        self.hints.clear()

    def expect(self, seat: int, actions: tuple[str, ...], what: str) -> tuple[int, dict]:
        """The next decision, which must be one of `actions` by `seat`."""
        got = self.take()
        if got is None:
            self.report.stop(self.deal, "events", "no further event", f"seat {seat} to {what}")
        k, event = got
        if event["seat"] != seat or event["action"] not in actions:
            self.report.stop(self.deal, f"events[{k}]", show(event), f"seat {seat} to {what}")
        if self.hints and "play" not in actions:
            k, hint = self.hints[0]
            self.report.stop(self.deal, f"events[{k}]", show(hint), f"seat {seat} to {what}")
        return k, event

    def finish(self) -> None:
        """No decision (nor hint) may follow the end of the deal (resignations may)."""
        got = self.take()
        if got is None and self.hints:
            got = self.hints[0]
        if got is not None:
            k, event = got
            self.report.stop(self.deal, f"events[{k}]", show(event), "no further decision")

    def play(self, seat: int, hand: set[str], led: str | None, event: tuple[int, dict]) -> str:
        """Check a play event against the hand and the led suit; remove the card."""
        k, ev = event
        self.check_hints(seat, hand, led)
        card = ev["card"]
        if card not in hand:
            rules = f"a card of seat {seat}: {show_hand(hand)}"
            self.report.stop(self.deal, f"events[{k}]", show(ev), rules)
        if led and suit(card) != led and any(suit(c) == led for c in hand):
            rules = f"seat {seat} must follow suit {led} (holds {show_hand(hand)})"
            self.report.add(self.deal, f"events[{k}]", show(ev), rules)
        hand.remove(card)
        return card


def _holds(hand: set[str], led: str) -> bool:
    """Whether the hand holds a card of the led suit."""
    return any(suit(c) == led for c in hand)


def only_card(rest: set[str], card: str, led: str | None) -> bool:
    """Whether `card` was the seat's only legal play, `rest` the hand after it: check_hints'
    rule (follow the led suit if possible) left no other card."""
    if led and suit(card) == led:
        return not _holds(rest, led)
    return not rest


def play_fixed_trick(
    cur: Events, hands: list[set[str]], leader: int, trump: str | None, closing: bool = True
) -> Trick:
    """A trick in which every seat plays once, clockwise from the leader; a card taken back
    is played again (`closing`: whether the trick's last card may be taken back, D5)."""
    plays: list[tuple[int, str]] = []
    cur.partial = plays
    n = len(hands)
    while len(plays) < n:
        seat = (leader + len(plays)) % n
        event = cur.expect(seat, ("play",), "play")
        led = suit(plays[0][1]) if plays else None
        card = cur.play(seat, hands[seat], led, event)
        plays.append((seat, card))
        forced = only_card(hands[seat], card, led)
        if cur.taken_back(seat, card, closing or len(plays) < n, forced):
            plays.pop()
            hands[seat].add(card)
    cur.partial = None
    return Trick(leader, plays, trick_winner(plays, trump))


def deal_events(
    report: Report, deal: int, rec: dict, n: int, on_resign: Callable[[int, int], None]
) -> Events:
    """A cursor over the deal's events."""
    events = get(rec, "events")
    if not isinstance(events, list):
        report.stop(deal, "events", show(events), "a list of events")
    return Events(report, deal, events, n, on_resign)
