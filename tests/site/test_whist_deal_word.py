"""German names a deal of classic Whist "Gebung", as the site's own Whist rules text does
(/work/shared/seeds 002: "nach einer abgeschlossenen Gebung ... Sonst folgt eine neue
Gebung"), and keeps "Spiel" for a game to five points ("Spiel bis 5 Punkte", the rubber
sheet's "Spiel 1", seed 004: "Ein Spiel geht über fünf Punkte") and "Runde" for Knockout
Whist's hands and an event's rounds (seed 000: "Eine Partie hat bis zu sieben Runden"). The
Whist table said "Runde 3" in its heading and "Spiel 3 · Geber Ann" under it for one deal."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from games.engine.presentation import whist

ROOT = Path(__file__).resolve().parents[2]
DEALS = (
    whist.STAGE, whist.DEAL_TIP, whist.DEAL_DEALER, whist.LAST_DEAL, whist.DEAL_OVER,
    whist.DEAL_POINTS, whist.TRICKS_THIS_DEAL,
)  # fmt: skip
RULES = (
    "Four players in two partnerships, partners sitting opposite each other. Thirteen tricks "
    "a deal, no bidding.",
    "The classic game for four players in two partnerships. Thirteen tricks a deal; every "
    "trick over six scores a point.",
)


def test_a_whist_deal_is_a_gebung_in_german_and_a_game_a_spiel():
    with translation.override("de"):
        for text in DEALS:
            german = translation.gettext(text)
            assert german != text, text  # translated
            assert re.search(r"\bGebung\b", german), german
            assert not re.search(r"\b(Runde|Spiel)\b", german), german
        assert all("pro Gebung" in translation.gettext(text) for text in RULES)
        assert translation.gettext(whist.GAME_N) == "Spiel %(n)s"


def test_the_whist_rules_page_names_each_hand_a_gebung():
    with translation.override("de"):
        dealing = translation.gettext(
            "All 52 cards are dealt, 13 to each player. The last card, the dealer's own, is "
            "turned face up and fixes trump; it stays on the table until the dealer's first "
            "turn. The player left of the dealer leads. The deal passes left after each hand."
        )
        honours = translation.gettext(
            "If the table plays with honours: ace, king, queen and jack of trumps as dealt. A "
            "side holding all four scores 4 points, three of them 2 points. Trick points count "
            "first; a side that had one point less than the target at the start of the hand "
            "cannot score honours."
        )
    assert dealing.endswith("Nach jeder Gebung gibt der Nächste links.")
    assert "zu Beginn der Gebung einen Punkt unter dem Ziel" in honours
