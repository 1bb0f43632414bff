"""django-otp's two device apps under names staff read in the admin (INSTALLED_APPS names these
in place of the plugins): their index showed the bare labels "OTP_TOTP" and "OTP_STATIC". Their
models' words are marked for translation when the apps are ready (accounts/otp_names.py)."""

from django.utils.translation import gettext_lazy as _
from django_otp.plugins.otp_static.apps import DefaultConfig as StaticConfig
from django_otp.plugins.otp_totp.apps import DefaultConfig as TOTPConfig

from accounts.otp_names import name


class AppCodesConfig(TOTPConfig):
    verbose_name = _("Second factor: one-time-password apps")

    def ready(self) -> None:
        super().ready()
        name(self.get_model("TOTPDevice"))


class RecoveryCodesConfig(StaticConfig):
    verbose_name = _("Second factor: recovery codes")

    def ready(self) -> None:
        super().ready()
        name(self.get_model("StaticDevice"))
        name(self.get_model("StaticToken"))
