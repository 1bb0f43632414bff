"""A puzzle's themes, read from its position, its answer, the plain move that misses it and
the solver's line. Each is a plain fact of the line, so a test can check it by hand:

- "dogs_life": Knockout Whist with a player on a dog's life (docs/rules.md §1.5), or the
  answer is the dog's knock.
- "trump_control": the answer leads a trump (drawing them), or keeps its trump where the plain
  move would have trumped.
- "count_the_suit": the answer leads a card of a suit the others have run out of: it takes
  the trick because the seat counted the suit, not because it is high.
- "throw_in": the answer gives the trick away and the seat's side takes the next one, led by
  the player it put on lead.
- "duck": the answer follows low where the seat held a card that would have taken the trick.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import NT, SUIT_MASK, SUIT_OF, parse_card
from games.engine.descriptors import side_of, sides
from games.engine.state import State
from games.engine.tricks import beats, winning_play

THEMES = ("throw_in", "trump_control", "count_the_suit", "dogs_life", "duck")


def themes_of(state: State, answer: str, plain: str, line: list[dict[str, Any]]) -> tuple[str, ...]:
    """The themes of the puzzle at `state` whose answer is `answer`, in THEMES' order."""
    found = set()
    if getattr(state, "dogs", ()) or answer == "knock":
        found.add("dogs_life")
    if answer != "knock":
        card = parse_card(answer)
        found |= _card_themes(state, card, plain, line)
    return tuple(t for t in THEMES if t in found)


def _card_themes(state: State, card: int, plain: str, line: list[dict[str, Any]]) -> set[str]:
    found = set()
    trump, leads = state.trump, not state.trick
    is_trump = trump != NT and SUIT_OF[card] == trump
    plain_trump = plain not in ("", "knock") and trump != NT and SUIT_OF[parse_card(plain)] == trump
    if (leads and is_trump) or (plain_trump and not is_trump and bool(state.trick)):
        found.add("trump_control")
    if leads and not _others_hold(state, SUIT_OF[card]):
        found.add("count_the_suit")
    mine = _side(state, state.to_act)
    if len(line) >= 2 and line[0]["winner"] not in mine and line[1]["winner"] in mine:
        if line[1]["plays"][0][0] == line[0]["winner"]:
            found.add("throw_in")
    if state.trick and not beats(card, winning_play(state.trick, trump)[1], trump):
        if any(beats(c, winning_play(state.trick, trump)[1], trump) for c in _follow(state)):
            found.add("duck")
    return found


def _others_hold(state: State, suit: int) -> bool:
    seat = state.to_act
    return any(h & SUIT_MASK[suit] for s, h in enumerate(state.hands) if s != seat)


def _side(state: State, seat: int) -> set[int]:
    game = state.rules.game
    return set(sides(game, state.players)[side_of(game, seat)])


def _follow(state: State) -> list[int]:
    """The seat's legal cards in the current trick."""
    hand = state.hands[state.to_act]
    led = hand & SUIT_MASK[SUIT_OF[state.trick[0][1]]]
    mask = led or hand
    return [c for c in range(52) if mask >> c & 1]
