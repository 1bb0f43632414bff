"""Django's own texts that the site words again (locale/): Dutch speaks to a player as "je"
everywhere else, and Django's password texts said "u" ("Uw wachtwoord ...") on the sign-up,
password-change and reset forms. Marked here so that makemessages keeps their entries; German
keeps Django's own words (they address nobody)."""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext

TEXTS = (
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
)


def minimum_length(length: int) -> str:
    """Django's MinimumLengthValidator's help text (the same words, marked for makemessages)."""
    return ngettext(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        length,
    ) % {"min_length": length}
