"""The rating model: OpenSkill's Plackett-Luce, how a result becomes teams and ranks, and the
conservative rating shown to people.

Knockout Whist is a free-for-all ranked by knock-out order (docs/rules.md §1.6: ties share
a place), Whist two teams of two (docs/rules.md §2.1), German Whist one against one
(docs/rules.md §3.4: a drawn match is a tie). The shown rating is mu - 3 sigma, scaled:
1000 + 40 (mu - 3 sigma), so a newcomer (mu 25, sigma 25/3) shows 1000 and a player of
average skill whose sigma has shrunk to beta (25/6) shows 1500.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from openskill.models import PlackettLuce

from games.engine.descriptors import sides

MODEL = PlackettLuce()
SCALE, BASE = 40.0, 1000.0
PROVISIONAL_GAMES = 10


def display(mu: float, sigma: float) -> int:
    """The conservative rating people see: OpenSkill's ordinal (mu - 3 sigma), scaled."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(z=3.0, alpha=SCALE, target=BASE))


def initial() -> tuple[float, float]:
    """(mu, sigma) of a player or bot who has no rated game yet."""
    return MODEL.mu, MODEL.sigma


def teams_of(game: str, players: int) -> list[list[int]]:
    """The seats of each side: partners together (Whist), else every seat alone
    (games.engine.descriptors.sides)."""
    return sides(game, players)


def rate(
    game: str, ratings: Sequence[tuple[float, float]], place: Sequence[int]
) -> list[tuple[float, float]]:
    """New (mu, sigma) per seat from the old ones and each seat's place (games.engine.places;
    OpenSkill reads only their order and ties), as OpenSkill says."""
    teams = teams_of(game, len(ratings))
    rated = [[MODEL.rating(mu=ratings[s][0], sigma=ratings[s][1]) for s in team] for team in teams]
    ranks = [float(place[team[0]]) for team in teams]
    new = MODEL.rate(rated, ranks=ranks)
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(ratings)
    for team, players in zip(teams, new, strict=True):
        for seat, player in zip(team, players, strict=True):
            out[seat] = (player.mu, player.sigma)
    return out


def merged(
    key: Sequence[Hashable], old: Sequence[tuple[float, float]], new: Sequence[tuple[float, float]]
) -> dict[Hashable, tuple[float, float]]:
    """Each rated player's (mu, sigma) after a game, from every seat's `key` (who sat there)
    and old and new ratings: a bot level in several seats of one game (it played itself) moves
    by the mean of its seats' changes. The bookkeeping and the annulment's replay both use
    this, so that a replay repeats the bookkeeping's arithmetic to the last bit."""
    out = {}
    for k in dict.fromkeys(key):
        seats = [i for i, kk in enumerate(key) if kk == k]
        mu = old[seats[0]][0] + sum(new[i][0] - old[i][0] for i in seats) / len(seats)
        out[k] = (mu, sum(new[i][1] for i in seats) / len(seats))
    return out
