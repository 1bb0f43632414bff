"""The lobby socket's messages (docs/protocol.md, "Lobby socket"), built once and shared.

A list page (`tables`) is built once per lobby version, filter, page, language and kind of
viewer (logged in or not), encoded once, and kept in this process: every socket that asks
for the same page at the same version gets the same text, and a socket that holds the
current version is answered `current` without anything being built. A row change (`row`)
is rendered once per language and kind of viewer (games/sockets/lobby_rows.py caches the row);
each socket only adds its own `since`.

No message can exceed the socket's cap (games/sockets/message_size.py): a page and the
`mine` list stop adding rows at `BUDGET` bytes and say `more`; one row is at most a few KB
(seven seats of 50-character names, each character six or twelve bytes as JSON escapes it).
"""

from __future__ import annotations

import asyncio
import json
import time
from bisect import bisect_left
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from django.utils import translation
from django.utils.translation import ngettext

from games.reads import lobby
from games.reads.lobby import PAGE_ROWS, ListFilter
from games.sockets import lobby_rows
from games.sockets.message_size import BUDGET
from games.sockets.threads import db_call
from games.sockets.turns import turn

PAGES_KEPT = 256

builds: Counter = Counter()  # pages and `mine` lists built in this process (tests, bench)


@dataclass(frozen=True)
class Page:
    """One `tables` message: its text, its version, the rows it shows (id: status)."""

    text: str
    version: int
    shown: dict[int, str] = field(default_factory=dict)
    more: bool = False


def build_page(
    flt: ListFilter, before: int | None, version: int, language: str, authenticated: bool
) -> Page:
    """The `tables` message of one page at lobby `version` (read before the tables, so the
    page holds at least every change up to it), in `language`, for a viewer logged in or not."""
    builds["tables"] += 1
    entries, more, total = lobby.page_tables(flt, before, total=_totals.get((version, flt)))
    _totals[(version, flt)] = total
    while len(_totals) > PAGES_KEPT:
        del _totals[next(iter(_totals))]
    online = _online()
    with translation.override(language):
        head = {
            "type": "tables", "version": version, "filter": flt.as_dict(), "before": before,
            "limit": PAGE_ROWS, "total": total, "more": True, "online": online,
            "online_text": lobby_rows.online_text(online), "tables": [],
        }  # fmt: skip
        rows, more = _rows(entries, authenticated, len(json.dumps(head)), more)
        page_text = ngettext(
            "%(shown)s of %(total)s table", "%(shown)s of %(total)s tables", total
        ) % {"shown": len(rows), "total": total}
    text = json.dumps({**head, "more": more, "page_text": page_text, "tables": rows})
    return Page(text, version, {r["id"]: r["status"] for r in rows}, more)


def _rows(
    entries: list[dict[str, Any]], authenticated: bool, size: int, more: bool, mine: bool = False
) -> tuple[list[dict[str, Any]], bool]:
    """Rows (id, status, html) of `entries` while they fit the budget; whether some were left."""
    rows: list[dict[str, Any]] = []
    for entry in entries:
        row = {"id": entry["id"], "status": entry["status"],
               "html": lobby_rows.row_html(entry, authenticated, mine)}  # fmt: skip
        if mine:
            row["my_turn"] = entry["my_turn"]
        cost = len(json.dumps(row)) + 2
        if rows and size + cost > BUDGET:
            return rows, True
        rows.append(row)
        size += cost
    return rows, more


def mine_text(user: Any, language: str) -> str:
    """The `mine` message: the user's own running tables (newest first), within the budget."""
    builds["mine"] += 1
    entries = lobby.running_tables(user)
    with translation.override(language):
        rows, more = _rows(entries, True, 64, len(entries) >= lobby.MINE_LIMIT, mine=True)
    return json.dumps({"type": "mine", "tables": rows, "more": more})


# Shared by every page of a version (another `before` costs only its own rows' query), and
# the counts of players online for a few seconds: a socket asking for page after page
# costs one query of rows each.
_totals: dict[tuple, int] = {}
_ids: dict[tuple, list[int]] = {}  # (version, filter): the ids listed, ascending
ONLINE_SECONDS = 5.0
_online_held: list = [0.0, None]


def _online() -> dict[str, int]:
    at, counts = _online_held
    if counts is None or time.monotonic() - at > ONLINE_SECONDS:
        counts = lobby.players_online()
        _online_held[:] = [time.monotonic(), counts]
    return counts


_pages: OrderedDict[tuple, Page] = OrderedDict()
_building: dict[tuple, asyncio.Future] = {}

# Lobby lists answered at once in one process; the others wait their turn. Sockets asking
# on the same beat (40 of them, each within its resync limit) would otherwise all be worked
# on at once, and a table's move that came meanwhile waited behind the whole burst (its
# p99 up to 1.75x a quiet window's: docs/benchmarks.md, "The lobby flood").
ANSWERING = 2


def answering() -> asyncio.Semaphore:
    """This event loop's turn for lobby lists (games/sockets/turns.py)."""
    return turn("lobby lists", ANSWERING)


