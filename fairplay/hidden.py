"""Hidden-card use in one game: where the double-dummy best cards were not findable from
the seat's own view, did the player play them? (docs/fairplay.md §1)

A position counts when, late in a deal (at most WINDOW cards left, where the exact search
of solvers/exact.py is cheap), the player chooses a card (a dog's knock aside) and the
exact search with every hand known finds some cards worse than others; its *share* is the
part of SAMPLES deals of the unseen cards, drawn as the Expert draws them (bots/sample.py,
knockout_infer in Knockout Whist) from the seat's view alone, in which the truly best cards
are best too. A share of 1 tells nothing (the view finds them) and is left out. An honest
player matches about as often as the shares say; one who sees the hands, every time.
German Whist is left out: its second half is open play, and its first half has no cheap
exact answer. Pure: the engine and nothing else, so the bench and the site run the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.engine.actions import PLAY, Action, knock
from games.engine.bots import knockout_infer
from games.engine.bots.sample import deal, unknowns
from games.engine.bots.seen import read
from games.engine.cards import card_str
from games.engine.descriptors import side_of, sides
from games.engine.engine import apply
from games.engine.record_check import Replay
from games.engine.solvers.exact import KNOCK, Search
from games.engine.state import PLAY as PLAY_PHASE
from games.engine.state import State
from games.engine.views import seat_view

VERSION = 2  # what a stored GameSignal was computed by (2: the played card's chance, odds)
SAMPLES = 12  # deals of the unseen cards per position, from the seat's view
MAX_POSITIONS = 40  # positions judged per seat and game, at most (a seeded choice)
NODE_BUDGET = 3_000_000  # exact-search positions per game; past it, no more positions
GAMES = ("whist", "knockout")
WINDOW = 16  # cards left (hands and trick) at most: where the exact search is cheap


@dataclass
class Position:
    """One judged position: where, what was played, the best group, the view's best cards."""

    number: int  # the event's number in the record (the replay's step)
    deal: int
    seat: int
    played: str
    best: list[str]
    share: float  # of the deals the seat could imagine, those in which `best` is best
    chance: float  # of those deals, the part in which the played card is best (smoothed)
    view_best: list[str]
    line: list[list[Any]]  # the solver's line from here: [seat, card] to the deal's end

    @property
    def matched(self) -> bool:
        return self.played in self.best

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "deal": self.deal, "seat": self.seat,
                "played": self.played, "best": self.best, "share": round(self.share, 3),
                "chance": round(self.chance, 3),
                "view_best": self.view_best, "line": self.line,
                "matched": self.matched}  # fmt: skip


@dataclass
class GameHidden:
    """Per seat: the judged positions; and the exact-search positions spent on the game."""

    positions: dict[int, list[Position]] = field(default_factory=dict)
    nodes: int = 0
    cut: bool = False  # the node budget ran out before every position was judged


def candidates(replay: Replay, seats: set[int], own: set[int] | None = None) -> list[Any]:
    """The steps that may count: a card played by one of `seats` (by the player, if `own`
    names the steps the players made themselves), late enough to be exact."""
    out = []
    for step in replay.steps:
        state, action = step.before, step.action
        if action.kind != PLAY or action.seat not in seats:
            continue
        if own is not None and step.number not in own:
            continue
        if state.rules.game not in GAMES or cards_left(state) > WINDOW:
            continue
        if state.game.knocks_out and action.seat in state.dogs:
            continue
        out.append(step)
    return out


def game_hidden(
    replay: Replay, seats: set[int], seed: int = 0, own: set[int] | None = None
) -> GameHidden:
    """The judged positions of `seats` in one replayed game (`own`: see candidates); at most
    MAX_POSITIONS each, chosen by `seed`, within NODE_BUDGET exact-search positions."""
    found = GameHidden(positions={s: [] for s in seats})
    rng = random.Random(seed)
    steps = candidates(replay, seats, own)
    chosen: list[Any] = []
    for seat in sorted(seats):
        mine = [s for s in steps if s.action.seat == seat]
        if len(mine) > MAX_POSITIONS:
            mine = sorted(rng.sample(mine, MAX_POSITIONS), key=lambda s: s.number)
        chosen.extend(mine)
    searches: dict[tuple[Any, ...], Search] = {}
    for step in sorted(chosen, key=lambda s: s.number):
        if found.nodes > NODE_BUDGET:
            found.cut = True
            break
        position = judge(step, searches, random.Random(seed * 7919 + step.number), found)
        if position is not None:
            found.positions[step.action.seat].append(position)
    return found


