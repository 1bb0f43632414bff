"""Server-rendered pages of the card room: home, lobby, create table, the table, rules."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.throttle import limited
from games import labels, services
from games.engine.bots import LEVELS
from games.engine.descriptors import fixed_players, game_of
from games.engine.rules import GAMES, PLAYERS
from games.pages.forms import QuickPlayForm, SeatForm, TableForm, rule_context
from games.reads import lobby as lobby_reads
from games.reads import queries
from games.reads.messages import table_payload
from games.reads.sight import cards_open
from games.sockets import lobby_lists, lobby_rows, pool_messages
from games.texts import page_facts

QUICK_PLAY_PLAYERS = {"knockout": 4}  # the other games have a fixed number of players


def home(request: HttpRequest) -> HttpResponse:
    """Render the home page introducing the three games."""
    return render(request, "home.html")


def lobby(request: HttpRequest) -> HttpResponse:
    """The player's own running tables, quick play, then one page of the open and running
    public tables the filter picks (`?game=&seats=1&rated=1&before=<id>`); the page keeps
    itself current over /ws/lobby/, whose messages games.sockets.lobby_lists builds from the
    same rows."""
    try:
        flt = lobby_reads.parse_filter(request.GET)
        before = lobby_reads.parse_before(request.GET.get("before"))
    except lobby_reads.FilterError:
        flt, before = lobby_reads.ListFilter(), None
    signed_in = request.user.is_authenticated
    language = translation.get_language() or "en"
    page = json.loads(lobby_lists.build_page(flt, before, 0, language, signed_in).text)
    mine = lobby_reads.running_tables(request.user)
    # The player's own tables are listed once, under "Your tables" (static/js/lobby.js keeps
    # them out of the public lists too).
    own = {t["id"] for t in mine}
    tables = [t for t in page["tables"] if t["id"] not in own]
    context = {
        "mine": [lobby_rows.row_html(t, signed_in, mine=True) for t in mine],
        # The rows' HTML as rendered by games/sockets/lobby_rows.py (escaped there), out of the
        # message.
        "open_tables": [mark_safe(t["html"]) for t in tables if t["status"] == "open"],  # noqa: S308
        "playing_tables": [mark_safe(t["html"]) for t in tables if t["status"] == "playing"],  # noqa: S308
        "page": {**page, "shown": len(tables), "oldest": tables[-1]["id"] if tables else None},
        "filter": flt,
        "online_text": page["online_text"],
        "quick_play": QuickPlayForm(),
        "quick_play_games": [(g, _quick_play_label(g)) for g in GAMES],
        "game_names": labels.game_names(),
        # docs/rules.md §4.4: a leaver sees their wait before they try
        "rated_wait": services.rated_refusal(request.user) if signed_in else None,
        **_pool_context(language),
    }  # fmt: skip
    return render(request, "games/lobby.html", context)


def _pool_context(language: str) -> dict[str, Any]:
    """The quick-play pool's section: how many wait for each game, and the choices."""
    texts = pool_messages.counts_message(lobby_reads.pool_counts(), language)["text"]
    ranged = [g for g in GAMES if fixed_players(g) is None]  # a player count to choose
    low = min(PLAYERS[g][0] for g in ranged)
    high = max(PLAYERS[g][1] for g in ranged)
    return {
        "pool_games": [(g, labels.game_name(g), texts[g]) for g in GAMES],
        "pool_ranged": ranged,
        "pool_paired": [g for g in GAMES if game_of(g).partnerships],  # a partner to invite
        "pool_players": list(range(low, high + 1)),
        "pool_waits": settings.WHIST_POOL_WAITS,
        "bot_levels": [(level, labels.level_name(level)) for level in LEVELS],
    }


def _quick_play_label(game: str) -> str:
    """A quick-play button: the game, and how many play when the count is not fixed."""
    if game not in QUICK_PLAY_PLAYERS:
        return labels.game_name(game)
    return _("%(game)s (%(players)s players)") % {
        "game": labels.game_name(game), "players": QUICK_PLAY_PLAYERS[game]}  # fmt: skip


@login_required
def table_create(request: HttpRequest) -> HttpResponse:
    """The create-table form; on success the creator is seated and taken to the table."""
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        table = _create(request, form.cleaned_data) if not _too_many(request) else None
        if table is not None:
            return redirect("table", table_id=table.pk)
    context = {"form": form, **rule_context(form)}
    return render(request, "games/create_table.html", context)


def _too_many(request: HttpRequest) -> bool:
    """Table creation is limited per user and per address (WHIST_RATE_TABLES*); says so."""
    if limited(request, "tables", settings.WHIST_RATE_TABLES, key="user") or limited(
        request, "tables-address", settings.WHIST_RATE_TABLES_ADDRESS
    ):
        messages.error(request, _("You have opened many tables lately: please wait a while."))
        return True
    return False


