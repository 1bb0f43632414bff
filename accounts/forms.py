"""Forms of player accounts: sign up, profile, log in (explaining a ban), and reports."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.forms import PasswordResetForm as DjangoPasswordResetForm
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from accounts import mail, time_zones
from accounts.backends import BAN_ATTRIBUTE
from accounts.login_guard import GUARD_ATTRIBUTE
from accounts.models import Report, User
from accounts.selectors import ban_text, name_taken
from accounts.text import clean_text, looks_like_bot, name_key


def check_name(name: str, exclude_pk: int | None = None) -> None:
    """Refuse a shown name that reads as a bot's or as another player's name."""
    if looks_like_bot(name):
        raise forms.ValidationError(_("Names starting with “Bot” are kept for the bots."))
    if name_taken(name_key(name), exclude_pk):
        raise forms.ValidationError(_("Another player already goes by this name."))


def email_field(help_text: str) -> forms.EmailField:
    """The e-mail address a player gives: never checked against other accounts here (the
    mail to it says whether it is in use), so no page tells whose address is whose."""
    return forms.EmailField(label=_("E-mail address"), required=False, help_text=help_text,
                            widget=forms.EmailInput(attrs={"autocomplete": "email"}))  # fmt: skip


class SignUpForm(UserCreationForm):
    """A new account: username (unique whatever the case), display name, e-mail, password.
    The address waits for its confirmation link (accounts.email_address)."""

    email = email_field(
        _("We mail you a link to confirm it. Mail goes only to a confirmed address: password "
          "resets, and nothing you did not ask for.")
    )  # fmt: skip

    accept_terms = forms.BooleanField(
        label=_("I accept the terms of use and the rules of conduct."),
        error_messages={"required": _("Please accept the terms to create an account.")},
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["display_name"].help_text = _("Shown at the table; your username if empty.")
        # The legal pages' routes (the legal app records the acceptance with its version).
        self.fields["accept_terms"].help_text = format_html(
            _('Read the <a href="{terms}">terms and rules of conduct</a> and the '
              '<a href="{privacy}">privacy notice</a>.'),
            terms=reverse("terms"), privacy=reverse("privacy"),
        )  # fmt: skip
        self.order_fields(["username", "display_name", "email", "password1", "password2"])

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if User.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("A user with that username already exists."))
        check_name(username)
        return username

    def clean_display_name(self) -> str:
        name = clean_text(self.cleaned_data.get("display_name") or "")
        if name:
            check_name(name)
        return name

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.email_pending = User.objects.normalize_email(self.cleaned_data.get("email") or "")
        if commit:
            user.save()
        return user


class ProfileForm(forms.ModelForm):
    """The parts of an account a player may change on their profile page; a new e-mail
    address needs the current password (it is where password resets go) and is confirmed by
    the link mailed to it (the view hands it to accounts.email_address)."""

    email = email_field(_("A new address is used once you follow the link we mail to it."))

    current_password = forms.CharField(
        label=_("Current password"), required=False, strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("Needed to change your e-mail address."),
    )  # fmt: skip

    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=time_zones.choices, required=False,
        help_text=_("Times are shown, and typed, in this zone."),
    )  # fmt: skip

    class Meta:
        model = User
        fields = ("display_name", "auto_play", "hide_ratings", "time_zone")
        help_texts = {
            "auto_play": _("When you hold only one card you may play, it is played for you "
                           "after a short pause (casual tables; at rated tables you play it "
                           "yourself)."),
            "hide_ratings": _("Shown again when the game is over."),
        }  # fmt: skip

    def clean_display_name(self) -> str:
        name = clean_text(self.cleaned_data.get("display_name") or "")
        if name and name_key(name) != name_key(self.instance.username):
            check_name(name, exclude_pk=self.instance.pk)
        return name

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].initial = self.shown_email()
        self.order_fields(["display_name", "email", "current_password"])

    def shown_email(self) -> str:
        """The address the form shows: the one waiting for its link, else the confirmed one."""
        return self.instance.email_pending or self.instance.email

    def email_changed(self) -> bool:
        new = (self.cleaned_data.get("email") or "").lower()
        return "email" in self.cleaned_data and new != self.shown_email().lower()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.email_changed():
            password = data.get("current_password") or ""
            if not self.instance.check_password(password):
                self.add_error("current_password", _("Enter your current password to change "
                                                     "your e-mail address."))  # fmt: skip
        return data


GUARDED_TEXT = _(
    "Many wrong passwords were tried for this account lately, so it lets in only a browser "
    "that logged in to it before. Log in from one of yours, reset your password, or try "
    "again in an hour."
)


class BanExplained:
    """A login form mixin: a banned player who gave the right password learns why they
    cannot log in (accounts.backends left the ban on the request)."""

    def clean(self) -> dict[str, Any]:
        try:
            return super().clean()  # type: ignore[misc]  # a mixin before the form
        except forms.ValidationError:
            request = getattr(self, "request", None)
            ban = getattr(request, BAN_ATTRIBUTE, None) if request else None
            if ban is not None:
                raise forms.ValidationError(ban_text(ban), code="banned") from None
            if request is not None and getattr(request, GUARD_ATTRIBUTE, False):
                raise forms.ValidationError(GUARDED_TEXT, code="guarded") from None
            raise


class LoginForm(BanExplained, AuthenticationForm):
    """The site's login form."""


class AdminLoginForm(BanExplained, AdminAuthenticationForm):
    """The admin's login form."""


class PasswordResetForm(DjangoPasswordResetForm):
    """Django's reset form; the link goes out by accounts.mail, in the player's language.
    Django finds the account by `email`, which holds only confirmed addresses: an address
    waiting for its link gets no reset."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        path = reverse("password_reset_confirm", args=[context["uid"], context["token"]])
        mail.send(context["user"], "password_reset", {"link": mail.absolute_url(path)})


class ReportForm(forms.Form):
    """Why a player reports a chat line or another player."""

    reason = forms.ChoiceField(label=_("Reason"), choices=Report.Reason.choices)
    text = forms.CharField(
        label=_("Anything moderators should know (optional)"), required=False,
        max_length=1000, widget=forms.Textarea(attrs={"rows": 3}),
    )  # fmt: skip
    block = forms.BooleanField(label=_("Also hide this player's chat for me"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def clean_text(self) -> str:
        return clean_text(self.cleaned_data.get("text") or "")


class RenameForm(forms.Form):
    """A moderator's new display name for a player (empty: the username shows), and why."""

    display_name = forms.CharField(
        label=_("New display name"), max_length=50, required=False,
        help_text=_("Empty: the player's username is shown."),
    )  # fmt: skip
    reason = forms.CharField(
        label=_("Reason"), max_length=300, required=False, widget=forms.Textarea
    )

    def __init__(self, player: User, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.player = player

    def clean_display_name(self) -> str:
        name = clean_text(self.cleaned_data.get("display_name") or "")
        if name and name_key(name) != name_key(self.player.username):
            check_name(name, exclude_pk=self.player.pk)
        return name

    def clean_reason(self) -> str:
        reason = clean_text(self.cleaned_data.get("reason") or "")
        if not reason:
            raise forms.ValidationError(_("Say why the name is changed."))
        return reason
