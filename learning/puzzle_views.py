"""The puzzle pages: the next puzzle at a player's level, one puzzle, the daily puzzle and the
streak, and the answer (POST, JSON). The answer and the hidden hands leave the server only
in the answer's reply (learning.puzzles.pages)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from learning.models import Puzzle
from learning.puzzles import answers, pages, pick

SEEN = "puzzles_seen"  # a visitor's answered puzzles, in the session (the last 200)
STREAK = "puzzle_streak"  # {"count", "seen", "current", "best"} in the session
# The streaks' puzzles remembered (their answers were shown): a new streak serves none of
# them, nor, to a signed-in player, any puzzle they answered (learning.puzzles.pick).
SEEN_MOST = 500


def puzzles(request: HttpRequest) -> HttpResponse:
    """The next puzzle at the player's level (a visitor's: the centre)."""
    level = answers.player_level(request.user)
    found = pick.next_for(request.user, level, request.session.get(SEEN, []))
    if found is None:
        return _none(request, _("Puzzles"))
    return redirect("puzzle", pk=found.pk)


def puzzle(request: HttpRequest, pk: int) -> HttpResponse:
    found = pick.shown().filter(pk=pk).first()
    if found is None:
        raise Http404(_("No such puzzle."))
    return _page(request, found, "rated")


def daily(request: HttpRequest) -> HttpResponse:
    found = pick.daily(timezone.now().date())
    if found is None:
        return _none(request, _("Puzzle of the day"))
    return _page(request, found, "daily")


def streak(request: HttpRequest) -> HttpResponse:
    state = _streak(request)
    found = pick.shown().filter(pk=state["current"]).first() if state["current"] else None
    if found is None:
        found = pick.streak_next(state["count"], state["seen"], request.user)
        if found is None:
            return _none(request, _("Puzzle streak"), all_seen=pick.shown().exists())
        state["current"] = found.pk
        request.session[STREAK] = state
    return _page(request, found, "streak", state)


def _none(request: HttpRequest, title: str, all_seen: bool = False) -> HttpResponse:
    """No puzzle to offer: none cut yet, or (`all_seen`) none the player has not seen."""
    return render(request, "learning/puzzles_none.html", {"title": title, "all_seen": all_seen})


def _streak(request: HttpRequest) -> dict[str, Any]:
    return dict(request.session.get(STREAK) or {"count": 0, "seen": [], "current": None, "best": 0})


def _page(
    request: HttpRequest, found: Puzzle, mode: str, state: dict[str, Any] | None = None
) -> HttpResponse:
    data = pages.before(found)
    data.update(mode=mode, words=pages.words(found.game),
                answer_url=reverse("puzzle_answer", args=[found.pk]))  # fmt: skip
    context = {
        "puzzle": found, "title": pages.title(found), "mode": mode, "data": data,
        "rating": answers.player_level(request.user) if request.user.is_authenticated else None,
        "streak": state["count"] if state else None,
    }  # fmt: skip
    return render(request, "learning/puzzle.html", context)


@require_POST
def answer(request: HttpRequest, pk: int) -> JsonResponse:
    """Judge a move: {"move": "QS", "mode": "rated" | "daily" | "streak"}."""
    found = pick.shown().filter(pk=pk).first()
    if found is None:
        return JsonResponse({"error": _("No such puzzle.")}, status=404)
    move, mode = request.POST.get("move", ""), request.POST.get("mode", "rated")
    if mode not in ("rated", "daily", "streak"):
        return JsonResponse({"error": _("Unknown puzzle mode.")}, status=400)
    state = _streak(request) if mode == "streak" else None
    if state is not None and state["current"] != found.pk:
        return JsonResponse({"error": _("This is not the streak's puzzle now.")}, status=400)
    try:
        given = answers.answer_give(found, request.user, move, rated=mode != "streak")
    except answers.NotAMove:
        return JsonResponse({"error": _("That is not a legal move here.")}, status=400)
    if state is not None and request.user.is_authenticated and not given.first:
        _streak_passes(request, found)  # its player answered it elsewhere since it was served
        return JsonResponse({"error": _("This is not the streak's puzzle now.")}, status=400)
    reply: dict[str, Any] = {"right": given.right, **pages.after(found)}
    reply["replay"] = reverse("game_replay", args=[found.record_id]) + f"#before-{found.number}"
    if given.rated:
        reply["rating"] = {"before": given.before, "after": given.after}
    if state is not None:
        reply.update(_streak_step(request, state, found, given.right))
    else:
        seen = request.session.get(SEEN, [])
        request.session[SEEN] = [*seen, found.pk][-200:]
        _streak_passes(request, found)
        reply["next"] = reverse("puzzles")
    return JsonResponse(reply)


def _streak_passes(request: HttpRequest, found: Puzzle) -> None:
    """The streak's puzzle answered in another mode (its reply showed the answer) no longer
    counts for the streak: the streak moves on to another, its count as it was."""
    state = _streak(request)
    if state["current"] == found.pk:
        state.update(current=None, seen=[*state["seen"], found.pk][-SEEN_MOST:])
        request.session[STREAK] = state


def _streak_step(
    request: HttpRequest, state: dict[str, Any], found: Puzzle, right: bool
) -> dict[str, Any]:
    seen = [*state["seen"], found.pk][-SEEN_MOST:]  # kept after the streak ends too
    if right:
        state.update(count=state["count"] + 1, seen=seen, current=None)
        request.session[STREAK] = state
        return {"streak": state["count"], "next": reverse("puzzle_streak")}
    best = answers.streak_best_keep(request.user, max(state["count"], state.get("best", 0)))
    request.session[STREAK] = {"count": 0, "seen": seen, "current": None, "best": best}
    return {"streak_over": state["count"], "best": best, "next": reverse("puzzle_streak")}
