"""Claims: a player (a Whist partnership) takes some or all of the tricks left in a deal, and
the exact solver proves it first (docs/rules.md §0.7).

`check(state, action)` names why a claim may not be made, or why it is refused; `settle`
ends the deal with the claimed tricks. A proof searches at most `NODE_LIMIT` positions, so a
claim is accepted or refused alike on every machine and in every replay of its record;
`bench/claims.py` measures what that costs in time against the bots' decision budget.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import Action, IllegalAction
from .cards import SUIT_MASK, SUIT_OF, card_str, cards_of, hand_str
from .errors import gettext_noop, ngettext
from .solvers.exact import OutOfNodes, Search
from .solvers.two_hand import OutOfTime, Solver
from .state import PLAY, State
from .tricks import beats

# Positions a proof may search: the two-hand solver's (German Whist) and the search of any
# number of hands (Whist, Knockout Whist), whose positions cost about ten times as much.
# bench/claims.py: either stays within the Expert's largest decision budget.
NODE_LIMIT = 60_000
SEARCH_NODE_LIMIT = 4_000


def tricks_left(state: State) -> int:
    """Tricks still to be won in the deal, the one being played included."""
    return _deal_tricks(state) - len(state.trick_log)


def side_of(state: State, seat: int) -> tuple[int, ...]:
    """The claimer's side: its partnership (Whist's partners sit opposite), else the seat
    alone."""
    return next((side for side in state.game.partnerships if seat in side), (seat,))


def check(state: State, action: Action) -> None:
    """IllegalAction unless `action` is a claim the solver proves, or one the others
    conceded (`action.conceded`: they accepted it at a casual table, docs/rules.md §0.7)."""
    check_shape(state, action)
    if not action.conceded and not proves(state, action.seat, action.tricks):
        raise refused_error(state, action)


def refused_error(state: State, action: Action) -> IllegalAction:
    """The refusal of a claim the solver does not prove, in the claimer's words."""
    return IllegalAction(
        "claim_refused", _refusal(state, action.seat),
        tricks=action.tricks, left=tricks_left(state),
    )  # fmt: skip


def _refusal(state: State, seat: int) -> str:
    """A refused claim in the claimer's words: a partnership's side against the other side,
    a player against one opponent, or against all the others."""
    if len(side_of(state, seat)) > 1:
        return ngettext(
            "claim refused: the solver cannot show that your side takes %(tricks)s of the "
            "%(left)s trick left whatever your opponents play",
            "claim refused: the solver cannot show that your side takes %(tricks)s of the "
            "%(left)s tricks left whatever your opponents play", "left",
        )  # fmt: skip
    if len(_opponents(state, seat)) == 1:
        return ngettext(
            "claim refused: the solver cannot show that you take %(tricks)s of the "
            "%(left)s trick left whatever your opponent plays",
            "claim refused: the solver cannot show that you take %(tricks)s of the "
            "%(left)s tricks left whatever your opponent plays", "left",
        )  # fmt: skip
    return ngettext(
        "claim refused: the solver cannot show that you take %(tricks)s of the %(left)s "
        "trick left whatever the others play",
        "claim refused: the solver cannot show that you take %(tricks)s of the %(left)s "
        "tricks left whatever the others play", "left",
    )  # fmt: skip


def check_shape(state: State, action: Action) -> None:
    """IllegalAction unless `action` is a claim that may be made now, proof apart."""
    seat, k = action.seat, action.tricks
    if state.phase != PLAY or not 0 <= seat < state.players:
        raise IllegalAction("cannot_claim", gettext_noop("a claim is made during play"))
    if state.game.claims_after_talon and state.half == 1:  # type: ignore[attr-defined]
        raise IllegalAction(
            "cannot_claim",
            gettext_noop("in German Whist a claim is made in the second half, once the talon "
                         "is gone"),
        )  # fmt: skip
    if not _holds_cards(state, seat):
        raise IllegalAction("cannot_claim", gettext_noop("you have no cards left to claim with"))
    if not action.conceded and waiting(state, seat) is not None:  # the others may agree
        raise IllegalAction(
            "claim_wait",
            gettext_noop("a claim was refused in this trick: claim again once it is complete"),
        )
    left = tricks_left(state)
    if not 1 <= k <= left:
        raise IllegalAction(
            "bad_claim",
            ngettext("claim 1 trick: it is the last", "claim between 1 and %(left)s tricks",
                     "left"),
            left=left,
        )  # fmt: skip
    if k < left and len({side_of(state, p) for p in _opponents(state, seat)}) > 1:
        raise IllegalAction(
            "bad_claim",
            gettext_noop("against more than one opponent a claim is of every trick left "
                         "(%(left)s): the rest would not say who takes them"),
            left=left,
        )  # fmt: skip


def waiting(state: State, seat: int) -> int | None:
    """The tricks of the claim refused to `seat`'s side in the trick in play, if any: the side
    claims again only once that trick is complete (docs/rules.md §0.7)."""
    side, now = side_of(state, seat), (state.deal_no, len(state.trick_log))
    for s, deal, done in state.claim_wait:
        if s in side and (deal, done) == now:
            return _refused_tricks(state, s)
    return None


