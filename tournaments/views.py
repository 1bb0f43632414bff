"""Event pages: the list, an event's page (rules, sign-up, rounds, tables, standings,
results), creating one, signing up and leaving, and the page's live poll."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.inputs import posted_id
from accounts.staff_powers import acts_as_staff
from clubs.models import Club
from clubs.selectors import is_club_staff
from games import labels
from games.pages.forms import rule_context
from tournaments import partners, selectors, services
from tournaments.after_table import after_table
from tournaments.forms import EventForm, kind_lines
from tournaments.models import Entry, Event, Round
from tournaments.movements import TRUMPS, TRUMPS_NO_TRUMP
from tournaments.services.rounds import MIN_PLAYERS
from tournaments.sitting_out import sitting_out

TRUMP_CODES = {"hearts": "H", "clubs": "C", "diamonds": "D", "spades": "S", "none": "NT"}


def events_list(request: HttpRequest) -> HttpResponse:
    context = {**selectors.event_lists(request.user), "kind_lines": kind_lines()}
    return render(request, "tournaments/list.html", context)


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    """The event form; with ?club=<id>, a club's event (its owners and moderators only)."""
    club = _club_asked(request)
    organiser = acts_as_staff(request.user)
    form = EventForm(request.POST or None, club=club, organiser=organiser)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(request.user, **form.event_fields())
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("event", event.pk)
    context = {"form": form, "club": club, "organiser": organiser,
               **rule_context(form)}  # fmt: skip
    return render(request, "tournaments/create.html", context)


def _club_asked(request: HttpRequest) -> Club | None:
    asked = request.GET.get("club", "")
    if not asked:
        return None
    club = Club.objects.filter(pk=posted_id(asked)).first()
    if club is None or not is_club_staff(club.pk, request.user):
        raise PermissionDenied(_("Only the club's owners and moderators create its events."))
    return club


