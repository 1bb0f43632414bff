"""Knockout Whist's lessons (docs/rules.md §1): follow suit, trump, win the trick, choose
trump, the dog's life. Seat 0 is the learner; seats go clockwise 0, 1, 2."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import FEWER, ILLEGAL, LOSES_TRICK, Deal, Wrong
from .knockout_tasks import (
    SWEPT_ROUND_ONE,
    SWEPT_ROUND_ONE_SCRIPT,
    TRICKLESS_ROUND_ONE,
    TRICKLESS_ROUND_ONE_SCRIPT,
    first_trick,
    next_round,
)

_FOLLOW = _("You still have a spade: you must follow suit.")

LESSONS = (
    first_trick(
        "follow-suit",
        (
            _("Follow suit"),
            _(
                "The first card of a trick sets its suit. Every player must play a card of "
                "that suit if they have one; only a player without it may play any card."
            ),
            _("Spades were led. Play a card."),
            _("Right: the seven of spades is your only spade, so you must play it."),
        ),
        hands=("7S AH 3C", "KS 4H 5C", "QS 6H 8C"),
        turned="2D",
        script=("1 play KS", "2 play QS"),
        rule="docs/rules.md §0.3",
        right="0 play 7S",
        wrong={"0 play AH": Wrong(ILLEGAL, _FOLLOW), "0 play 3C": Wrong(ILLEGAL, _FOLLOW)},
    ),
    first_trick(
        "trump",
        (
            _("Trump a trick"),
            _(
                "The turned card's suit is trump. A player with no card of the suit led may "
                "play a trump, and a trump beats every card of the other suits."
            ),
            _("Hearts are trump and spades were led. You have no spade: win the trick."),
            _("Right: even the five of trumps beats the ace of spades."),
        ),
        hands=("5H 9C 4D", "AS 3C 6D", "KS 7C 8D"),
        turned="2H",
        script=("1 play AS", "2 play KS"),
        rule="docs/rules.md §0.3",
        right="0 play 5H",
        wrong={
            "0 play 9C": Wrong(
                LOSES_TRICK, _("A club cannot win a spade trick: only a trump can.")
            ),
            "0 play 4D": Wrong(
                LOSES_TRICK, _("A diamond cannot win a spade trick: only a trump can.")
            ),
        },
    ),
    first_trick(
        "win-the-trick",
        (
            _("Win the trick"),
            _(
                "If no trump is played, the highest card of the suit led wins the trick. Play "
                "last and you know exactly which card is enough."
            ),
            _("Diamonds are trump and spades were led. Win the trick."),
            _("Right: the queen beats the jack and wins the trick."),
        ),
        hands=("QS 5S 3C", "9S 4H 6C", "JS 7H 8C"),
        turned="2D",
        script=("1 play 9S", "2 play JS"),
        rule="docs/rules.md §0.3",
        right="0 play QS",
        wrong={
            "0 play 5S": Wrong(LOSES_TRICK, _("The five is lower than the jack: it loses.")),
            "0 play 3C": Wrong(ILLEGAL, _FOLLOW),
        },
    ),
    next_round(
        "choose-trump",
        (
            _("Choosing trump"),
            _(
                "The player who took the most tricks in a round chooses the next round's "
                "trump after looking at their new cards. Choose the suit you hold most of."
            ),
            _("You took the most tricks, so you choose trump for this round. Choose a suit."),
            _("Right: with both your cards trumps, you win both tricks."),
        ),
        deals=(SWEPT_ROUND_ONE, Deal(("KD 7D", "AC 9C"))),
        script=SWEPT_ROUND_ONE_SCRIPT,
        rule="docs/rules.md §1.4",
        right="0 trump D",
        wrong={
            "0 trump C": Wrong(
                FEWER, _("Clubs are your opponent's suit: their cards would be trumps.")
            ),
            "0 trump H": Wrong(
                FEWER, _("You have no heart: your opponent would win with the clubs.")
            ),
            "0 trump S": Wrong(
                FEWER, _("You have no spade: your opponent would win with the clubs.")
            ),
        },
        after=("1 play AC", "0 play 7D", "0 play KD", "1 play 9C"),
    ),
    next_round(
        "dogs-life",
        (
            _("The dog's life"),
            _(
                "The first player who takes no trick is not out yet: next round they get one "
                "card. On each turn they may play it or knock (keep it for later). If it wins "
                "a trick, they are back in."
            ),
            _(
                "You took no trick, so you are on a dog's life with the nine of trumps. "
                "Your opponent led the ace of trumps. Play or knock?"
            ),
            _("Right: keep your card. Next trick your trump wins the club, and you are back in."),
        ),
        deals=(TRICKLESS_ROUND_ONE, Deal(("9H", "AH 5C"))),
        script=(*TRICKLESS_ROUND_ONE_SCRIPT, "1 trump H", "1 play AH"),
        rule="docs/rules.md §1.5",
        right="0 knock",
        wrong={
            "0 play 9H": Wrong(
                FEWER, _("The nine loses to the ace, and with no card left you are out.")
            )
        },
        after=("1 play 5C", "0 play 9H"),
    ),
)
