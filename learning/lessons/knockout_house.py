"""Knockout Whist's lessons on what the Dutch rules change (docs/rules.md §1.7 and
docs/rules.md §1.8: the lead, the sweep and a dog's life each) and on claims
(docs/rules.md §0.7). Seat 0 is the learner."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import FEWER, ILLEGAL, LOSES_TRICK, Deal, Wrong
from .knockout_tasks import SWEPT_ROUND_ONE, SWEPT_ROUND_ONE_SCRIPT, first_trick, next_round

_RUFFED = _("Your opponent has no spade: they trump it with the two of hearts.")

LESSONS = (
    next_round(
        "chooser-leads",
        (
            _("The chooser leads"),
            _(
                "With the Dutch rules (lead: the trump chooser) the player who took the most "
                "tricks deals the next round, chooses trump and leads to its first trick."
            ),
            _(
                "You took the most tricks and chose diamonds, so you lead. Your opponent may "
                "hold a trump: lead so that you take both tricks."
            ),
            _(
                "Right: the ace of trumps draws your opponent's two, and your king of spades "
                "takes the last trick."
            ),
        ),
        deals=(SWEPT_ROUND_ONE, Deal(("AD KS", "2D 3C"))),
        script=(
            *SWEPT_ROUND_ONE_SCRIPT,
            "0 trump D",
        ),  # fmt: skip
        rule="docs/rules.md §1.7",
        right="0 play AD",
        wrong={
            "0 play KS": Wrong(
                FEWER, _("Your opponent has no spade: they trump your king with the two.")
            )
        },
        after=("1 play 2D", "0 play KS", "1 play 3C"),
        options={"lead": "trump_chooser"},
    ),
    first_trick(
        "sweep",
        (
            _("A sweep wins"),
            _(
                "With the Dutch rules (sweep wins) a player who takes every trick of a round "
                "wins the game at once. Draw the trumps first, then your winners are safe."
            ),
            _("Hearts are trump and you lead. Take all three tricks."),
            _(
                "Right: your ace draws the two of trumps, your spades take the other two "
                "tricks, and the sweep wins the game."
            ),
        ),
        hands=("AH KS QS", "2H 3D 4D"),
        turned="5H",
        dealer=1,
        script=(),
        rule="docs/rules.md §1.7",
        right="0 play AH",
        wrong={"0 play KS": Wrong(FEWER, _RUFFED), "0 play QS": Wrong(FEWER, _RUFFED)},
        after=("1 play 2H", "0 play KS", "1 play 3D", "0 play QS", "1 play 4D"),
        options={"sweep_wins": True},
        ends="sweep",
    ),
    next_round(
        "dogs-life-each",
        (
            _("A dog's life each"),
            _(
                "With the Dutch rules (dog's life once per player) every player may have one "
                "dog's life, not only the first who takes no trick: one card next round, to "
                "play or to knock, and back in if it wins a trick."
            ),
            _(
                "Bot 2 had the first dog's life. You took no trick last round, so you have "
                "yours: the nine of trumps. Bot 1 led the ace of trumps. Play or knock?"
            ),
            _("Right: keep your card. Next trick your trump wins the club, and you are back in."),
        ),
        deals=(
            Deal(("AS 2C 3C 4C", "AC KC QC 2S", "5C 6C 7C 3S"), turned="5H"),
            Deal(("2S 3S 4S", "AS KS QS", "AD")),
            Deal(("9H", "AH 5C", "2D 3D")),
        ),
        script=(
            "2 play 5C",
            "0 play 2C",
            "1 play AC",
            "1 play KC",
            "2 play 6C",
            "0 play 3C",
            "1 play QC",
            "2 play 7C",
            "0 play 4C",
            "1 play 2S",
            "2 play 3S",
            "0 play AS",
            "1 trump D",
            "0 play 2S",
            "1 play AS",
            "2 play AD",
            "0 play 3S",
            "1 play KS",
            "1 play QS",
            "0 play 4S",
            "1 trump H",
            "1 play AH",
            "2 play 2D",
        ),  # fmt: skip
        rule="docs/rules.md §1.7",
        right="0 knock",
        wrong={
            "0 play 9H": Wrong(
                FEWER, _("The nine loses to the ace, and with no card left you are out.")
            )
        },
        after=("1 play 5C", "2 play 3D", "0 play 9H"),
        options={"start_cards": 4, "dogs_life": "once_per_player"},
    ),
)

# Last in the course, after every other house rule's lesson (knockout_choosing.py,
# knockout_exchange.py, knockout_fixed.py).
CLAIMS = (
    first_trick(
        "claim",
        (
            _("Claims"),
            _(
                "At any moment of play you may claim tricks instead of playing them out, the "
                "trick in play included. The site's solver checks the claim against every "
                "hand: a claim it cannot prove is refused and recorded."
            ),
            _(
                "Your opponent led the three of clubs. Your ace and king of spades are sure "
                "tricks, your two of clubs is not. Claim the tricks that are yours."
            ),
            _("Right: two tricks are sure whatever your opponent plays, and the round ends."),
        ),
        hands=("AS KS 2C", "QS JS 3C"),
        turned="5H",
        script=("1 play 3C",),
        rule="docs/rules.md §0.7",
        right="0 claim 2",
        wrong={
            "0 claim 3": Wrong(
                ILLEGAL,
                _("Refused: your two of clubs loses this trick, so the solver cannot prove three."),
            ),
            "0 claim 1": Wrong(FEWER, _("Your ace and king are both sure: claim two tricks.")),
            "0 play 2C": Wrong(
                LOSES_TRICK,
                _("Playing on is allowed, but the two loses anyway: claim the two sure tricks."),
            ),
        },
        illegal_others=_("You have a club: you must follow suit."),
    ),
)
