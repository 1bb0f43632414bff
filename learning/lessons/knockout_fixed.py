"""Knockout Whist's lessons on the house rules that take a risk or a choice away
(docs/rules.md §1.7): the safe first round (nobody is knocked out after it), fixed trump and
the last round without trump (nobody chooses). Each is played where the rule shows: round 2
after a round 1 without a trick, round 2 after taking the most tricks, and the one-card
round. Seat 0 is the learner, against one opponent."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import FEWER, Deal, Wrong
from .knockout_tasks import (
    SWEPT_ROUND_ONE,
    SWEPT_ROUND_ONE_SCRIPT,
    TRICKLESS_ROUND_ONE,
    TRICKLESS_ROUND_ONE_SCRIPT,
    next_round,
)

LESSONS = (
    next_round(
        "safe-first-round",
        (
            _("The safe first round"),
            _(
                "With the safe first round nobody is knocked out after round 1, and no dog's "
                "life is given or used up: a player who took no trick plays round 2 with a "
                "full hand."
            ),
            _(
                "You took no trick in round 1, but it was safe: you hold two cards, as your "
                "opponent does, and nobody has had a dog's life yet. Spades are trump; your "
                "opponent led the ace of hearts. Play a card."
            ),
            _(
                "Right: your two of trumps takes the ace. Your opponent's king of trumps takes "
                "the last trick, but one trick keeps you in."
            ),
        ),
        deals=(TRICKLESS_ROUND_ONE, Deal(("2S AD", "AH KS"))),
        script=(*TRICKLESS_ROUND_ONE_SCRIPT, "1 trump S", "1 play AH"),
        rule="docs/rules.md §1.7",
        right="0 play 2S",
        wrong={
            "0 play AD": Wrong(
                FEWER,
                _(
                    "The ace of hearts takes that trick, and then your opponent's king of "
                    "trumps beats your two: no trick in round 2, and you would be on a dog's "
                    "life."
                ),
            )
        },
        after=("0 play AD", "1 play KS"),
        options={"safe_first_round": True},
    ),
    next_round(
        "fixed-trump",
        (
            _("Fixed trump"),
            _(
                "With fixed trump, the suit turned in round 1 is trump for the whole game: "
                "nobody chooses, not even the player who took the most tricks."
            ),
            _(
                "You took the most tricks in round 1, but nobody chooses: hearts, turned in "
                "round 1, are still trump. Your opponent led the king of spades, and you have "
                "no spade. Play a card."
            ),
            _(
                "Right: hearts are still trump, so your two takes the king, and your ace of "
                "diamonds takes the last trick."
            ),
        ),
        deals=(SWEPT_ROUND_ONE, Deal(("2H AD", "KS 3D"))),
        script=(*SWEPT_ROUND_ONE_SCRIPT, "1 play KS"),
        rule="docs/rules.md §1.7",
        right="0 play 2H",
        wrong={
            "0 play AD": Wrong(
                FEWER,
                _(
                    "Nobody chose diamonds: hearts are still trump. Your ace cannot win a "
                    "spade trick, and your two of trumps takes only the last one."
                ),
            )
        },
        after=("0 play AD", "1 play 3D"),
        options={"trump": "fixed"},
    ),
    next_round(
        "last-round-no-trump",
        (
            _("The last round without trump"),
            _(
                "With the last round without trump, the one-card round has no trump: nobody "
                "chooses or votes, and the highest card of the suit led wins the trick."
            ),
            _(
                "This is the one-card round, at a table that plays the exchange too. Hearts "
                "were trump last round, and you hold the two of hearts. Your opponent kept "
                "their card and leads. Keep your card or exchange it?"
            ),
            _(
                "Right: without trump your two of hearts could win nothing. You drew the ace "
                "of clubs: it beats your opponent's king of clubs, and the last trick wins you "
                "the game."
            ),
        ),
        deals=(
            Deal(("AH 3C", "QC 2D"), turned="5H"),
            Deal(("2H", "KC"), stock="AC"),
        ),
        script=(
            "0 exchange",
            "1 exchange",
            "0 play AH",
            "1 play 2D",
            "0 play 3C",
            "1 play QC",
            "1 exchange",
        ),  # fmt: skip
        rule="docs/rules.md §1.7",
        right="0 exchange 2H",
        wrong={
            "0 exchange": Wrong(
                FEWER,
                _(
                    "Hearts are not trump in the last round: your two loses to any card your "
                    "opponent leads."
                ),
            )
        },
        after=("1 play KC", "0 play AC"),
        options={"start_cards": 2, "last_round_no_trump": True, "exchange": True},
        ends="final_trick",
    ),
)
