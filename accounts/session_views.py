"""Ending a player's sessions from their data page: one, or all but the current one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .inputs import posted_id
from .services import sessions_revoke
from .sessions import sessions_end


@login_required
@require_POST
def session_end(request: HttpRequest) -> HttpResponse:
    """End the session named by `session` (its SessionInfo id), or all but this one
    (`all`); ending the current one is logging out."""
    current = request.session.session_key
    if request.POST.get("all"):
        ended = sessions_end(request.user, keep=current)
    else:
        keys = list(
            request.user.session_infos.filter(pk=posted_id(request.POST.get("session")))
            .exclude(session_key=current)
            .values_list("session_key", flat=True)
        )
        ended = sessions_end(request.user, keys=keys) if keys else 0
    if ended:
        sessions_revoke(request.user)
    messages.info(request, ngettext("%(count)d session ended.", "%(count)d sessions ended.",
                                    ended) % {"count": ended})  # fmt: skip
    return redirect("privacy_data")
