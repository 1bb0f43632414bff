"""Finished games for the rankings tests: engine games dealt from decks written as text (or a
seed), stored as the card room stores a finished table (row, seats, move log, record) and as the
records app stores it once (records.services.record_store)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone

from games.engine import State, make_rules, new_game
from games.engine.record import to_record
from games.models import Move, Seat, Table
from records.services import record_store
from tests.engine.helpers import finish_game

Player = Any  # a User, or a bot level ("beginner", "club", "expert")


def seeded(game: str, players: int, seed: int, **options: Any) -> State:
    """A whole game from a seed, every seat playing its first legal action."""
    return finish_game(new_game(make_rules(game, players, **options), seed=seed))


def winning(game: str, players: int, seat: int, **options: Any) -> State:
    """The first seeded game (seed 1, 2, ...) that `seat` wins."""
    for seed in range(1, 200):
        state = seeded(game, players, seed, **options)
        if seat in state.result["winners"]:
            return state
    raise AssertionError(f"no seed up to 200 where seat {seat} wins {game}")


def store(
    state: State,
    players: list[Player],
    rated: bool = True,
    preset: str = "",
    by: Callable[[int, int], str] | None = None,
    practice_of: Table | None = None,
) -> Table:
    """The finished game as a table row with seats and move log; `by(seat, n)` says who made
    the seat's n-th decision (default: its human or its bot); with `practice_of`, a practice
    game started from that game's first position (its record names it, as the card room's)."""
    now = timezone.now()
    names = [{"name": getattr(p, "username", f"Bot {i}"), "bot": None if hasattr(p, "pk") else p}
             for i, p in enumerate(players)]  # fmt: skip
    events = [a.to_event() for d in state.history for a in d.events] + [
        a.to_event() for a in state.events
    ]
    record = to_record(state, names)
    start = None
    if practice_of is not None:
        start = {"deals": record["deals"][:1], "from": 0, "seat": 0, "fresh": False}
        record["practice"] = {"game": practice_of.pk, "from": 0, "seat": 0, "fresh": False}
    table = Table.objects.create(
        game=state.rules.game, players=state.players, options=state.rules.option_dict(),
        preset=preset, rated=rated, status=Table.Status.FINISHED, seed=1, moves=len(events),
        record=record, started=now, finished=now, practice_of=practice_of, start=start,
    )  # fmt: skip
    Seat.objects.bulk_create(
        Seat(table=table, index=i, user=p if hasattr(p, "pk") else None,
             bot="" if hasattr(p, "pk") else p)
        for i, p in enumerate(players)
    )  # fmt: skip
    Move.objects.bulk_create(_moves(table, events, players, by))
    record_store(table, list(Seat.objects.filter(table=table).order_by("index")))
    return table


def _moves(table: Table, events: list[dict], players: list[Player], by: Any) -> list[Move]:
    counts = [0] * len(players)
    moves = []
    for number, event in enumerate(events):
        seat = event["seat"]
        human = hasattr(players[seat], "pk")
        who = by(seat, counts[seat]) if by else None
        who = who or (Move.By.HUMAN if human else Move.By.BOT)
        counts[seat] += 1
        moves.append(Move(table=table, number=number, seat=seat, event=event, by=who))
    return moves


def established(*users: Any, game: str = "german") -> None:
    """Give each player PROVISIONAL_GAMES rated games of `game` at the newcomer's rating, so
    that the rating rule weighs them as established (docs/rules.md §4.3)."""
    from rankings.models import Rating
    from rankings.rating import PROVISIONAL_GAMES, display, initial

    mu, sigma = initial()
    for user in users:
        Rating.objects.update_or_create(
            user=user, game=game,
            defaults={"mu": mu, "sigma": sigma, "display": display(mu, sigma),
                      "games": PROVISIONAL_GAMES},
        )  # fmt: skip
