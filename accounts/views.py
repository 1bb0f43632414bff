"""Account pages: sign up, log in, passwords (rate-limited; a change closes the other
sessions' sockets), and the player profile."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from .backends import RESTORED_ATTRIBUTE
from .email_address import address_change, send_confirmation
from .email_views import address_sent_text
from .forms import LoginForm, PasswordResetForm, ProfileForm, SignUpForm
from .login_guard import guard_end
from .selectors import blocked_ids, blocked_users
from .services import sessions_revoke
from .sessions import sessions_end
from .signals import user_signed_up
from .throttle import client_address, limited


class LoginView(auth_views.LoginView):
    """Django's login view; django-axes throttles it, the form explains a ban."""

    authentication_form = LoginForm
    next_page = "lobby"

    def form_valid(self, form):
        response = super().form_valid(form)
        if getattr(self.request, RESTORED_ATTRIBUTE, False):
            messages.success(self.request, _("Welcome back: your account is no longer going "
                                             "to be deleted."))  # fmt: skip
        return response


def password_checks_limited(request: HttpRequest) -> bool:
    """Count one check of the user's current password (password change, e-mail change):
    at most WHIST_RATE_PASSWORD_CHECKS per user, so a session left open is no way to guess
    the password."""
    return limited(request, "password-check", settings.WHIST_RATE_PASSWORD_CHECKS, key="user")


def _too_many_checks(request: HttpRequest) -> None:
    messages.error(request, _("Too many password checks: please try again in an hour."))


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change (throttled per user); the user's other sessions end, and
    their open sockets close."""

    def post(self, request, *args, **kwargs):
        if password_checks_limited(request):
            _too_many_checks(request)
            return self.render_to_response(self.get_context_data(), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        response = super().form_valid(form)
        sessions_end(form.user, keep=self.request.session.session_key)
        sessions_revoke(form.user)
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, at most WHIST_RATE_RESET per client address, and per e-mail
    address *from* one client address: requests for an e-mail address from elsewhere never
    use up its owner's allowance."""

    form_class = PasswordResetForm

    def form_valid(self, form):
        email = (form.cleaned_data.get("email") or "").strip().lower()
        rate = settings.WHIST_RATE_RESET
        per_email = f"{email}|{client_address(self.request)}"
        if limited(self.request, "password-reset", rate) or limited(
            self.request, "password-reset-email", rate, key="value", value=per_email
        ):
            form.add_error(None, _("Too many password resets: please try again in an hour."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's reset link; the new password ends every session of the user."""

    def form_valid(self, form):
        response = super().form_valid(form)
        sessions_end(form.user)
        sessions_revoke(form.user)
        guard_end(form.user)  # the owner has the mail: guesses at the old password are moot
        return response


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return ""


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log the new player in (at most WHIST_RATE_SIGNUP per address)."""
    if request.user.is_authenticated:
        return redirect("lobby")
    if request.method == "POST" and limited(
        request, "signup-attempt", settings.WHIST_RATE_SIGNUP_ATTEMPTS
    ):
        # Before the form is checked: whether a name or an e-mail address is taken is no
        # longer told to one address asking again and again.
        messages.error(request, _("Too many sign-up attempts from your network: try again "
                                  "later."))  # fmt: skip
        context = {"form": SignUpForm(), "next": _safe_next(request)}
        return render(request, "accounts/signup.html", context, status=429)
    form = SignUpForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        if not limited(request, "signup", settings.WHIST_RATE_SIGNUP):
            with transaction.atomic():
                user = form.save(commit=False)
                user.language = translation.get_language() or ""
                user.save()
                user_signed_up.send(sender=type(user), user=user, request=request)
            login(request, user, backend="accounts.backends.ModerationBackend")
            messages.success(request, _("Welcome to the card room!"))
            if send_confirmation(user):
                messages.info(request, address_sent_text(user.email_pending))
            return redirect(_safe_next(request) or "lobby")
        form.add_error(None, _("Too many new accounts from your network: try again later."))
        status = 429
    context = {"form": form, "next": _safe_next(request)}
    return render(request, "accounts/signup.html", context, status=status)


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    """Change one's display name and e-mail (the latter with the current password)."""
    if request.method == "POST" and request.POST.get("current_password"):
        if password_checks_limited(request):
            _too_many_checks(request)
            form = ProfileForm(instance=request.user)
            return render(request, "accounts/profile_edit.html", {"form": form}, status=429)
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile was saved."))
        if form.email_changed():
            outcome = address_change(request.user, form.cleaned_data["email"])
            if outcome == "pending":
                messages.info(request, address_sent_text(request.user.email_pending))
            elif outcome == "removed":
                messages.info(request, _("Your account has no e-mail address now."))
        return redirect("profile", username=request.user.username)
    if form.is_bound:  # refused: the form wrote what was typed on request.user, unsaved
        request.user.refresh_from_db()  # the header names the player as saved
    return render(request, "accounts/profile_edit.html", {"form": form})


def player_or_404(username: str):
    """The active player of that username (any letter case); a name the database could not
    even hold (a NUL character) is no one's."""
    if "\x00" in username:
        raise Http404(_("No such player."))
    return get_object_or_404(get_user_model(), username__iexact=username, is_active=True)


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public profile: name, member since, games played."""
    player = player_or_404(username)
    own = player == request.user
    context = {
        "player": player,
        "own": own,
        "blocked": player.pk in blocked_ids(request.user),
        "blocked_players": blocked_users(player) if own else [],
    }
    return render(request, "accounts/profile.html", context)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    """Redirect to the logged-in player's own profile."""
    return redirect("profile", username=request.user.username)
