"""Knockout Whist's lessons on the house rules that change the hands (docs/rules.md §1.7): the
exchange, and the rainbow with it. In both the learner exchanges first (seat 1 deals, so seat 0
leads), and the stock's top cards are the lesson's."""

from __future__ import annotations

from games.engine.errors import gettext_noop as _

from .course import FEWER, NO_RAINBOW, Wrong
from .knockout_tasks import first_trick

_ACE = _("Never give the ace of trumps away: it is a sure trick.")

LESSONS = (
    first_trick(
        "exchange",
        (
            _("The exchange"),
            _(
                "With the exchange, once trump is fixed each player in turn, from the first to "
                "lead, may discard up to three cards and draw as many from the top of the "
                "stock. Keep your sure tricks; exchange the cards that cannot win one."
            ),
            _(
                "Hearts are trump and you exchange first. Your opponent holds the king of "
                "trumps and the queen of clubs. Choose the cards to discard, then exchange."
            ),
            _(
                "Right: the two of clubs could win nothing. You drew the queen of trumps: "
                "your ace draws the king, and your queen takes the last trick."
            ),
        ),
        hands=("2C AH", "QC KH"),
        turned="5H",
        dealer=1,
        script=(),
        rule="docs/rules.md §1.7",
        right="0 exchange 2C",
        wrong={
            "0 exchange": Wrong(
                FEWER, _("You kept the two of clubs: your opponent's queen of clubs takes it.")
            ),
            "0 exchange AH": Wrong(FEWER, _ACE),
            "0 exchange 2C AH": Wrong(FEWER, _ACE),
        },
        after=("1 exchange", "0 play AH", "1 play KH", "0 play QH", "1 play QC"),
        options={"start_cards": 2, "exchange": True},
        stock="QH 3C",
    ),
    first_trick(
        "rainbow",
        (
            _("The rainbow"),
            _(
                "With the rainbow, a player who holds one card of each suit when the first "
                "trick of the four-card round is led wins the game at once. With the exchange "
                "you may discard and draw to make one."
            ),
            _(
                "This is the four-card round and you exchange first. You hold a spade, a heart "
                "and two diamonds, but no club. Which cards do you exchange?"
            ),
            _(
                "Right: exchange one diamond only. You keep a spade, a heart and a diamond, "
                "and the nine of clubs you drew makes your rainbow: you win the game."
            ),
        ),
        hands=("3D 4D 7H AS", "TS JS QS KS"),
        turned="2H",
        dealer=1,
        script=(),
        rule="docs/rules.md §1.7",
        right="0 exchange 3D",
        also_right=("0 exchange 4D",),
        wrong={
            "0 exchange": Wrong(
                NO_RAINBOW,
                _("Without a club you have no rainbow: exchange one of your two diamonds."),
            ),
            "0 exchange 7H": Wrong(
                NO_RAINBOW,
                _("That is your only heart: whatever you draw, you hold no rainbow."),
            ),
            "0 exchange AS": Wrong(
                NO_RAINBOW,
                _("That is your only spade: whatever you draw, you hold no rainbow."),
            ),
        },
        others=_(
            "Exchange one diamond only: each other card is the only one of its suit, and "
            "drawing more would need more luck."
        ),
        after=("1 exchange",),
        options={"start_cards": 4, "exchange": True, "rainbow": True},
        stock="9C 8C",
        ends="rainbow",
    ),
)
