"""Everything the site holds about a player, as one zip archive of JSON files: the profile,
each game they played with its record, and the rows of every model with a key to them
(ratings and their history, XP, unlocks, friends, invitations, notifications, chat lines,
reports they made, sanctions, sessions, ...), found by walking the models, so that a model
added later is in the export without a change here (privacy.holdings)."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db import models
from django.db.models import BooleanField, ExpressionWrapper
from django.utils import timezone

from games.reads.sight import open_tables
from privacy.holdings import user_keys
from rankings.unlocks import unlocked
from records.models import GamePlayer

# Fields never exported: secrets of the site or of the game, and the archive itself.
SECRET_FIELDS = {"password", "seed", "invite_token", "token", "archive", "session_data",
                 "key", "bin_key", "throttling_failure_timestamp"}  # fmt: skip
# Fields never exported of one model: a table's cards. A practice table's start holds its deals
# (every hand) while it is played; a table's record is in games.json when its cards may be
# shown (a duplicate board's stays out while the board is held: games.reads.sight).
SECRET_OF = {"games.Table": {"start", "record"}}
# Rows only where the player is the one named by these keys (a report naming the player is
# the reporter's; the moderators' log is theirs to keep).
ONLY_AS = {"accounts.Report": {"reporter"}, "accounts.AuditEntry": set(), "admin.LogEntry": set(),
           # Fair-play figures and flags are for moderators alone (docs/fairplay.md).
           "fairplay.GameSignal": set(), "fairplay.Flag": set()}  # fmt: skip
# Other people named in these rows stay unnamed ("a moderator").
ANONYMOUS = {"created_by", "lifted_by", "closed_by", "actor"}
# Written by their own file (the profile, the games with their records).
OWN_FILES = {"accounts.User", "records.GamePlayer"}
PROFILE_FIELDS = (
    "username", "display_name", "email", "email_pending", "language", "date_joined",
    "last_login", "level", "card_back", "card_front", "auto_play", "hide_ratings", "notices",
    "is_staff",
)  # fmt: skip


def _plain(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return None
    return value


def row_dict(obj: models.Model, user: Any) -> dict[str, Any]:
    """A row as JSON: its fields but the secrets; a key to a player is their username
    ("you" for the player), to a moderator nothing; other keys their id."""
    out: dict[str, Any] = {}
    secret = SECRET_FIELDS | SECRET_OF.get(obj._meta.label, set())
    for field in obj._meta.concrete_fields:
        if field.name in secret:
            continue
        if field.is_relation:
            pk = getattr(obj, field.attname)
            if field.related_model is type(user):
                if field.name in ANONYMOUS:
                    out[field.name] = "a moderator" if pk else None
                else:
                    out[field.name] = "you" if pk == user.pk else _username(pk)
            else:
                out[field.name] = pk
            continue
        out[field.name] = _plain(field.value_from_object(obj))
    return out


def _username(pk: int | None) -> str | None:
    if pk is None:
        return None
    from django.contrib.auth import get_user_model

    name = get_user_model().objects.filter(pk=pk).values_list("username", flat=True).first()
    return name or "deleted player"


def profile(user: Any) -> dict[str, Any]:
    data = {name: _plain(getattr(user, name)) for name in PROFILE_FIELDS}
    data["password"] = "set; only its salted hash is stored, and it is not exported"
    progress = getattr(user, "progress", None)
    achievements = list(user.achievements.values_list("code", flat=True))
    level = progress.level if progress is not None else user.level
    data["unlocked_designs"] = sorted(f"{k}:{n}" for k, n in unlocked(level, achievements))
    return data


def games(user: Any) -> list[dict[str, Any]]:
    """Every game the player sat in; its record only if its cards may be shown (a duplicate
    board's not while the board is held, as records.selectors.own_records)."""
    rows = (
        GamePlayer.objects.filter(user=user)
        .select_related("record")
        .annotate(shown=ExpressionWrapper(open_tables("record__table__"), BooleanField()))
        .order_by("finished")
    )
    out = []
    for row in rows.iterator(chunk_size=200):
        record = row.record
        out.append({
            "game_id": record.pk, "game": record.game, "finished": _plain(record.finished),
            "rated": record.rated, "private": record.private, "annulled": record.annulled,
            "seat": row.seat, "place": row.place, "result": row.result,
            "players": record.seats, "result_of_game": record.result,
            "record": record.record if row.shown else None,
        })  # fmt: skip
    return out


def holdings(user: Any) -> dict[str, list[dict[str, Any]]]:
    """{"app.Model": rows} of every model with a key to the player but those with a file of
    their own."""
    out: dict[str, list[dict[str, Any]]] = {}
    for model, fields in user_keys():
        label = model._meta.label
        if label in OWN_FILES or model._meta.auto_created:
            continue
        keys = ONLY_AS.get(label, set(fields)) & set(fields)
        if not keys:
            continue
        query = models.Q()
        for name in keys:
            query |= models.Q(**{name: user})
        rows = [row_dict(obj, user) for obj in model._default_manager.filter(query).distinct()]
        if rows:
            out[label] = rows
    return out


README = """What the card room holds about you, as of {when}.

profile.json   your account: names, e-mail address, language, card designs, table
               settings, level and the card designs it unlocked
games.json     every game you played, with its players, result and its whole record
               (whist-record/1: docs/game-record.md of the site's source)
data/*.json    everything else with a key to you, one file per kind of row: ratings and
               their history (rankings.Rating, rankings.SeatResult), XP and level-ups
               (rankings.Progress, rankings.LevelUp, rankings.Achievement), friends and
               friend requests (friendship.*), invitations and notifications (social.*),
               chat lines you wrote (games.ChatMessage), reports you made
               (accounts.Report), bans and mutes (accounts.Ban, accounts.Mute), players
               you blocked (accounts.Block), your sessions, the terms you accepted, ...
Other players appear by their username; moderators stay unnamed.
"""


def archive(user: Any) -> bytes:
    """The zip archive of the player's data."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("README.txt", README.format(when=timezone.now().isoformat()))
        zf.writestr("profile.json", _json(profile(user)))
        zf.writestr("games.json", _json(games(user)))
        for label, rows in holdings(user).items():
            zf.writestr(f"data/{label}.json", _json(rows))
    return buffer.getvalue()


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, default=str)
