"""Knockout Whist between rounds: knock-outs, dog's lives, top player, end (docs/rules.md §1.4)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from .cards import NT, RANK_OF, SUIT_OF, suit_str
from .rules import KnockoutOptions
from .state import OVER, finish_deal
from .tricks import next_seat

if TYPE_CHECKING:
    from .knockout import KnockoutState


def opts_of(s: KnockoutState) -> KnockoutOptions:
    return s.rules.options  # type: ignore[return-value]


def next_active(s: KnockoutState, seat: int) -> int:
    """The first active player left of `seat` (dog's lives count as active)."""
    return next_seat(seat, s.players, s.active)


def tally(votes: tuple[tuple[int, int], ...], chooser_vote: int) -> int:
    """Most votes wins; a tie goes to the chooser's vote if tied, else the highest tied suit."""
    counts = [0] * 5
    for _, suit in votes:
        counts[suit] += 1
    counts[chooser_vote] += 1
    best = max(counts)
    tied = [u for u in range(5) if counts[u] == best]
    if chooser_vote in tied:
        return chooser_vote
    return max(tied, key=lambda u: -1 if u == NT else u)  # spades > hearts > diamonds > clubs > NT


def end_round(s: KnockoutState) -> int:
    """On a fresh clone after the round's last trick: end the game or set up the next round.

    Returns the top player for the next round's trump choice, or -1 if none is needed.
    """
    opts = opts_of(s)
    if s.hand_size == 1:  # the one trick's winner (played out or claimed: docs/rules.md §0.7)
        finish_game(s, max(range(s.players), key=s.tricks.__getitem__), "final_trick")
        return -1
    played = sum(s.tricks)
    sweeper = [p for p in range(s.players) if s.tricks[p] == played]
    if opts.sweep_wins and sweeper:
        finish_game(s, sweeper[0], "sweep")
        return -1
    out, dogs = _knockouts(s)
    still_in = [p for p in range(s.players) if s.active[p]]
    survivors = [p for p in still_in if p not in out]
    outcome = _outcome(s, out, dogs)
    _apply_knockouts(s, out, dogs)
    if len(survivors) == 1:
        _finish(s, survivors[0], "last_player", still_in)
        return -1
    standing = [p for p in survivors if p not in s.resigned]
    if len(standing) == 1:
        _finish(s, standing[0], "resign", still_in)
        return -1
    finish_deal(s, outcome)
    return _next_round(s)


def _knockouts(s: KnockoutState) -> tuple[list[int], list[int]]:
    """Who is out and who gets a dog's life after this round."""
    opts = opts_of(s)
    safe = s.deal_no == 0 and opts.safe_first_round
    return knockouts(s.tricks, s.active, s.dogs, s.dog_had, opts.dogs_life, safe)


def knockouts(
    tricks: Sequence[int],
    active: Sequence[bool],
    on_dog: Collection[int],
    dog_had: Collection[int],
    dogs_life: str,
    safe_round: bool = False,
) -> tuple[list[int], list[int]]:
    """(out, given a dog's life) for a round's tricks per seat; also the bots' forecast."""
    if safe_round:
        return [], []
    out, dogs = [], []
    for p, taken in enumerate(tricks):
        if not active[p] or taken:
            continue
        if p in on_dog:
            out.append(p)  # the dog's card won no trick
        elif dogs_life == "once_per_player" and p not in dog_had:
            dogs.append(p)
        elif dogs_life == "once_per_game" and not dog_had:
            dogs.append(p)  # several in the same round each get one while nobody had one
        else:
            out.append(p)
    return out, dogs


def _apply_knockouts(s: KnockoutState, out: list[int], dogs: list[int]) -> None:
    active, out_round = list(s.active), list(s.out_round)
    for p in out:
        active[p], out_round[p] = False, s.deal_no
    s.active, s.out_round = tuple(active), tuple(out_round)
    s.dogs = tuple(dogs)  # a dog whose card won is back with a full hand
    s.dog_had = (*s.dog_had, *dogs)  # each seat at most once: only those without one get one


def _outcome(s: KnockoutState, out: list[int], dogs: list[int]) -> dict[str, Any]:
    return {"tricks": list(s.tricks), "out": out, "dogs_life": dogs, "trump": suit_str(s.trump)}


def _next_round(s: KnockoutState) -> int:
    """Fair lead, or the top player deals under `lead: trump_chooser`; cut when needed."""
    opts = opts_of(s)
    next_size = s.hand_size - 1
    chooses = opts.trump == "chosen" and not (next_size == 1 and opts.last_round_no_trump)
    top, s.cuts = -1, None
    if chooses or opts.lead == "trump_chooser":
        top = _top_player(s)
    s.deal_no += 1
    s.hand_size = next_size
    s.dealer = top if opts.lead == "trump_chooser" else s.first_leader
    s.first_leader = top if opts.lead == "trump_chooser" else next_active(s, s.dealer)
    return top


def _top_player(s: KnockoutState) -> int:
    """Most tricks in the round just played; ties cut from a fresh deck (rank, then suit)."""
    most = max(s.tricks)
    tied = [p for p in range(s.players) if s.tricks[p] == most]
    if len(tied) == 1:
        return tied[0]
    deck = s.source.cut_deck(s.deal_no + 1)
    s.cuts = tuple(zip(tied, deck, strict=False))
    return max(s.cuts, key=lambda sc: (RANK_OF[sc[1]], SUIT_OF[sc[1]]))[0]


def finish_game(s: KnockoutState, winner: int, reason: str) -> None:
    """End the game during a round (final trick, sweep, rainbow): everyone still in is out."""
    _finish(s, winner, reason, [p for p in range(s.players) if s.active[p]])


def _finish(s: KnockoutState, winner: int, reason: str, still_in: list[int]) -> None:
    out = [p for p in still_in if p != winner]
    finish_deal(s, _outcome(s, out, []))
    groups = ranking(s, winner)
    s.result = {"winners": groups[0], "ranking": groups, "reason": reason}
    s.phase, s.to_act, s.pending, s.over = OVER, -1, (), True


def ranking(s: KnockoutState, winner: int) -> list[list[int]]:
    """Winner; the others still in; later knock-outs higher; resigned last, earliest lowest.

    Decision: a winner who had resigned ranks with the resigned, and the best group left
    are the winners.
    """
    res = set(s.resigned)
    n = s.players
    groups = [] if winner in res else [[winner]]
    still = [p for p in range(n) if s.active[p] and p != winner and p not in res]
    groups += [still] if still else []
    rounds = sorted({r for p, r in enumerate(s.out_round) if r >= 0 and p not in res}, reverse=True)
    groups += [[p for p in range(n) if s.out_round[p] == r and p not in res] for r in rounds]
    groups += [[p] for p in reversed(s.resigned)]
    return groups
