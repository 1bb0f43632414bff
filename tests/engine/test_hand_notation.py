"""A hand's notation (games.engine.cards.hand_str): spades first, then hearts, diamonds and
clubs, each suit high card first."""

from __future__ import annotations

import random

from games.engine.cards import DECK, RANK_OF, RANKS, SUIT_OF, SUITS, card_str, hand_str, mask_of


def test_a_hand_is_sorted_by_suit_spades_first_then_rank_high_first():
    rng = random.Random(11)
    for size in (0, 1, 5, 13, 26, 52):
        for _ in range(50):
            cards = rng.sample(DECK, size)
            expected = sorted(cards, key=lambda c: (-SUIT_OF[c], -RANK_OF[c]))
            assert hand_str(mask_of(cards)) == [card_str(c) for c in expected]
    assert hand_str(mask_of([0, 51, 13, 12])) == ["AS", "2D", "AC", "2C"]


def test_a_cards_notation_is_its_rank_then_its_suit():
    assert [card_str(c) for c in DECK] == [r + s for s in SUITS for r in RANKS]
