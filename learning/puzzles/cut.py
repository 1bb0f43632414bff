"""Which positions of a finished game make puzzles: pure, on the engine's replay of a record.

A position is kept when the exact solver (games.engine.analysis.exact_values: the search of
solvers/exact.py, or German Whist's two-hand solver) finds one move clearly best, at least one
trick more than every other legal move, for the seat to act; when the Beginner's plain rule
(win cheaply, else play low) would not find it (no forced or only-sensible card); and when it
is neither the last trick nor deeper than MAX_TRICKS tricks. German Whist's second half is cut
from the seat's own view: every card not in its hand and not played is the other player's, so
the seat can count both hands (kind "seat"). In Whist and Knockout Whist the others' cards
are hidden, so those puzzles show every hand (kind "open", double dummy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engine import apply, card_str, legal_actions
from games.engine.actions import KNOCK, PLAY, Action
from games.engine.analysis import _Searches, exact_values, positions
from games.engine.bots import choose_action
from games.engine.cards import cards_of, parse_card
from games.engine.descriptors import side_of, sides
from games.engine.record_check import Replay
from games.engine.solvers.exact import KNOCK as KNOCK_MOVE
from games.engine.solvers.exact import Search
from games.engine.state import State
from games.engine.tricks import winning_play
from games.engine.views import seat_view

from .themes import themes_of

MIN_TRICKS, MAX_TRICKS = 2, 7  # tricks left, the current one included
PER_DEAL = 1  # at most this many puzzles from one deal: the first found (the deepest)


@dataclass(frozen=True)
class Found:
    """One puzzle: the event it is cut before, the seat to act and what the solver found."""

    number: int  # the event's index in the whole record (records' analysis counts the same)
    deal: int
    seat: int
    kind: str  # "seat" (what the seat can see) or "open" (every hand shown)
    answer: str  # a card ("QS") or "knock"
    values: dict[str, float]  # every legal move's exact value for the seat's side
    line: list[dict[str, Any]]  # the solver's line after the answer, trick by trick
    themes: tuple[str, ...]
    tricks_left: int
    plain: str = ""  # the Beginner's card, which misses the answer
    position: dict[str, Any] = field(default_factory=dict)


def cut(replay: Replay) -> tuple[list[Found], int]:
    """The puzzles of a game and how many positions the solver judged."""
    cache = _Searches()
    found: list[Found] = []
    per_deal: dict[int, int] = {}
    judged = 0
    for step in positions(replay):
        if per_deal.get(step.deal, 0) >= PER_DEAL or not _in_window(step.before):
            continue
        judged += 1
        puzzle = judge(step.before, step.number, step.deal, cache)
        if puzzle is not None:
            found.append(puzzle)
            per_deal[step.deal] = per_deal.get(step.deal, 0) + 1
    return found, judged


def judge(state: State, number: int, deal: int, cache: _Searches) -> Found | None:
    """The puzzle at `state` (the seat to act decides), or None where there is none."""
    values = exact_values(state, cache)
    if values is None or len(values) < 2:
        return None
    best = max(values.values())
    answers = [m for m, v in values.items() if v == best]
    if len(answers) != 1 or any(v > best - 1 for m, v in values.items() if m != answers[0]):
        return None  # not one clearly best move
    plain = plain_move(state)
    if plain == answers[0]:
        return None  # the Beginner's rule finds it: only-sensible
    line = solver_line(state, answers[0], cache)
    left = tricks_left(state)
    kind = "seat" if state.rules.game == "german" else "open"
    return Found(
        number=number, deal=deal, seat=state.to_act, kind=kind, answer=answers[0],
        values=values, line=line, themes=themes_of(state, answers[0], plain, line),
        tricks_left=left, plain=plain, position=position_of(state, sorted(values, key=_low_first)),
    )  # fmt: skip


def position_of(state: State, legal: list[str]) -> dict[str, Any]:
    """What a puzzle page draws (learning.puzzles.pages hides the hands a seat cannot see)."""
    trump = state.trump
    return {
        "seat": state.to_act, "players": state.players,
        "trump": "CDHS"[trump] if 0 <= trump < 4 else "",
        "hands": [[card_str(c) for c in reversed(cards_of(h))] for h in state.hands],
        "trick": [[s, card_str(c)] for s, c in state.trick],
        "tricks": list(state.tricks), "dogs": list(getattr(state, "dogs", ())),
        "legal": legal,
    }  # fmt: skip


def _in_window(state: State) -> bool:
    """Cheap checks before the solver: the right phase and depth."""
    if state.rules.game == "german" and getattr(state, "half", 1) != 2:
        return False
    return MIN_TRICKS <= tricks_left(state) <= MAX_TRICKS


def tricks_left(state: State) -> int:
    """Tricks left in the deal, the current one included."""
    played = {s for s, _ in state.trick}
    dogs = set(getattr(state, "dogs", ()))
    counts = [h.bit_count() + (s in played) for s, h in enumerate(state.hands) if s not in dogs]
    return max(counts, default=0)


def move_key(action: Action) -> str:
    """A move as the solver's values name it: "QS", or "knock"."""
    return "knock" if action.kind == KNOCK else card_str(action.card)


