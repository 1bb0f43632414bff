"""Players' moderation pages: report a player, hide or show a player's chat for oneself."""

from __future__ import annotations

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
    """Report a player to the moderators (at most WHIST_RATE_REPORTS an hour)."""
    player = player_or_404(username)
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if limited(request, "report", settings.WHIST_RATE_REPORTS, key="user"):
            form.add_error(None, _("You have sent many reports: please wait a while."))
        else:
            try:
                send_report(request, player, form.cleaned_data)
            except ModerationError as error:
                form.add_error(None, str(error))
            else:
                return redirect("profile", username=player.username)
    context = {"form": form, "player": player, "back": player.get_username()}
    return render(request, "accounts/report.html", context)


def send_report(request: HttpRequest, player, data: dict, **where) -> None:
    """File the report (and the block asked for with it), and thank the reporter."""
    report_create(request.user, player, data["reason"], data["text"], **where)
    if data.get("block"):
        block_add(request.user, player)
    messages.success(request, _("Thank you: the moderators will look at your report."))


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
