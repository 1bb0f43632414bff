"""The second factor of staff and moderators (django-otp): a one-time-password app (TOTP) set
up from a QR code, and ten single-use recovery codes (django-otp's static device). The admin
and every moderation page ask a staff member's session for it once after the password
(`SecondFactorMiddleware`); players never meet it. Tokens are checked by django-otp, whose
devices slow down guessing after each failure (OTP_*_THROTTLE_FACTOR)."""

from __future__ import annotations

import math
from base64 import b32encode
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import segno
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django_otp import devices_for_user, verify_token
from django_otp import login as otp_login
from django_otp.models import MAX_THROTTLE_DELAY_SECONDS
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.models import AuditEntry
from accounts.moderators import GROUP
from accounts.security_log import security_event
from accounts.services import audit_record

RECOVERY_CODES = 10
APP_DEVICE, RECOVERY_DEVICE = "app", "recovery"


def moderation_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a view outside the admin as a moderation page: staff reach it only with the
    second factor (SecondFactorMiddleware)."""
    view.moderation_page = True  # type: ignore[attr-defined]
    return view


def has_staff_powers(user: Any) -> bool:
    """Whoever can reach the admin or act as a moderator."""
    if not user.is_authenticated:
        return False
    return user.is_staff or user.is_superuser or user.groups.filter(name=GROUP).exists()


def app_device(user: Any) -> TOTPDevice | None:
    """The user's confirmed one-time-password app, if they set one up."""
    return TOTPDevice.objects.filter(user=user, confirmed=True).first()


def pending_device(user: Any) -> TOTPDevice:
    """The app being set up (its key shown as a QR code until a code from it confirms it)."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False).first()
    return device or TOTPDevice.objects.create(user=user, name=APP_DEVICE, confirmed=False)


def qr_svg(device: TOTPDevice) -> str:
    """The app's key as an inline SVG QR code (no image request, nothing inline to run)."""
    return segno.make(device.config_url, error="m").svg_inline(scale=5, border=4, omitsize=True)


def key_text(device: TOTPDevice) -> str:
    """The key as an app asks for it typed in: base32, in groups of four."""
    key = b32encode(device.bin_key).decode().rstrip("=")
    return " ".join(key[i : i + 4] for i in range(0, len(key), 4))


@transaction.atomic
def app_confirm(request: HttpRequest, device: TOTPDevice, token: str) -> list[str] | None:
    """Confirm the app being set up with a code from it: the session counts as verified,
    new recovery codes replace any old ones and are returned (shown once); audited."""
    if not verify_token(request.user, device.persistent_id, token):
        return None
    TOTPDevice.objects.filter(user=request.user).exclude(pk=device.pk).delete()
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    codes = recovery_codes_new(request.user)
    otp_login(request, device)
    audit_record(request.user, AuditEntry.Action.SECOND_FACTOR, target_user=request.user,
                 target=f"player {request.user.get_username()}")  # fmt: skip
    return codes


def recovery_codes_new(user: Any) -> list[str]:
    """Ten new single-use recovery codes (the old ones stop working)."""
    device, _ = StaticDevice.objects.get_or_create(user=user, name=RECOVERY_DEVICE)
    device.token_set.all().delete()
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create(StaticToken(device=device, token=c) for c in codes)
    return codes


def app_wait(device: TOTPDevice | None) -> int:
    """Whole seconds until django-otp's throttle checks the app's codes again after wrong ones
    (1, 2, 4, 8 ... seconds after each; 0: now). Meanwhile even the right code is turned down,
    and the page must say so: it said the code was not right."""
    if device is None or device.verify_is_allowed()[0]:
        return 0
    required = min(device.get_throttle_factor() * 2 ** (device.throttling_failure_count - 1),
                   MAX_THROTTLE_DELAY_SECONDS)  # fmt: skip
    passed = (timezone.now() - device.throttling_failure_timestamp).total_seconds()
    return max(1, math.ceil(required - passed))


def token_check(request: HttpRequest, token: str) -> bool:
    """Verify the session with a code from the app or a recovery code (used up)."""
    token = "".join(token.split()).lower()
    for device in devices_for_user(request.user):
        found = verify_token(request.user, device.persistent_id, token)
        if found is not None:
            otp_login(request, found)
            security_event("second_factor", request, user=request.user.get_username(),
                           device=found.name)  # fmt: skip
            return True
    security_event("second_factor_failed", request, user=request.user.get_username())
    return False


class SecondFactorMiddleware:
    """A staff member's session reaches the admin and the moderation pages only after the
    second factor: before it, to its page (set-up the first time), then back."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> Any:
        admin = request.path.startswith(reverse("admin:index"))
        if not (admin or getattr(view, "moderation_page", False)):
            return None
        if admin and request.path == reverse("admin:logout"):
            return None
        user = request.user
        if not has_staff_powers(user) or user.is_verified():
            return None
        return redirect(f"{reverse('two_factor')}?next={quote(request.get_full_path())}")
