"""Knockout Whist's lessons on the house rules that change how trump is chosen
(docs/rules.md §1.7): no trump allowed, and the vote of the players knocked out. Seat 0 is the
learner and chooses: they took the most tricks in the scripted round before."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import FEWER, Deal, Wrong
from .knockout_tasks import next_round

_CLUBS_WIN = _(
    "That suit would have one vote, yours, against two for clubs: clubs would be trump, and "
    "bot 1 would trump your diamonds."
)

_RUFFED = _("Bot 2 has no spade: it trumps your ace of spades.")

LESSONS = (
    next_round(
        "no-trump",
        (
            _("No trump"),
            _(
                "With no trump allowed, the chooser may also declare no trump: then the "
                "highest card of the suit led wins every trick. Choose it when the others "
                "could trump your winners in any suit you named."
            ),
            _(
                "You took the most tricks, so you choose. Bot 1 leads and holds three spades; "
                "bot 2 holds a heart, a diamond and a club. Choose trump, or no trump."
            ),
            _("Right: with no trump nobody can trump, and each of your aces takes a trick."),
        ),
        deals=(
            Deal(("AS KS 2H 2C", "AH 3C 4C 5C", "AC 6H 7H 8H"), turned="5D"),
            Deal(("AS AH AC", "2S 3S 4S", "2H 2D 2C")),
        ),
        dealer=2,
        script=(
            "0 play AS",
            "1 play 3C",
            "2 play 6H",
            "0 play KS",
            "1 play 4C",
            "2 play 7H",
            "0 play 2H",
            "1 play AH",
            "2 play 8H",
            "1 play 5C",
            "2 play AC",
            "0 play 2C",
        ),  # fmt: skip
        rule="docs/rules.md §1.7",
        right="0 trump NT",
        wrong={
            "0 trump S": Wrong(
                FEWER, _("With spades trump, bot 1 trumps your other aces with its spades.")
            ),
            "0 trump H": Wrong(FEWER, _RUFFED),
            "0 trump D": Wrong(FEWER, _RUFFED),
            "0 trump C": Wrong(FEWER, _RUFFED),
        },
        after=(
            "1 play 2S",
            "2 play 2D",
            "0 play AS",
            "0 play AH",
            "1 play 3S",
            "2 play 2H",
            "0 play AC",
            "1 play 4S",
            "2 play 2C",
        ),  # fmt: skip
        options={"start_cards": 4, "no_trump_allowed": True},
    ),
    next_round(
        "vote",
        (
            _("The vote"),
            _(
                "With the vote, the players already knocked out vote for a suit before the "
                "chooser chooses, and the chooser's choice is a vote too. The suit with the "
                "most votes is trump; a tie goes to the chooser's suit."
            ),
            _(
                "Bots 2, 3 and 4 took no trick and are out (this table plays without the "
                "dog's life). They voted clubs, spades and clubs. Bot 1 holds only clubs. "
                "Choose a suit."
            ),
            _(
                "Right: with your vote spades has two votes, as many as clubs, and a tie goes "
                "to your vote. Nobody holds a spade, so nobody can trump your diamonds."
            ),
        ),
        deals=(
            Deal(("AH KH 2D", "AD 3C 4C", "2H 3H 4H", "5H 6H 7H", "8H 9H TH"), turned="5S"),
            Deal(("AD KD", "2C 3C", "", "", "")),
        ),
        script=(
            "2 play 2H",
            "3 play 5H",
            "4 play 8H",
            "0 play AH",
            "1 play 3C",
            "0 play KH",
            "1 play 4C",
            "2 play 3H",
            "3 play 6H",
            "4 play 9H",
            "0 play 2D",
            "1 play AD",
            "2 play 4H",
            "3 play 7H",
            "4 play TH",
            "2 vote C",
            "3 vote S",
            "4 vote C",
        ),  # fmt: skip
        rule="docs/rules.md §1.7",
        right="0 trump S",
        wrong={
            "0 trump C": Wrong(FEWER, _("With clubs trump, bot 1 trumps your diamonds.")),
            "0 trump D": Wrong(FEWER, _CLUBS_WIN),
            "0 trump H": Wrong(FEWER, _CLUBS_WIN),
        },
        after=("0 play AD", "1 play 2C", "0 play KD", "1 play 3C"),
        options={"eliminated_vote": True, "dogs_life": "off"},
        ends="last_player",
    ),
)
