"""Whist's lessons (docs/rules.md §2): partners. Seat 0 is the learner, seat 2 the partner."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import WASTED, Deal, Lesson, Wrong

LESSONS = (
    Lesson(
        slug="partners",
        game="whist",
        players=4,
        options={"trump_suit": "hearts"},
        title=_("Partners"),
        explain=_(
            "You play with the player opposite you: your tricks and your partner's count "
            "together. When your partner's card already wins the trick, let it win."
        ),
        task=_(
            "Hearts are trump. Your partner's ace of diamonds is winning the trick and you "
            "have no diamond. Play a card."
        ),
        deals=(
            Deal(
                (
                    "AH KH 4H 3H AS KS QS 2S AC KC QC 3C 2C",
                    "5D 7D 9D JD 2H 5H 6H 3S 4S 5S 4C 5C 6C",
                    "AD KD QD TD 7H 8H 9H 6S 7S 8S 7C 8C 9C",
                    "3D 2D 4D 6D 8D TH JH QH 9S TS JS TC JC",
                )
            ),
        ),  # fmt: skip
        dealer=0,
        script=("1 play 5D", "2 play AD", "3 play 3D"),
        right="0 play 2C",
        right_says=_(
            "Right: your partner wins the trick for your side, and you keep your good cards."
        ),
        wrong={
            "0 play 3H": Wrong(
                WASTED, _("Your partner's ace already wins: trumping it wastes a trump.")
            ),
            "0 play AS": Wrong(
                WASTED, _("Your partner's ace already wins: keep your ace for a trick of its own.")
            ),
        },
        others=_("That card is allowed, but the lowest card you can spare is the two of clubs."),
    ),
)