def _create(request: HttpRequest, data: dict[str, Any]) -> Any:
    try:
        return services.table_create(
            request.user,
            data["game"],
            data["players"],
            data["options"],
            data.get("preset") or None,
            data["bot_levels"],
            data["private"],
            data["time_limit"],
            rated=data["rated"],
            seat=data["my_seat"],
            chat_players_only=data["chat_players_only"],
            hide_ratings=data["hide_ratings"],
        )
    except services.ServiceError as error:
        messages.error(request, lobby_rows.refusal_html(error))
        return None


def table(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table page: the waiting room before the start, then the live game."""
    found = queries.table_get(table_id)
    if found is None:
        raise Http404(_("No such table."))
    if not queries.can_watch(found, request.user, request.session):
        if not cards_open(found, request.user):
            raise PermissionDenied(_("This table plays a duplicate board that other tables are "
                                     "still playing: it can be watched by nobody until the "
                                     "round ends."))  # fmt: skip
        raise PermissionDenied(_("This table is private: you need its invite link."))
    payload = table_payload(found, request.user, request.session)
    context = {
        "table": found,
        "payload": payload,
        "game_name": labels.game_name(found.game),
        "names": {"bots": labels.bot_names(), "games": labels.game_names()},
        "facts": page_facts(found.game),
    }
    return render(request, "games/table.html", context)


def table_invite(request: HttpRequest, table_id: int, token: str) -> HttpResponse:
    """An invite link: remember the invite in the session, then show the table."""
    if not services.table_invite_accept(request.session, table_id, token):
        messages.error(request, _("This invite link is not valid."))
        return redirect("lobby")
    return redirect("table", table_id=table_id)


def _table_action(request: HttpRequest, table_id: int, action: Any) -> HttpResponse:
    """Run one table service for the user; show its refusal as a message."""
    try:
        action()
    except services.ServiceError as error:
        messages.error(request, str(error))
    return redirect("table", table_id=table_id)


@require_POST
@login_required
def seat_take(request: HttpRequest, table_id: int) -> HttpResponse:
    """Sit down at a free seat (the one asked for, or the first free one)."""
    form = SeatForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("There is no such seat."))
        return redirect("table", table_id=table_id)
    seat = form.cleaned_data["index"]
    return _table_action(
        request,
        table_id,
        lambda: services.seat_take(request.user, table_id, seat, session=request.session),
    )


@require_POST
@login_required
def seat_leave(request: HttpRequest, table_id: int) -> HttpResponse:
    """Stand up before the game starts; back to the lobby when that closed the table."""
    try:
        closed = services.seat_leave(request.user, table_id)
    except services.ServiceError as error:
        messages.error(request, str(error))
        return redirect("table", table_id=table_id)
    if closed:
        messages.info(request, _("You left your table before anyone else sat down: it is closed."))
        return redirect("lobby")
    return redirect("table", table_id=table_id)


@require_POST
@login_required
def table_start(request: HttpRequest, table_id: int) -> HttpResponse:
    """Start the game; optionally fill the empty seats with bots of one level first."""
    level = request.POST.get("fill_bots") or None
    return _table_action(
        request, table_id, lambda: services.table_start(request.user, table_id, fill_bots=level)
    )


@require_POST
@login_required
def table_rematch(request: HttpRequest, table_id: int) -> HttpResponse:
    """Open (or join) the rematch of a finished table."""
    try:
        new = services.table_rematch(request.user, table_id)
    except services.ServiceError as error:
        messages.error(request, str(error))
        return redirect("table", table_id=table_id)
    return redirect("table", table_id=new.pk)


@require_POST
@login_required
def play_now(request: HttpRequest) -> HttpResponse:
    """One click: a started table with the user and bots; the lobby's quick play chooses the
    game and the bots' level (the default: Knockout Whist for four, Beginners)."""
    if _too_many(request):
        return redirect("lobby")
    form = QuickPlayForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Quick play needs a game and a bot level from the lists."))
        return redirect("lobby")
    game, level = form.cleaned_data["game"], form.cleaned_data["level"]
    players = QUICK_PLAY_PLAYERS.get(game)  # Whist and German Whist have fixed counts
    try:
        new = services.table_play_now(request.user, game=game, players=players, level=level)
    except services.ServiceError as error:
        messages.error(request, lobby_rows.refusal_html(error))
        return redirect("lobby")
    return redirect("table", table_id=new.pk)


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """The rules page of one game."""
    if game not in GAMES:
        raise Http404(_("No such game."))
    tabs = [(g, labels.game_name(g), reverse("rules", args=[g])) for g in GAMES]
    timing = {
        "away_grace": round(settings.WHIST_AWAY_GRACE),
        "empty_grace": round(settings.WHIST_OPEN_EMPTY_GRACE),
        "abandon": round(settings.WHIST_OPEN_ABANDON / 60),
        "most": settings.WHIST_MAX_OPEN_TABLES,
    }
    context = {"game": game, "tabs": tabs, "timing": timing}
    return render(request, f"games/rules/{game}.html", context)
