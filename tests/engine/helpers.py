"""Decks written as text and scripted move sequences, so engine tests read like the rule book.

Cards are written as in docs/rules.md §0.1 (`AS`, `TD`, `2C`); a hand is a string of cards in the
order they are dealt. A script is a string of moves, each optionally prefixed with the
seat that must be the one to act (`1:KS`), so a script also checks whose turn it is:

    KS 3S        play for whoever is to act
    2:knock      the dog keeps its card
    0:trump=H    choose trump (`NT` for no trump)
    4:vote=S     eliminated_vote
    1:exchange=2C,5D   discard these (`exchange=` keeps all)
    3:resign
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.engine import actions, apply, legal_actions, make_rules, new_game
from games.engine.cards import DECK, card_str, cards_of, parse_card, parse_cards, parse_suit
from games.engine.deals import ScriptedSource, deck_for_hands
from games.engine.state import State

SUIT = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}


def cards(text: str) -> list[int]:
    return list(parse_cards(text))


def hand(state: State, seat: int) -> set[str]:
    """A seat's hand as a set of card names, for readable assertions."""
    return {card_str(c) for c in cards_of(state.hands[seat])}


def names(card_list: Iterable[int]) -> list[str]:
    return [card_str(c) for c in card_list]


def legal_cards(state: State, seat: int | None = None) -> list[str]:
    """The cards `seat` (default: the seat to act) may play now, sorted by name."""
    acts = legal_actions(state, seat, resign_too=False)
    return sorted(card_str(a.card) for a in acts if a.kind == "play")


def fill(*texts: str) -> list[int]:
    """The cards written in `texts` (in order), then every other card in deck order."""
    given = [c for t in texts for c in parse_cards(t)]
    if len(set(given)) != len(given):
        raise ValueError(f"a card is written twice: {texts}")
    return given + [c for c in DECK if c not in given]


def deck(
    players: int, dealer: int, hands: Sequence[str], turned: str = "", stock: str = ""
) -> tuple[int, ...]:
    """A deck that deals `hands` (per seat, "" for a seat dealt nothing) from the dealer's left.

    After the dealt cards comes `turned` (Knockout round 1: the face-up card), then `stock`
    (the top of what is left), then every other card in deck order.
    """
    if len(hands) != players:
        raise ValueError("one hand per seat")
    dealt = [cards(h) for h in hands]
    used = [c for h in dealt for c in h]
    rest = [c for c in fill(turned, stock) if c not in used]
    return deck_for_hands(players, dealer, dealt, rest)


def cut(text: str) -> tuple[int, ...]:
    """A cut deck whose first cards are `text` (drawn by the tied players in seat order)."""
    return tuple(fill(text))


def knockout(
    players: int,
    dealer: int,
    decks: Sequence[tuple[int, ...]],
    cuts: dict[int, str] | None = None,
    preset: str | None = None,
    **options: object,
) -> State:
    """A Knockout Whist game dealt from decks written as text (one per round)."""
    rules = make_rules("knockout", players, preset, **options)
    cut_decks = {i: cut(t) for i, t in (cuts or {}).items()}
    return new_game(rules, source=ScriptedSource(dealer, tuple(map(tuple, decks)), cut_decks))


def game(game_name: str, players: int, dealer: int, decks: Sequence[Sequence[int]], **options):
    """A Whist or German Whist game dealt from decks written as text (one per deal)."""
    rules = make_rules(game_name, players, **options)
    return new_game(rules, source=ScriptedSource(dealer, tuple(map(tuple, decks))))


def action(state: State, token: str) -> actions.Action:
    """One move of a script (see the module docstring)."""
    seat = state.to_act
    if ":" in token:
        who, token = token.split(":", 1)
        seat = int(who)
    kind, _, arg = token.partition("=")
    if kind == "knock":
        return actions.knock(seat)
    if kind == "resign":
        return actions.resign(seat)
    if kind in ("trump", "vote"):
        return actions.choose(kind, seat, parse_suit(arg))
    if kind == "exchange":
        discard = tuple(sorted(parse_card(c) for c in arg.split(",") if c))
        return actions.Action("exchange", seat, discard=discard)
    return actions.Action("play", seat, card=parse_card(kind))


def run(state: State, script: str) -> State:
    """Apply every move of `script`; a seat prefix must name the seat to act."""
    for token in script.split():
        move = action(state, token)
        if ":" in token and move.kind != "resign":
            expected = int(token.split(":", 1)[0])
            assert state.to_act == expected, f"{token}: seat {state.to_act} is to act"
        state = apply(state, move)
    return state


def lowest(state: State) -> actions.Action:
    """The first legal action: the lowest legal card, the first suit, an empty exchange."""
    return legal_actions(state, resign_too=False)[0]


def play_until(
    state: State,
    done: Callable[[State], bool],
    choose: Callable[[State], actions.Action] = lowest,
    limit: int = 5000,
) -> State:
    """Apply `choose` until `done` (or the game is over)."""
    for _ in range(limit):
        if state.over or done(state):
            return state
        state = apply(state, choose(state))
    raise AssertionError("play_until did not finish")


def finish_deal(state: State, choose: Callable[[State], actions.Action] = lowest) -> State:
    """Play on until the current deal is over (the next deal begins or the game ends)."""
    start = len(state.history)
    return play_until(state, lambda s: len(s.history) > start, choose)


def finish_game(state: State, choose: Callable[[State], actions.Action] = lowest) -> State:
    return play_until(state, lambda s: False, choose, limit=100_000)


def play_tricks(state: State, tricks: Sequence[str]) -> State:
    """Play tricks written seat by seat (`"0:AS 1:KS 2:QS 3:JS"`), in the order the engine asks.

    Each line is one trick; whoever is to act plays their card from that line, so the line
    does not say who leads. Seats that knock write `2:knock`.
    """
    for line in tricks:
        by_seat = dict(w.split(":", 1) for w in line.split())
        while by_seat:
            seat = state.to_act
            assert str(seat) in by_seat, f"trick {line!r}: seat {seat} is to act"
            state = run(state, f"{seat}:{by_seat.pop(str(seat))}")
    return state


def hands_from_tricks(players: int, tricks: Sequence[str], last: dict[int, str] | None = None):
    """Each seat's hand (as text) from a hand record whose every card is played from the hand.

    `last` moves a card to the end of that seat's hand: Whist's dealer's turned card.
    """
    held: list[list[str]] = [[] for _ in range(players)]
    for line in tricks:
        for word in line.split():
            seat, card = word.split(":", 1)
            held[int(seat)].append(card)
    for seat, card in (last or {}).items():
        held[seat].remove(card)
        held[seat].append(card)
    return [" ".join(h) for h in held]
