"""Whist drive movements: who sits where for each hand (docs/rules.md §5.8).

Pure functions over places: a drive of T tables has 4T places, table t's seats 0-3 (North,
East, South, West; partners 0 and 2, 1 and 3). `start` lays the players (and the bots that
fill the last places: `None`) out once; each movement says, for hand n, which place of the
start sits at each seat, so a round's tables follow from the start and the hand's number
(progressive, travelling pairs) or from the last hand's tables and who won there
(semi-partner).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

Table = list  # four places: [north, east, south, west]

PROGRESSIVE = "progressive"
SEMI_PARTNER = "semi_partner"
TRAVELLING = "travelling"
MOVEMENTS = (PROGRESSIVE, SEMI_PARTNER, TRAVELLING)
# The trumps in turn, hand by hand (docs/rules.md §5.8), and with the no-trump hand.
TRUMPS = ("hearts", "clubs", "diamonds", "spades")
TRUMPS_NO_TRUMP = (*TRUMPS, "none")


def trump_of(hand: int, no_trump: bool) -> str:
    """The trump of hand `hand` (1 for the first) in the fixed rotation."""
    order = TRUMPS_NO_TRUMP if no_trump else TRUMPS
    return order[(hand - 1) % len(order)]


def table_count(players: int) -> int:
    """Tables for `players`: every four a table, the last one filled with bots."""
    return max(1, -(-players // 4))


def start(players: Sequence[Hashable]) -> list[Table]:
    """The first hand's tables, players in the given order (drawn by lot beforehand). The
    bots filling the last places sit where, in the progressive movement, no one partners a
    bot in two hands running (tests/tournaments/test_movements.py checks it for 3-30
    tables)."""
    tables = table_count(len(players))
    places: list[Hashable | None] = [None] * (4 * tables)
    bot_places = _bot_places(tables, 4 * tables - len(players))
    people = iter(players)
    for i in range(4 * tables):
        if i not in bot_places:
            places[i] = next(people)
    return [places[4 * t : 4 * t + 4] for t in range(tables)]


def _bot_places(tables: int, bots: int) -> set[int]:
    """Places for up to three bots: South of the first table (moving up), West of the last
    (moving down), North of the middle one (staying): each partnership meets at most one
    bot of each kind per round of the tables."""
    order = [2, 4 * (tables - 1) + 3, 4 * (tables // 2)]
    return set(order[:bots])


def progressive(first: Sequence[Table], hand: int) -> list[Table]:
    """Partners change every hand: North and East stay at their table; the player at South
    moves one table up each hand and the one at West one table down, so each partnership
    (North with South, East with West) is new in every hand, and nobody meets a partner
    twice within as many hands as there are tables. At a single table, where nobody could
    move, North stays and the other three go round: each partners each other player in turn
    and nobody meets a partner again within three hands."""
    n, step = len(first), hand - 1
    if n == 1:
        north, east, south, west = first[0]
        others = [east, south, west][step % 3 :] + [east, south, west][: step % 3]
        return [[north, *others]]
    return [
        [first[t][0], first[t][1], first[(t - step) % n][2], first[(t + step) % n][3]]
        for t in range(n)
    ]


def travelling(first: Sequence[Table], hand: int) -> list[Table]:
    """Fixed pairs: North-South pairs stay; each East-West pair moves one table up each
    hand, meeting every North-South pair once in as many hands as there are tables."""
    n, step = len(first), hand - 1
    return [[first[t][0], first[(t - step) % n][1], first[t][2], first[(t - step) % n][3]]
            for t in range(n)]  # fmt: skip


def semi_partner(last: Sequence[Table], winners: Sequence[int]) -> list[Table]:
    """Winners keep their partner and their seats; the losers part: the loser who sat East
    or North moves one table up, the one at West or South one table down, and the two who
    arrive at a table take its losers' seats as partners. `winners[t]`: the side (0 for
    North-South, 1 for East-West) that won at table t."""
    n = len(last)
    out = [list(t) for t in last]
    for t in range(n):
        lost = 1 - winners[t]
        up_seat, down_seat = lost, lost + 2  # North or East moves up, South or West down
        below, above = (t - 1) % n, (t + 1) % n
        # From the table below comes its up-mover; from the table above, its down-mover.
        out[t][up_seat] = last[below][1 - winners[below]]
        out[t][down_seat] = last[above][1 - winners[above] + 2]
    return out


def partners(tables: Sequence[Table]) -> list[tuple]:
    """The partnerships of one hand: (north, south) and (east, west) of each table."""
    return [pair for t in tables for pair in ((t[0], t[2]), (t[1], t[3]))]
