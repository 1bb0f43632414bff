"""A hint: the card the Expert would play from the asking seat's view, and why in a short
sentence (docs/game-record.md §4, "hint"). The card is `choose_action(view, "expert")`; the
reason is read from the seat's view and that card, one of a small set of templates."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import SUIT_MASK, SUIT_OF, card_str, parse_card
from ..errors import gettext_noop
from ..tricks import winning_play
from . import choose_action
from .club import is_master, unseen
from .seen import Seen, partner_of, read

# The reasons a hint gives, by code; the site translates them (gettext).
REASONS = {
    "only_card": gettext_noop("it is the only card you may play"),
    "draws_trumps": gettext_noop("it draws trumps while the others still hold some"),
    "cashes_winner": gettext_noop("no card still out beats it: it takes the trick"),
    "ruffs": gettext_noop("it trumps the trick"),
    "wins_cheaply": gettext_noop("it wins the trick as cheaply as possible"),
    "partner_wins": gettext_noop("your partner is winning the trick: play low"),
    "keeps_high": gettext_noop("it plays low and keeps your higher cards for later"),
    "discards": gettext_noop("you cannot follow: it throws away your least useful card"),
    "best_odds": gettext_noop("it does best over the deals the Expert tried"),
}


class Hint(NamedTuple):
    card: str
    reason: str  # a key of REASONS


def advise(view: dict[str, Any], seed: int = 0) -> Hint:
    """The Expert's card for the seat `view` was built for, and the reason's code. Only that
    view is read: the same input the Expert bot has at this seat."""
    legal = [e for e in view.get("legal") or [] if e["action"] == "play"]
    if not legal:
        raise ValueError("the seat has no card to play")
    event = choose_action(view, "expert", seed)
    card = parse_card(event["card"])
    return Hint(card_str(card), "only_card" if len(legal) == 1 else reason(read(view), card))


def reason(seen: Seen, card: int) -> str:
    """Which template fits the card: what it does to the trick, or to the suits still out."""
    suit, out = SUIT_OF[card], unseen(seen)
    if not seen.trick:
        if suit == seen.trump and out & SUIT_MASK[suit]:
            return "draws_trumps"
        return "cashes_winner" if is_master(card, out) else "best_odds"
    led = seen.led_suit
    lead_seat, lead_card = winning_play(seen.trick, seen.trump)
    partner = partner_of(seen, seen.seat)
    if partner >= 0 and lead_seat == partner and suit != seen.trump:
        return "partner_wins"
    wins = winning_play([*seen.trick, (seen.seat, card)], seen.trump)[0] == seen.seat
    if suit != led:
        return "ruffs" if wins and suit == seen.trump else "discards"
    if not wins:
        higher = seen.hand & SUIT_MASK[suit] & ~((1 << (card + 1)) - 1)
        return "keeps_high" if higher else "best_odds"
    cheaper = seen.hand & SUIT_MASK[suit] & ((1 << card) - 1) & ~((1 << (lead_card + 1)) - 1)
    return "best_odds" if cheaper and suit == SUIT_OF[lead_card] else "wins_cheaply"
