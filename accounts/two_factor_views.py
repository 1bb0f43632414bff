"""The second factor's page (accounts.two_factor): set up the one-time-password app from a
QR code the first time, with the recovery codes shown once; afterwards, a code from the app
or a recovery code once a session."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .two_factor import (
    app_confirm,
    app_device,
    app_wait,
    has_staff_powers,
    key_text,
    pending_device,
    qr_svg,
    token_check,
)


class CodeForm(forms.Form):
    code = forms.CharField(
        label=gettext_lazy("Code"), max_length=32, strip=True,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "autofocus": True}),
    )  # fmt: skip


@login_required
def two_factor(request: HttpRequest) -> HttpResponse:
    """The staff member's second factor for this session; players have none (404)."""
    if not has_staff_powers(request.user):
        raise Http404
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(wanted, {request.get_host()}, request.is_secure())
    next_url = wanted if safe and wanted else reverse("admin:index")
    if request.user.is_verified():
        return redirect(next_url)
    form = CodeForm(request.POST or None)
    if app_device(request.user) is None:
        device = pending_device(request.user)
        if request.method == "POST" and form.is_valid():
            wait = app_wait(device)
            codes = None if wait else app_confirm(request, device, form.cleaned_data["code"])
            if codes is not None:
                context = {"codes": codes, "next": next_url}
                return render(request, "accounts/two_factor_codes.html", context)
            form.add_error("code", wait_text(wait) if wait else _(
                "That code is not right: type the six digits the app shows now."))  # fmt: skip
        context = {"form": form, "qr": mark_safe(qr_svg(device)), "key": key_text(device),
                   "next": next_url}  # fmt: skip
        return render(request, "accounts/two_factor_setup.html", context)
    if request.method == "POST" and form.is_valid():
        wait = app_wait(app_device(request.user))  # a recovery code is still checked
        if token_check(request, form.cleaned_data["code"]):
            return redirect(next_url)
        form.add_error("code", wait_text(wait) if wait else _(
            "That code is not right (or was used already)."))  # fmt: skip
    return render(request, "accounts/two_factor.html", {"form": form, "next": next_url})


def wait_text(seconds: int) -> str:
    return ngettext(
        "Too many wrong codes: wait %(seconds)d second, then type the app's current code.",
        "Too many wrong codes: wait %(seconds)d seconds, then type the app's current code.",
        seconds,
    ) % {"seconds": seconds}