def judge(step: Any, searches: dict, rng: random.Random, found: GameHidden) -> Position | None:
    """The position of one step if it counts (see the module's docstring), else None."""
    state, seat = step.before, step.action.seat
    search = search_for(state, searches)
    before = search.nodes
    try:
        groups = [g for g in search.groups(state.hands, state.trick, state.pending)
                  if g[0] != KNOCK]  # fmt: skip
        if len(groups) < 2:
            return None
        mine = next(i for i, (_, g) in enumerate(groups) if step.action.card in g)
        tops, view_best = _view(state, seat, groups, search, rng)
        hits = sum(mine in top for top in tops)
        if hits == SAMPLES:
            return None  # best in every deal the seat could imagine: nothing to learn here
        values = search.values(state.hands, state.trick, state.pending)
        top = max(values[rep] for rep, _ in groups)
        best = [i for i, g in enumerate(groups) if values[g[0]] == top]
        return Position(
            number=step.number, deal=step.deal, seat=seat, played=card_str(step.action.card),
            best=[card_str(c) for i in best for c in groups[i][1]],
            share=sum(any(i in top for i in best) for top in tops) / SAMPLES,
            chance=(hits + 0.5) / (SAMPLES + 1),
            view_best=[card_str(c) for c in view_best], line=line(state, search),
        )  # fmt: skip
    finally:
        found.nodes += search.nodes - before


def _view(
    state: State,
    seat: int,
    groups: list[tuple[int, list[int]]],
    search: Search,
    rng: random.Random,
) -> tuple[list[set[int]], list[int]]:
    """Over SAMPLES deals of what `seat` cannot see: the best groups in each, and the cards
    of the groups with the best mean exact value."""
    seen = read(seat_view(state, seat))
    u = unknowns(seen)
    ev = knockout_infer.evidence(seen) if state.game.knocks_out else None
    totals, tops = [0] * len(groups), []
    for _ in range(SAMPLES):
        hands = None
        if ev is not None:
            got = knockout_infer.deal(u, ev, seat, rng)
            hands = got[0] if got else None
        if hands is None:
            hands = deal(u, rng)[0]
        sampled = tuple(hands[s] if state.hands[s] else 0 for s in range(len(hands)))
        values = search.values(sampled, state.trick, state.pending)
        each = [max(values.get(c, -99) for c in group) for _, group in groups]
        tops.append({i for i, v in enumerate(each) if v == max(each)})
        for i, v in enumerate(each):
            totals[i] += v
    top = max(totals)
    return tops, [c for i, (_, g) in enumerate(groups) if totals[i] == top for c in g]


def line(state: State, search: Search) -> list[list[Any]]:
    """The solver's line from `state` to the deal's end, as [seat, card]: each seat's card
    best for the searched side (its own best if on that side, the side's worst otherwise);
    a dog's knock where the search values it above every card is ["seat", "knock"]."""
    out: list[list[Any]] = []
    deal_no = state.deal_no
    while not state.over and state.deal_no == deal_no and state.phase == PLAY_PHASE:
        seat = state.to_act
        values = search.values(state.hands, state.trick, state.pending)
        pick = max if seat in search.side else min
        move = pick(values, key=lambda m: (values[m], m))
        if move == KNOCK:
            out.append([seat, "knock"])
            state = apply(state, knock(seat))
        else:
            out.append([seat, card_str(move)])
            state = apply(state, Action(PLAY, seat, card=move))
    return out


def search_for(state: State, searches: dict) -> Search:
    game, seat = state.rules.game, state.to_act
    side = frozenset(sides(game, state.players)[side_of(game, seat)])
    dogs = tuple(state.dogs) if state.game.knocks_out else ()
    key = (state.deal_no, state.trump, side, dogs)
    if key not in searches:
        searches[key] = Search(state.trump, set(side), dogs)
    return searches[key]


def cards_left(state: State) -> int:
    return sum(h.bit_count() for h in state.hands) + len(state.trick)
