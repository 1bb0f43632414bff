"""Players' moderation pages: report a player, hide or show a player's chat for oneself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .forms import ReportForm
from .services import ModerationError, block_add, block_remove, report_create
from .throttle import limited
from .views import player_or_404


@login_required
def report_player(request: HttpRequest, username: str) -> HttpResponse:
    """Report a player to the moderators (at most WHIST_RATE_REPORTS an hour); one's own
    report page says at once, on one's page, that nobody reports themselves."""
    player = player_or_404(username)
    if player.pk == request.user.pk:
        messages.error(request, _("You cannot report yourself."))
        return redirect("profile", username=player.username)
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():

        def send(data: dict) -> object:
            return report_create(request.user, player, data["reason"], data["text"])

        if report_sent(request, form, player, send):
            return redirect("profile", username=player.username)
    context = {"form": form, "player": player, "back": player.get_username()}
    return render(request, "accounts/report.html", context)


def report_sent(
    request: HttpRequest,
    form: ReportForm,
    player: Any,
    send: Callable[[dict], object],
    refused: tuple[type[Exception], ...] = (ModerationError,),
) -> bool:
    """A valid report form, for every page that reports a player (their page, a chat line, a
    wall line): at most WHIST_RATE_REPORTS reports an hour per user; `send(data)` files the
    report (a `refused` error is the form's), then the block asked for with it, and the
    reporter is thanked. Whether it was sent."""
    if limited(request, "report", settings.WHIST_RATE_REPORTS, key="user"):
        form.add_error(None, _("You have sent many reports: please wait a while."))
        return False
    try:
        send(form.cleaned_data)
        if form.cleaned_data.get("block"):
            block_add(request.user, player)
    except refused as error:
        form.add_error(None, str(error))
        return False
    messages.success(request, _("Thank you: the moderators will look at your report."))
    return True


@require_POST
@login_required
def block_player(request: HttpRequest, username: str) -> HttpResponse:
    """Hide a player's chat from now on, at every table."""
    player = player_or_404(username)
    try:
        block_add(request.user, player)
    except ModerationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("You no longer see %(name)s's chat.") % {"name": player})
    return redirect("profile", username=player.username)


@require_POST
@login_required
def unblock_player(request: HttpRequest, username: str) -> HttpResponse:
    """Show a hidden player's chat again."""
    player = player_or_404(username)
    block_remove(request.user, player)
    messages.success(request, _("You see %(name)s's chat again.") % {"name": player})
    return redirect("profile", username=player.username)
