"""Replay checks for Whist (partnerships, honours, rubber) and German Whist (talon, match)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .common import (
    Report,
    Trick,
    check_dealer,
    check_seats,
    compare_absent,
    compare_fields,
    compare_tricks,
    deal_list,
    extra_deals,
    get,
    is_card,
    read_hands,
    read_options,
    show,
    suit,
    too_few_deals,
)
from .events import Events, deal_events, play_fixed_trick

WHIST_OPTIONS = {
    "target": (5, range(1, 16)), "honours": (False, bool), "rubber": (False, bool),
    "trump_suit": ("turned", ("turned", "hearts", "clubs", "diamonds", "spades", "none")),
}  # fmt: skip
# docs/rules.md §2.8: a trump named before the deal (None: no trump), nothing turned.
NAMED_TRUMPS = {"hearts": "H", "clubs": "C", "diamonds": "D", "spades": "S", "none": None}
GERMAN_OPTIONS = {"games": (1, range(1, 16))}
SIDES = ([0, 2], [1, 3])


class Resigned(Exception):
    """A seat resigned: in Whist and German Whist its side loses at once."""

    def __init__(self, seat: int, index: int) -> None:
        """Remember who resigned and at which event."""
        super().__init__(seat, index)
        self.seat = seat
        self.index = index


def _resign(seat: int, index: int) -> None:
    """Event callback: a resignation ends the match."""
    raise Resigned(seat, index)


def _play(
    cur: Events, hands: list[set[str]], leader: int, trump: str, count: int, done: list[Trick]
) -> int:
    """Play the deal's last `count` tricks, appending them to `done`; return the next leader.
    The deal's last card is never taken back (D5)."""
    for t in range(count):
        trick = play_fixed_trick(cur, hands, leader, trump, closing=t < count - 1)
        done.append(trick)
        leader = trick.winner  # type: ignore[assignment]
    return leader


def _tricks_so_far(report: Report, deal: int, rec: dict, cur: Events, done: list[Trick]) -> None:
    """Compare the tricks of a deal interrupted by a resignation (unfinished trick last)."""
    if cur.partial:
        done.append(Trick(cur.partial[0][0], list(cur.partial), None))
    compare_tricks(report, deal, get(rec, "tricks"), done)


@dataclass
class Match:
    """Running state of a Whist or German Whist match."""

    opts: dict
    score: list[int] = field(default_factory=lambda: [0, 0])
    games: list[list[int]] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    values: list[int] = field(default_factory=lambda: [0, 0])
    dealer: int | None = None
    over: bool = False
    winner: int | None = None  # side (Whist) or seat (German); None for a draw
    reason: str = ""


def _is_honour(card: str, trump: str | None) -> bool:
    """docs/rules.md §2.6: the ace, king, queen and jack of trumps."""
    return suit(card) == trump and card[0] in "AKQJ"


def _honour_points(held: int) -> int:
    """docs/rules.md §2.6: all four honours score 4, three score 2."""
    return {4: 4, 3: 2}.get(held, 0)


def whist_outcome(match: Match, side_tricks: list[int], held: list[int]) -> dict:
    """docs/rules.md §2.6 scoring: trick points first, then honours unless refused."""
    target, before = match.opts["target"], match.score
    points = [max(0, t - 6) for t in side_tricks]
    score = [b + p for b, p in zip(before, points, strict=True)]
    honours = [0, 0]
    if match.opts["honours"] and max(score) < target:
        honours = [_honour_points(held[i]) if before[i] != target - 1 else 0 for i in (0, 1)]
        score = [s + h for s, h in zip(score, honours, strict=True)]
    return {"tricks": side_tricks, "points": points, "honours": honours, "score": score}


def _game_value(loser_points: int) -> int:
    """docs/rules.md §2.7 rubber: 3 if the losers had 0, 2 for 1 or 2, 1 for 3 or more."""
    return 3 if loser_points == 0 else 2 if loser_points <= 2 else 1


def _whist_after(match: Match, score: list[int]) -> None:
    """Record the score; end the game (and maybe the match) at the target."""
    match.score = score
    if max(score) < match.opts["target"]:
        return
    side = 0 if score[0] >= match.opts["target"] else 1
    match.games.append(score)
    match.score = [0, 0]
    match.winner = side
    if not match.opts["rubber"]:
        match.over, match.reason = True, "target"
        return
    match.wins[side] += 1
    match.values[side] += _game_value(score[1 - side])
    if match.wins[side] == 2:
        match.over, match.reason = True, "rubber"


def _whist_deal(report: Report, j: int, rec: dict, match: Match) -> Events:
    """Replay one Whist hand and compare its tricks and outcome."""
    want = None if match.dealer is None else (match.dealer + 1) % 4
    dealer = match.dealer = check_dealer(report, j, rec, want, 4)
    hands = read_hands(report, j, rec, [13] * 4, ["Whist deals 13 each"] * 4, [])
    turned = get(rec, "turned")
    named = match.opts["trump_suit"]
    if named != "turned":
        report.compare(j, "turned", turned, None)
        trump = NAMED_TRUMPS[named]
    elif not is_card(turned) or turned not in hands[dealer]:
        report.stop(j, "turned", show(turned), f"the dealer's last card, in seat {dealer}'s hand")
    else:
        trump = suit(turned)
    report.compare(j, "stock", get(rec, "stock"), [])
    report.compare(j, "cuts", get(rec, "cuts"), None)
    held = [sum(_is_honour(c, trump) for s in side for c in hands[s]) for side in SIDES]
    cur = deal_events(report, j, rec, 4, _resign)
    done: list[Trick] = []
    try:
        _play(cur, hands, (dealer + 1) % 4, trump, 13, done)
    except Resigned:
        _tricks_so_far(report, j, rec, cur, done)
        raise
    compare_tricks(report, j, get(rec, "tricks"), done)
    side_tricks = [sum(t.winner in side for t in done) for side in SIDES]
    outcome = whist_outcome(match, side_tricks, held)
    compare_fields(report, j, "outcome", get(rec, "outcome"), outcome)
    _whist_after(match, outcome["score"])
    return cur


