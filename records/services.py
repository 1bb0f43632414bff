"""Writes of the records app: store a finished game once, backfill old ones, annul one, keep
uploads."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.apps.registry import Apps
from django.conf import settings
from django.db import transaction
from django.db.models import Model, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import AuditEntry, User
from accounts.services import ModerationError, audit_record
from games.engine import GameResult, game_result
from games.engine.descriptors import matching_preset
from games.models import Move, Seat, Table
from records.models import ANNUL_FIELDS, GamePlayer, GameRecord, UploadedRecord
from records.signals import game_annulled
from runtime.locks import xact_lock

UPLOAD_DAYS = 30  # an uploaded record is kept this long, then deleted
REASON_MAX = GameRecord._meta.get_field("annul_reason").max_length


def record_store(table: Table, seats: list[Seat]) -> GameRecord | None:
    """The stored game of a finished table, written once; None if it was stored already.

    Called inside the finishing move's transaction (records/receivers.py, which announces
    it), or by tests with a table made by hand.
    """
    return store_with(GameRecord, GamePlayer, table, seats, Move)


def store_with(
    record_model: type[Model],
    player_model: type[Model],
    table: Table,
    seats: list[Seat],
    move_model: type[Model],
) -> Model:
    """record_store on the given model classes (the data migration passes historical ones)."""
    if table.record is None or record_model.objects.filter(pk=table.pk).exists():
        return None
    record = table.record
    result = game_result(record)
    stored = record_model.objects.create(
        table=table, game=table.game, players=table.players, options=record["options"],
        preset=table.preset or matching_preset(table.game, record["options"]) or "custom",
        rated=table.rated, private=table.private,
        status=GameRecord.Status.RESIGNED if result.reason == "resign"
        else GameRecord.Status.FINISHED,
        started=table.started, finished=table.finished or timezone.now(),
        seats=[_seat(s, record["seats"][s.index]) for s in seats],
        result=record["result"], record=record, **_practice(record_model, record),
    )  # fmt: skip
    decisions: list[tuple[int, int, int]] | None = seat_tallies(move_model, table.pk, table.players)
    if not hasattr(player_model, "stand_in_last"):
        decisions = None  # the historical model of data migration 0002 (0006 fills them)
    # the stored game's practice flag on each seat (0011; 0002's historical model has none)
    practice = {"practice": stored.practice} if hasattr(player_model, "practice") else {}
    player_model.objects.bulk_create(
        player_model(**_player(stored, s, result, decisions), **practice) for s in seats
    )
    return stored


def _practice(record_model: type[Model], record: dict[str, Any]) -> dict[str, bool]:
    """GameRecord.practice of a record (the historical models before 0010 have no such field)."""
    if not any(f.name == "practice" for f in record_model._meta.get_fields()):
        return {}
    # docs/game-record.md §2: a practice game's record names the game it started from
    return {"practice": bool(record.get("practice"))}


def _seat(seat: Any, recorded: dict[str, Any]) -> dict[str, Any]:
    user = seat.user if seat.user_id is not None else None
    return {
        "name": recorded.get("name") or f"Seat {seat.index}",
        "user": seat.user_id,
        "username": user.username if user is not None else None,
        "bot": seat.bot or None,
    }


def seat_decisions(move_model: type[Model], table_id: int, players: int) -> list[tuple[int, int]]:
    """Per seat, from the table's move log: (decisions by its player, decisions by a bot for
    it), each counted up to the seat's resignation (after a Knockout resignation a bot plays
    the seat: docs/rules.md §0.5). One query."""
    return [(own, other) for own, other, _last in seat_tallies(move_model, table_id, players)]


def seat_tallies(move_model: Any, table_id: int, players: int) -> list[tuple[int, int, int]]:
    """seat_decisions and, third, the bot's decisions for the seat after its player's own
    last one (up to its resignation): how long the player had been gone at the end."""
    own, other, last = [0] * players, [0] * players, [0] * players
    resigned = set()
    rows = move_model.objects.filter(table_id=table_id).order_by("number")
    for seat, by, action in rows.values_list("seat", "by", "event__action"):
        if seat in resigned or by == Move.By.ORIGINAL:  # a practice game's replayed start
            continue
        if by == Move.By.HUMAN:
            own[seat] += 1
            last[seat] = 0
        else:
            other[seat] += 1
            last[seat] += 1
        if action == "resign":
            resigned.add(seat)
    return list(zip(own, other, last, strict=True))


def _player(
    stored: Model, seat: Seat, result: GameResult, decisions: list[tuple[int, int, int]] | None
) -> dict[str, Any]:
    fields = dict(
        record=stored, seat=seat.index, user_id=seat.user_id, name=stored.seats[seat.index]["name"],
        bot=seat.bot, place=result.places[seat.index], won=seat.index in result.winners,
        resigned=seat.index in result.resigned, result=result.outcome(seat.index),
        game=stored.game, rated=stored.rated, private=stored.private, finished=stored.finished,
    )  # fmt: skip
    if decisions is not None:
        own, other, last = decisions[seat.index]
        fields.update(own_decisions=own, stand_in_decisions=other, stand_in_last=last)
    return fields


def record_backfill(apps: Apps | None = None) -> int:
    """Store every finished table that has a record but no stored game yet; how many.

    Idempotent: each table is stored under records' own lock on its id (runtime.locks, no
    row of games'), and a stored one is skipped. Not announced: the watchdog scores
    stored games that were not (rankings). The data migration 0002 runs it with its
    historical models (`apps`).
    """
    get = apps.get_model if apps is not None else _current_model
    table_model, seat_model = get("games", "Table"), get("games", "Seat")
    move_model = get("games", "Move")
    record_model, player_model = get("records", "GameRecord"), get("records", "GamePlayer")
    missing = (
        table_model.objects.filter(status="finished", record__isnull=False)
        .exclude(game_record__isnull=False)
        .values_list("pk", flat=True)
    )
    stored = 0
    for table_id in list(missing):
        with transaction.atomic():
            xact_lock("records.store", table_id)
            table = table_model.objects.get(pk=table_id)
            seats = seat_model.objects.filter(table=table).select_related("user").order_by("index")
            stored += (
                store_with(record_model, player_model, table, list(seats), move_model) is not None
            )
    return stored


def _current_model(app: str, name: str) -> type[Model]:
    from django.apps import apps

    return apps.get_model(app, name)


def game_annul(table_id: int, moderator: User, reason: str, shown: str | None = None) -> bool:
    """A moderator annuls a finished game: the record says so (and why: `shown` if given,
    the reason on the game's page; the audit row keeps `reason`), its seats leave the
    won/lost filters, records.signals.game_annulled is sent (rankings makes ratings, XP,
    levels and achievements what they would be without it), and one audit row is written,
    all in one transaction. False if the game was
    annulled already (then nothing changes); ModerationError for no reason or no such game.

    The stored game's row is locked first (records' own row), then rankings takes its score
    lock (rankings.services.annul), which the bookkeeping takes alone.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError(_("Say why the game is annulled."))
    if len(reason) > REASON_MAX:
        raise ModerationError(_("The reason is too long (at most %(max)s characters).")
                              % {"max": REASON_MAX})  # fmt: skip
    with transaction.atomic():
        stored = GameRecord.objects.select_for_update().filter(pk=table_id).first()
        if stored is None:
            raise ModerationError(_("There is no finished game %(id)s.") % {"id": table_id})
        if stored.annulled:
            return False
        stored.annulled, stored.annulled_at = True, timezone.now()
        stored.annul_reason = reason if shown is None else shown
        stored.save(update_fields=sorted(ANNUL_FIELDS))
        GamePlayer.objects.filter(record=stored).update(result=GamePlayer.Result.ANNULLED)
        game_annulled.send(sender=GameRecord, record=stored)
        audit_record(
            moderator, AuditEntry.Action.ANNUL, target=f"game {table_id} ({stored.game})",
            reason=reason, details={"table": table_id, "game": stored.game, "rated": stored.rated,
                                    "players": [s["user"] for s in stored.seats if s["user"]]},
        )  # fmt: skip
    return True


def upload_store(record: dict[str, Any]) -> UploadedRecord:
    """Keep a checked, normalised record under an unguessable token; drop uploads past their
    time, and the oldest beyond the WHIST_UPLOADS_KEPT newest (uploads are no one's)."""
    UploadedRecord.objects.filter(created__lt=timezone.now() - timedelta(days=UPLOAD_DAYS)).delete()
    stored = UploadedRecord.objects.create(
        token=secrets.token_urlsafe(18)[:24], game=record["game"], record=record
    )
    kept = settings.WHIST_UPLOADS_KEPT
    oldest_kept = UploadedRecord.objects.order_by("-created", "-pk").values("pk")[kept - 1 : kept]
    UploadedRecord.objects.filter(pk__lt=Subquery(oldest_kept)).delete()
    return stored


def record_publish(table_id: int) -> bool:
    """Open a stored private game to everyone (its page and replay, for good); False if
    there is no such stored game."""
    return GameRecord.objects.filter(pk=table_id).update(published=True) == 1
