"""German Whist's lessons (docs/rules.md §3): the talon, and counting in the second half.
Seat 0 is the learner."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import FEWER, LOSES_TRICK, Deal, Lesson, Wrong

_SPADES = _(
    "Your opponent's last cards are the ten, jack, king and ace of spades: your spade loses."
)

LESSONS = (
    Lesson(
        slug="talon",
        game="german",
        players=2,
        title=_("The talon"),
        explain=_(
            "In the first half the winner of each trick takes the face-up talon card, the "
            "loser the next one, unseen. Win the tricks played for good cards."
        ),
        task=_(
            "The face-up card is the ace of trumps. Your opponent led the king of hearts. "
            "Take the ace of trumps."
        ),
        deals=(
            Deal(
                (
                    "AH 3H 2S 4S 2C 3C 4C 5C 2D 3D 4D 5D 6D",
                    "KH 5H 6H 7H 8H 9H TH JH QH 6C 7C 8C 9C",
                ),
                turned="AS",
            ),
        ),  # fmt: skip
        dealer=0,
        script=("1 play KH",),
        rule="docs/rules.md §3.2",
        right="0 play AH",
        right_says=_("Right: your ace wins the trick, and you take the face-up ace of trumps."),
        wrong={
            "0 play 3H": Wrong(
                LOSES_TRICK,
                _("The three loses to the king, and the ace of trumps goes to your opponent."),
            ),
        },
        illegal_others=_("You have hearts: you must follow suit."),
    ),
    Lesson(
        slug="second-half",
        game="german",
        players=2,
        title=_("The second half: count"),
        explain=_(
            "Once the talon is gone nothing is drawn, and only the 13 tricks of the second "
            "half count: 7 win the game. You have seen every card but your opponent's last "
            "ones, so count: the cards neither played nor in your hand are theirs."
        ),
        task=_(
            "Clubs are trump. All thirteen trumps have been played, and every heart but your "
            "king. Lead the card that still wins a trick."
        ),
        deals=(
            Deal(
                (
                    "KC KH 2C 6H JH 5D 9D 5S 6D 5H 7D 8H JD",
                    "2S 6S AH 2H QH AS 4H QD JS QC 9S 6C 3S",
                ),
                turned="7C",
            ),
        ),  # fmt: skip
        dealer=1,
        autoplay=22,
        rule="docs/rules.md §3.3",
        right="0 play KH",
        right_says=_(
            "Right: your king is the last heart, and your opponent has no trump left to take it."
        ),
        wrong={
            "0 play 7S": Wrong(FEWER, _SPADES),
            "0 play 8S": Wrong(FEWER, _SPADES),
            "0 play QS": Wrong(FEWER, _SPADES),
        },
        after=("1 play TS",),
    ),
)
