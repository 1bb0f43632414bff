"""What a table socket is sent of its table: every state once, in version order.

Each change of a table is one `table.state` event to its group (games/broadcast.py), built
after the commit by whichever process committed it. Two processes' publishes can cross on
the way (a claim declined on one and an offer made on the other, 18 ms apart, reached the
sockets as version 30 then 29), and so can two publishes of one process on two pooled
connections to Redis. A socket that gets a version more than one past its own holds it for
up to WAIT seconds for the ones between; they are sent in order as they come. If one never
comes (the channel layer is at most once), what is held is sent after WAIT, the gap left,
which the page may repair with `resync`. A state older than the socket's is dropped.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import TYPE_CHECKING, Any

from games.reads import messages, queries
from games.sockets import state_cache
from games.sockets.threads import db_call

WAIT = 0.25  # seconds a state waits for an older one still on its way

# States held for an older one (`held`), and those sent with a gap after WAIT (`gaps`).
counts: Counter[str] = Counter()


if TYPE_CHECKING:  # the consumer it is a part of, for the type checker
    from games.sockets.frames import JsonFrames as _Host
else:
    _Host = object


class TableStates(_Host):
    """The state half of games/sockets/consumers.py's TableConsumer."""

    table_id: int
    user_id: int | None
    user: Any
    scope: dict
    version = -1  # the version this socket was last sent
    game_version = -1
    seat: int | None = None
    to_act: int | None = None
    resigned: list[int] = []
    # Newer states waiting for an older one: version -> (seat, view, text); and the timer
    # that sends them anyway (only while some wait).
    _held: dict[int, tuple[int | None, dict, str]] | None = None
    _hold_timer: asyncio.TimerHandle | None = None

    async def table_state(self, event: dict[str, Any]) -> None:
        """A change: this socket's user's seat view if they are seated, else the spectator's,
        sent as the JSON text the broadcast encoded once (games/broadcast.py `state_event`),
        in version order."""
        state_cache.remember(event)
        seat, text = state_cache.for_user(event, self.user_id)
        self.game_version = max(self.game_version, event["game_version"])
        view = {"to_act": event["to_act"], "resigned": event["resigned"]}
        version = event["version"]
        if version <= self.version:
            return
        if self.version >= 0 and version > self.version + 1:
            self._hold(version, seat, view, text)
            return
        if self._keep(version, seat, view):
            await self.send(text_data=text)
        await self._send_held()

    def _hold(self, version: int, seat: int | None, view: dict, text: str) -> None:
        counts["held"] += 1
        if self._held is None:
            self._held = {}
        self._held[version] = (seat, view, text)
        if self._hold_timer is None:
            loop = asyncio.get_running_loop()
            self._hold_timer = loop.call_later(WAIT, lambda: loop.create_task(self._give_up()))

    async def _send_held(self) -> None:
        """Send the held states that follow on from this socket's version, in order; drop
        those it has passed."""
        held = self._held
        while held:
            for version in [v for v in held if v <= self.version]:
                del held[version]
            following = held.pop(self.version + 1, None)
            if following is None:
                break
            seat, view, text = following
            if self._keep(self.version + 1, seat, view):
                await self.send(text_data=text)
        if not held:
            self._forget_held()

    async def _give_up(self) -> None:
        """WAIT passed without the missing state: send what is held, oldest first."""
        self._hold_timer = None
        held, self._held = self._held or {}, None
        for version in sorted(held):
            if version > self.version:
                counts["gaps"] += 1
                seat, view, text = held[version]
                if self._keep(version, seat, view):
                    await self.send(text_data=text)

    def _forget_held(self) -> None:
        self._held = None
        if self._hold_timer is not None:
            self._hold_timer.cancel()
            self._hold_timer = None

    async def _resend(self, at_least: int = -1, fresh: bool = False) -> None:
        """Send this socket the table's current state (also when it has it already)."""
        event = await state_cache.current(self.table_id, at_least, fresh)
        if event is None:
            return
        seat, text = state_cache.for_user(event, self.user_id)
        if event["private"] and seat is None:  # a watcher of a private table: checked again
            message = await db_call(self._state_message)()
            if message is not None:
                await self._send_state(message, force=True)
            return
        self.game_version = max(self.game_version, event["game_version"])
        view = {"to_act": event["to_act"], "resigned": event["resigned"]}
        if self._keep(event["version"], seat, view, force=True):
            await self.send(text_data=text)
        await self._send_held()

    def _state_message(self) -> dict[str, Any] | None:
        table = queries.table_get(self.table_id)
        if table is None:
            return None
        message = messages.table_payload(table, self.user, self.scope.get("session"))
        if message is not None:
            self.game_version = max(self.game_version, table.game_version)
        return message

    async def _send_state(self, message: dict[str, Any], force: bool = False) -> None:
        # Whole versioned views: never send one older than what this socket already has.
        view = message.get("view")
        if self._keep(message["version"], message["seat"], view, force):
            await self.send_json(message)
        await self._send_held()

    def _keep(self, version: int, seat: int | None, view: Any, force: bool = False) -> bool:
        """Whether a state of `version` is newer than what this socket has; if so, remember
        what the quick refusals need of it (games/sockets/quick_refusal.py)."""
        if version < self.version or (version == self.version and not force):
            return False
        self.version, self.seat = version, seat
        self.to_act = view.get("to_act") if isinstance(view, dict) else None
        self.resigned = (view.get("resigned") or []) if isinstance(view, dict) else []
        return True
