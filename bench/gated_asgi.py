"""The site's application with two callgrind gates, for bench/load_instructions.py: `daphne
bench.gated_asgi:application`. `services.move_play` runs inside `functools.reduce` and
`broadcast.send` inside `operator.call`, two C functions nothing else on a move's path calls,
so that callgrind's inclusive count of each (`functools_reduce`, `_operator_call`) is the
instructions of every `move_play` (its send included) and of every send from a database
thread, and their call counts how many ran. The wrappers add a C call each; nothing else
changes.

Never used by the site.
"""

from __future__ import annotations

import functools
import operator
from typing import Any

from whistsite.asgi import application  # noqa: F401  (Daphne's application; Django set up)

_own: dict[str, Any] = {}


def move_play(*args: Any, **kwargs: Any) -> Any:
    call = functools.partial(_own["move_play"], *args, **kwargs)
    return functools.reduce(lambda _none, fn: fn(), [call], None)


def send(*args: Any, **kwargs: Any) -> None:
    operator.call(_own["send"], *args, **kwargs)


def _gate() -> None:
    from games import broadcast, services  # after Django's setup

    _own.update(move_play=services.move_play, send=broadcast.send)
    services.move_play = move_play  # the consumers look it up at each act
    broadcast.send = send  # games/broadcast.py's callers look it up as a module global


_gate()
