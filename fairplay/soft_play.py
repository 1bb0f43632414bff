"""Soft play in Knockout Whist: how often a player who could take a trick from another player
let it go, per pair of seats, from one replayed game (docs/fairplay.md §2).

A *chance* is a card played by seat `a` while seat `b` holds the trick so far and `a` has
both a legal card that would take it over and one that would leave it to `b`; `a` *spared*
`b` when the card played left `b` on top.
Two accounts who spare each other far more often than they spare the others at their
tables play as a team: the comparison is made over many games (fairplay.rules). Pure.
"""

from __future__ import annotations

from typing import Any

from games.engine.actions import PLAY
from games.engine.descriptors import game_of
from games.engine.engine import legal_actions
from games.engine.record_check import Replay
from games.engine.tricks import trick_winner

Pairs = dict[tuple[int, int], list[int]]  # (a, b): [chances a had against b, times a spared b]


def game_soft(replay: Replay) -> Pairs:
    """Per ordered pair of seats (a, b) in one Knockout Whist game: [chances, spared]."""
    out: Pairs = {}
    if not game_of(replay.rules.game).knocks_out:
        return out
    for step in replay.steps:
        state, action = step.before, step.action
        if action.kind != PLAY or not state.trick:
            continue
        holder = trick_winner(state.trick, state.trump)
        cards = [a.card for a in legal_actions(state, action.seat, resign_too=False)
                 if a.kind == PLAY]  # fmt: skip
        takes = [c for c in cards if _takes(state, c, holder)]
        if not takes or len(takes) == len(cards):
            continue  # no choice between taking the trick and leaving it
        row = out.setdefault((action.seat, holder), [0, 0])
        row[0] += 1
        row[1] += action.card not in takes
    return out


def _takes(state: Any, card: int, holder: int) -> bool:
    return trick_winner((*state.trick, (state.to_act, card)), state.trump) != holder
