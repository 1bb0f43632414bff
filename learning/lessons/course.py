"""A lesson as data, and its deal replayed in the rules engine (games.engine).

A lesson is a scripted deal: every seat's cards for each round, the actions played before
the task (the bots' cards and, in later rounds, the learner's), the task's right answer and
its wrong answers, each either illegal (the engine refuses it) or losing (with every seat
playing its best, double dummy, the learner's side takes fewer tricks in the round than after the
right answer), and what follows the right answer, shown after it ("show me"). An exchange
(Knockout's house rule) is valued the same way: every later exchanger choosing their best.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from games.engine import (
    Action,
    IllegalAction,
    ScriptedSource,
    State,
    action_from_event,
    apply,
    card_str,
    legal_actions,
    make_rules,
    new_game,
    parse_cards,
)
from games.engine.actions import CLAIM, EXCHANGE, KNOCK, PLAY, TRUMP
from games.engine.analysis import exact_values
from games.engine.cards import DECK, cards_of, suit_str
from games.engine.claims import tricks_left
from games.engine.deals import deck_for_hands
from games.engine.descriptors import side_of, sides
from games.engine.solvers.exact import Search

LEARNER = 0  # the learner always sits in seat 0
# A wrong answer is refused by the engine, loses the trick whatever the others play, leaves
# the learner's side fewer tricks in the round than the right one (double dummy), or spends a card
# for nothing: the trick goes to the learner's side whatever is played after it.
ILLEGAL, LOSES_TRICK, FEWER, WASTED = "illegal", "loses_trick", "fewer", "wasted"
# A lesson that asks for a count ("0 count 4") plays its deals out first (each seat its lowest
# legal card); a wrong count is one the engine's score does not give.
MISCOUNT = "miscount"
# With Knockout's rainbow (docs/rules.md §1.7), an exchange after which the learner cannot hold
# one card of each suit when the first trick is led, whatever the others exchange.
NO_RAINBOW = "no_rainbow"


@dataclass(frozen=True)
class Deal:
    """One round's cards: each seat's hand (text, seat 0 first), the turned card, if any, and
    the top of the stock (Knockout's exchange draws it first), if the lesson needs it."""

    hands: tuple[str, ...]
    turned: str = ""
    stock: str = ""


@dataclass(frozen=True)
class Wrong:
    """A wrong answer: what the engine makes of it (ILLEGAL or LOSES) and the lesson's words."""

    kind: str
    says: str


@dataclass(frozen=True, eq=False)  # hashed by identity: cached per lesson
class Lesson:
    """One lesson. Texts are gettext_noop'd English, translated where they are shown.
    Actions are written "seat action [card|suit]": "1 play KS", "0 knock", "0 trump H"."""

    slug: str
    game: str
    players: int
    title: str
    explain: str
    task: str
    right: str
    right_says: str
    deals: tuple[Deal, ...]
    dealer: int
    script: tuple[str, ...] = ()
    wrong: dict[str, Wrong] = field(default_factory=dict)
    after: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    # Words for the answers not listed (a 13-card hand): the illegal ones, the legal ones.
    illegal_others: str = ""
    others: str = ""
    # The section of the rules book the lesson teaches: "docs/rules.md §1.5".
    rule: str = ""
    # Tricks played before the script, each seat playing its lowest legal card: a long
    # opening (German Whist's first half) as one number. Single-deal lessons only.
    autoplay: int = 0
    # What a counting lesson asks, read from the engine's score once the lesson's deals are
    # played out (or the game, when it gives none): "points", the learner's side's points for
    # the last deal (tricks and honours); "rubber", its rubber score.
    count: str = ""
    # The result's reason when the right answer and what follows end the game, the learner
    # winning it (a Knockout sweep: "sweep"; a rainbow, "rainbow", before any trick).
    ends: str = ""
    # Answers exactly as good as `right` (discarding either of two cards of one suit), which
    # the lesson calls right too; `right` is the one "show me" shows.
    also_right: tuple[str, ...] = ()


def action_of(text: str) -> Action:
    """ "1 play KS" -> Action (IllegalAction if it is not one); "0 exchange 2C 3D" discards
    the two, "0 exchange" keeps every card."""
    parts = text.split()
    event: dict[str, Any] = {"seat": int(parts[0]), "action": parts[1]}
    if parts[1] == "play":
        event["card"] = parts[2]
    elif parts[1] in ("trump", "vote"):
        event["suit"] = parts[2]
    elif parts[1] == "claim":
        event["tricks"] = int(parts[2])
    elif parts[1] == "exchange":
        event["discard"] = parts[2:]
    return action_from_event(event)


def exchange_text(action: Action) -> str:
    """An exchange as a lesson writes it: the discards in the engine's order (clubs first,
    low before high), "0 exchange" for none."""
    return " ".join([str(action.seat), "exchange", *(card_str(c) for c in action.discard)])


def refused(state: State, action: Action) -> bool:
    """Whether the engine refuses the action (a claim its solver does not prove, too)."""
    try:
        apply(state, action)
    except IllegalAction:
        return True
    return False


def _deck(lesson: Lesson, index: int, players: int, dealer: int, sizes: tuple[int, ...]) -> Any:
    deal = lesson.deals[index]
    hands = [list(parse_cards(h)) if sizes[s] else [] for s, h in enumerate(deal.hands)]
    used = {c for h in hands for c in h}
    turned = list(parse_cards(deal.turned)) if deal.turned else []
    top = turned + (list(parse_cards(deal.stock)) if deal.stock else [])
    rest = top + [c for c in DECK if c not in used and c not in top]
    return deck_for_hands(players, dealer, hands, rest)


@cache
def _source(lesson: Lesson) -> ScriptedSource:
    """The decks dealing each round's hands: a round's dealer and hand sizes are only known
    once the rounds before it are played, so each is found by replaying up to its deal."""
    rules = _rules(lesson)
    decks: list[tuple[int, ...]] = []
    for index in range(len(lesson.deals)):
        probe = ScriptedSource(lesson.dealer, tuple(decks))
        state = new_game(rules, source=probe)
        for text in lesson.script:
            if state.deal_no == index:
                break
            state = apply(state, action_of(text))
        sizes = tuple(len(h) for h in state.deal_hands)
        decks.append(_deck(lesson, index, rules.players, state.dealer, sizes))
    return ScriptedSource(lesson.dealer, tuple(decks))


def _rules(lesson: Lesson) -> Any:
    return make_rules(lesson.game, lesson.players, **lesson.options)


def start(lesson: Lesson) -> State:
    return new_game(_rules(lesson), source=_source(lesson))


def position(lesson: Lesson) -> State:
    """The task's moment: the script played out; the learner is to act."""
    state = start(lesson)
    while len(state.trick_log) < lesson.autoplay or (lesson.count and _deals_left(lesson, state)):
        state = apply(state, next(a for a in legal_actions(state) if a.kind == PLAY))
    for text in lesson.script:
        state = apply(state, action_of(text))
    return state


def _deals_left(lesson: Lesson, state: State) -> bool:
    return not state.over and (not lesson.deals or state.deal_no < len(lesson.deals))


def counted(lesson: Lesson) -> int:
    """The engine's figure a counting lesson asks for."""
    state = position(lesson)
    if lesson.count == "rubber":
        return int(state.result["rubber_score"][0])
    outcome = state.history[-1].outcome
    return int(outcome["points"][0] + outcome["honours"][0])


def answer(lesson: Lesson, text: str) -> str:
    """What the engine makes of an answer: "right", ILLEGAL, or the kind the lesson gives it
    if it holds (LOSES_TRICK, FEWER, WASTED, NO_RAINBOW), else "legal"."""
    if text == lesson.right or text in lesson.also_right:
        return "right"
    if lesson.count:
        return MISCOUNT if int(text.split()[2]) != counted(lesson) else "legal"
    state = position(lesson)
    action = action_of(text)
    if refused(state, action):
        return ILLEGAL
    after = apply(state, action)
    kind = lesson.wrong[text].kind if text in lesson.wrong else ""
    if kind == LOSES_TRICK and not _may_win(after, state.last_trick):
        return LOSES_TRICK
    if kind == WASTED and _side_wins(after, state.last_trick, state.rules.players):
        return WASTED
    if kind == FEWER and _tricks(state, action) < _tricks(state, action_of(lesson.right)):
        return FEWER
    if kind == NO_RAINBOW and not _rainbow_possible(after):
        return NO_RAINBOW
    return "legal"


def _rainbow_possible(state: State) -> bool:
    """Whether the learner wins by a rainbow once the exchanges left are made, for some
    exchange of the others (the engine decides the rainbow when the first trick is led)."""
    if state.phase == "exchange":
        moves = [a for a in legal_actions(state, resign_too=False) if a.kind == EXCHANGE]
        return any(_rainbow_possible(apply(state, a)) for a in moves)
    result = state.result or {}
    return result.get("reason") == "rainbow" and result.get("winners") == [LEARNER]


def _tricks(state: State, action: Action) -> int:
    """The tricks the learner's side takes in the rest of the round after `action` at the
    task, every hand known and every seat playing its best (games.engine.analysis.exact_values:
    Whist, with the partner; Knockout, against all the others; German Whist's second half,
    of the half); a claim's are the tricks it claims."""
    if action.kind == CLAIM:
        return action.tricks
    if action.kind in (TRUMP, EXCHANGE):
        return _round_value(apply(state, action))
    values = exact_values(state)
    if values is None:
        raise ValueError("too many cards left at the task for an exact count of the tricks")
    return int(values["knock" if action.kind == KNOCK else card_str(action.card)])


def _round_value(state: State) -> int:
    """The tricks the learner's side takes from the start of a round whose trump is chosen
    (games.engine.solvers.exact, with the game's sides and Knockout's dogs); before it, the
    exchanges left (Knockout's house rule), each exchanger choosing their side's best."""
    game = state.rules.game
    side = set(sides(game, state.players)[side_of(game, LEARNER)])
    if state.phase == "exchange":
        moves = [a for a in legal_actions(state, resign_too=False) if a.kind == EXCHANGE]
        values = [_round_value(apply(state, a)) for a in moves]
        return max(values) if state.to_act in side else min(values)
    dogs = tuple(getattr(state, "dogs", ()))
    return Search(state.trump, side, dogs).value(state.hands, state.trick, state.pending)


def choices(lesson: Lesson) -> list[str]:
    """Every answer the learner can give at the task: each card in hand (and knocking, when
    the engine allows it; and each claim, in a lesson on claims), or each suit (and no
    trump, when the rules allow it) when choosing trump, or each set of cards to exchange;
    a counting lesson's, its counts."""
    if lesson.count:
        return [lesson.right, *lesson.wrong]
    state = position(lesson)
    legal = legal_actions(state, LEARNER)
    if state.phase == "trump":
        return [f"{LEARNER} trump {suit_str(a.suit)}" for a in legal if a.kind == TRUMP]
    if state.phase == "exchange":
        return [exchange_text(a) for a in legal if a.kind == EXCHANGE]
    found = [f"{LEARNER} play {card_str(c)}" for c in cards_of(state.hands[LEARNER])]
    if any(a.kind == KNOCK for a in legal):
        found.append(f"{LEARNER} knock")
    if action_of(lesson.right).kind == CLAIM:
        found += [f"{LEARNER} claim {k}" for k in range(1, tricks_left(state) + 1)]
    return found


def _may_win(state: State, before: Any) -> bool:
    """Whether some play of the others lets the learner win the trick in play (`before`:
    the last finished trick before it)."""
    if state.last_trick is not before:
        return state.last_trick is not None and state.last_trick.winner == LEARNER
    if state.to_act < 0:
        return False
    moves = [a for a in legal_actions(state, resign_too=False) if a.kind.value != "claim"]
    return any(_may_win(apply(state, a), before) for a in moves)


def _side_wins(state: State, before: Any, players: int) -> bool:
    """Whether the trick in play goes to the learner or their partner (Whist: seat 2) whatever
    is played after it."""
    side = {LEARNER, 2} if players == 4 else {LEARNER}
    if state.last_trick is not before:
        return state.last_trick is not None and state.last_trick.winner in side
    moves = [a for a in legal_actions(state, resign_too=False) if a.kind.value != "claim"]
    return all(_side_wins(apply(state, a), before, players) for a in moves)


def shown(lesson: Lesson) -> list[dict[str, Any]]:
    """The tricks finished by the right answer and the scripted play after it."""
    if lesson.count:
        return []
    state = position(lesson)
    seen, tricks = state.last_trick, []
    for text in (lesson.right, *lesson.after):
        state = apply(state, action_of(text))
        if state.last_trick is not seen and state.last_trick is not None:
            seen = state.last_trick
            plays = [[seat, card_str(card)] for seat, card in seen.plays]
            tricks.append({"plays": plays, "winner": seen.winner})
    return tricks
