"""Check a `whist-record/1` record step by step and name its first problem with its place.

`check(record)` replays the record through the engine (docs/game-record.md §7: "an independent
replay must agree with every tricks, outcome and result field") and either returns every
step of the replay or raises RecordProblem: a code for programs, and a message template
with the deal, trick, event and card where the record first goes wrong (counted from 1,
as people count). The templates are marked for translation catalogues.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action, IllegalAction, action_from_event
from .cards import DECK, SUIT_OF, card_str, parse_card, suit_str
from .deals import ScriptedSource, deck_for_hands
from .engine import IMPLEMENTATIONS, apply, new_game
from .errors import ActionText, CardCode, Explained, Plural, SeatNo, gettext_noop, ngettext
from .record import FORMAT
from .record_shape import RecordProblem, check_deal_shapes, check_shape
from .rules import Ruleset
from .state import DealLog, State

__all__ = ["FORMAT", "Replay", "RecordProblem", "Step", "check"]


@dataclass(frozen=True, slots=True)
class Step:
    """One event of the record as the engine applied it."""

    deal: int  # index of the deal in the record
    event: int  # index of the event within its deal
    number: int  # index of the event in the whole record
    action: Action
    before: State
    after: State


@dataclass(frozen=True, slots=True)
class Replay:
    """A record that passed every check: its rules, the first state and every step."""

    rules: Ruleset
    start: State
    steps: tuple[Step, ...]


def check(record: Any) -> Replay:
    """The engine's replay of `record`; RecordProblem at the first thing that is wrong."""
    rules = check_shape(record)
    deals = record["deals"]
    check_deal_shapes(rules, deals)
    actions = [_actions(d, deal["events"]) for d, deal in enumerate(deals)]
    state = new_game(rules, source=_source(rules, deals, record.get("seed")))
    start, steps = state, list[Step]()
    for d, deal in enumerate(deals):
        if state.over:
            raise RecordProblem(
                "deals_extra",
                gettext_noop("deal %(deal)s: the game was already over after deal %(last)s"),
                deal=d + 1, last=d,
            )  # fmt: skip
        _check_deal_start(state, deal, d)
        state = _play_deal(state, d, actions[d], steps)
        _check_deal_end(state.history[d], deal, d)
    if state.result is None:  # a record is of a finished game (record.to_record)
        raise RecordProblem(
            "game_unfinished",
            gettext_noop("the game is not over after deal %(last)s, the record's last"),
            last=len(deals),
        )  # fmt: skip
    _check_result(record["result"], state.result)
    return Replay(rules, start, tuple(steps))


def _actions(d: int, events: list[Any]) -> list[Action]:
    out = []
    for e, event in enumerate(events):
        try:
            out.append(action_from_event(event))
        except IllegalAction as exc:
            raise RecordProblem(
                "event_bad",
                gettext_noop("deal %(deal)s, event %(event)s: %(text)s is not an action"),
                deal=d + 1, event=e + 1, text=_short(event),
            ) from exc  # fmt: skip
    return out


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _source(rules: Ruleset, deals: list[dict[str, Any]], seed: Any) -> ScriptedSource:
    """The deck of every deal, rebuilt from its hands, turned card and stock (shapes checked)."""
    decks, cut_decks = [], {}
    for deal in deals:
        hands = [[parse_card(c) for c in h] for h in deal["hands"]]
        turned = [parse_card(deal["turned"])] if deal.get("turned") else []
        rest = [parse_card(c) for c in deal["stock"]]
        if not IMPLEMENTATIONS[rules.game].turned_in_hand:
            rest = turned + rest
        decks.append(_deck(rules.players, deal["dealer"], hands, rest))
        if deal.get("cuts"):
            cut = [parse_card(c) for _, c in sorted(deal["cuts"])]
            cut_decks[len(decks) - 1] = tuple(cut + [c for c in DECK if c not in cut])
    fallback = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    return ScriptedSource(deals[0]["dealer"], tuple(decks), cut_decks, fallback)


def _deck(players: int, dealer: int, hands: list[list[int]], rest: list[int]) -> tuple[int, ...]:
    try:
        return deck_for_hands(players, dealer, hands, rest)
    except (ValueError, IndexError):
        return tuple(DECK)  # the shape check already counted the cards; never reached


