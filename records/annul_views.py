"""The moderators' page to annul a finished game (records.services.game_annul)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.services import ModerationError
from accounts.staff_powers import staff_may
from accounts.two_factor import moderation_page
from records import presenters
from records.forms import AnnulForm
from records.services import game_annul
from records.views import stored_or_refuse

PERMISSION = "records.annul_gamerecord"


@moderation_page
@login_required
def annul(request: HttpRequest, table_id: int) -> HttpResponse:
    """GET: what annulling does, and the reason form; POST: annul (moderators only)."""
    if not staff_may(request.user, PERMISSION):
        raise PermissionDenied(_("Only moderators can annul a game."))
    found = stored_or_refuse(request, table_id)
    if isinstance(found, HttpResponse):
        return found
    form = AnnulForm(request.POST or None)
    if request.method == "POST" and not found.annulled and form.is_valid():
        try:
            done = game_annul(found.pk, request.user, form.cleaned_data["reason"])
        except ModerationError as error:
            form.add_error(None, str(error))
        else:
            text = _("The game is annulled.") if done else _("The game was annulled already.")
            messages.success(request, text)
            return redirect("game_record", table_id=found.pk)
    context = {"stored": found, "form": form, "game_name": presenters.game_name(found.game),
               "names": presenters.seat_names(found.seats)}  # fmt: skip
    return render(request, "records/annul.html", context, status=400 if form.errors else 200)
