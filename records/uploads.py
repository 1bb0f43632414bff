"""Reading an uploaded record file: size, encoding and JSON, then the engine's own checks.

Every problem is an UploadProblem whose message names it (and, from the engine's replay,
its deal, trick, event and card); nothing in a file can cause a server error.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from games.engine.errors import Explained
from games.engine.record import to_record
from games.engine.record_check import Replay, check, explain
from games.engine.record_shape import RecordProblem
from games.labels import message_value

MAX_BYTES = 1024 * 1024  # 1 MB; the longest real match records are around 200 KB


class UploadProblem(Explained):
    """A file that is not a readable record; `code` names the kind."""

    def __init__(self, code: str, template: str, **params: Any) -> None:
        super().__init__(template, **params)
        self.code = code


def read_upload(data: bytes) -> dict[str, Any]:
    """The JSON object in an uploaded file's bytes; UploadProblem if there is none."""
    if len(data) > MAX_BYTES:
        raise UploadProblem(
            "too_large", gettext_noop("the file has %(size)s bytes: at most %(max)s are allowed"),
            size=len(data), max=MAX_BYTES,
        )  # fmt: skip
    if not data.strip():
        raise UploadProblem("empty", gettext_noop("the file is empty"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UploadProblem(
            "not_utf8", gettext_noop("the file is not UTF-8 text (a bad byte at position %(at)s)"),
            at=exc.start,
        ) from exc  # fmt: skip
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        line, col = getattr(exc, "lineno", "?"), getattr(exc, "colno", "?")
        raise UploadProblem(
            "not_json", gettext_noop("the file is not JSON (line %(line)s, column %(col)s)"),
            line=line, col=col,
        ) from exc  # fmt: skip


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def check_upload(data: bytes) -> tuple[dict[str, Any], Replay]:
    """The record in the file, normalised, and its replay; UploadProblem or RecordProblem if
    it fails."""
    record = read_upload(data)
    replay = check(record)
    return normalised(record, replay), replay


def normalised(record: dict[str, Any], replay: Replay) -> dict[str, Any]:
    """The record as the engine writes it from its own replay: every field the format names
    and nothing else (an uploader's extra fields, however large, are not kept)."""
    final = replay.steps[-1].after if replay.steps else replay.start
    seats = [{"name": seat["name"], "bot": seat.get("bot")} for seat in record["seats"]]
    return to_record(final, seats)


def problem_message(problem: Explained) -> str:
    """A problem in the active language, its seats and cards as the table shows them ("seat
    2" for the record's seat 1, "3♠" for 3S)."""
    return explain(problem, gettext, message_value, ngettext)


__all__ = ["MAX_BYTES", "RecordProblem", "UploadProblem", "check_upload", "problem_message"]
