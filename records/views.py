"""Pages of the records app: history, My games, game pages, replays, downloads and uploads."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    JsonResponse,
    StreamingHttpResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from accounts.staff_powers import staff_may
from accounts.throttle import limited
from games.engine.record_check import check
from games.engine.record_shape import RecordProblem
from games.engine.replay import frames
from games.models import Table
from games.texts import page_facts
from records import presenters, ratings, selectors
from records.analysis_service import UPLOAD, AnalysisRefused, analysis_place, analysis_request
from records.forms import HistoryFilterForm, UploadForm
from records.models import GameRecord
from records.practice import practice_games
from records.practice_views import practice_choices
from records.services import upload_store
from records.uploads import MAX_BYTES, UploadProblem, check_upload, problem_message


def history(request: HttpRequest, username: str) -> HttpResponse:
    """A player's finished games, newest first, filtered and paginated."""
    player = selectors.player_get(username)
    if player is None:
        raise Http404(_("No such player."))
    context = _history_context(request, player)
    return render(request, "records/history.html", context)


def _history_context(request: HttpRequest, player: Any) -> dict[str, Any]:
    form = HistoryFilterForm(request.GET or None)
    rows = selectors.history(player, request.user, form.filters())
    page = selectors.history_page(rows, request.GET.get("page"))
    items = [presenters.history_row(row) for row in page.object_list]
    changes = ratings.rating_changes([item["id"] for item in items], player)
    for item in items:
        item["rating"] = presenters.rating_change(changes.get(item["id"]), item["annulled"])
    query = request.GET.copy()
    query.pop("page", None)
    return {"player": player, "form": form, "page": page, "rows": items,
            "query": query.urlencode(), "own": request.user == player}  # fmt: skip


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """The tables the user sits at (to go back to them), then their history."""
    tables = [_running(t) for t in selectors.running_tables(request.user)]
    context = {**_history_context(request, request.user), "tables": tables}
    return render(request, "records/my_games.html", context)


def _running(table: Table) -> dict[str, Any]:
    seats = [
        {"name": s.user.display_name or s.user.username} if s.user_id else {"bot": s.bot}
        for s in table.seats.all()
    ]
    return {
        "id": table.pk, "game": presenters.game_name(table.game), "status": table.status,
        "private": table.private, "seats": [presenters.seat_label(s) for s in seats],
    }  # fmt: skip


def stored_or_refuse(request: HttpRequest, table_id: int) -> GameRecord | HttpResponse:
    """The stored game if the user may see it; else the page that says why not."""
    stored = selectors.record_get(table_id)
    if stored is not None:
        if not selectors.can_view(stored, request.user):
            raise Http404(_("No such game."))
        if not selectors.cards_shown(stored, request.user):
            context = {"stored": stored, "game_name": presenters.game_name(stored.game)}
            return render(request, "records/held.html", context, status=403)
        return stored
    table = selectors.table_state(table_id)
    if table is None or table.status not in (Table.Status.OPEN, Table.Status.PLAYING):
        raise Http404(_("No such game."))
    watch = selectors.table_viewable(table, request.user, request.session)
    context = {"table": table, "watch": watch, "game_name": presenters.game_name(table.game)}
    return render(request, "records/in_play.html", context, status=403)


def game(request: HttpRequest, table_id: int) -> HttpResponse:
    """One finished game: result, score sheet, players, replay and download."""
    found = stored_or_refuse(request, table_id)
    if isinstance(found, HttpResponse):
        found.status_code = 200  # the game page of a running or held game says so
        return found
    analysis = selectors.analysis_get(found.pk)
    changes = ratings.seat_changes(found.pk)
    context = {
        "stored": found, "game_name": presenters.game_name(found.game),
        "rules_name": presenters.rules_name(found),
        "ranking": presenters.ranking_rows(found, changes), "sheet": presenters.score_sheet(found),
        "reason": presenters.reason_text(found.result.get("reason", ""), found),
        "summary": _summary(found, analysis),
        "can_annul": not found.annulled and staff_may(request.user, "records.annul_gamerecord"),
        "practice_games": practice_games(found, request.user),
        "practice_of": found.record.get("practice"),
    }  # fmt: skip
    return render(request, "records/game.html", context)


