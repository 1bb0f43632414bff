"""Whist's lessons (docs/rules.md §2): partners, points, honours and the rubber. Seat 0 is
the learner, seat 2 the partner."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import MISCOUNT, WASTED, Deal, Lesson, Wrong

# A hand in which your side takes 8 tricks (each seat playing its lowest legal card) and holds
# three honours: the ace and king of hearts (yours) and the jack (your partner's).
_EIGHT_TRICKS = Deal(
    (
        "AH KH TC 4H TS KC TD JS 4S 3C 2C KS 2H",
        "QH JC 7D 4C 9C KD JD 7C AD 4D 8D AS QS",
        "JH 8H 5S AC 6D 7S 9S 6H 9H 3D QC 8S 5D",
        "5H 9D 3H TH 7H 2D 6S 5C 3S 6C 2S 8C QD",
    )
)  # fmt: skip

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
        rule="docs/rules.md §2.1",
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
    Lesson(
        slug="points",
        game="whist",
        players=4,
        options={"trump_suit": "hearts"},
        title=_("Points for tricks"),
        explain=_(
            "After 13 tricks the side that took 7 or more scores a point for each trick over "
            "six; the other side scores nothing. The first side to reach the game's target "
            "(5 points unless the table says otherwise) after a hand wins the game."
        ),
        task=_(
            "Hearts were trump and your side took 8 tricks. How many points does your side "
            "score for the hand?"
        ),
        deals=(_EIGHT_TRICKS,),
        dealer=3,
        count="points",
        rule="docs/rules.md §2.4",
        right="0 count 2",
        right_says=_("Right: 8 tricks are two over six, so 2 points."),
        wrong={
            "0 count 1": Wrong(
                MISCOUNT, _("Each trick over six scores a point: 8 tricks are two over six.")
            ),
            "0 count 8": Wrong(
                MISCOUNT, _("Only the tricks over six score: the first six count nothing.")
            ),
        },
    ),
    Lesson(
        slug="honours",
        game="whist",
        players=4,
        options={"trump_suit": "hearts", "honours": True},
        title=_("Honours"),
        explain=_(
            "With honours on, the ace, king, queen and jack of trumps are honours. A side "
            "whose two hands held all four scores 4 points more, three of them 2 more, after "
            "the points for tricks: unless those already won the game, or the side began the "
            "hand one point short of it."
        ),
        task=_(
            "Hearts were trump. Your side took 8 tricks; you held the ace and king of hearts, "
            "your partner the jack. How many points does your side score for the hand?"
        ),
        deals=(_EIGHT_TRICKS,),
        dealer=3,
        count="points",
        rule="docs/rules.md §2.6",
        right="0 count 4",
        right_says=_("Right: 2 points for the two tricks over six, and 2 for three honours."),
        wrong={
            "0 count 2": Wrong(MISCOUNT, _("Honours count too: three of them are 2 points more.")),
            "0 count 6": Wrong(
                MISCOUNT, _("Three honours are worth 2 points; only all four are worth 4.")
            ),
        },
    ),
    Lesson(
        slug="rubber",
        game="whist",
        players=4,
        options={"rubber": True},
        title=_("The rubber"),
        explain=_(
            "A rubber is the best of three games. Each game is worth 3 rubber points to its "
            "winners if the losers had no point, 2 if they had 1 or 2, 1 if they had 3 or "
            "more; the side that wins the rubber adds 2."
        ),
        task=_(
            "Your side won the rubber two games to none: 7 to 0, then 5 to 3. How many rubber "
            "points does your side score?"
        ),
        deals=(),
        dealer=0,
        count="rubber",
        rule="docs/rules.md §2.7",
        right="0 count 6",
        right_says=_("Right: 3 for the game won 7 to 0, 1 for 5 to 3, and 2 for the rubber."),
        wrong={
            "0 count 4": Wrong(MISCOUNT, _("Add 2 for winning the rubber.")),
            "0 count 8": Wrong(
                MISCOUNT, _("The losers of the second game had 3 points: it is worth only 1.")
            ),
        },
    ),
)