async def list_page(
    flt: ListFilter, before: int | None, language: str, authenticated: bool
) -> Page:
    """The current page for these parameters: from this process's pages if built at the
    lobby's current version, else built once (sockets asking meanwhile wait for that build)."""
    version = await db_call(lobby.lobby_version)()
    before = await _cursor(version, flt, before)
    key = (version, flt, before, language, authenticated)
    page = _pages.get(key)
    if page is not None:
        return page
    task = _building.get(key)
    if task is None:
        task = asyncio.ensure_future(
            db_call(build_page)(flt, before, version, language, authenticated)
        )
        _building[key] = task
        task.add_done_callback(partial(_built, key))
    return await asyncio.shield(task)


async def _cursor(version: int, flt: ListFilter, before: int | None) -> int | None:
    """The one cursor of the page `before` asks for: the oldest listed table not older than
    `before` (None past the newest), which shows the same tables. Any `before` a socket
    sends is one of a version's few pages, so asking for new ones builds nothing new."""
    if before is None:
        return None
    ids = _ids.get((version, flt))
    if ids is None:
        ids = _ids[(version, flt)] = await db_call(lobby.listed_ids)(flt)
        while len(_ids) > PAGES_KEPT:
            del _ids[next(iter(_ids))]
    at = bisect_left(ids, before)
    return ids[at] if at < len(ids) else None


def _built(key: tuple, task: asyncio.Future) -> None:
    _building.pop(key, None)
    if task.cancelled() or task.exception() is not None:
        return
    _pages[key] = task.result()
    while len(_pages) > PAGES_KEPT:
        _pages.popitem(last=False)


def pages_clear() -> None:
    _pages.clear()
    _totals.clear()
    _ids.clear()
    _online_held[:] = [0.0, None]


def row_text(event: dict[str, Any], op: str, since: int, language: str, auth: bool) -> str:
    """The `row` message of a lobby change for one socket: `op` added, changed, gone or none
    (a change the socket's list does not show, sent only after a gap)."""
    online = event.get("online") or {}
    body = _row_body(event["version"], event["id"], event.get("key"), op, language, auth,
                     online.get("players", 0), online.get("games", 0))  # fmt: skip
    return f'{{"type": "row", "since": {int(since)}, {body}'


@lru_cache(maxsize=512)
def _row_body(
    version: int, table_id: int, key: str | None, op: str, language: str, auth: bool,
    players: int, games: int,
) -> str:  # fmt: skip
    message: dict[str, Any] = {"version": version, "op": op, "id": table_id}
    with translation.override(language):
        if op in ("added", "changed") and key is not None:
            message["status"] = json.loads(key)["status"]
            message["html"] = lobby_rows.row_html_of(key, auth)
        online = {"players": players, "games": games}
        message.update(online=online, online_text=lobby_rows.online_text(online))
    return json.dumps(message)[1:]


class ListView:
    """What one lobby socket shows: its filter and page, the lobby version it and its page
    hold, and the rows on that page; turns each lobby change into the socket's `row`."""

    def __init__(self, flt: ListFilter | None = None, before: int | None = None) -> None:
        self.filter, self.before = flt or ListFilter(), before
        self.version = -1  # the newest lobby change this socket has heard of
        self.sent = -1  # the version the page holds (-1: it missed something, not current)
        self.shown: dict[int, str] = {}
        self.more = False

    def show(self, page: Page) -> None:
        """The page was sent this list."""
        self.version = self.sent = page.version
        self.shown, self.more = dict(page.shown), page.more

    def current(self, version: Any) -> bool:
        """Whether a page that says it holds `version` holds what this socket last sent."""
        return self.sent >= 0 and version == self.sent

    def change(self, event: dict[str, Any]) -> tuple[str, int] | None:
        """(op, since) of the `row` to send for a `lobby.row` event, or None to send nothing:
        an older change, or one the page's list does not show. After a change the socket
        missed (the channel layer is at most once), `since` is not what the page holds, so
        the page asks for the list."""
        version = event["version"]
        if version <= self.version:
            return None
        missed = version != self.version + 1
        self.version = version
        op = self._op(event["id"], event["entry"])
        if missed:
            self.sent = -1
            return op or "none", version - 1
        if op is None:
            return None
        since, self.sent = self.sent, version
        return op, since

    def _op(self, table_id: int, entry: dict[str, Any] | None) -> str | None:
        shown = table_id in self.shown
        if not self.filter.matches(entry):
            return "gone" if self.shown.pop(table_id, None) is not None else None
        assert entry is not None
        if shown:
            self.shown[table_id] = entry["status"]
            return "changed"
        newer = bool(self.shown) and table_id > min(self.shown)
        if self.before is not None or not (newer or not self.more):
            return None  # an older page, or a table older than this page shows
        self.shown[table_id] = entry["status"]
        if len(self.shown) > PAGE_ROWS:  # the page drops its oldest row too
            del self.shown[min(self.shown)]
            self.more = True
        return "added"
