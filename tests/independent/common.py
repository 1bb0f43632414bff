"""Cards, tricks, disagreement reports and event reading shared by the replay checkers."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NoReturn

RANKS = "23456789TJQKA"
SUITS = "CDHS"  # docs/rules.md §1.4 cut decision: clubs < diamonds < hearts < spades
DECK = frozenset(r + s for r in RANKS for s in SUITS)


class _Missing:
    """Stands for a field that is absent from the record."""

    def __repr__(self) -> str:
        return "(missing)"


MISSING: Any = _Missing()


def is_card(value: object) -> bool:
    """True for a two-character card such as "TS"."""
    return isinstance(value, str) and value in DECK


def rank(card: str) -> int:
    """Rank index, 2 lowest, ace highest."""
    return RANKS.index(card[0])


def suit(card: str) -> str:
    """The card's suit letter."""
    return card[1]


def cut_key(card: str) -> tuple[int, int]:
    """Order of cut cards: rank first, then clubs < diamonds < hearts < spades."""
    return rank(card), SUITS.index(suit(card))


def trick_winner(plays: list[tuple[int, str]], trump: str | None) -> int:
    """Seat winning a trick: highest trump, else highest card of the led suit."""
    led = suit(plays[0][1])

    def strength(play: tuple[int, str]) -> tuple[bool, bool, int]:
        card = play[1]
        return suit(card) == trump, suit(card) == led, rank(card)

    return max(plays, key=strength)[0]


def show(value: object) -> str:
    """Render a value for a disagreement line (JSON, or "(missing)")."""
    if value is MISSING:
        return "(missing)"
    return json.dumps(value)


def show_hand(hand: set[str]) -> str:
    """A hand for a message: spades, hearts, diamonds, clubs, high to low."""
    return show(sorted(hand, key=lambda c: (-SUITS.index(suit(c)), -rank(c))))


