"""Hidden-card use in German Whist (docs/fairplay.md §1): in the first half the winner of a
trick takes the face-up card and the loser the next one, unseen; a player who sees it knows
whether to take the trick or leave it.

A position counts when the player answers a lead (and so decides who wins) holding a card
that takes the trick and one that leaves it. The player *matched* when the card they get by
it is the better of the two (a trump beats a plain card, then the higher rank; fairplay's own
yardstick, the same for everyone). From the seat's view the next card is any of the cards
it cannot place (in no hand it knows, not played, not face up), each as likely but for the
suits the opponent showed void in, which are all in the talon: its *chance* of matching is
the likelihood of the cards for which the choice made was the better one. That chance is
from the view alone, whatever the player's skill, so honest play matches about as often as
the chances say; a player who sees the next card, every time. The second half is open
play (every card is known) and is not judged. Pure: the engine and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.actions import PLAY
from games.engine.bots.sample import unknowns
from games.engine.bots.seen import read
from games.engine.cards import RANK_OF, SUIT_OF, card_str
from games.engine.engine import legal_actions
from games.engine.record_check import Replay
from games.engine.tricks import trick_winner
from games.engine.views import seat_view

from .hidden import GameHidden, Position


def worth(card: int, trump: int) -> int:
    """The yardstick: trumps above plain cards, then by rank."""
    return RANK_OF[card] + (13 if SUIT_OF[card] == trump else 0)


def game_german(replay: Replay, seats: set[int], own: set[int] | None = None) -> GameHidden:
    """The judged positions of `seats` in a replayed German Whist game (`own`: the steps the
    players made themselves, as fairplay.hidden.candidates)."""
    found = GameHidden(positions={s: [] for s in seats})
    for step in replay.steps:
        state, action = step.before, step.action
        if action.kind != PLAY or action.seat not in seats or len(state.trick) != 1:
            continue
        if not state.game.draws_from_talon or state.half != 1 or len(state.stock) == 0:
            continue
        if own is not None and step.number not in own:
            continue
        position = judge(step)
        if position is not None:
            found.positions[action.seat].append(position)
    return found


def judge(step: Any) -> Position | None:
    state, action = step.before, step.action
    seat, trump = action.seat, state.trump
    legal = [a.card for a in legal_actions(state, seat, resign_too=False) if a.kind == PLAY]
    wins = [c for c in legal if _wins(state, seat, c)]
    if not wins or len(wins) == len(legal):
        return None  # no choice of who takes the face-up card
    u = unknowns(read(seat_view(state, seat)))
    face, took = worth(state.faceup, trump), _wins(state, seat, action.card)
    chance = _chance(u.pool, u.banned[1 - seat], u.need[1 - seat],
                     lambda c: (face > worth(c, trump)) == took)  # fmt: skip
    if chance <= 0 or chance >= 1:
        return None  # the view decides it: nothing to learn here
    nxt = state.stock[0]
    best = wins if face > worth(nxt, trump) else [c for c in legal if c not in wins]
    return Position(
        number=step.number, deal=step.deal, seat=seat, played=card_str(action.card),
        best=[card_str(c) for c in best], share=chance, chance=chance, view_best=[], line=[],
    )  # fmt: skip


def _chance(pool: list[int], banned: int, need: int, good: Callable[[int], bool]) -> float:
    """The chance that the next talon card is `good`: the unplaced cards are the opponent's
    `need` unseen cards and the talon; a card of a suit the opponent showed void in is in
    the talon, each other card is there with the talon's share of the rest."""
    void = [c for c in pool if banned >> c & 1]
    rest = len(pool) - len(void)
    talon = len(pool) - need
    if talon <= 0:
        return 0.0
    other = (talon - len(void)) / rest if rest else 0.0
    return sum((1.0 if banned >> c & 1 else other) for c in pool if good(c)) / talon


def _wins(state: Any, seat: int, card: int) -> bool:
    return trick_winner((*state.trick, (seat, card)), state.trump) == seat
