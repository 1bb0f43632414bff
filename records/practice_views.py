"""Play it again from here: the replay page's form starts a practice table."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.throttle import limited
from games.engine.bots import LEVELS
from games.labels import level_name
from records.practice import PracticeRefused, practice_start


def practice_choices(stored: Any, user: Any) -> dict[str, Any]:
    """What the replay page's form offers: the seats (the user's own first chosen) and levels."""
    own = next((i for i, s in enumerate(stored.seats)
                if user.is_authenticated and s.get("user") == user.pk), 0)  # fmt: skip
    return {"own_seat": own, "levels": [(lv, level_name(lv)) for lv in LEVELS]}


@login_required
@require_POST
def practice(request: HttpRequest, table_id: int) -> HttpResponse:
    """A practice table from the frame the form names; a refusal goes back to the replay. It
    is a table made: limited as the card room limits them (WHIST_RATE_TABLES*)."""
    if limited(request, "tables", settings.WHIST_RATE_TABLES, key="user") or limited(
        request, "tables-address", settings.WHIST_RATE_TABLES_ADDRESS
    ):
        messages.error(request, _("You have opened many tables lately: please wait a while."))
        return redirect(reverse("game_replay", args=[table_id]))
    try:
        upto, seat = int(request.POST.get("upto", "")), int(request.POST.get("seat", ""))
        fresh = request.POST.get("hands") == "fresh"
        table = practice_start(
            request.user, table_id, upto, seat, fresh, request.POST.get("level", "")
        )
    except ValueError:
        messages.error(request, PracticeRefused.bad_form())
    except PracticeRefused as exc:
        messages.error(request, str(exc))
    else:
        return redirect("table", table_id=table.pk)
    return redirect(reverse("game_replay", args=[table_id]))
