"""Games with a cheating seat among honest bots, for the bench (bench/fairplay.py) and the
tests: what the signals must catch (docs/fairplay.md §4). Pure: the engine only.

- `seer`: sees every hand; where the exact search answers (fairplay.hidden.WINDOW cards
  left) it plays the double-dummy best card, elsewhere the Expert's card from its own view;
  in German Whist it sees the next talon card and gets the better one (german_card).
- `team`: two Knockout Whist seats that share their hands: neither ever takes a trick the
  other holds when it could let it go, and each plays as the Expert otherwise.
"""

from __future__ import annotations

from typing import Any

from games.engine import make_rules, new_game
from games.engine.actions import PLAY, Action, action_from_event
from games.engine.bots import choose_action
from games.engine.engine import apply, legal_actions
from games.engine.state import State
from games.engine.tricks import trick_winner
from games.engine.views import seat_view

from . import german, hidden


def play(
    game: str,
    players: int,
    levels: list[str],
    seed: int,
    seer: int = -1,
    team: tuple[int, int] | None = None,
    options: dict[str, Any] | None = None,
) -> State:
    """One whole game: seat `seer` (if any) sees every hand, the seats of `team` (if any)
    spare each other; every other seat is the bot of its level."""
    state = new_game(make_rules(game, players, **(options or {})), seed=seed)
    searches: dict = {}
    step = 0
    while not state.over:
        seat = state.to_act
        action = None
        if seat == seer:
            action = seer_card(state, searches)
        elif team and seat in team:
            action = team_card(state, team)
        if action is None:
            view = seat_view(state, seat)
            action = action_from_event(choose_action(view, levels[seat], seed=seed * 1000 + step))
        state = apply(state, action)
        step += 1
    return state


def seer_card(state: State, searches: dict) -> Action | None:
    """The double-dummy best card (the lowest of the best), or None outside the window;
    in German Whist, the answer to a lead that gets the better of the face-up card and the
    next one (german_card)."""
    if state.game.draws_from_talon:
        return german_card(state)
    if state.phase != "play" or hidden.cards_left(state) > hidden.WINDOW:
        return None
    if state.game.knocks_out and state.to_act in state.dogs:
        return None
    legal = {a.card for a in legal_actions(state, state.to_act, resign_too=False)
             if a.kind == PLAY}  # fmt: skip
    search = hidden.search_for(state, searches)
    values = search.values(state.hands, state.trick, state.pending)
    best = max(values[c] for c in legal)
    return Action(PLAY, state.to_act, card=min(c for c in legal if values[c] == best))


def team_card(state: State, team: tuple[int, int]) -> Action | None:
    """While the partner holds the trick: the lowest card that leaves it to them, if any."""
    if state.phase != "play" or not state.trick:
        return None
    holder = trick_winner(state.trick, state.trump)
    if holder not in team or holder == state.to_act:
        return None
    legal = [a.card for a in legal_actions(state, state.to_act, resign_too=False)
             if a.kind == PLAY]  # fmt: skip
    spare = [c for c in legal
             if trick_winner((*state.trick, (state.to_act, c)), state.trump) == holder]  # fmt: skip
    if not spare:
        return None
    return Action(PLAY, state.to_act, card=min(spare, key=lambda c: (c % 13, c)))


def german_card(state: State) -> Action | None:
    """Answering a lead in German Whist's first half, with a card that takes the trick and one
    that leaves it: the lowest card that gets the better of the face-up card and the next
    (fairplay.german.worth), or None (the Expert plays)."""
    first_half = getattr(state, "half", 0) == 1 and state.stock
    if state.phase != "play" or len(state.trick) != 1 or not first_half:
        return None
    seat, trump, face = state.to_act, state.trump, getattr(state, "faceup", -1)
    legal = [a.card for a in legal_actions(state, seat, resign_too=False) if a.kind == PLAY]
    wins = [c for c in legal if trick_winner((*state.trick, (seat, c)), trump) == seat]
    if not wins or len(wins) == len(legal):
        return None
    take = german.worth(face, trump) > german.worth(state.stock[0], trump)
    pick = wins if take else [c for c in legal if c not in wins]
    return Action(PLAY, seat, card=min(pick, key=lambda c: german.worth(c, trump)))
