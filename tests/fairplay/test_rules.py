"""The hidden-card rule (fairplay.rules, docs/fairplay.md §3): a likelihood ratio of cheating
against honest play. Honest play that follows the honest model stays under the odds in long
careers; a player whose cards are always truly best passes them after a few positions; the
rule waits for its least number of positions."""

from __future__ import annotations

import math
import random

from fairplay import rules


def career(rng: random.Random, positions: int, cheat: float) -> list[float]:
    """The summed log ratios after each position of a player who cheats on a part `cheat`."""
    llr, out = [0.0] * len(rules.CHEAT_RATES), []
    for _ in range(positions):
        chance = rng.choice((0.2, 0.35, 0.5, 0.65, 0.8, 0.9))
        matched = rng.random() < cheat or rng.random() < rules.honest(chance)
        llr = [a + b for a, b in zip(llr, rules.position_llr(chance, matched), strict=True)]
        out.append(rules.log_odds(llr))
    return out


def test_honest_play_that_follows_the_honest_model_is_not_flagged_in_long_careers() -> None:
    rng = random.Random(39)
    flagged = sum(any(x >= math.log(rules.ODDS) for x in career(rng, 500, 0.0))
                  for _ in range(300))  # fmt: skip
    assert flagged <= 1  # Ville's inequality: at most 1 in 1000 ever reaches 1000 to 1


def test_a_player_who_always_plays_the_truly_best_card_is_flagged_within_positions() -> None:
    rng = random.Random(39)
    for _ in range(20):
        steps = career(rng, 60, 1.0)
        first = next(n for n, x in enumerate(steps, 1) if rules.hidden_flagged(n, [x] * 4))
        assert first <= 40


def test_no_flag_before_the_least_number_of_positions() -> None:
    strong = [50.0] * len(rules.CHEAT_RATES)
    assert not rules.hidden_flagged(rules.MIN_POSITIONS - 1, strong)
    assert rules.hidden_flagged(rules.MIN_POSITIONS, strong)


def test_an_unmatched_position_is_evidence_of_honest_play() -> None:
    assert all(x < 0 for x in rules.position_llr(0.5, False))
    assert all(x > 0 for x in rules.position_llr(0.5, True))