def action_for(state: State, key: str) -> Action:
    """The legal action of the seat to act that `key` names; ValueError if none."""
    for action in legal_actions(state, state.to_act, resign_too=False):
        if action.kind in (PLAY, KNOCK) and move_key(action) == key:
            return action
    raise ValueError(f"{key!r} is not a legal move here")


def plain_move(state: State) -> str:
    """The move of the Beginner bot's plain rule (games.engine.bots.beginner), from the seat's
    own view: win the trick as cheaply as it can, else play its lowest card."""
    event = choose_action(seat_view(state, state.to_act), "beginner")
    return "knock" if event["action"] == "knock" else str(event["card"])


def solver_line(state: State, answer: str, cache: _Searches) -> list[dict[str, Any]]:
    """The answer and the rest of the deal with the seat's side playing its best and every
    other seat playing to leave it the fewest tricks (the lowest of equal cards), as tricks:
    {"plays": [[seat, card], ...], "winner": seat}. Its side takes the answer's value."""
    deal, logged, trump, left = state.deal_no, len(state.trick_log), state.trump, tricks_left(state)
    side = side_of_seat(state, state.to_act)
    plays: list[list[Any]] = []
    tricks: list[dict[str, Any]] = []
    key = answer
    while True:
        seat = state.to_act
        state = apply(state, action_for(state, key))
        plays.append([seat, key])
        if len(state.trick_log) > logged or state.deal_no != deal or state.over:
            cards = [(s, parse_card(k)) for s, k in plays if k != "knock"]
            tricks.append({"plays": plays, "winner": winning_play(cards, trump)[0]})
            plays, logged = [], len(state.trick_log)
        if len(tricks) == left or state.over or state.deal_no != deal:
            return tricks
        key = _line_move(state, side, cache)


def _line_move(state: State, side: set[int], cache: _Searches) -> str:
    """The line's next move: the best for `side` if it is to act, else the worst for it."""
    legal = [move_key(a) for a in legal_actions(state, state.to_act, resign_too=False)]
    if len(legal) == 1:  # forced: the solvers are asked only where there is a choice
        return legal[0]
    values = exact_values(state, cache)  # for the side of the seat to act
    assert values is not None  # the rest of a judged position is judged too
    if state.rules.game != "german" and state.to_act not in side:
        values = _values_for(state, side, cache)  # Knockout: not zero-sum between others
        top = min(values.values())
    else:
        top = max(values.values())
    return min((m for m, v in values.items() if v == top), key=_low_first)


def _values_for(state: State, side: set[int], cache: _Searches) -> dict[str, float]:
    dogs = tuple(getattr(state, "dogs", ()))
    key = (state.deal_no, state.trump, frozenset(side), dogs)
    search = cache.get(key, lambda: Search(state.trump, side, dogs))
    raw = search.values(state.hands, state.trick, state.pending)
    return {("knock" if m == KNOCK_MOVE else card_str(m)): v for m, v in raw.items()}


def side_of_seat(state: State, seat: int) -> set[int]:
    """The seats whose tricks count with `seat`'s: partners in Whist, else the seat alone."""
    game = state.rules.game
    return set(sides(game, state.players)[side_of(game, seat)])


def _low_first(key: str) -> tuple[int, str]:
    """Order for ties: a knock last, then the lowest rank."""
    if key == "knock":
        return (99, key)
    return ("23456789TJQKA".index(key[0]), key)
