"""The player's data pages: download everything held about them, and delete the account
(after their password; accounts.deletion keeps it for a grace period)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.deletion import deletion_schedule, legal_hold
from accounts.mail import can_mail
from accounts.sessions import sessions_of
from accounts.throttle import limited
from privacy.services import export_for, export_request, exports_of


class DeleteForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )  # fmt: skip

    def __init__(self, user, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password


@login_required
def data_page(request: HttpRequest) -> HttpResponse:
    """Exports (ask for one, download a ready one), sessions, and the way to delete."""
    context = {
        "exports": exports_of(request.user), "sessions": sessions_of(request.user),
        "days": settings.WHIST_EXPORT_DAYS, "grace": settings.WHIST_DELETION_GRACE_DAYS,
    }  # fmt: skip
    return render(request, "privacy/data.html", context)


@login_required
@require_POST
def export_ask(request: HttpRequest) -> HttpResponse:
    if limited(request, "export", settings.WHIST_RATE_EXPORTS, key="user"):
        messages.error(request, _("You asked for your data often today: please try tomorrow."))
    else:
        export_request(request.user)
        if can_mail(request.user):  # privacy/tasks.py mails the link to a confirmed address
            messages.info(request, _("Your data is being put together: this page shows the link "
                                     "in a few minutes, and we mail it to you."))  # fmt: skip
        else:
            messages.info(request, _("Your data is being put together: this page shows the "
                                     "link in a few minutes."))  # fmt: skip
    return redirect("privacy_data")


@login_required
def export_download(request: HttpRequest, token: str) -> HttpResponse:
    export = export_for(request.user, token)
    if export is None:
        raise Http404(_("No such export, or it has expired."))
    response = HttpResponse(bytes(export.archive), content_type="application/zip")
    name = f"whist-data-{request.user.username}-{export.created:%Y%m%d}.zip"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    """Confirm with the password; the account closes now and is erased after the grace."""
    form = DeleteForm(request.user, request.POST or None)
    status = 200
    if request.method == "POST":
        if limited(request, "password-check", settings.WHIST_RATE_PASSWORD_CHECKS, key="user"):
            form.add_error(None, _("Too many password checks: please try again in an hour."))
            status = 429
        elif form.is_valid():
            user = request.user
            due = deletion_schedule(user)
            logout(request)
            return render(request, "privacy/deleted.html", {"due": due, "user_name": user})
    context = {
        "form": form, "grace": settings.WHIST_DELETION_GRACE_DAYS,
        "hold": bool(legal_hold(request.user)),
    }  # fmt: skip
    return render(request, "privacy/delete.html", context, status=status)