def _visible(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    token = request.GET.get("invite", "") or request.POST.get("invite", "")
    if not selectors.can_see(event, request.user, token):
        raise Http404("no such event")
    return event


def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _visible(request, event_id)
    return render(request, "tournaments/event.html", _context(request, event))


def _context(request: HttpRequest, event: Event) -> dict[str, Any]:
    user = request.user
    entry = Entry.objects.filter(event=event, user=user).first() if user.is_authenticated else None
    invite = ""
    if (
        event.private
        and user.is_authenticated
        and (acts_as_staff(user) or event.created_by_id == user.pk)
    ):
        invite = request.build_absolute_uri(
            reverse("event", args=[event.pk]) + f"?invite={event.invite_token}"
        )
    return {
        "event": event, "entry": entry, "standings": selectors.standings(event),
        "rounds": selectors.rounds_of(event, user), "my_table": selectors.my_table(event, user),
        "sitting_out": sitting_out(event, user),
        "invite_link": invite, "invite": request.GET.get("invite", ""),
        "next_round_due": _next_due(event),
        "too_few": _too_few(event),
        "preset_name": labels.PRESET_NAMES.get(event.preset) if event.preset else None,
        **(_drive_context(request, event, entry) if event.kind == Event.Kind.DRIVE else {}),
        "pairs": partners.pairs_view(event, user, entry),
        "can_manage": event.status == Event.Status.COMING and user.is_authenticated
        and (acts_as_staff(user) or event.created_by_id == user.pk),
    }  # fmt: skip


def _too_few(event: Event) -> int:
    """The fewest players an event needs, if it was cancelled at its start for want of them
    (tournaments.services.rounds); else 0. Its page said only "cancelled"."""
    cancelled = event.status == Event.Status.CANCELLED and not event.current_round
    if cancelled and event.finished and event.finished >= event.starts_at:
        return MIN_PLAYERS
    return 0


def _drive_context(request: HttpRequest, event: Event, entry: Entry | None) -> dict[str, Any]:
    """A whist drive's page: the trumps in turn, a score card (the viewer's, or the one a
    standings row asks for with ?card=<entry>) and the prizes (docs/rules.md §5.8)."""
    asked = posted_id(request.GET.get("card", ""))
    card_entry = entry
    if asked:
        card_entry = Entry.objects.filter(event=event, pk=asked).select_related("user").first()
    rotation = TRUMPS_NO_TRUMP if event.no_trump_hand else TRUMPS
    card = selectors.score_card(event, card_entry) if card_entry else []
    for line in card:
        line["trump_name"] = labels.suit_name(TRUMP_CODES.get(line["trump"] or "", ""))
    return {
        "drive_trumps": [labels.suit_name(TRUMP_CODES[t]) for t in rotation],
        "card_entry": card_entry,
        "score_card": card,
        "prizes": selectors.drive_prizes(event) if event.current_round else None,
    }


def _next_due(event: Event) -> Any:
    """When the next round is due, if there is one: an elimination event plays until its
    final (docs/rules.md §5.9), whatever its round count. None before the start (the rules
    tell the start)."""
    from tournaments.services.rounds import round_due

    if event.status != Event.Status.RUNNING:
        return None
    if event.kind == Event.Kind.ELIMINATION:
        final = Round.objects.filter(event=event, number=event.current_round, final=True)
        more = not final.exists()
    else:
        more = event.current_round < event.rounds
    return round_due(event, event.current_round + 1) if more else None


def event_live(request: HttpRequest, event_id: int) -> JsonResponse:
    """Polled by the open event page: its version (the page refreshes its live part when it
        changes) and the viewer's table in the running round. It writes nothing: presence comes
    from the page's socket (games.sockets.limits.on_page)."""
    event = _visible(request, event_id)
    return JsonResponse(
        {"version": event.version, "my_table": selectors.my_table(event, request.user)}
    )


def table_after(request: HttpRequest) -> JsonResponse:
    """What follows an event's table for its player (the game-over dialog asks with
    `?table=<id>`): the event, their standing, their next table or board once dealt, or
    that they are out of an elimination event."""
    table = posted_id(request.GET.get("table", ""))
    after = after_table(table, request.user) if table else None
    if after is None:
        return JsonResponse({"error": "not_yours"}, status=404)
    return JsonResponse(after)


@require_POST
@login_required
def event_join(request: HttpRequest, event_id: int) -> HttpResponse:
    try:
        services.entry_join(request.user, event_id, request.POST.get("invite", ""))
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("event", event_id)


@require_POST
@login_required
def event_leave(request: HttpRequest, event_id: int) -> HttpResponse:
    try:
        services.entry_leave(request.user, event_id)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("event", event_id)


@require_POST
@login_required
def event_partner(request: HttpRequest, event_id: int) -> HttpResponse:
    """Partners before the start: ask a player (`partner`: a username), accept one who asked
    (`asker`: their id) or decline (`asker` and `decline`), or part (`part`)."""
    post, user, invite = request.POST, request.user, request.POST.get("invite", "")
    try:
        if "part" in post:
            services.entry_partner_part(user, event_id)
        elif "asker" in post:
            asker = posted_id(post["asker"])
            if not asker:
                raise services.ServiceError("no_invitation", _("this invitation is no longer open"))
            if "decline" in post:
                services.entry_partner_decline(user, event_id, asker)
            else:
                services.entry_partner_accept(user, event_id, asker, invite)
        else:
            services.entry_partner_ask(user, event_id, post.get("partner", ""), invite)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("event", event_id)


@require_POST
@login_required
def event_cancel(request: HttpRequest, event_id: int) -> HttpResponse:
    """Its organiser cancels an event that has not started (a box confirms it)."""
    if request.POST.get("confirm") != "1":
        messages.error(request, _("Tick the box to confirm the cancellation."))
        return redirect("event", event_id)
    try:
        services.event_cancel(request.user, event_id)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("event", event_id)


@require_POST
@login_required
def event_reschedule(request: HttpRequest, event_id: int) -> HttpResponse:
    """Its organiser moves the start of an event that has not started."""
    field = forms.DateTimeField()
    try:
        starts_at = field.clean(request.POST.get("starts_at", ""))
        services.event_reschedule(request.user, event_id, starts_at)
    except forms.ValidationError:
        messages.error(request, _("Give the new start as a date and time."))
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("event", event_id)


def daily(request: HttpRequest, game: str) -> HttpResponse:
    """Today's challenge of a game (its boards, the viewer's results, the standings) and
    yesterday's (its results and each board open for replay)."""
    if game not in services.daily.BOARDS:
        raise Http404("no daily challenge for that game")
    today = services.daily_get(game)
    yesterday = services.days_back(game)
    context = {
        "game": game, "games": list(services.daily.BOARDS), "today": today,
        "ends": selectors.day_ends(today), "bot_level": labels.level_name(today.bot_level),
        "boards": selectors.daily_boards(today, request.user),
        "standings": _finished_a_board(today), "yesterday": yesterday,
        "yesterday_boards": selectors.daily_boards(yesterday, request.user) if yesterday else [],
        "yesterday_standings": _finished_a_board(yesterday) if yesterday else [],
    }  # fmt: skip
    return render(request, "tournaments/daily.html", context)


def _finished_a_board(event: Any) -> list[Any]:
    """A daily challenge's standings of the players who finished a board (one who only
    opened one has no place yet)."""
    return [entry for entry in selectors.standings(event) if entry.games]


@require_POST
@login_required
def daily_play(request: HttpRequest, game: str, board: int) -> HttpResponse:
    try:
        table = services.daily_play(request.user, game, board)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("daily", game)
    return redirect("table", table.pk)
