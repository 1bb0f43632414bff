"""The pages a notices socket may name (`?page=<kind>-<id>`, social.consumers): the app
that owns a kind of page says, as it starts, who may be on one (an event's page: who may
see the event, tournaments.apps). A page of no such kind, or one its user may not see, is
not joined: its changes would tell what the page does not show them."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

PAGE = re.compile(r"([a-z]{1,16})-([0-9]{1,12})")

_kinds: dict[str, Callable[[Any, int], bool]] = {}


def page_kind(kind: str, may_see: Callable[[Any, int], bool]) -> None:
    """Pages `<kind>-<id>` may be named; `may_see(user, id)` says who may be on one."""
    _kinds[kind] = may_see


def page_allowed(page: str, user: Any) -> bool:
    """Whether `user` may name `page`: a page of a kind an app named, which they may see."""
    found = PAGE.fullmatch(page)
    if found is None or found.group(1) not in _kinds:
        return False
    return _kinds[found.group(1)](user, int(found.group(2)))
