"""The one exception services raise: a refusal with a code for clients and a message for people.

Messages are in the language active when the service runs (the page's, or the socket's:
see consumers.py); engine refusals are looked up in the same catalogue by their template.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import ban_active, ban_in_force, ban_text
from games.engine import State
from games.engine import claims as claim_rules
from games.engine.actions import Action
from games.engine.errors import Explained, Plural
from games.labels import message_value


class ServiceError(Exception):
    """A refused request; `code` names the reason, one of those listed in
    docs/protocol.md §"Server → client"; `tables`, the tables the refusal is about, which a
    page links (too_many_tables: the tables that hold the player's slots)."""

    def __init__(self, code: str, message: str, tables: Sequence[Any] = ()) -> None:
        message = capfirst(message)  # people read it as a sentence, in every language
        super().__init__(message)
        self.code = code
        self.message = message
        self.tables = list(tables)


def explained(exc: Exception) -> str:
    """An engine refusal (RulesError, IllegalAction) in the active language."""
    if not isinstance(exc, Explained):
        return str(exc)
    template = exc.template
    if isinstance(template, Plural):
        text = ngettext(template, template.plural, exc.params.get(template.counter, 0))
    else:
        text = gettext(template)
    params = {k: message_value(v) for k, v in exc.params.items()}
    return text % params if params else text


# Refusals more than one place answers (the services, and the table socket before it asks
# them: games/sockets/quick_refusal.py), written once.


def not_logged_in() -> ServiceError:
    return ServiceError("not_seated", _("log in and take a seat to play"))


def no_seat() -> ServiceError:
    return ServiceError("not_seated", _("you have no seat at this table"))


def stale(seen: int, now: int) -> ServiceError:
    return ServiceError(
        "stale",
        _("the game has changed: you saw version %(seen)s, it is at %(now)s")
        % {"seen": seen, "now": now},
    )


def check_ban(user: User) -> None:
    """Refuse a banned player (chat, moves, coming back): the socket closes too, but a frame
    may already be on its way, and the service is the last door."""
    ban = ban_active(user)
    if ban is not None:
        raise ServiceError("banned", ban_text(ban))


def refuse_banned(user: User) -> None:
    """Refuse a player whom a change's own read of the seats found banned, with the ban's
    text (read from the database: the cache may not have heard of it yet)."""
    ban = ban_in_force(user.pk)
    if ban is not None:
        raise ServiceError("banned", ban_text(ban))


def claim_refused(state: State, action: Action) -> ServiceError:
    """A claim the solver refused, recorded in the game (docs/rules.md §0.7): why, and what
    it cost."""
    refusal = explained(claim_rules.refused_error(state, action))
    return ServiceError(
        "claim_refused",
        _("%(refusal)s. You may claim again once this trick is complete.") % {"refusal": refusal},
    )


# The app that keeps ratings names its function here as it starts (rankings.apps): why a
# player may not take a rated seat now (a leaver's wait), a text in the active language, or
# None. Unset: nobody waits.
_rated_bar: Callable[[Any, bool], str | None] | None = None


def rated_bar_from(rated_bar: Callable[[Any, bool], str | None]) -> None:
    """The function that says why a player must wait before a rated seat (docs/rules.md §4.4)."""
    global _rated_bar
    _rated_bar = rated_bar


def rated_refusal(user: Any, pool: bool = False) -> str | None:
    """Why `user` may not take a place at a rated table now (docs/rules.md §4.4), or None."""
    return _rated_bar(user, pool) if _rated_bar is not None else None


def check_rated(user: Any, pool: bool = False) -> None:
    """Refuse a player who must wait before their next rated game, with the wait."""
    text = rated_refusal(user, pool)
    if text is not None:
        raise ServiceError("rated_wait", text)
