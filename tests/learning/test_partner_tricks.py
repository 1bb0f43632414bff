"""A Whist lesson's "fewer tricks" counts the tricks of the learner's side, the partner (seat 2)
playing with the learner (games.engine.analysis.exact_values), not against them."""

from __future__ import annotations

import dataclasses

from games.engine import apply, card_str, legal_actions
from games.engine.actions import PLAY
from games.engine.analysis import exact_values
from learning.lessons.course import FEWER, Deal, Lesson, Wrong, answer, position, start

# The last four tricks, hearts and diamonds the opponents' (seats 1 and 3), spades the
# partner's, the learner's the one trump left: the rest, nine small cards each, comes first.
ENDING = ("TS AC TH TD", "JH QH KH AH", "AS KS QS JS", "JD QD KD AD")
DEAL = Deal(
    (
        "TS AC TH TD 3C JC TC 4S 9S 3H 7H 8D 4D",
        "JH QH KH AH 7C QC 4C 3S 2S 2H 4H 6D 3D",
        "AS KS QS JS 5C 9C 6C 8S 5S 5H 6H 5D 7D",
        "JD QD KD AD 2C KC 8C 6S 7S 8H 9H 9D 2D",
    )
)  # fmt: skip
LEAD_TO_PARTNER = Lesson(
    slug="lead-to-partner", game="whist", players=4, title="", explain="", task="",
    deals=(DEAL,), dealer=0, options={"trump_suit": "clubs"},
    right="0 play TS", right_says="",
    wrong={"0 play TH": Wrong(FEWER, ""), "0 play TD": Wrong(FEWER, "")},
)  # fmt: skip


def _with_small_cards_played(lesson: Lesson) -> Lesson:
    """The lesson with a script of the first nine tricks, each seat playing its first legal
    card that is not one of the ending's."""
    ending = {card for hand in ENDING for card in hand.split()}
    state, script = start(lesson), []
    while len(state.trick_log) < 9:
        action = next(
            a
            for a in legal_actions(state, resign_too=False)
            if a.kind == PLAY and card_str(a.card) not in ending
        )
        script.append(f"{action.seat} play {card_str(action.card)}")
        state = apply(state, action)
    return dataclasses.replace(lesson, script=tuple(script))


def test_leading_away_from_the_partners_spades_leaves_the_side_fewer_tricks():
    """The ten of spades lets the partner take the last three tricks with their spades (4 for
    the side); a red ten gives the opponents the lead, and the partner's spades come in only
    after the learner's ace of trumps (3). Counted for the learner alone, with the partner
    against them, every lead is worth one trick (the ace of trumps) and nothing is fewer."""
    lesson = _with_small_cards_played(LEAD_TO_PARTNER)
    state = position(lesson)
    assert state.to_act == 0 and not state.trick
    assert exact_values(state) == {"TS": 4, "AC": 4, "TH": 3, "TD": 3}
    assert answer(lesson, "0 play TH") == FEWER
    assert answer(lesson, "0 play TD") == FEWER
    assert answer(lesson, "0 play AC") == "legal"
