"""Knockout Whist's lessons (docs/rules.md §1): follow suit, trump, win the trick, choose
trump, the dog's life. Seat 0 is the learner; seats go clockwise 0, 1, 2."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import FEWER, ILLEGAL, LOSES_TRICK, Deal, Lesson, Wrong

_FOLLOW = _("You still have a spade: you must follow suit.")

LESSONS = (
    Lesson(
        slug="follow-suit",
        game="knockout",
        players=3,
        options={"start_cards": 3},
        title=_("Follow suit"),
        explain=_(
            "The first card of a trick sets its suit. Every player must play a card of that "
            "suit if they have one; only a player without it may play any card."
        ),
        task=_("Spades were led. Play a card."),
        deals=(Deal(("7S AH 3C", "KS 4H 5C", "QS 6H 8C"), turned="2D"),),
        dealer=0,
        script=("1 play KS", "2 play QS"),
        right="0 play 7S",
        right_says=_("Right: the seven of spades is your only spade, so you must play it."),
        wrong={"0 play AH": Wrong(ILLEGAL, _FOLLOW), "0 play 3C": Wrong(ILLEGAL, _FOLLOW)},
    ),
    Lesson(
        slug="trump",
        game="knockout",
        players=3,
        options={"start_cards": 3},
        title=_("Trump a trick"),
        explain=_(
            "The turned card's suit is trump. A player with no card of the suit led may play "
            "a trump, and a trump beats every card of the other suits."
        ),
        task=_("Hearts are trump and spades were led. You have no spade: win the trick."),
        deals=(Deal(("5H 9C 4D", "AS 3C 6D", "KS 7C 8D"), turned="2H"),),
        dealer=0,
        script=("1 play AS", "2 play KS"),
        right="0 play 5H",
        right_says=_("Right: even the five of trumps beats the ace of spades."),
        wrong={
            "0 play 9C": Wrong(
                LOSES_TRICK, _("A club cannot win a spade trick: only a trump can.")
            ),
            "0 play 4D": Wrong(
                LOSES_TRICK, _("A diamond cannot win a spade trick: only a trump can.")
            ),
        },
    ),
    Lesson(
        slug="win-the-trick",
        game="knockout",
        players=3,
        options={"start_cards": 3},
        title=_("Win the trick"),
        explain=_(
            "If no trump is played, the highest card of the suit led wins the trick. Play last "
            "and you know exactly which card is enough."
        ),
        task=_("Diamonds are trump and spades were led. Win the trick."),
        deals=(Deal(("QS 5S 3C", "9S 4H 6C", "JS 7H 8C"), turned="2D"),),
        dealer=0,
        script=("1 play 9S", "2 play JS"),
        right="0 play QS",
        right_says=_("Right: the queen beats the jack and wins the trick."),
        wrong={
            "0 play 5S": Wrong(LOSES_TRICK, _("The five is lower than the jack: it loses.")),
            "0 play 3C": Wrong(ILLEGAL, _FOLLOW),
        },
    ),
    Lesson(
        slug="choose-trump",
        game="knockout",
        players=2,
        options={"start_cards": 3},
        title=_("Choosing trump"),
        explain=_(
            "The player who took the most tricks in a round chooses the next round's trump "
            "after looking at their new cards. Choose the suit you hold most of."
        ),
        task=_("You took the most tricks, so you choose trump for this round. Choose a suit."),
        deals=(
            Deal(("AS KS 2C", "QS 3D 3C"), turned="5H"),
            Deal(("KD 7D", "AC 9C")),
        ),
        dealer=1,
        script=(
            "0 play AS",
            "1 play QS",
            "0 play KS",
            "1 play 3D",
            "0 play 2C",
            "1 play 3C",
        ),  # fmt: skip
        right="0 trump D",
        right_says=_("Right: with both your cards trumps, you win both tricks."),
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
    Lesson(
        slug="dogs-life",
        game="knockout",
        players=2,
        options={"start_cards": 3},
        title=_("The dog's life"),
        explain=_(
            "The first player who takes no trick is not out yet: next round they get one card. "
            "On each turn they may play it or knock (keep it for later). If it wins a trick, "
            "they are back in."
        ),
        task=_(
            "You took no trick, so you are on a dog's life with the nine of trumps. "
            "Your opponent led the ace of trumps. Play or knock?"
        ),
        deals=(
            Deal(("2C 3C 4C", "AC KC QC"), turned="5S"),
            Deal(("9H", "AH 5C")),
        ),
        dealer=1,
        script=(
            "0 play 2C",
            "1 play AC",
            "1 play KC",
            "0 play 3C",
            "1 play QC",
            "0 play 4C",
            "1 trump H",
            "1 play AH",
        ),  # fmt: skip
        right="0 knock",
        right_says=_(
            "Right: keep your card. Next trick your trump wins the club, and you are back in."
        ),
        wrong={
            "0 play 9H": Wrong(
                FEWER, _("The nine loses to the ace, and with no card left you are out.")
            )
        },
        after=("1 play 5C", "0 play 9H"),
    ),
)
