"""django-otp's two device apps under names staff read in the admin (INSTALLED_APPS names these
in place of the plugins): their index showed the bare labels "OTP_TOTP" and "OTP_STATIC"."""

from django.utils.translation import gettext_lazy as _
from django_otp.plugins.otp_static.apps import DefaultConfig as StaticConfig
from django_otp.plugins.otp_totp.apps import DefaultConfig as TOTPConfig


class AppCodesConfig(TOTPConfig):
    verbose_name = _("Second factor: one-time-password apps")


class RecoveryCodesConfig(StaticConfig):
    verbose_name = _("Second factor: recovery codes")
