"""Reads of the records app: a player's history, one stored game, running tables, uploads."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from accounts.staff_powers import acts_as_staff
from games.models import Table
from games.reads.queries import can_watch, unfinished_tables
from games.reads.sight import cards_open, open_tables
from records.models import GamePlayer, GameRecord, RecordAnalysis, UploadAnalysis, UploadedRecord

PAGE_SIZE = 20
# The history rows never need the whole record, only what the row shows.
ROW_FIELDS = ("game", "players", "preset", "rated", "private", "status", "started", "finished",
              "seats", "result", "annulled", "practice")  # fmt: skip


def player_get(username: str) -> Any:
    """The active user of that name (any letter case), or None."""
    model = get_user_model()
    return model.objects.filter(username__iexact=username, is_active=True).first()


def history(player: Any, viewer: Any, filters: dict[str, Any] | None = None) -> QuerySet:
    """The player's stored games, newest first; private games only for the player themself.
    Practice games ("play from here") are kept apart: left out, or with the filter
    `practice`, the only ones listed."""
    practice = bool((filters or {}).get("practice"))
    rows = GamePlayer.objects.filter(user=player, practice=practice)
    if not _is_self_or_staff(player, viewer):
        rows = rows.filter(private=False)
    for field in ("game", "result", "rated"):
        value = (filters or {}).get(field)
        if value not in (None, ""):
            rows = rows.filter(**{field: value})
    return (
        rows.select_related("record")
        .only("seat", "place", "won", "resigned", "result", *(f"record__{f}" for f in ROW_FIELDS))
        .order_by("-finished", "-record_id")
    )


def history_page(rows: QuerySet, number: Any) -> Page:
    """One page of history rows (a count and one select)."""
    return Paginator(rows, PAGE_SIZE).get_page(number)


def _is_self_or_staff(player: Any, viewer: Any) -> bool:
    if viewer is None or not viewer.is_authenticated:
        return False
    return viewer.pk == player.pk or acts_as_staff(viewer)


def running_tables(user: Any) -> list[Table]:
    """Open and running tables `user` sits at, newest first, with their seats' users."""
    return list(unfinished_tables(user).prefetch_related("seats__user").order_by("-created"))


def record_get(table_id: int) -> GameRecord | None:
    """A stored game with its record (and its table's row, whose board may be held), or None."""
    return (
        GameRecord.objects.filter(pk=table_id)
        .select_related("table")
        .defer("table__record")
        .first()
    )


def table_state(table_id: int) -> Table | None:
    """The table behind a game page that has no stored game (yet), its seats loaded."""
    return Table.objects.prefetch_related("seats__user").filter(pk=table_id).first()


def can_view(stored: GameRecord, user: Any) -> bool:
    """Public and published games for anyone; private ones for their players and staff."""
    if not stored.private or stored.published:
        return True
    if user is None or not user.is_authenticated:
        return False
    return acts_as_staff(user) or any(s.get("user") == user.pk for s in stored.seats)


def table_viewable(table: Table, user: Any, session: Any) -> bool:
    return can_watch(table, user, session)


def cards_shown(stored: GameRecord, user: Any) -> bool:
    """Whether `user` may see the stored game's cards now (games.reads.sight: a duplicate
    board's games stay closed until every table of the board has finished)."""
    return cards_open(stored.table, user)


def own_records(player: Any) -> QuerySet:
    """Every stored game the player sat in whose cards may be shown, oldest first, for the
    bulk export."""
    return (
        GameRecord.objects.filter(open_tables("table__"), seat_rows__user=player)
        .order_by("finished", "pk")
        .values_list("record", flat=True)
    )


def analysis_get(table_id: int) -> RecordAnalysis | None:
    return RecordAnalysis.objects.filter(pk=table_id).first()


def upload_analysis_get(upload_id: int) -> UploadAnalysis | None:
    return UploadAnalysis.objects.filter(pk=upload_id).first()


def upload_get(token: str) -> UploadedRecord | None:
    return UploadedRecord.objects.filter(token=token).first()
