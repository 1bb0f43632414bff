"""Opponents from one browser or one network at a rated table (docs/fairplay.md §3): a pair
flag for moderators, whatever the game. The pool never seats them together at a rated table
(docs/rules.md §4.3), so this catches the other ways in: an open table's seat, an invitation,
an event's table. The origins are accounts.devices': browsers (at the table or sessions on
one browser) and keyed digests of network addresses noted as each player's socket opened."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.devices import table_shared
from fairplay.models import Flag


def shared_flags(stored: Any) -> list[Flag]:
    """Raise or bring up to date a flag for each pair of this rated game's human players who
    shared a browser or a network; the figures count the pair's games by what they shared."""
    if not stored.rated:
        return []
    humans = {s["user"] for s in stored.seats if s.get("user")}
    out = []
    for pair, kinds in table_shared(stored.pk, humans).items():
        first, second = sorted(pair)
        out.append(_note(first, second, stored.pk, kinds))
    return out


def _note(first: int, second: int, table_id: int, kinds: set[str]) -> Flag:
    with transaction.atomic():
        flag, _created = Flag.objects.select_for_update().get_or_create(
            kind=Flag.Kind.SHARED, user_id=first, partner_id=second, status=Flag.Status.OPEN,
            defaults={"figures": {"device": 0, "network": 0, "meetings": 0}, "games": []},
        )  # fmt: skip
        if table_id in flag.games:
            return flag  # a second delivery of the game's task
        figures = dict(flag.figures)
        figures["meetings"] = figures.get("meetings", 0) + 1
        for kind in kinds:
            figures[kind] = figures.get(kind, 0) + 1
        flag.figures, flag.games, flag.updated = figures, [table_id, *flag.games], timezone.now()
        flag.save(update_fields=["figures", "games", "updated"])
        return flag
