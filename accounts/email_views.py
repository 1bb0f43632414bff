"""Pages of a player's e-mail address: the confirmation link (a button, so that a mail
scanner following links confirms nothing), sending it again, and the language menu that
also sets the language of the player's mail."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from .email_address import address_confirm, send_confirmation
from .models import User
from .throttle import limited

# Lazy: made at import, each is said in the language of the request that shows it.
FAILURES = {
    "invalid": gettext_lazy("This link is not valid. Copy the whole link from the mail, or ask "
                            "for a new one on your profile."),
    "expired": gettext_lazy("This link has expired. Ask for a new one on your profile."),
    "used": gettext_lazy("This link was already used, or a newer one replaced it."),
    "taken": gettext_lazy("Another account confirmed this address first. Give another one on "
                          "your profile."),
}  # fmt: skip


def address_sent_text(address: str) -> str:
    return _("We sent a mail to %(address)s: follow its link to confirm the address.") % {
        "address": address
    }


def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Show the confirm button of a link (GET); confirm the address (POST)."""
    if request.method != "POST":
        return render(request, "accounts/email_confirm.html", {"token": token})
    user, failure = address_confirm(token)
    if failure:
        messages.error(request, FAILURES[failure])
        return render(request, "accounts/email_confirm.html", {"failed": True}, status=400)
    messages.success(request, _("Thank you: %(address)s is confirmed.") % {"address": user.email})
    return redirect("my_profile" if request.user == user else "login")


@login_required
@require_POST
def email_resend(request: HttpRequest) -> HttpResponse:
    """Send the waiting address its mail again (at most WHIST_RATE_CONFIRM_MAILS per user)."""
    user = request.user
    if limited(request, "email-resend", settings.WHIST_RATE_CONFIRM_MAILS, key="user"):
        messages.error(request, _("Too many mails asked for: please try again in an hour."))
    elif send_confirmation(user):
        messages.info(request, address_sent_text(user.email_pending))
    return redirect("profile_edit")


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language menu; a logged-in player's choice is also their mail's language."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and translation.check_for_language(language):
        codes = {code for code, _name in settings.LANGUAGES}
        if language in codes and language != request.user.language:
            User.objects.filter(pk=request.user.pk).update(language=language)
    return response
