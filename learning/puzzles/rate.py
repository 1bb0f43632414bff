"""Puzzle ratings: players and puzzles rated against each other as in a game of two, with
the OpenSkill model the game ratings use (rankings.rating.model()): a right answer is a win
for the player, a wrong one a win for the puzzle.

The number shown and matched is mu on the game ratings' scale (1500 + 40 (mu - 25)), not
the conservative ordinal: a puzzle's level is what it is, not what it is sure to be.
"""

from __future__ import annotations

from rankings.rating import SCALE, model

CENTRE = 1500.0


def level(mu: float) -> int:
    """The shown and matched rating of a mu."""
    return round(CENTRE + SCALE * (mu - model().mu))


def initial_player() -> tuple[float, float]:
    return model().mu, model().sigma


def initial_puzzle(tricks_left: int, moves: int) -> tuple[float, float]:
    """A new puzzle's guess: harder the more tricks are left and the more moves it offers."""
    return model().mu + 1.5 * (tricks_left - 3) + 0.5 * (moves - 3), model().sigma


def rate(
    player: tuple[float, float], puzzle: tuple[float, float], right: bool
) -> tuple[tuple[float, float], tuple[float, float]]:
    """New (mu, sigma) of the player and the puzzle after one answer."""
    rating = model()
    teams = [
        [rating.rating(mu=player[0], sigma=player[1])],
        [rating.rating(mu=puzzle[0], sigma=puzzle[1])],
    ]
    ranks = [1.0, 2.0] if right else [2.0, 1.0]
    (p,), (q,) = rating.rate(teams, ranks=ranks)
    return (p.mu, p.sigma), (q.mu, q.sigma)
