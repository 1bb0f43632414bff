"""django-otp's device pages in the admin, in the staff member's language: the sections of a
device's page (its admins' fieldsets, English titles in django-otp) and the QR code's column,
under the words of accounts/otp_names.py; django-otp's admins otherwise as they are."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django_otp.plugins.otp_static import admin as static_admin  # registers first: replaced here
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp import admin as totp_admin
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.otp_names import QR_CODE, SECTIONS


def _sections(fieldsets: Any) -> list[Any]:
    return [(SECTIONS.get(title, title), options) for title, options in fieldsets]


class TOTPDeviceAdmin(totp_admin.TOTPDeviceAdmin):
    def get_fieldsets(self, request: Any, obj: Any = None) -> list[Any]:
        return _sections(super().get_fieldsets(request, obj))

    @admin.display(description=QR_CODE)
    def qrcode_link(self, device: Any) -> Any:
        return super().qrcode_link(device)


class StaticDeviceAdmin(static_admin.StaticDeviceAdmin):
    fieldsets = _sections(static_admin.StaticDeviceAdmin.fieldsets)


for model, model_admin in ((TOTPDevice, TOTPDeviceAdmin), (StaticDevice, StaticDeviceAdmin)):
    admin.site.unregister(model)
    admin.site.register(model, model_admin)