def _resigned(report: Report, j: int, deals: list, match: Match, exc: Resigned, side: int) -> None:
    """A resignation: the other side wins at once, unless the match was already over."""
    if match.over:
        report.add(j, f"events[{exc.index}]", "a resignation", "none (the match is already over)")
        return
    match.over, match.reason, match.winner = True, "resign", 1 - side
    if j + 1 < len(deals):
        extra_deals(report, len(deals), j)


DealFn = Callable[[Report, int, dict, "Match"], Events]


def _run(
    report: Report, rec: dict, match: Match, deal_fn: DealFn, side_of: Callable[[int], int]
) -> bool:
    """Replay the deals in order; False if the record stops before the match is over."""
    deals = deal_list(report, rec)
    for j, deal in enumerate(deals):
        if match.over:
            extra_deals(report, len(deals), j - 1)
            break
        try:
            deal_fn(report, j, deal, match).finish()
        except Resigned as exc:
            _resigned(report, j, deals, match, exc, side_of(exc.seat))
            break
    if not match.over:
        too_few_deals(report, len(deals))
    return match.over


def replay_whist(rec: dict, report: Report) -> None:
    """Check a Whist record: every hand, then the match result."""
    check_seats(report, rec, range(4, 5))
    # `trump_suit` came later (docs/game-record.md §2): a record without it turned its trump.
    options = get(rec, "options")
    if isinstance(options, dict) and "trump_suit" not in options:
        rec = {**rec, "options": {**options, "trump_suit": "turned"}}
    match = Match(read_options(report, rec, WHIST_OPTIONS))
    if not _run(report, rec, match, _whist_deal, lambda seat: seat % 2):
        return
    win = match.winner or 0
    result = get(rec, "result")
    want: dict = {"winners": SIDES[win], "ranking": [SIDES[win], SIDES[1 - win]]}
    want |= {"reason": match.reason, "games": match.games}
    if match.opts["rubber"]:
        want["rubber_score"] = [v + 2 * (s == win) for s, v in enumerate(match.values)]
    compare_fields(report, None, "result", result, want)
    if not match.opts["rubber"]:
        compare_absent(report, "result", result, ("rubber_score",))


def _first_half(
    cur: Events, hands: list[set[str]], leader: int, trump: str, talon: list[str], done: list
) -> int:
    """docs/rules.md §3.2: the winner takes the face-up talon card, the loser the next one."""
    for t in range(13):
        trick = play_fixed_trick(cur, hands, leader, trump, closing=False)  # D5: it draws
        done.append(trick)
        leader = trick.winner  # type: ignore[assignment]
        hands[leader].add(talon[2 * t])
        hands[1 - leader].add(talon[2 * t + 1])
    return leader


def _german_deal(report: Report, j: int, rec: dict, match: Match) -> Events:
    """Replay one German Whist game and compare its tricks and outcome."""
    want = None if match.dealer is None else 1 - match.dealer
    dealer = match.dealer = check_dealer(report, j, rec, want, 2)
    turned, stock = get(rec, "turned"), get(rec, "stock")
    if not is_card(turned):
        report.stop(j, "turned", show(turned), "the top card of the talon")
    if not isinstance(stock, list) or len(stock) != 25:
        report.stop(j, "stock", show(stock), "the 25 talon cards below the turned card")
    why = ["German Whist deals 13 each"] * 2
    hands = read_hands(report, j, rec, [13, 13], why, [turned, *stock])
    report.compare(j, "cuts", get(rec, "cuts"), None)
    trump, cur, done = suit(turned), deal_events(report, j, rec, 2, _resign), []
    try:
        leader = _first_half(cur, hands, 1 - dealer, trump, [turned, *stock], done)
        _play(cur, hands, leader, trump, 13, done)
    except Resigned:
        _tricks_so_far(report, j, rec, cur, done)
        raise
    compare_tricks(report, j, get(rec, "tricks"), done)
    second = [sum(t.winner == s for t in done[13:]) for s in (0, 1)]
    compare_fields(report, j, "outcome", get(rec, "outcome"), {"tricks": second})
    _german_after(match, second)
    return cur


def _german_after(match: Match, second: list[int]) -> None:
    """docs/rules.md §3.4 match: stop once a player has won more than half of `games`."""
    win = 0 if second[0] >= 7 else 1
    match.wins[win] += 1
    match.games.append(second)
    total = match.opts["games"]
    if 2 * match.wins[win] > total or len(match.games) == total:
        match.over, match.reason = True, "majority"
        best = max(match.wins)
        match.winner = None if match.wins == [best, best] else match.wins.index(best)


def replay_german(rec: dict, report: Report) -> None:
    """Check a German Whist record: every game, then the match result."""
    check_seats(report, rec, range(2, 3))
    match = Match(read_options(report, rec, GERMAN_OPTIONS))
    if not _run(report, rec, match, _german_deal, lambda seat: seat):
        return
    win = match.winner
    want: dict = {"winners": [], "ranking": [[0, 1]]}
    if win is not None:
        want = {"winners": [win], "ranking": [[win], [1 - win]]}
    want |= {"reason": match.reason, "games": match.games}
    result = get(rec, "result")
    compare_fields(report, None, "result", result, want)
    compare_absent(report, "result", result, ("rubber_score",))
