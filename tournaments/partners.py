"""An event's partners: whether players may enter it as pairs (and why not, in words), and
what its page shows of pairs (docs/rules.md §5.1, "Whist pairs")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine.descriptors import game_of
from tournaments.models import Entry, Event


def pairs_view(event: Event, user: Any, entry: Entry | None) -> dict[str, Any] | None:
    """An event page's partners (a game played in pairs only, else None): whether pairs may
    enter (and why not), the viewer's partner or request, the open requests to the viewer
    (none once they have a partner), and the pairs entered."""
    if not game_of(event.game).partnerships:
        return None
    allowed = pairs_allowed(event)
    rows = list(Entry.objects.filter(event=event).select_related("user", "partner_asked"))
    by_id = {e.pk: e for e in rows}
    signed_in = user is not None and user.is_authenticated
    return {
        "allowed": allowed, "refusal": "" if allowed else pairs_refusal(event),
        "partner": by_id[entry.partner_id].user if entry and entry.partner_id in by_id else None,
        "asked": entry.partner_asked if entry else None,
        "asking": [e for e in rows if signed_in and e.partner_asked_id == user.pk
                   and e.partner_id is None and not (entry and entry.partner_id)],
        "pairs": [(e.user, by_id[e.partner_id].user) for e in rows
                  if e.partner_id in by_id and e.pk < e.partner_id],
    }  # fmt: skip


PAIR_KINDS = (Event.Kind.SWISS, Event.Kind.DUPLICATE)


def pairs_allowed(event: Event) -> bool:
    """Whether players may enter the event as pairs: formats that keep partners (Swiss and
    duplicate) of a game played in pairs."""
    return bool(game_of(event.game).partnerships) and event.kind in PAIR_KINDS


def pairs_refusal(event: Event) -> str:
    """Why the event takes no pairs, in words."""
    if not game_of(event.game).partnerships:
        return _("this game is not played in pairs")
    if event.kind == Event.Kind.DRIVE:
        return _("a whist drive moves partners every hand by design: everyone enters alone")
    return _("this format does not keep partners: everyone enters alone")
