"""Moves a table socket can refuse from what it already holds, without the database: no
seat, a version older than the game the socket was sent, or a card played out of turn
in the very state the player saw. The refusals are the services' own (codes and
messages), so clients see no difference except the speed; all else goes to the service."""

from __future__ import annotations

from typing import Any, Protocol

from games.engine import IllegalAction, action_from_event
from games.engine.engine import not_your_turn
from games.services import errors
from games.services.errors import ServiceError, explained


class Holds(Protocol):
    """What the socket knows: its user, its seat and the last state it was sent."""

    user_id: int | None
    seat: int | None
    version: int
    game_version: int
    to_act: int | None
    resigned: list[int]


def quick_refusal(socket: Holds, version: int, action: dict[str, Any]) -> ServiceError | None:
    """The refusal the service would answer for this move, when it is certain already."""
    if socket.user_id is None:
        return errors.not_logged_in()
    if socket.seat is None:
        return errors.no_seat()
    if version < socket.game_version:
        # The game moved past `version`: the service's version check cannot pass.
        return errors.stale(version, socket.version)
    out_of_turn = socket.to_act is not None and socket.to_act != socket.seat
    if (
        version == socket.version
        and out_of_turn
        and socket.to_act is not None
        and _plays_own(socket, action)
    ):
        # The state the player saw says someone else is to act: the engine would refuse
        # (or, if the game moved on since, the version check would).
        exc = not_your_turn(socket.to_act, socket.seat)
        return ServiceError(exc.code, explained(exc))
    return None


def _plays_own(socket: Holds, action: dict[str, Any]) -> bool:
    """A well-formed card play of a seat that has not resigned (else the service's own
    refusal, `malformed` or `resigned`, comes first)."""
    if action.get("action") != "play" or socket.seat in socket.resigned:
        return False
    try:
        action_from_event({**action, "seat": socket.seat})
    except (IllegalAction, ValueError, KeyError, TypeError):
        return False
    return True
