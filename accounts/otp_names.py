"""django-otp's words in the staff member's language. django-otp names its models, their
fields and help texts in plain English strings, not marked for translation: a German or
Dutch admin listed "TOTP devices" and "Static devices", and a device's page "Name" and "Is
this device ready for use?". The same English words are marked here (translated in locale/)
and put on its models when their apps are ready (accounts/otp_apps.py), each only where
django-otp's own text is still that word: one that an upgrade changes keeps django-otp's
(tests/accounts/test_otp_admin.py then says which). English reads as before."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

NAMES: dict[str, tuple[Promise, Promise]] = {  # a model's name and plural, by model name
    "TOTPDevice": (_("TOTP device"), _("TOTP devices")),
    "StaticDevice": (_("static device"), _("static devices")),
    "StaticToken": (_("static token"), _("static tokens")),
}
FIELDS: dict[str, tuple[Promise | None, Promise | None]] = {  # a field's name and help, by field
    "user": (_("user"), _("The user that this device belongs to.")),
    "name": (_("name"), _("The human-readable name of this device.")),
    "confirmed": (_("confirmed"), _("Is this device ready for use?")),
    "created_at": (
        _("created at"),
        _("The date and time when this device was initially created in the system."),
    ),
    "last_used_at": (_("last used at"), _("The most recent date and time this device was used.")),
    "throttling_failure_timestamp": (
        _("throttling failure timestamp"),
        _("A timestamp of the last failed verification attempt. Null if last attempt succeeded."),
    ),
    "throttling_failure_count": (
        _("throttling failure count"),
        _("Number of successive failed attempts."),
    ),
    "key": (_("key"), _("A hex-encoded secret key of up to 40 bytes.")),
    "step": (_("step"), _("The time step in seconds.")),
    "t0": (None, _("The Unix time at which to begin counting steps.")),
    "digits": (_("digits"), _("The number of digits to expect in a token.")),
    "tolerance": (_("tolerance"), _("The number of time steps in the past or future to allow.")),
    "drift": (
        _("drift"),
        _("The number of time steps the prover is known to deviate from our clock."),
    ),
    "last_t": (
        None,
        _(
            "The t value of the latest verified token. The next token must be at a higher time "
            "step."
        ),
    ),  # fmt: skip
    "device": (_("device"), None),
    "token": (_("token"), None),
}
# The sections of django-otp's device pages (its admins' fieldsets), by their English title.
SECTIONS = {
    "Identity": _("Identity"), "Timestamps": _("Timestamps"),
    "Configuration": _("Configuration"), "State": _("State"), "Throttling": _("Throttling"),
}  # fmt: skip
QR_CODE = _("QR Code")


def name(model: Any) -> None:
    """`model`'s name, its fields' names and help texts, marked where each is django-otp's
    own word (t0 and last_t keep their names: symbols, not words)."""
    meta = model._meta
    marked = NAMES.get(model.__name__)
    with override(None):  # django-otp's English, compared with the marked words' English
        if marked is not None and str(meta.verbose_name) == str(marked[0]):
            meta.verbose_name, meta.verbose_name_plural = marked
        for field in meta.concrete_fields:
            verbose, help_text = FIELDS.get(field.name, (None, None))
            if verbose is not None and str(field.verbose_name) == str(verbose):
                field.verbose_name = verbose
            if help_text is not None and str(field.help_text) == str(help_text):
                field.help_text = help_text