def _check_deal_start(state: State, deal: dict[str, Any], d: int) -> None:
    """The deal as the rules deal it: dealer, hand sizes, the turned card."""
    if deal["dealer"] != state.dealer:
        raise RecordProblem(
            "dealer_wrong",
            gettext_noop("deal %(deal)s: the record says seat %(recorded)s deals, the rules say "
                         "seat %(computed)s"),
            deal=d + 1, recorded=SeatNo(deal["dealer"]), computed=SeatNo(state.dealer),
        )  # fmt: skip
    for seat, (mine, theirs) in enumerate(zip(state.deal_hands, deal["hands"], strict=True)):
        if len(mine) != len(theirs):
            raise RecordProblem(
                "hand_size",
                ngettext("deal %(deal)s: seat %(seat)s was dealt %(recorded)s card, the "
                         "rules deal %(computed)s",
                         "deal %(deal)s: seat %(seat)s was dealt %(recorded)s cards, the "
                         "rules deal %(computed)s", "recorded"),
                deal=d + 1, seat=SeatNo(seat), recorded=len(theirs), computed=len(mine),
            )  # fmt: skip
    turned = card_str(state.turned) if state.turned >= 0 else None
    recorded = deal.get("turned")
    if (parse_card(recorded) if recorded else -1) != state.turned:
        raise RecordProblem(
            "turned_wrong",
            gettext_noop("deal %(deal)s: the turned card is %(recorded)s, the rules turn "
                         "%(computed)s"),
            deal=d + 1, recorded=CardCode(recorded) if recorded else "none",
            computed=CardCode(turned) if turned else "none",
        )  # fmt: skip


def _play_deal(state: State, d: int, actions: list[Action], steps: list[Step]) -> State:
    for e, action in enumerate(actions):
        if state.over or state.deal_no != d:
            raise RecordProblem(
                "events_after_end",
                gettext_noop("deal %(deal)s, event %(event)s (%(action)s): the deal was already "
                             "over"),
                deal=d + 1, event=e + 1, action=action_text(action),
            )  # fmt: skip
        try:
            after = apply(state, action)
        except IllegalAction as exc:
            raise _illegal(state, action, d, e, exc) from exc
        steps.append(Step(d, e, len(steps), action, state, after))
        state = after
    if not state.over and state.deal_no == d:
        raise RecordProblem(
            "ends_early",
            ngettext("deal %(deal)s ends after %(events)s event, but the deal is not over: "
                     "seat %(seat)s is to act",
                     "deal %(deal)s ends after %(events)s events, but the deal is not over: "
                     "seat %(seat)s is to act", "events"),
            deal=d + 1, events=len(actions), seat=SeatNo(state.to_act),
        )  # fmt: skip
    return state


def _illegal(state: State, action: Action, d: int, e: int, exc: IllegalAction) -> RecordProblem:
    place = {"deal": d + 1, "trick": len(state.trick_log) + 1, "event": e + 1}
    card = CardCode(card_str(action.card)) if 0 <= action.card < 52 else ""
    if exc.code == "not_your_turn":
        return RecordProblem(
            "out_of_turn",
            gettext_noop("deal %(deal)s, trick %(trick)s, event %(event)s: seat %(seat)s acts "
                         "(%(action)s), but it is seat %(to_act)s's turn"),
            seat=SeatNo(action.seat), action=action_text(action), to_act=SeatNo(state.to_act),
            **place,
        )  # fmt: skip
    if exc.code == "card_not_in_hand":
        return RecordProblem(
            "card_not_held",
            gettext_noop("deal %(deal)s, trick %(trick)s, event %(event)s: seat %(seat)s plays "
                         "%(card)s, which it does not hold"),
            seat=SeatNo(action.seat), card=card, **place,
        )  # fmt: skip
    if exc.code == "must_follow_suit":
        return RecordProblem(
            "not_following",
            gettext_noop("deal %(deal)s, trick %(trick)s, event %(event)s: seat %(seat)s plays "
                         "%(card)s but holds %(suit)s and must follow suit"),
            seat=SeatNo(action.seat), card=card, suit=suit_str(SUIT_OF[state.trick[0][1]]),
            **place,
        )  # fmt: skip
    return RecordProblem(
        "not_allowed",
        gettext_noop("deal %(deal)s, trick %(trick)s, event %(event)s: %(action)s is not allowed "
                     "here (%(reason)s)"),
        action=action_text(action), reason=exc, **place,
    )  # fmt: skip