def _summary(found: GameRecord, analysis: Any) -> list[dict[str, Any]] | None:
    if analysis is None or not analysis.result:
        return None
    names = presenters.seat_names(found.seats)
    return [{**row, "name": names[row["seat"]]} for row in analysis.result["summary"]]


def replay(request: HttpRequest, table_id: int) -> HttpResponse:
    """The replay viewer of a finished game."""
    found = stored_or_refuse(request, table_id)
    if isinstance(found, HttpResponse):
        return found
    data = _replay_data(found.record, frames(check(found.record)))
    data["analysis"] = {
        "status": reverse("game_analysis", args=[found.pk]),
        "start": reverse("game_analysis_start", args=[found.pk]),
        "can_start": request.user.is_authenticated,
    }  # fmt: skip
    context = {
        "data": data, "title": presenters.game_name(found.game), "stored": found,
        # The seat menu's names as the game page's: bots of one level with their seat number.
        "names": presenters.seat_names(found.seats), **practice_choices(found, request.user),
    }  # fmt: skip
    return render(request, "records/replay.html", context)


def _replay_data(record: dict[str, Any], shown: list[dict[str, Any]]) -> dict[str, Any]:
    seats = record["seats"]
    return {
        "game": record["game"], "players": len(seats), "frames": shown,
        "names": [presenters.seat_label(s) if isinstance(s, dict) else "?" for s in seats],
        "options": record.get("options", {}), "analysis": None,
        "facts": page_facts(record["game"]),
    }  # fmt: skip


