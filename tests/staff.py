"""Staff in the tests: a client logged in as a staff member whose session has passed the
second factor (accounts.two_factor), as it must to reach the admin and moderation pages."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib.auth.models import Group
from django.test import Client
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.moderators import GROUP, grant


def app_of(user: Any) -> TOTPDevice:
    """The user's one-time-password app (made, confirmed, if they have none)."""
    found = TOTPDevice.objects.filter(user=user, confirmed=True).first()
    return found or TOTPDevice.objects.create(user=user, name="app", confirmed=True)


def code_now(device: TOTPDevice) -> str:
    """The six digits the app shows now."""
    return f"{totp(device.bin_key, step=device.step, t0=device.t0, digits=device.digits):06d}"


def staff_client(user: Any, client: Client | None = None) -> Client:
    client = client or Client()
    client.force_login(user)
    session = client.session
    session[DEVICE_ID_SESSION_KEY] = app_of(user).persistent_id
    session.save()
    return client


def second_factor(user: Any) -> Any:
    """The user as a session that passed the second factor holds them (accounts.staff_powers),
    for services a test calls directly."""
    user.otp_device = app_of(user)
    user.is_verified = lambda: True
    return user


def made_moderator(user: Any, permissions: dict[str, list[str]]) -> Any:
    """`user` made a moderator as staff make one (docs/guide.md, "Moderation"): staff, in
    the Moderators group, which has the permissions the migrations give it for each app of
    `permissions` (accounts.moderators.grant)."""
    for app, codenames in permissions.items():
        grant(apps, app, codenames)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=GROUP))
    return user
