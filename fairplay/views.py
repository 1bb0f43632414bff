"""The moderators' fair-play queue: open flags, one flag with its figures, positions and the
players' history, and the decision on it (staff with the review right only)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.services import ModerationError
from accounts.staff_powers import acts_as_staff, staff_may
from accounts.two_factor import moderation_page
from fairplay import selectors
from fairplay.models import REVIEW_PERMISSION, Flag
from fairplay.services import flag_resolve


class DecisionForm(forms.Form):
    action = forms.ChoiceField(
        label=gettext_lazy("Decision"),
        choices=[
            ("dismiss", gettext_lazy("Dismiss: fair play")),
            ("warn", gettext_lazy("Warn the player")),
            ("annul", gettext_lazy("Annul the flagged games (ratings refunded)")),
            ("ban", gettext_lazy("Ban the player")),
        ],  # fmt: skip
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=300,
                             widget=forms.Textarea(attrs={"rows": 2}))  # fmt: skip


def _reviewer(request: HttpRequest) -> None:
    if not (acts_as_staff(request.user) and staff_may(request.user, REVIEW_PERMISSION)):
        raise PermissionDenied(_("Only moderators can review fair-play flags."))


@moderation_page
@login_required
def queue(request: HttpRequest) -> HttpResponse:
    _reviewer(request)
    show_all = request.GET.get("all") == "1"
    context = {"flags": selectors.flags(show_all), "show_all": show_all}
    return render(request, "fairplay/queue.html", context)


@moderation_page
@login_required
def flag(request: HttpRequest, flag_id: int) -> HttpResponse:
    _reviewer(request)
    found = Flag.objects.select_related("user", "partner", "resolved_by").filter(pk=flag_id).first()
    if found is None:
        raise Http404(_("There is no such flag."))
    form = DecisionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            flag_resolve(request.user, found.pk, form.cleaned_data["action"],
                         form.cleaned_data["reason"])  # fmt: skip
        except ModerationError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The flag is closed."))
            return redirect("fairplay_queue")
    shown, withheld = selectors.positions(found, request.user)
    context = {
        "flag": found, "form": form, "positions": shown, "withheld": withheld,
        "history": selectors.history(found.user),
        "partner_history": selectors.history(found.partner) if found.partner else None,
    }  # fmt: skip
    return render(request, "fairplay/flag.html", context, status=400 if form.errors else 200)
