"""How to play: a page per game that starts a short guided game against Beginner bots on a
normal (private, untimed, unrated) table; the table page explains each step (static/js/guide.js)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games import labels, services
from games.sockets import lobby_rows

# Small and quick, but every step shows up: a Knockout game of four short rounds for three,
# one Whist deal (a side always takes 7 tricks, so a target of 1 ends the game), one German game.
GUIDED: dict[str, dict[str, Any]] = {
    "knockout": {"players": 3, "options": {"start_cards": 4}},
    "whist": {"players": 4, "options": {"target": 1}},
    "german": {"players": 2, "options": {"games": 1}},
}


def learn(request: HttpRequest, game: str) -> HttpResponse:
    """GET: what the guided game shows; POST: start it and go to its table."""
    if game not in GUIDED:
        raise Http404(_("No such game."))
    if request.method == "POST" and request.user.is_authenticated:
        try:
            table = _start(request.user, game)
        except services.ServiceError as error:
            messages.error(request, lobby_rows.refusal_html(error))
        else:
            return redirect(f"{reverse('table', args=[table.pk])}?guide=1")
    tabs = [(code, labels.game_name(code)) for code in GUIDED]
    context = {"game": game, "game_name": labels.game_name(game), "tabs": tabs}
    return render(request, "games/learn.html", context)


def _start(user: Any, game: str) -> Any:
    setup = GUIDED[game]
    players = setup["players"]
    table = services.table_create(
        user, game, players, setup["options"], None, [None] + ["beginner"] * (players - 1),
        private=True, time_limit=0,
    )  # fmt: skip
    return services.table_start(user, table.pk)
