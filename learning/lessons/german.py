"""German Whist's lessons (docs/rules.md §3): the talon. Seat 0 is the learner."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import LOSES_TRICK, Deal, Lesson, Wrong

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
)