def seat_int(value: object, n: int) -> bool:
    """True for a seat number 0..n-1 (booleans are not seats)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


class Stop(Exception):
    """The replay of a record cannot go on; the reason is already reported."""


@dataclass
class Report:
    """Disagreements found in one record, as printable lines."""

    record: int
    lines: list[str] = field(default_factory=list)

    def add(self, deal: int | None, where: str, says: str, rules: str) -> None:
        """Add one disagreement line."""
        head = f"record {self.record}" if deal is None else f"record {self.record} deal {deal}"
        self.lines.append(f"{head}: {where}: record says {says}, rules say {rules}")

    def compare(self, deal: int | None, where: str, says: object, rules: object) -> bool:
        """Report a difference between a recorded and a recomputed value."""
        if show(says) == show(rules):
            return True
        self.add(deal, where, show(says), show(rules))
        return False

    def stop(self, deal: int | None, where: str, says: str, rules: str) -> NoReturn:
        """Report a disagreement after which the record cannot be replayed further."""
        self.add(deal, where, says, rules + " (replay of this record stops here)")
        raise Stop


def get(obj: object, key: str) -> Any:
    """A field of a JSON object, or MISSING."""
    return obj.get(key, MISSING) if isinstance(obj, dict) else MISSING


def compare_fields(report: Report, deal: int | None, prefix: str, rec: object, want: dict) -> None:
    """Compare each expected field of a recorded object; absent ones are reported."""
    if not isinstance(rec, dict):
        report.add(deal, prefix, show(rec), "an object")
        return
    for key, value in want.items():
        report.compare(deal, f"{prefix}.{key}", get(rec, key), value)


def compare_absent(report: Report, prefix: str, rec: object, keys: tuple[str, ...]) -> None:
    """Fields that do not apply must be absent (or null)."""
    for key in keys:
        value = get(rec, key)
        if value is not MISSING and value is not None:
            report.add(None, f"{prefix}.{key}", show(value), "(omitted)")


def check_cards(report: Report, deal: int, hands: list[list[str]], extra: list[str]) -> None:
    """The hands plus the extra cards (turned, stock) must be the 52 cards, each once."""
    cards = [c for hand in hands for c in hand] + extra
    bad = [c for c in cards if not is_card(c)]
    if bad:
        report.stop(deal, "cards", f"invalid cards {show(bad)}", 'cards like "TS"')
    dup = sorted(c for c, k in Counter(cards).items() if k > 1)
    lost = sorted(DECK - set(cards))
    if dup or lost:
        says = f"duplicated {show(dup)}, missing {show(lost)}"
        report.stop(deal, "cards (hands + turned + stock)", says, "each of the 52 cards once")


def read_hands(
    report: Report, deal: int, rec: dict, sizes: list[int], why: list[str], extra: list[str]
) -> list[set[str]]:
    """Check the dealt hand sizes and the 52 cards (hands + extra); return the hands as sets."""
    hands = get(rec, "hands")
    ok = isinstance(hands, list) and all(isinstance(h, list) for h in hands)
    if not ok or len(hands) != len(sizes):
        report.stop(deal, "hands", show(hands), f"a list of {len(sizes)} card lists")
    wrong = [s for s, h in enumerate(hands) if len(h) != sizes[s]]
    for seat in wrong:
        says, rules = f"{len(hands[seat])} cards", f"{sizes[seat]} cards ({why[seat]})"
        if seat == wrong[-1]:
            report.stop(deal, f"hands[{seat}]", says, rules)
        report.add(deal, f"hands[{seat}]", says, rules)
    check_cards(report, deal, hands, extra)
    return [set(h) for h in hands]


@dataclass
class Trick:
    """A trick as recomputed: who played first, the plays and the winner."""

    leader: int
    plays: list[tuple[int, str]]
    winner: int | None

    def as_json(self) -> dict:
        """The trick in record form."""
        plays = [[s, c] for s, c in self.plays]
        return {"leader": self.leader, "plays": plays, "winner": self.winner}


def compare_tricks(report: Report, deal: int, rec: object, tricks: list[Trick]) -> None:
    """Compare the recorded tricks with the recomputed ones, field by field."""
    if not isinstance(rec, list):
        report.add(deal, "tricks", show(rec), f"a list of {len(tricks)} tricks")
        return
    partial = bool(tricks) and tricks[-1].winner is None
    if partial and len(rec) == len(tricks) - 1:
        tricks = tricks[:-1]  # an unfinished trick may be left out
    if len(rec) != len(tricks):
        report.add(deal, "tricks", f"{len(rec)} tricks", f"{len(tricks)} tricks")
    for t, (got, want) in enumerate(zip(rec, tricks, strict=False)):
        compare_fields(report, deal, f"tricks[{t}]", got, want.as_json())


def read_options(report: Report, rec: dict, spec: dict[str, tuple]) -> dict[str, Any]:
    """Options with defaults; spec maps a name to (default, allowed values or type)."""
    opts = get(rec, "options")
    if not isinstance(opts, dict):
        report.stop(None, "options", show(opts), "an object")
    result: dict[str, Any] = {}
    for name, (default, allowed) in spec.items():
        value = opts.get(name, MISSING)
        if value is MISSING:
            report.add(None, f"options.{name}", "(missing)", f"present (default {show(default)})")
            value = default
        elif not _allowed(value, allowed):
            report.stop(None, f"options.{name}", show(value), f"one of {_describe(allowed)}")
        result[name] = value
    for name in sorted(set(opts) - set(spec)):
        report.add(None, f"options.{name}", "present", "no such option")
    return result


def _allowed(value: object, allowed: object) -> bool:
    """Whether an option value is allowed: a bool type, an int range or a tuple of choices."""
    if allowed is bool:
        return isinstance(value, bool)
    if isinstance(allowed, range):
        return isinstance(value, int) and not isinstance(value, bool) and value in allowed
    return value in allowed  # type: ignore[operator]


def _describe(allowed: object) -> str:
    """Human description of allowed option values."""
    if allowed is bool:
        return "true/false"
    if isinstance(allowed, range):
        return f"{allowed.start}..{allowed.stop - 1}"
    return show(list(allowed))  # type: ignore[call-overload]


def check_seats(report: Report, rec: dict, counts: range) -> int:
    """The number of seats, which the game must allow."""
    seats = get(rec, "seats")
    if not isinstance(seats, list) or len(seats) not in counts:
        says = show(seats) if not isinstance(seats, list) else f"{len(seats)} seats"
        report.stop(None, "seats", says, f"{counts.start}..{counts.stop - 1} seats")
    return len(seats)


def deal_list(report: Report, rec: dict) -> list[dict]:
    """The record's deals, each an object."""
    deals = get(rec, "deals")
    if not isinstance(deals, list) or not deals or not all(isinstance(d, dict) for d in deals):
        report.stop(None, "deals", show(deals)[:80], "a non-empty list of deal objects")
    return deals


def check_dealer(report: Report, deal: int, rec: dict, want: int | None, n: int) -> int:
    """The recorded dealer, checked against the rules' dealer when one is fixed."""
    dealer = get(rec, "dealer")
    if not seat_int(dealer, n):
        report.stop(deal, "dealer", show(dealer), f"a seat 0..{n - 1}")
    if want is not None:
        report.compare(deal, "dealer", dealer, want)
    return dealer


def extra_deals(report: Report, count: int, last: int) -> None:
    """Deals recorded after the game or match was over."""
    says = f"{count} deals"
    report.add(None, "deals", says, f"{last + 1} deals (the game is over after deal {last})")


def too_few_deals(report: Report, count: int) -> None:
    """The record stops before the game or match is over."""
    report.add(None, "deals", f"{count} deals", f"more deals (not over after deal {count - 1})")