def action_text(action: Action) -> ActionText:
    """An action in a message: the engine's words, and its parts for a site to say."""
    event = action.to_event()
    details: list[str] = []
    if "card" in event:
        details.append(CardCode(event["card"]))
    if "suit" in event:
        details.append(event["suit"])
    details.extend(CardCode(c) for c in event.get("discard", []))
    return ActionText(action.seat, event["action"], tuple(details))


def _seat(value: Any) -> Any:
    """A recorded seat number as a seat, anything else as it is."""
    return SeatNo(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _check_deal_end(log: DealLog, deal: dict[str, Any], d: int) -> None:
    _check_tricks(log, deal["tricks"], d)
    cuts = [[s, card_str(c)] for s, c in log.cuts] if log.cuts is not None else None
    if (deal.get("cuts") or None) != cuts:
        raise RecordProblem(
            "cuts_wrong",
            gettext_noop("deal %(deal)s: the record's cut is %(recorded)s, the rules cut "
                         "%(computed)s"),
            deal=d + 1, recorded=_short(deal.get("cuts")), computed=_short(cuts),
        )  # fmt: skip
    _check_fields(
        log.outcome, deal["outcome"], "outcome_wrong",
        gettext_noop("deal %(deal)s: the outcome's %(field)s is %(recorded)s, the rules say "
                     "%(computed)s"),
        deal=d + 1,
    )  # fmt: skip


def _check_tricks(log: DealLog, tricks: list[Any], d: int) -> None:
    for t, mine in enumerate(log.tricks):
        theirs = tricks[t] if t < len(tricks) else None
        plays = [[s, card_str(c)] for s, c in mine.plays]
        place = {"deal": d + 1, "trick": t + 1}
        if not isinstance(theirs, dict) or theirs.get("plays") != plays:
            raise RecordProblem(
                "tricks_wrong",
                gettext_noop("deal %(deal)s, trick %(trick)s: the record lists %(recorded)s, "
                             "the events played %(computed)s"),
                recorded=_short(theirs), computed=_short(plays), **place,
            )  # fmt: skip
        if theirs.get("winner") != mine.winner or theirs.get("leader") != mine.leader:
            raise RecordProblem(
                "trick_winner_wrong",
                gettext_noop("deal %(deal)s, trick %(trick)s: the record says seat %(recorded)s "
                             "won it, the rules say seat %(computed)s"),
                recorded=_seat(theirs.get("winner")), computed=SeatNo(mine.winner), **place,
            )  # fmt: skip
    if len(tricks) != len(log.tricks):
        raise RecordProblem(
            "tricks_wrong",
            ngettext("deal %(deal)s: the record lists %(recorded)s trick, the events "
                     "made %(computed)s",
                     "deal %(deal)s: the record lists %(recorded)s tricks, the events "
                     "made %(computed)s", "recorded"),
            deal=d + 1, recorded=len(tricks), computed=len(log.tricks),
        )  # fmt: skip


def _check_result(recorded: dict[str, Any], computed: dict[str, Any]) -> None:
    _check_fields(
        computed, recorded, "result_wrong",
        gettext_noop("the result's %(field)s is %(recorded)s, the rules say %(computed)s"),
    )  # fmt: skip


def _check_fields(
    computed: dict[str, Any] | None, recorded: Any, code: str, template: str, **place: Any
) -> None:
    """Every field the rules compute must be in the record with the same value."""
    if computed is None or not isinstance(recorded, dict):
        if computed != recorded:
            raise RecordProblem(
                code, template, field="(all)", recorded=_short(recorded), computed=_short(computed),
                **place,
            )  # fmt: skip
        return
    for key, value in computed.items():
        if recorded.get(key) != value:
            raise RecordProblem(
                code, template, field=key, recorded=_short(recorded.get(key)),
                computed=_short(value), **place,
            )  # fmt: skip


def explain(problem: Explained, translate: Any, show: Any = None, plural: Any = None) -> str:
    """A problem's message through `translate` (a gettext) and `plural` (an ngettext, for a
    template with a plural form), nested refusals translated too; `show` turns each value
    into what a reader sees (a site's seat numbers and card names)."""
    params = {
        k: explain(v, translate, show, plural) if isinstance(v, Explained)
        else show(v) if show else v
        for k, v in problem.params.items()
    }  # fmt: skip
    template = problem.template
    if isinstance(template, Plural):
        count = problem.params.get(template.counter)
        count = count if isinstance(count, int) else 0
        text = plural(template, template.plural, count) if plural else template.form(problem.params)
    else:
        text = translate(template)
    return text % params if params else text