def download(request: HttpRequest, table_id: int) -> HttpResponse:
    """The record as whist-record/1 JSON, once the game is over (never while it runs)."""
    found = stored_or_refuse(request, table_id)
    if isinstance(found, HttpResponse):
        return found
    response = HttpResponse(
        json.dumps(found.record, indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="whist-{found.game}-{found.pk}.json"'
    return response


@login_required
def export(request: HttpRequest, username: str) -> HttpResponse:
    """All of one's own games as JSON Lines, one record a line, oldest first."""
    if request.user.get_username().lower() != username.lower():
        return render(request, "records/refused.html", {"reason": "export"}, status=403)
    lines = (
        json.dumps(record, separators=(",", ":")) + "\n"
        for record in selectors.own_records(request.user).iterator(chunk_size=200)
    )
    response = StreamingHttpResponse(lines, content_type="application/jsonl; charset=utf-8")
    name = f"whist-games-{request.user.get_username()}.jsonl"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def upload(request: HttpRequest) -> HttpResponse:
    """Upload a record file; a good one opens in the replay viewer, a bad one says why."""
    if request.method != "POST":
        return render(request, "records/upload.html", {"form": UploadForm()})
    if int(request.META.get("CONTENT_LENGTH") or 0) > MAX_BYTES + 64 * 1024:
        # Refused before the body is read: a huge file is never stored or parsed.
        problem = UploadProblem(
            "too_large", gettext_noop("the file is larger than %(max)s bytes"), max=MAX_BYTES
        )
        return _upload_refused(request, UploadForm(), problem)
    if _uploads_limited(request):
        problem = UploadProblem(
            "too_many", gettext_noop("too many uploads from you: please try again in an hour")
        )
        return _upload_refused(request, UploadForm(), problem, status=429)
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        chosen = request.FILES.get("file")
        context = {"form": form, "file_name": chosen.name if chosen else ""}
        return render(request, "records/upload.html", context, status=400)
    file = form.cleaned_data["file"]
    data = file.read(MAX_BYTES + 1)
    try:
        record, _replay = check_upload(data)
    except (UploadProblem, RecordProblem) as problem:
        return _upload_refused(request, form, problem)
    stored = upload_store(record)
    return redirect("upload_replay", token=stored.token)


def _uploads_limited(request: HttpRequest) -> bool:
    """WHIST_RATE_UPLOADS per client address, and per user when logged in (both counted)."""
    rate = settings.WHIST_RATE_UPLOADS
    by_address = limited(request, "record-upload", rate)
    by_user = request.user.is_authenticated and limited(
        request, "record-upload-user", rate, key="user"
    )
    return by_address or by_user


def _upload_refused(
    request: HttpRequest, form: UploadForm, problem: Any, status: int = 400
) -> HttpResponse:
    chosen = request.FILES.get("file")
    context = {
        "form": form, "problem": problem_message(problem), "code": problem.code,
        "file_name": chosen.name if chosen else "",
    }  # fmt: skip
    return render(request, "records/upload.html", context, status=status)


def upload_replay(request: HttpRequest, token: str) -> HttpResponse:
    """The replay of an uploaded record (its unguessable link is the only way to it)."""
    found = selectors.upload_get(token)
    if found is None:
        raise Http404(_("No such upload."))
    try:
        replayed = check(found.record)
    except RecordProblem as problem:  # stored before the checks it now fails were added
        raise Http404(_("This upload can no longer be shown.")) from problem
    data = _replay_data(found.record, frames(replayed))
    data["analysis"] = {
        "status": reverse("upload_analysis", args=[found.token]),
        "start": reverse("upload_analysis_start", args=[found.token]),
        "can_start": request.user.is_authenticated,
    }  # fmt: skip
    context = {"data": data, "title": presenters.game_name(found.game), "upload": found}
    return render(request, "records/replay.html", context)


@require_POST
def upload_analysis_start(request: HttpRequest, token: str) -> HttpResponse:
    """Ask for an uploaded record's analysis (logged-in players, the same limits as a game's)."""
    found = selectors.upload_get(token)
    if found is None:
        raise Http404(_("No such upload."))
    if not request.user.is_authenticated:
        return JsonResponse({"error": _("Log in to ask for an analysis.")}, status=403)
    try:
        analysis_request(found, request.user, UPLOAD)
    except AnalysisRefused as refused:
        return JsonResponse({"error": str(refused)}, status=429)
    return upload_analysis_status(request, token)


def upload_analysis_status(request: HttpRequest, token: str) -> HttpResponse:
    """An uploaded record's analysis, as analysis_status answers for a game."""
    found = selectors.upload_get(token)
    if found is None:
        raise Http404(_("No such upload."))
    return _status_answer(selectors.upload_analysis_get(found.pk))


@require_POST
def analysis_start(request: HttpRequest, table_id: int) -> HttpResponse:
    """Ask for a game's analysis (logged-in players); answers with its status."""
    found = stored_or_refuse(request, table_id)
    if isinstance(found, HttpResponse):
        return found
    if not request.user.is_authenticated:
        return JsonResponse({"error": _("Log in to ask for an analysis.")}, status=403)
    try:
        analysis_request(found, request.user)
    except AnalysisRefused as refused:
        return JsonResponse({"error": str(refused)}, status=429)
    return analysis_status(request, table_id)


def analysis_status(request: HttpRequest, table_id: int) -> HttpResponse:
    """A game's analysis: none, queued, running (with progress), done (with it) or failed."""
    found = stored_or_refuse(request, table_id)
    if isinstance(found, HttpResponse):
        return found
    return _status_answer(selectors.analysis_get(found.pk))


def _status_answer(row: Any) -> HttpResponse:
    """An analysis row as the replay page reads it: none, queued (with its place in the
    line), running (with progress), done (with the result) or failed."""
    if row is None:
        return JsonResponse({"status": "none"})
    body = {"status": row.status, "done": row.done, "total": row.total}
    if row.status == row.Status.QUEUED:
        body["ahead"] = analysis_place(row)  # the page says its place in the line
    if row.status == row.Status.DONE:
        body["result"] = row.result
    return JsonResponse(body)
