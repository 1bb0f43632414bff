"""Club pages: the list, a new club, a club's page (members, requests, wall, events) with
the actions on it, reporting a wall line, and a club's leaderboard of one game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import ReportForm
from accounts.inputs import posted_id
from accounts.moderation_views import report_sent
from accounts.selectors import player_named
from accounts.throttle import limited
from clubs import selectors, services
from clubs.forms import ClubForm
from clubs.models import Club, Membership
from rankings.selectors import GAMES

PAGE_SIZE = 50


def clubs_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.clubs_listed(), PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"page": page, "invitations": selectors.invitations_of(request.user)}
    return render(request, "clubs/list.html", context)


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(request.user, **form.cleaned_data)
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("club", club.slug)
    return render(request, "clubs/create.html", {"form": form})


def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    mine = selectors.membership_of(club, request.user)
    staff = (
        mine is not None
        and mine.status == Membership.Status.MEMBER
        and (mine.role in selectors.STAFF_ROLES)
    )
    members = Paginator(selectors.members(club), PAGE_SIZE).get_page(request.GET.get("members"))
    context: dict[str, Any] = {
        "club": club, "mine": mine, "staff": staff, "members": members,
        "wall": selectors.wall(club, request.user), "games": GAMES,
        "requests": selectors.pending(club, Membership.Status.REQUESTED) if staff else [],
        "invited": selectors.pending(club, Membership.Status.INVITED) if staff else [],
        "edit_form": ClubForm(edit=True, initial={"about": club.about, "joining": club.joining})
        if mine is not None and mine.role == Membership.Role.OWNER else None,
    }  # fmt: skip
    return render(request, "clubs/club.html", context)


def club_leaderboard(request: HttpRequest, slug: str, game: str) -> HttpResponse:
    """The club's members on one game's leaderboard, best first (established players)."""
    club = get_object_or_404(Club, slug=slug)
    if game not in GAMES:
        raise Http404("no such game")
    page = Paginator(selectors.leaderboard(club, game), PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"club": club, "game": game, "games": GAMES, "page": page,
               "first_rank": page.start_index()}  # fmt: skip
    return render(request, "clubs/leaderboard.html", context)


def _player(request: HttpRequest) -> Any:
    return player_named(request.POST.get("username", "").strip(), active=False)


def _user_id(request: HttpRequest) -> int:
    return posted_id(request.POST.get("user", ""))


# Each action of the club page: the service it calls with (actor, club id, the request).
ACTIONS: dict[str, Callable[[Any, int, HttpRequest], Any]] = {
    "join": lambda u, c, r: services.member_join(u, c),
    "leave": lambda u, c, r: services.member_leave(u, c, r.POST.get("confirm") == "1"),
    "close": lambda u, c, r: services.club_close(u, c, r.POST.get("confirm") == "1"),
    "invite": lambda u, c, r: services.member_invite(u, c, _player(r)),
    "answer_request": lambda u, c, r: services.request_answer(
        u, c, _user_id(r), r.POST.get("accept") == "1"
    ),
    "answer_invitation": lambda u, c, r: services.invitation_answer(
        u, c, r.POST.get("accept") == "1"
    ),
    "remove": lambda u, c, r: services.member_remove(u, c, _user_id(r)),
    "role": lambda u, c, r: services.member_role(u, c, _user_id(r), r.POST.get("role", "")),
    "post": lambda u, c, r: services.post_add(u, c, r.POST.get("text", "")),
    "hide": lambda u, c, r: services.post_hide(u, c, posted_id(r.POST.get("post", ""))),
}


@require_POST
@login_required
def club_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    """One of ACTIONS on the club; a refusal is shown on the club's page."""
    club = get_object_or_404(Club, slug=slug)
    if action not in ACTIONS:
        raise Http404("no such action")
    if action == "post" and limited(request, "clubs.wall", settings.WHIST_RATE_WALL, key="user"):
        messages.error(request, _("You have written many lines on walls: please wait a while."))
        return redirect("club", club.slug)
    try:
        ACTIONS[action](request.user, club.pk, request)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    if not Club.objects.filter(pk=club.pk).exists():  # closed by its owner or last member
        messages.success(request, _("The club %(name)s is closed.") % {"name": club.name})
        return redirect("clubs")
    if action in ("leave", "answer_invitation") and request.POST.get("next") == "list":
        return redirect("clubs")
    return redirect("club", club.slug)


@require_POST
@login_required
def club_edit(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    form = ClubForm(request.POST, edit=True)
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect("club", club.slug)
    try:
        services.club_edit(request.user, club.pk, **form.cleaned_data)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("club", club.slug)


@login_required
def wall_report(request: HttpRequest, slug: str, post_id: int) -> HttpResponse:
    """A member reports a line of the club's wall to the site's moderators (and, if asked,
    hides its writer's lines and chat for themselves), at most WHIST_RATE_REPORTS an hour
    with their other reports; back to the club's page. A hidden line is gone."""
    club = get_object_or_404(Club, slug=slug)
    try:
        post = services.post_shown(club.pk, post_id)
    except services.ServiceError as exc:
        raise Http404(exc.message) from exc
    if not selectors.is_member(club.pk, request.user):
        raise PermissionDenied(_("Only the club's members report lines of its wall."))
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():

        def send(data: dict) -> object:
            return services.post_report(request.user, post, data["reason"], data["text"])

        if report_sent(request, form, post.author, send, refused=(services.ServiceError,)):
            return redirect("club", club.slug)
    return render(request, "clubs/report_wall.html", {"form": form, "club": club, "post": post})
