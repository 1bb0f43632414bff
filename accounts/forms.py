"""Forms of player accounts: sign up, profile, and a login form that throttles before hashing."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import User
from .throttle import login_allowed, login_failed


class SignUpForm(UserCreationForm):
    """A new account: username (unique whatever the case), display name, e-mail, password."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["display_name"].help_text = _("Shown at the table; your username if empty.")
        self.fields["email"].help_text = _("Only used to reset your password.")

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if User.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("A user with that username already exists."))
        return username


class ProfileForm(forms.ModelForm):
    """The parts of an account a player may change on their profile page."""

    class Meta:
        model = User
        fields = ("display_name", "email")


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's login form, refusing early when an account or address tried too often."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "throttled": _("Too many failed logins. Please wait a few minutes and try again."),
    }

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        # stack-notes pitfall 15: refuse before the expensive password hash.
        if not login_allowed(username, address):
            raise forms.ValidationError(self.error_messages["throttled"], code="throttled")
        try:
            return super().clean()
        except forms.ValidationError:
            login_failed(username, address)
            raise
