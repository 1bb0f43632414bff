"""Fast perfect-information playouts on bit masks: a greedy policy plays a sampled deal out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import RANK_OF, SUIT_OF
from ..cards import SUIT_MASK as SM
from ..tricks import BEATERS, clockwise, follow_mask, next_seat, winning_play


@dataclass(slots=True)
class Model:
    """Seats (a bit mask) that play by `lead` and `follow` from what they may know: their
    own hand and the cards gone; `undealt` holds the cards in no hand and not yet played."""

    seats: int
    undealt: int
    lead: Callable[[int, int, int], int]
    follow: Callable[[int, int, int, int, int, bool], int]

    def live(self, hands: list[int]) -> int:
        """The cards not yet played: every hand's and the undealt ones. What a seat has not
        seen is this less its own hand."""
        got = self.undealt
        for h in hands:
            got |= h
        return got


def lowest(mask: int, trump: int) -> int:
    """The cheapest card of a mask: the lowest-ranked side card, else the lowest trump."""
    best, best_rank = -1, 99
    for u in (0, 1, 2, 3):
        if u != trump:
            m = mask & SM[u]
            if m:
                c = (m & -m).bit_length() - 1
                if c - 13 * u < best_rank:
                    best, best_rank = c, c - 13 * u
    if best < 0:
        best = (mask & -mask).bit_length() - 1
    return best


def winners_mask(legal: int, best: int, trump: int) -> int:
    """The cards of `legal` that beat `best`, the card winning the trick so far."""
    return legal & BEATERS[trump][best]


def follow_card(
    hands: list[int],
    seat: int,
    led: int,
    best: tuple[int, int],
    trump: int,
    later: list[int],
    partner: int,
) -> int:
    """Win with the cheapest card no later opponent can beat; else throw the cheapest card.

    `led`: the suit led; `best`: (seat, card) winning so far; `later`: the opponents still
    to play in this trick.
    """
    hand = hands[seat]
    legal = follow_mask(hand, led)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    bs, bc = best
    if bs == partner and not _beaten(hands, later, bc, led, trump):
        return lowest(legal, trump)
    win = winners_mask(legal, bc, trump)
    while win:
        low = win & -win
        c = low.bit_length() - 1
        if not _beaten(hands, later, c, led, trump):
            return c
        win ^= low
    return lowest(legal, trump)


def _beaten(hands: list[int], later: list[int], card: int, led: int, trump: int) -> bool:
    """Whether one of the `later` seats can beat `card`, the card winning the trick so far."""
    suit = SUIT_OF[card]
    led_mask = SM[led]
    trump_mask = SM[trump] if trump < 4 else 0
    for s in later:
        h = hands[s]
        follow = h & led_mask
        if follow:
            if suit == led and follow >> (card + 1):
                return True
        else:
            trumps = h & trump_mask
            if trumps and (suit != trump or trumps >> (card + 1)):
                return True
    return False


def lead_card(hands: list[int], seat: int, trump: int, opponents: list[int]) -> int:
    """Cash a side-suit master nobody can trump, draw trumps with the top trump, else lead low."""
    hand = hands[seat]
    others = 0
    for s in opponents:
        others |= hands[s]
    opp_trumps = others & SM[trump] if trump < 4 else 0
    longest, size = -1, -1
    for u in (0, 1, 2, 3):
        mine = hand & SM[u]
        if not mine:
            continue
        if u != trump:
            top = mine.bit_length() - 1
            theirs = others & SM[u]
            if theirs >> (top + 1) == 0 and not (opp_trumps and _some_void(hands, opponents, u)):
                return top
            n = mine.bit_count()
            if n > size:
                longest, size = u, n
    if opp_trumps and hand & SM[trump]:
        top = (hand & SM[trump]).bit_length() - 1
        if opp_trumps >> (top + 1) == 0:
            return top
    if longest >= 0:
        m = hand & SM[longest]
        return (m & -m).bit_length() - 1
    return lowest(hand, trump)


def _some_void(hands: list[int], opponents: list[int], suit: int) -> bool:
    return any(hands[s] and not hands[s] & SM[suit] for s in opponents)


def playout(
    hands: list[int],
    trump: int,
    trick: list[tuple[int, int]],
    seat: int,
    partner: list[int],
    talon: list[int],
    need: set[int] | None = None,
    model: Model | None = None,
) -> list[int]:
    """Play the deal out from `seat`'s turn; the tricks each seat takes from now on.

    `talon`: German Whist's first half, face-up card first, then the face-down cards.
    `need`: Knockout Whist's seats still without a trick, who take any trick they can.
    `model`: seats that play as the Club player would, from what they may know.
    """
    order = _order(hands, seat, len(hands), trick)
    w = _finish_trick(hands, order, list(trick), trump, partner, talon, need, model)
    return play_on(hands, trump, w, partner, talon, need, model)


def play_on(
    hands: list[int],
    trump: int,
    w: int,
    partner: list[int],
    talon: list[int],
    need: set[int] | None = None,
    model: Model | None = None,
) -> list[int]:
    """Count the trick `w` has just won (and its talon cards), then play the deal out:
    the tricks each seat takes from that trick on (arguments as for `playout`)."""
    n = len(hands)
    won = [0] * n
    counting = not talon
    while True:
        if need:
            need.discard(w)
        if counting:
            won[w] += 1
        if talon:
            hands[w] |= 1 << talon[0]
            hands[1 - w] |= 1 << talon[1]
            talon = talon[2:]
            counting = not talon
        if not any(hands):
            return won
        order = _ring(hands, w if hands[w] else next_seat(w, n, hands), n, [])
        w = _finish_trick(hands, order, [], trump, partner, talon, need, model)


def _finish_trick(
    hands: list[int],
    order: list[int],
    trick: list[tuple[int, int]],
    trump: int,
    partner: list[int],
    talon: list[int],
    need: set[int] | None = None,
    model: Model | None = None,
) -> int:
    """Play the rest of a trick by the greedy policy (or the model's); the winner."""
    fight = not talon or RANK_OF[talon[0]] + (7 if SUIT_OF[talon[0]] == trump else 0) >= 8
    i = len(trick)
    if not i:
        s = order[0]
        p = partner[s]
        if model and model.seats >> s & 1:
            c = model.lead(hands[s], trump, model.live(hands) & ~hands[s])
        elif fight:
            c = lead_card(hands, s, trump, [o for o in order if o != s and o != p])
        else:
            c = lowest(hands[s], trump)
        hands[s] ^= 1 << c
        trick = [(s, c)]
        i = 1
    led = SUIT_OF[trick[0][1]]
    best = winning_play(trick, trump)
    live = model.live(hands) if model else 0
    for j in range(i, len(order)):
        s = order[j]
        if model and model.seats >> s & 1:
            last = j == len(order) - 1
            c = model.follow(hands[s], led, best[1], trump, live & ~hands[s], last)
        elif fight:
            p = partner[s]
            c = follow_card(hands, s, led, best, trump, [o for o in order[j + 1 :] if o != p], p)
            if need and s in need:
                c = _desperate(hands[s], c, led, best[1], trump)
        else:
            c = lowest(follow_mask(hands[s], led), trump)
        hands[s] ^= 1 << c
        live &= ~(1 << c)
        if BEATERS[trump][best[1]] >> c & 1:
            best = (s, c)
    return best[0]


def _desperate(hand: int, card: int, led: int, best: int, trump: int) -> int:
    """A seat without a trick takes this one with its cheapest winner, sure or not."""
    win = winners_mask(follow_mask(hand, led), best, trump)
    if not win or win >> card & 1:
        return card
    return (win & -win).bit_length() - 1


def _order(hands: list[int], seat: int, n: int, trick: list[tuple[int, int]]) -> list[int]:
    """The trick's playing order: those who played, then `seat` and the later seats holding
    cards up to the leader (a dog who knocked before `seat` is not asked again)."""
    if not trick:
        return _ring(hands, seat, n, trick)
    played = [s for s, _ in trick]
    leader = played[0]
    later = []
    for s in clockwise(seat, n):
        if s == leader:
            break
        if hands[s] and s not in played:
            later.append(s)
    return played + later


def _ring(hands: list[int], leader: int, n: int, trick: list[tuple[int, int]]) -> list[int]:
    """Seats in playing order from the leader: those holding cards or already in the trick."""
    played = {s for s, _ in trick}
    return [s for s in clockwise(leader, n) if hands[s] or s in played]
