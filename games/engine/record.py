"""Game records in `whist-record/1` (docs/game-record.md): write, read, replay to verify."""

from __future__ import annotations

from typing import Any

from .actions import Action, IllegalAction, action_from_event
from .cards import DECK, CardError, card_str, parse_card
from .deals import ScriptedSource, deck_for_hands
from .engine import IMPLEMENTATIONS, apply, new_game
from .rules import RulesError, Ruleset, rules_with_options
from .state import DealLog, State, TrickLog

FORMAT = "whist-record/1"


class RecordError(ValueError):
    """A record that cannot be read: wrong format, missing fields, cards that are not cards."""


def to_record(state: State, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A finished game as a record; `seats` gives names and bots (default: "Seat i", no bot)."""
    if state.result is None:
        raise ValueError("only a finished game can be written as a record")
    seed = getattr(state.source, "seed", getattr(state.source, "fallback_seed", 0))
    return {
        "format": FORMAT,
        "game": state.rules.game,
        "options": state.rules.option_dict(),
        "seed": seed,
        "seats": seats or [{"name": f"Seat {i}", "bot": None} for i in range(state.players)],
        "deals": [_deal(d) for d in state.history],
        "result": state.result,
    }


def _deal(d: DealLog) -> dict[str, Any]:
    return {
        "dealer": d.dealer,
        "hands": [[card_str(c) for c in h] for h in d.hands],
        "turned": card_str(d.turned) if d.turned >= 0 else None,
        "stock": [card_str(c) for c in d.stock],
        "cuts": [[s, card_str(c)] for s, c in d.cuts] if d.cuts is not None else None,
        "events": [a.to_event() for a in d.events],
        "tricks": [_trick(t) for t in d.tricks],
        "outcome": d.outcome,
    }


def _trick(t: TrickLog) -> dict[str, Any]:
    return {"leader": t.leader, "plays": [[s, card_str(c)] for s, c in t.plays], "winner": t.winner}


def read_record(record: dict[str, Any]) -> tuple[Ruleset, ScriptedSource, list[Action]]:
    """The ruleset, the dealt cards and every decision of a record; RecordError if unreadable."""
    try:
        if record.get("format") != FORMAT:
            raise RecordError(f"not a {FORMAT} record (format: {record.get('format')!r})")
        deals = record["deals"]
        players = len(record["seats"])
        rules = rules_with_options(record["game"], players, record["options"])
        source = source_of(rules, deals, int(record.get("seed") or 0))
        actions = [action_from_event(e) for d in deals for e in d["events"]]
    except (KeyError, TypeError, AttributeError, CardError, RulesError, IllegalAction) as exc:
        raise RecordError(f"unreadable record: {exc}") from exc
    return rules, source, actions


def source_of(rules: Ruleset, deals: list[dict[str, Any]], seed: int) -> ScriptedSource:
    """The cards of `deals` (record form) as a source; deals past them come from `seed`."""
    if not deals:
        raise RecordError("a record needs at least one deal")
    decks, cut_decks = [], {}
    for index, deal in enumerate(deals):
        hands = [[parse_card(c) for c in h] for h in deal["hands"]]
        turned = [parse_card(deal["turned"])] if deal.get("turned") else []
        stock = [parse_card(c) for c in deal["stock"]]
        rest = stock if IMPLEMENTATIONS[rules.game].turned_in_hand else turned + stock
        try:
            decks.append(deck_for_hands(rules.players, deal["dealer"], hands, rest))
        except ValueError as exc:
            raise RecordError(f"deal {index}: {exc}") from exc
        if deal.get("cuts"):
            cut = [parse_card(c) for _, c in sorted(deal["cuts"])]
            cut_decks[index] = tuple(cut + [c for c in DECK if c not in cut])
    return ScriptedSource(deals[0]["dealer"], tuple(decks), cut_decks, seed)


def replay_record(record: dict[str, Any]) -> list[str]:
    """Replay a record through the engine; every disagreement as one line (none: it agrees)."""
    try:
        rules, source, actions = read_record(record)
    except RecordError as exc:
        return [str(exc)]
    state = new_game(rules, source=source)
    for number, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            return [f"event {number} ({action}): refused by the rules: {exc}"]
    if state.result is None:
        return [f"the game is not over after the record's {len(actions)} events"]
    return _compare(record, to_record(state, record["seats"]))


def _compare(theirs: dict[str, Any], ours: dict[str, Any]) -> list[str]:
    problems = []
    if len(theirs["deals"]) != len(ours["deals"]):
        problems.append(_differ("deals (count)", len(theirs["deals"]), len(ours["deals"])))
    for index, (a, b) in enumerate(zip(theirs["deals"], ours["deals"], strict=False)):
        for key in ("dealer", "hands", "turned", "stock", "cuts", "events", "tricks", "outcome"):
            if a.get(key) != b[key]:
                problems.append(_differ(f"deal {index}: {key}", a.get(key), b[key]))
    for key, value in ours["result"].items():
        if theirs["result"].get(key) != value:
            problems.append(_differ(f"result.{key}", theirs["result"].get(key), value))
    return problems


def _differ(field: str, recorded: Any, computed: Any) -> str:
    return f"{field}: record says {recorded}, rules say {computed}"
