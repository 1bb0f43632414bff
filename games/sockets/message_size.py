"""The largest message a socket may carry: Daphne's `--websocket-max-message-size` (65,536
bytes) applies to what the server sends too, and a message over it is never delivered (the
socket gets nothing). Every message kind stays under it by construction; lists that could
outgrow it are sent in parts (tests/games/test_message_sizes.py builds the largest of each)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

MAX_MESSAGE = 65536
BUDGET = 48_000  # for a list's items: the rest of a message is a few hundred bytes


def in_parts(items: Iterable[Any], budget: int = BUDGET) -> list[list[Any]]:
    """`items` in consecutive parts whose JSON text (as `send_json` encodes it) stays within
    `budget` bytes each (an item bigger than that alone makes a part of its own). No items:
    one empty part, so the message is still sent."""
    parts: list[list[Any]] = [[]]
    size = 0
    for item in items:
        cost = len(json.dumps(item)) + 2
        if parts[-1] and size + cost > budget:
            parts.append([])
            size = 0
        parts[-1].append(item)
        size += cost
    return parts
