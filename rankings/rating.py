"""The rating model: OpenSkill's Plackett-Luce, how a result becomes teams and ranks, and the
conservative rating shown to people.

Knockout Whist is a free-for-all ranked by knock-out order (docs/rules.md §1.6: ties share
a place), Whist two teams of two (docs/rules.md §2.1), German Whist one against one
(docs/rules.md §3.4: a drawn match is a tie). The shown rating is mu - 3 sigma, scaled:
1000 + 40 (mu - 3 sigma), so a newcomer (mu 25, sigma 25/3) shows 1000 and a player of
average skill whose sigma has shrunk to beta (25/6) shows 1500.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.engine.descriptors import sides

if TYPE_CHECKING:
    from openskill.models import PlackettLuce


@functools.cache
def model() -> PlackettLuce:
    """OpenSkill's model, made at first use: every Django process imports this module, and
    most never rate a game (docs/benchmarks.md, "Django starts")."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


SCALE, BASE = 40.0, 1000.0
PROVISIONAL_GAMES = 10
# How much a provisional account moves an established rating, against an established
# opponent's 1 (docs/rules.md §4.3).
PROVISIONAL_WEIGHT = 0.2


@dataclass(frozen=True)
class SeatRule:
    """What the rating rule reads of a seat besides its rating (docs/rules.md §4.3)."""

    place: int
    lost_anyway: bool = False  # resigned or left: a loss whatever the stand-in did
    provisional: bool = False  # a human with fewer than PROVISIONAL_GAMES rated games
    counts: bool = True  # False: the game ended before real play and this seat gains nothing


def display(mu: float, sigma: float) -> int:
    """The conservative rating people see: OpenSkill's ordinal (mu - 3 sigma), scaled."""
    return round(model().rating(mu=mu, sigma=sigma).ordinal(z=3.0, alpha=SCALE, target=BASE))


def initial() -> tuple[float, float]:
    """(mu, sigma) of a player or bot who has no rated game yet."""
    return model().mu, model().sigma


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
    rating = model()
    rated = [[rating.rating(mu=ratings[s][0], sigma=ratings[s][1]) for s in team] for team in teams]
    ranks = [float(place[team[0]]) for team in teams]
    new = rating.rate(rated, ranks=ranks)
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


def rate_game(
    game: str, ratings: Sequence[tuple[float, float]], seats: Sequence[SeatRule]
) -> list[tuple[float, float]]:
    """New (mu, sigma) per seat by the site's rating rule (docs/rules.md §4.3): a seat that
    resigned or left is ranked below every seat that did not (in Whist the leaver's own change
    is that of their side's loss; their partner's and the others' are the game's as it ended);
    a seat that does not count keeps its rating; an established seat moves by the share of its
    opponents that are established, a provisional opponent weighing PROVISIONAL_WEIGHT. The
    bookkeeping and the annulment's replay both call this, so they agree to the last bit."""
    new = _leavers_last(game, ratings, seats)
    side = {seat: i for i, team in enumerate(teams_of(game, len(seats))) for seat in team}
    out = []
    for seat, (rule, (mu0, s0), (mu1, s1)) in enumerate(zip(seats, ratings, new, strict=True)):
        weight = _weight(seat, seats, side) if rule.counts else 0.0
        out.append((mu0 + weight * (mu1 - mu0), s0 + weight * (s1 - s0)))
    return out


def _leavers_last(
    game: str, ratings: Sequence[tuple[float, float]], seats: Sequence[SeatRule]
) -> list[tuple[float, float]]:
    keys = [(s.lost_anyway, s.place) for s in seats]
    teams = teams_of(game, len(seats))
    if all(len(team) == 1 for team in teams):
        return rate(game, ratings, [1 + sum(k < key for k in keys) for key in keys])
    places = [s.place for s in seats]
    new = rate(game, ratings, places)
    worst = max(places) + 1
    for team in teams:
        gone = [seat for seat in team if seats[seat].lost_anyway]
        if gone and places[team[0]] < max(places):
            lost = rate(
                game, ratings, [worst if p in team else places[p] for p in range(len(seats))]
            )
            for seat in gone:
                new[seat] = lost[seat]
    return new


def _weight(seat: int, seats: Sequence[SeatRule], side: dict[int, int]) -> float:
    """1 for a provisional seat; for an established one, its opponents' mean weight."""
    if seats[seat].provisional:
        return 1.0
    opponents = [o for o in range(len(seats)) if side[o] != side[seat]]
    if not opponents:
        return 1.0
    weights = [PROVISIONAL_WEIGHT if seats[o].provisional else 1.0 for o in opponents]
    return sum(weights) / len(weights)
