"""Pages of rankings: leaderboards, the card-design choice, and the awards of a game (JSON)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rankings import selectors, services
from rankings.forms import CardChoiceForm

PAGE_SIZE = 50


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    """One game's ratings, best first: humans (optionally only the last 30 days), or bots."""
    if game not in selectors.GAMES:
        raise Http404(_("No such game."))
    bots = request.GET.get("list") == "bots"
    active = not bots and request.GET.get("active") == "1"
    rows = selectors.leaderboard(game, bots=bots, active=active)
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "game": game, "games": selectors.GAMES, "bots": bots, "active": active, "page": page,
        "first_rank": page.start_index(),
    }  # fmt: skip
    return render(request, "rankings/leaderboard.html", context)


def leaderboards(request: HttpRequest) -> HttpResponse:
    return redirect("leaderboard", game="knockout")


@require_POST
@login_required
def cards_choose(request: HttpRequest) -> HttpResponse:
    """Save the player's card back and front (only designs they have unlocked)."""
    codes = selectors.achievement_codes(request.user)
    form = CardChoiceForm(request.POST, level=request.user.level, achievements=codes)
    if form.is_valid():
        try:
            services.card_choice_set(request.user, form.cleaned_data["back"],
                                     form.cleaned_data["front"])  # fmt: skip
            messages.success(request, _("Your cards were saved."))
        except services.CardChoiceError as error:
            messages.error(request, str(error))
    else:
        messages.error(request, _("Choose a card back and a card front you have unlocked."))
    return redirect("profile", username=request.user.username)


def awards(request: HttpRequest, table_id: int) -> JsonResponse:
    """What a finished game brought the logged-in player, for the game-over dialog after a
    reload: {"ready": false} until its bookkeeping has run."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": _("log in to see your awards")}, status=403)
    found = selectors.awards_for(table_id, request.user)
    if found is None:
        return JsonResponse({"ready": False, "table_id": table_id})
    return JsonResponse({"ready": True, "table_id": table_id, "awards": found})
