"""The replay viewer's frames: the engine's replay of a record, one open view per decision.

Each frame is what the table looked like with every hand face up (views.open_view): at
the start of each deal, after each event, and at the end of each deal (the last trick
still on the table, the deal's outcome). A viewer only steps through these frames; the
rules are applied here, once, by the engine.
"""

from __future__ import annotations

from typing import Any

from .cards import card_str, cards_of
from .claims import shares
from .presentation import replay_rows
from .record_check import Replay, Step
from .state import DealLog, State
from .views import open_view

# Parts of the open view a frame does not need (constant, or repeated in other frames).
_DROP = ("options", "deal_tricks", "players", "game", "viewer", "legal", "can_resign",
         "had_dogs_life", "last_outcome", "result")  # fmt: skip


def frames(replay: Replay) -> list[dict[str, Any]]:
    """Deal start, one frame per event, deal end; each says which event comes next."""
    out = [_frame(replay.start, None)]
    for step in replay.steps:
        after = step.after
        if after.over or after.deal_no != step.before.deal_no:
            out.append(_end_frame(step, after.history[step.deal]))
            if not after.over:
                out.append(_frame(after, None, step.number + 1))
        else:
            out.append(_frame(after, step))
    for frame in out:  # the game's own facts, as the viewer shows them (presentation/)
        frame["present"] = replay_rows(replay.start.rules.game, frame)
    return out


def _frame(state: State, step: Step | None, upcoming: int = 0) -> dict[str, Any]:
    view = open_view(state)
    for key in _DROP:
        view.pop(key, None)
    view["kind"] = "event" if step else "deal"
    view["event"] = step.action.to_event() if step else None
    view["number"] = step.number if step else None
    view["next"] = step.number + 1 if step else upcoming
    view["done_tricks"] = len(state.trick_log)
    view["drawn"] = _drawn(step.before, state) if step else []
    view["outcome"] = None
    return view


def _drawn(before: State, after: State) -> list[list[Any]]:
    """Cards that came into a hand with this event: German talon draws, Knockout exchanges."""
    return [
        [seat, card_str(c)]
        for seat, (old, new) in enumerate(zip(before.hands, after.hands, strict=True))
        for c in cards_of(new & ~old)
    ]


def _end_frame(step: Step, log: DealLog) -> dict[str, Any]:
    """The last event of a deal: its last trick on the table, its outcome, the result."""
    view = _frame(step.before, step)
    view["kind"] = "end"
    action = step.action
    if action.kind == "play":
        view["hands"][action.seat] = [c for c in view["hands"][action.seat]
                                      if c != card_str(action.card)]  # fmt: skip
    if log.tricks and action.kind in ("play", "knock"):
        last = log.tricks[-1]
        view["trick"] = []
        view["last_trick"] = {
            "leader": last.leader, "winner": last.winner,
            "plays": [[s, card_str(c)] for s, c in last.plays],
        }  # fmt: skip
        view["done_tricks"] = len(log.tricks)
    view["tricks"] = _tricks(step.before, log)
    if action.kind == "claim":  # docs/rules.md §0.7: the claimed tricks count as taken
        extra = shares(step.before, action.seat, action.tricks)
        view["tricks"] = [a + b for a, b in zip(view["tricks"], extra, strict=True)]
    view["phase"], view["to_act"] = "over" if step.after.over else "deal_over", None
    view["outcome"] = log.outcome
    view["result"] = step.after.result
    if log.outcome and "score" in log.outcome:
        view["scores"] = log.outcome["score"]
    return view


def _tricks(state: State, log: DealLog) -> list[int]:
    """Tricks per seat in the deal (German Whist: in its second half, the half that counts)."""
    counted = log.tricks[state.game.first_counted_trick :]
    taken = [0] * state.players
    for trick in counted:
        taken[trick.winner] += 1
    return taken
