"""The social app's pages and forms: friends, invitations, the notification centre, the
player search and a player's page per game. Thin: each calls a service or a selector."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.inputs import posted_id
from accounts.selectors import player_named
from accounts.throttle import limited
from accounts.views import player_or_404
from games.labels import game_name
from rankings.graph import graph
from rankings.selectors import GAMES
from social import selectors, services, stats, texts
from social.models import Kind
from social.services import ServiceError, mailing, pushing


def _back(request: HttpRequest, default: str) -> HttpResponse:
    """To the page the form was on (`next`, if it is this site's), else `default`."""
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return redirect(target)
    return redirect(default)


def _refused(request: HttpRequest, exc: ServiceError) -> None:
    messages.error(request, exc.message)


@login_required
def friends(request: HttpRequest) -> HttpResponse:
    """The friends list (online first, who sits at a table), requests, invitations."""
    context = {
        "friends": selectors.friends_of(request.user),
        "received": selectors.requests_received(request.user),
        "sent": selectors.requests_sent(request.user),
        "invitations": selectors.invitations_pending(request.user),
    }
    return render(request, "social/friends.html", context)


@login_required
@require_POST
def friend_ask(request: HttpRequest, username: str) -> HttpResponse:
    other = player_or_404(username)
    if limited(request, "social.friend", settings.WHIST_RATE_FRIEND, key="user"):
        messages.error(request, _("Too many friend requests: try again later."))
        return _back(request, "social_friends")
    try:
        asked = services.friend_request(request.user, other)
    except ServiceError as exc:
        _refused(request, exc)
    else:
        if asked is None:
            messages.success(request, _("You are now friends with %(name)s.") % {"name": other})
        else:
            messages.success(request, _("Friend request sent to %(name)s.") % {"name": other})
    return _back(request, "social_friends")


@login_required
@require_POST
def friend_answer(request: HttpRequest, request_id: int, answer: str) -> HttpResponse:
    try:
        if answer == "accept":
            services.friend_accept(request.user, request_id)
        else:
            services.friend_decline(request.user, request_id)
    except ServiceError as exc:
        _refused(request, exc)
    return _back(request, "social_friends")


@login_required
@require_POST
def friend_remove(request: HttpRequest, username: str) -> HttpResponse:
    other = player_or_404(username)
    if services.friend_remove(request.user, other):
        messages.success(request, _("%(name)s is no longer your friend.") % {"name": other})
    return _back(request, "social_friends")


def _invite_limited(request: HttpRequest) -> bool:
    if limited(request, "social.invite", settings.WHIST_RATE_INVITE, key="user"):
        messages.error(request, _("Too many invitations: try again later."))
        return True
    return False


@login_required
@require_POST
def invite(request: HttpRequest) -> HttpResponse:
    """From a table: invite a player by name to it."""
    table_id = posted_id(request.POST.get("table", ""))
    name = (request.POST.get("username") or "").strip()
    default = reverse("table", args=[table_id]) if table_id else reverse("social_friends")
    if _invite_limited(request):
        return _back(request, default)
    recipient = player_named(name)
    if recipient is None:
        messages.error(request, _("There is no player called “%(name)s”.") % {"name": name})
        return _back(request, default)
    try:
        services.invitation_send(request.user, recipient, table_id)
    except ServiceError as exc:
        _refused(request, exc)
    else:
        messages.success(request, _("%(name)s is invited.") % {"name": recipient})
    return _back(request, default)


@login_required
@require_POST
def invite_player(request: HttpRequest, username: str) -> HttpResponse:
    """From a player's page: to one of the sender's open tables, or to a new one."""
    recipient = player_or_404(username)
    if _invite_limited(request):
        return redirect("profile", username=recipient.username)
    table_id = posted_id(request.POST.get("table", ""))
    game = request.POST.get("game", "")
    try:
        if table_id:
            invitation = services.invitation_send(request.user, recipient, table_id)
        elif game in GAMES:
            private = request.POST.get("private") == "on"
            invitation = services.table_create_and_invite(request.user, recipient, game, private)
        else:
            raise ServiceError("bad_game", _("choose a game or one of your tables"))
    except ServiceError as exc:
        _refused(request, exc)
        return redirect("profile", username=recipient.username)
    messages.success(request, _("%(name)s is invited.") % {"name": recipient})
    return redirect("table", invitation.table_id)


@login_required
@require_POST
def invitation_answer(request: HttpRequest, invitation_id: int, answer: str) -> HttpResponse:
    try:
        if answer == "accept":
            table = services.invitation_accept(request.user, invitation_id, request.session)
            return redirect("table", table.pk)
        services.invitation_decline(request.user, invitation_id)
    except ServiceError as exc:
        _refused(request, exc)
    return _back(request, "social_notifications")


@login_required
def notifications(request: HttpRequest) -> HttpResponse:
    """The notification centre: the latest, unread ones marked; opening it reads them."""
    notes = selectors.notifications_recent(request.user)
    rows = [
        {"note": n, "text": texts.text(n.kind, n.data), "url": texts.link(n.kind, n.data)}
        for n in notes
    ]
    invitations = {i.pk: i for i in selectors.invitations_pending(request.user)}
    for row in rows:
        row["invitation"] = invitations.get(row["note"].data.get("invitation"))
    response = render(request, "social/notifications.html", {"rows": rows})
    services.notifications_read(request.user)
    return response


@login_required
@require_POST
def notifications_read(request: HttpRequest) -> HttpResponse:
    changed = services.notifications_read(request.user)
    if request.headers.get("accept", "").startswith("application/json"):
        return JsonResponse({"read": changed, "unread": 0})
    return _back(request, "social_notifications")


@login_required
@require_POST
def notification_settings(request: HttpRequest) -> HttpResponse:
    """The kinds the player wants: each box left unticked is turned off; per kind, mail at
    once, in the daily digest or none (`mail-<kind>`)."""
    wanted = set(request.POST.getlist("kind"))
    mail = {k: request.POST.get(f"mail-{k}", "") for k in Kind.values}
    pushed = set(request.POST.getlist("push"))
    push_muted = (
        [k for k in Kind.values if k not in pushed] if "push-shown" in request.POST else None
    )
    services.settings_save(
        request.user, [k for k in Kind.values if k not in wanted], mail, push_muted
    )
    messages.success(request, _("Your notification settings were saved."))
    return _back(request, "social_notifications")


def _subscription(request: HttpRequest) -> dict[str, object]:
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    """The page's service worker subscribed this device: its PushSubscription as JSON."""
    data = _subscription(request)
    given = data.get("keys")
    keys: dict[str, object] = given if isinstance(given, dict) else {}
    try:
        pushing.device_save(
            request.user, data.get("endpoint"), keys.get("p256dh"), keys.get("auth")
        )
    except ServiceError as exc:
        return JsonResponse({"error": exc.code, "message": exc.message}, status=400)
    return JsonResponse({"allowed": True})


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    """The player stopped push on this device."""
    removed = pushing.device_remove(request.user, _subscription(request).get("endpoint"))
    return JsonResponse({"removed": removed})


@csrf_exempt  # RFC 8058: the mail provider posts the one-click unsubscribe, with no session
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """A notification mail's unsubscribe link, no login needed: the page asks to confirm
    (a link checker's GET changes nothing); its POST, or the mail program's one-click
    POST, stops those mails."""
    found = mailing.unsubscribe_read(token)
    if found is None:
        return render(request, "social/unsubscribe.html", {"bad": True}, status=400)
    user_id, kinds = found
    labels = [label for k, label in Kind.choices if k in kinds]
    context = {"labels": labels, "done": False}
    if request.method == "POST":
        if not mailing.unsubscribe(user_id, kinds):
            return render(request, "social/unsubscribe.html", {"bad": True}, status=400)
        context["done"] = True
    return render(request, "social/unsubscribe.html", context)


def search(request: HttpRequest) -> HttpResponse:
    query = (request.GET.get("q") or "").strip()
    found = selectors.player_search(query) if query else []
    return render(request, "social/search.html", {"query": query, "found": found})


def player_game(request: HttpRequest, username: str, game: str) -> HttpResponse:
    """A player's page for one game: the figures, the rating history, head to head."""
    if game not in GAMES:
        raise Http404(_("No such game."))
    player = player_or_404(username)
    entry = next((s for s in stats.player_stats(player, request.user) if s.game == game), None)
    context = {
        "player": player, "game": game, "game_label": game_name(game), "s": entry,
        "graph": graph(entry.history) if entry else None,
    }  # fmt: skip
    return render(request, "social/player_game.html", context)
