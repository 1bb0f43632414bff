"""Account pages: sign up, log in (throttled), and the player profile."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from .forms import ProfileForm, SignUpForm, ThrottledAuthenticationForm
from .stats import games_played


class ThrottledLoginView(LoginView):
    """Django's login view with the throttled form."""

    authentication_form = ThrottledAuthenticationForm
    next_page = "lobby"


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return ""


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log the new player in."""
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to the card room!"))
        return redirect(_safe_next(request) or "lobby")
    return render(request, "accounts/signup.html", {"form": form, "next": _safe_next(request)})


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    """Change one's display name and e-mail."""
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile was saved."))
        return redirect("profile", username=request.user.username)
    return render(request, "accounts/profile_edit.html", {"form": form})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public profile: name, member since, games played."""
    player = get_object_or_404(get_user_model(), username__iexact=username, is_active=True)
    context = {"player": player, "played": games_played(player), "own": player == request.user}
    return render(request, "accounts/profile.html", context)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    """Redirect to the logged-in player's own profile."""
    return redirect("profile", username=request.user.username)
