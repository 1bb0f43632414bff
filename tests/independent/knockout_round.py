"""One Knockout Whist round replayed: cuts, dealer, hands, trump, exchange, rainbow, tricks."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .common import (
    Report,
    Trick,
    check_dealer,
    compare_tricks,
    cut_key,
    get,
    is_card,
    read_hands,
    seat_int,
    show,
    show_hand,
    suit,
    trick_winner,
)
from .events import Events, deal_events, only_card

KO_OPTIONS: dict[str, tuple] = {
    "start_cards": (7, range(1, 9)),
    "dogs_life": ("once_per_game", ("once_per_game", "once_per_player", "off")),
    "safe_first_round": (False, bool),
    "lead": ("left_of_dealer", ("left_of_dealer", "trump_chooser")),
    "trump": ("chosen", ("chosen", "fixed")),
    "no_trump_allowed": (False, bool),
    "last_round_no_trump": (False, bool),
    "exchange": (False, bool),
    "rainbow": (False, bool),
    "sweep_wins": (False, bool),
    "eliminated_vote": (False, bool),
}
VOTE_ORDER = ["NT", "C", "D", "H", "S"]  # docs/rules.md §1.7 vote tie: spades > ... > no trump


@dataclass
class Game:
    """Knockout state carried from round to round."""

    n: int
    opts: dict
    status: list[str]  # "in", "dog" (on a dog's life this round) or "out"
    out_round: dict[int, int] = field(default_factory=dict)
    had_dog: set[int] = field(default_factory=set)
    resigned: list[int] = field(default_factory=list)  # in order of resignation
    first_suit: str = ""
    prev_tricks: list[int] = field(default_factory=list)
    prev_leader: int | None = None

    def clockwise(self, start: int) -> list[int]:
        """All seats clockwise, starting with `start`."""
        return [(start + i) % self.n for i in range(self.n)]

    def active(self) -> list[int]:
        """Seats still in (a dog's life counts as in), in seat order."""
        return [s for s in range(self.n) if self.status[s] != "out"]


@dataclass
class Round:
    """What one round was, as recomputed."""

    j: int
    h: int
    dealer: int
    leader: int
    active: list[int]
    trump: str = "NT"
    rainbow: int | None = None
    tricks: list[Trick] = field(default_factory=list)


def last_no_trump(game: Game, h: int) -> bool:
    """docs/rules.md §1.7 `last_round_no_trump`: the one-card round has no trump."""
    return game.opts["last_round_no_trump"] and h == 1


def _needs_top(game: Game, j: int, h: int) -> bool:
    """The previous top player is needed to choose trump or to deal and lead."""
    if j == 0:
        return False
    chooses = game.opts["trump"] == "chosen" and not last_no_trump(game, h)
    return chooses or game.opts["lead"] == "trump_chooser"


def top_player(game: Game, report: Report, j: int, rec: dict, h: int) -> int | None:
    """The previous round's top player, cutting among ties with the recorded cuts."""
    cuts = get(rec, "cuts")
    if not _needs_top(game, j, h):
        report.compare(j, "cuts", cuts, None)
        return None
    best = max(game.prev_tricks)
    tied = [s for s, t in enumerate(game.prev_tricks) if t == best]
    if len(tied) == 1:
        report.compare(j, "cuts", cuts, None)
        return tied[0]
    ok = isinstance(cuts, list) and all(
        isinstance(c, list) and len(c) == 2 and seat_int(c[0], game.n) and is_card(c[1])
        for c in cuts
    )
    if not ok or sorted(c[0] for c in cuts) != tied or len({c[1] for c in cuts}) != len(cuts):
        rules = f"one card from a fresh deck for each tied top player {show(tied)}"
        report.stop(j, "cuts", show(cuts), rules)
    return max(cuts, key=lambda c: cut_key(c[1]))[0]


def _dealer_leader(game: Game, report: Report, j: int, rec: dict, top: int | None) -> tuple:
    """docs/rules.md §1.4 fair lead, or under `lead: trump_chooser` the top player deals, leads."""
    chooser_leads = j > 0 and game.opts["lead"] == "trump_chooser"
    want = top if chooser_leads else game.prev_leader
    dealer = check_dealer(report, j, rec, want, game.n)
    if chooser_leads:
        return dealer, dealer
    leader = next(s for s in game.clockwise(dealer + 1) if game.status[s] != "out")
    return dealer, leader


def _hands(game: Game, report: Report, j: int, rec: dict, h: int) -> list[set[str]]:
    """Hand sizes (full, one for a dog's life, none when out) and the 52 cards."""
    sizes = [{"in": h, "dog": 1, "out": 0}[st] for st in game.status]
    why = [
        {"in": f"round {j + 1} deals {h}", "dog": "dog's life", "out": "out"}[st]
        for st in game.status
    ]
    turned, stock = get(rec, "turned"), get(rec, "stock")
    if not isinstance(stock, list):
        report.stop(j, "stock", show(stock), "a list of the cards not dealt")
    if j > 0:
        report.compare(j, "turned", turned, None)
        return read_hands(report, j, rec, sizes, why, stock)
    if not is_card(turned):
        report.stop(j, "turned", show(turned), "the card turned up for trump in round 1")
    game.first_suit = suit(turned)
    return read_hands(report, j, rec, sizes, why, [turned, *stock])


def _suit_event(game: Game, cur: Events, seat: int, action: str) -> str:
    """A trump choice or a vote; "NT" only with `no_trump_allowed`."""
    k, event = cur.expect(seat, (action,), "choose trump" if action == "trump" else "vote")
    allowed = ["S", "H", "D", "C"] + (["NT"] if game.opts["no_trump_allowed"] else [])
    value = event["suit"]
    if value not in allowed:
        if value not in VOTE_ORDER:
            cur.report.stop(cur.deal, f"events[{k}]", show(event), f"a suit in {show(allowed)}")
        cur.report.add(cur.deal, f"events[{k}]", show(event), f"a suit in {show(allowed)}")
    return value


def vote_result(votes: list[str], choice: str) -> str:
    """docs/rules.md §1.7 `eliminated_vote`: most votes; a tie: the chooser, else the top suit."""
    counts = Counter([*votes, choice])
    most = max(counts.values())
    tied = [s for s, c in counts.items() if c == most]
    return choice if choice in tied else max(tied, key=VOTE_ORDER.index)


def _trump(game: Game, cur: Events, rnd: Round, chooser: int | None) -> str:
    """Trump of the round: turned, fixed, none in the last round, or chosen (and voted)."""
    if last_no_trump(game, rnd.h):
        return "NT"
    if rnd.j == 0 or game.opts["trump"] == "fixed" or chooser is None:
        return game.first_suit
    votes: list[str] = []
    if game.opts["eliminated_vote"]:
        votes = [_suit_event(game, cur, s, "vote") for s in range(game.n) if s not in rnd.active]
    choice = _suit_event(game, cur, chooser, "trump")
    return vote_result(votes, choice)


def _exchange(game: Game, cur: Events, hands: list[set[str]], stock: list, leader: int) -> None:
    """docs/rules.md §1.7 `exchange`: clockwise from the first leader, dogs and the out excepted."""
    top = 0
    for seat in game.clockwise(leader):
        if game.status[seat] != "in":
            continue
        k, event = cur.expect(seat, ("exchange",), "exchange")
        discard = event["discard"]
        limit = min(3, len(hands[seat]), len(stock) - top)
        if (
            len(set(discard)) != len(discard)
            or not set(discard) <= hands[seat]
            or (len(discard) > limit)
        ):
            rules = f"0..{limit} distinct cards of seat {seat}'s hand {show_hand(hands[seat])}"
            cur.report.stop(cur.deal, f"events[{k}]", show(event), rules)
        hands[seat] -= set(discard)
        hands[seat] |= set(stock[top : top + len(discard)])
        top += len(discard)


def _rainbow(game: Game, hands: list[set[str]], rnd: Round) -> int | None:
    """docs/rules.md §1.7 `rainbow`: in the four-card round, first holder of all four suits wins."""
    if not game.opts["rainbow"] or rnd.h != 4:
        return None
    for seat in game.clockwise(rnd.leader):
        if seat in rnd.active and len({suit(c) for c in hands[seat]}) == 4:
            return seat
    return None


def _trick(game: Game, cur: Events, hands: list[set[str]], start: int, rnd: Round, last: bool):
    """One trick: each seat holding cards acts once; a dog's life may knock (not last); a
    card taken back is played again, but not the round's last card (D5)."""
    plays: list[tuple[int, str]] = []
    order = [s for s in game.clockwise(start) if s in rnd.active and hands[s]]
    i = 0
    while i < len(order):
        seat = order[i]
        i += 1
        dog = game.status[seat] == "dog"
        can_knock = dog and not last
        what = "play or knock" if can_knock else "play"
        if dog and not can_knock:
            what = "play (a dog's life cannot knock on the last trick)"
        k, event = cur.expect(seat, ("play", "knock") if can_knock else ("play",), what)
        led = suit(plays[0][1]) if plays else None
        if event["action"] == "play":
            card = cur.play(seat, hands[seat], led, (k, event))
            plays.append((seat, card))
            forced = not can_knock and only_card(hands[seat], card, led)  # a knock is a choice
            if cur.taken_back(seat, card, not last or i < len(order), forced):
                plays.pop()
                hands[seat].add(card)
                i -= 1
        else:
            cur.check_hints(seat, hands[seat], led)
    if not plays:
        cur.report.stop(cur.deal, "tricks", "a trick without cards", "every trick has a card")
    trump = None if rnd.trump == "NT" else rnd.trump
    return Trick(plays[0][0], plays, trick_winner(plays, trump))


def _next_start(game: Game, hands: list[set[str]], winner: int, rnd: Round) -> int:
    """The winner leads; a dog's life whose card won passes the lead to the left."""
    return next((s for s in game.clockwise(winner) if s in rnd.active and hands[s]), winner)


def _play(game: Game, cur: Events, hands: list[set[str]], rnd: Round) -> None:
    """All tricks of the round: one per card of a full hand."""
    start = rnd.leader
    for t in range(rnd.h):
        trick = _trick(game, cur, hands, start, rnd, t == rnd.h - 1)
        rnd.tricks.append(trick)
        start = _next_start(game, hands, trick.winner, rnd)  # type: ignore[arg-type]


def play_round(game: Game, report: Report, j: int, rec: dict) -> Round:
    """Replay one deal of a Knockout game and compare its tricks."""
    h = game.opts["start_cards"] - j
    top = top_player(game, report, j, rec, h)
    dealer, leader = _dealer_leader(game, report, j, rec, top)
    rnd = Round(j, h, dealer, leader, game.active())
    hands = _hands(game, report, j, rec, h)

    def on_resign(seat: int, k: int) -> None:
        if seat in game.resigned:
            report.add(j, f"events[{k}]", f"seat {seat} resigns again", "one resignation")
        else:
            game.resigned.append(seat)

    cur = deal_events(report, j, rec, game.n, on_resign)
    rnd.trump = _trump(game, cur, rnd, top)
    if game.opts["exchange"]:
        _exchange(game, cur, hands, list(rec["stock"]), leader)
    rnd.rainbow = _rainbow(game, hands, rnd)
    if rnd.rainbow is None:
        _play(game, cur, hands, rnd)
    compare_tricks(report, j, get(rec, "tricks"), rnd.tricks)
    cur.finish()
    return rnd