def _refused_tricks(state: State, seat: int) -> int:
    claims: Iterator[Action] = (a for a in reversed(state.events) if a.kind == "claim")
    return next(a.tricks for a in claims if a.seat == seat)


def refuse(state: State, action: Action) -> State:
    """A claim the solver refused, as the site records it: logged among the deal's events
    (docs/game-record.md §4), and the side claims again only once the trick in play is
    complete, so refused claims cannot probe the hidden hands card by card."""
    check_shape(state, action)
    new = state.clone()
    new.event_log = (state.event_log, action)
    new.claim_wait = (*state.claim_wait, (action.seat, state.deal_no, len(state.trick_log)))
    return new


def proves(state: State, seat: int, k: int) -> bool:
    """Whether the exact solver shows `seat`'s side takes at least `k` of the tricks left
    against any defence, within the node limit (past it: not proved)."""
    try:
        if state.game.two_hand_claims:
            return _two_hands(state, seat, k)
        search = Search(state.trump, set(side_of(state, seat)), _dogs(state))
        search.node_limit = SEARCH_NODE_LIMIT
        return search.reaches(state.hands, state.trick, state.pending, k)
    except (OutOfNodes, OutOfTime):
        return False


def settle(state: State, action: Action) -> State:
    """On a fresh clone, after `check`: the claimer's side takes `tricks`, the other side (its
    one opponent) the rest, the deal ends, and its outcome keeps the claim with the cards
    that made it true (docs/game-record.md §5)."""
    seat, k = action.seat, action.tricks
    left = tricks_left(state)
    claim: dict[str, Any] = {
        "seat": seat, "side": list(side_of(state, seat)), "tricks": k, "left": left,
        "conceded": action.conceded,
        "hands": [hand_str(h) for h in state.hands],
        "trick": [[s, card_str(c)] for s, c in state.trick],
    }  # fmt: skip
    state.tricks = tuple(a + b for a, b in zip(state.tricks, shares(state, seat, k), strict=True))
    state.trick, state.pending = (), ()
    state.hands = (0,) * state.players
    deals = len(state.history)
    state.game.end_deal(state)
    log = state.history[deals]
    state.history = (
        *state.history[:deals],
        log._replace(outcome={**(log.outcome or {}), "claim": claim}),
        *state.history[deals + 1 :],
    )
    return state


def shares(state: State, seat: int, k: int) -> list[int]:
    """The tricks left per seat after a claim of `k`: the claimer takes them, the first
    opponent clockwise the rest (in Whist only the side's total counts; in Knockout a claim
    short of every trick is made only against one opponent)."""
    out = [0] * state.players
    out[seat] = k
    left = tricks_left(state)
    if k < left:
        out[_opponents(state, seat)[0]] = left - k
    return out


def _deal_tricks(state: State) -> int:
    """The tricks of the deal played out: the game's, else the deal's hand size."""
    if state.game.deal_tricks is None:
        hand_size: int = state.hand_size  # type: ignore[attr-defined]
        return hand_size
    return state.game.deal_tricks


def _holds_cards(state: State, seat: int) -> bool:
    return (
        bool(state.hands[seat]) or seat in state.pending or any(s == seat for s, _ in state.trick)
    )


def opponents(state: State, seat: int) -> list[int]:
    """The seats still in the deal on the other side: who must accept a conceded claim."""
    return _opponents(state, seat)


def _opponents(state: State, seat: int) -> list[int]:
    """The seats still in the deal on the other side, clockwise from the claimer."""
    side = side_of(state, seat)
    n = state.players
    return [
        p for p in ((seat + i) % n for i in range(1, n))
        if p not in side and _holds_cards(state, p)
    ]  # fmt: skip


def _dogs(state: State) -> tuple[int, ...]:
    return tuple(getattr(state, "dogs", ()))


def _two_hands(state: State, seat: int, k: int) -> bool:
    """German Whist's second half on the two-hand solver, the trick in progress first."""
    solver = Solver(state.trump)
    solver.node_limit = NODE_LIMIT
    mine, theirs = state.hands[seat], state.hands[1 - seat]
    if not state.trick:
        if state.to_act == seat:
            return solver.reach(mine, theirs, k)
        return not solver.reach(theirs, mine, tricks_left(state) - k + 1)
    leader, led = state.trick[0]
    left = tricks_left(state)  # the trick in progress included
    follower = theirs if leader == seat else mine
    suit = follower & SUIT_MASK[SUIT_OF[led]]
    replies = cards_of(suit or follower)

    def mine_after(reply: int) -> bool:
        """The claimer's tricks reach k after the follower answers `led` with `reply`."""
        rest = follower ^ (1 << reply)
        other = theirs if leader != seat else mine  # the leader's hand, `led` already played
        if beats(reply, led, state.trump):  # the follower won the trick and leads next
            if leader == seat:
                return not solver.reach(rest, other, left - k)
            return solver.reach(rest, other, k - 1)
        if leader == seat:
            return solver.reach(other, rest, k - 1)
        return not solver.reach(other, rest, left - k)

    if leader == seat:
        return all(mine_after(y) for y in replies)
    return any(mine_after(y) for y in replies)
