"""Who may sanction whom: only superusers ban or mute staff, nobody bans
or mutes themselves (or lifts their own sanction), in the services and on the admin pages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts import services
from accounts.models import AuditEntry, Ban, Mute
from accounts.moderators import ACCOUNTS_PERMISSIONS
from tests.staff import made_moderator, staff_client

pytestmark = pytest.mark.django_db


def make_user(name: str, **extra):
    return get_user_model().objects.create_user(name, password="pw", **extra)


@pytest.fixture
def moderator():
    return made_moderator(make_user("mod"), {"accounts": ACCOUNTS_PERMISSIONS})


def soon():
    return timezone.now() + timedelta(hours=1)


def logged_in(user) -> Client:
    return staff_client(user)


@pytest.mark.parametrize("target", ["superuser", "moderator"])
def test_a_moderator_cannot_ban_or_mute_staff(moderator, target):
    extra = {"is_superuser": True} if target == "superuser" else {}
    staff = make_user("boss", is_staff=True, **extra)
    with pytest.raises(services.ModerationError, match="Only a superuser"):
        services.ban_create(moderator, staff, "coup")
    with pytest.raises(services.ModerationError, match="Only a superuser"):
        services.mute_create(moderator, staff, soon(), "hush")
    assert not Ban.objects.exists() and not Mute.objects.exists()
    assert not AuditEntry.objects.exists()


def test_nobody_sanctions_themselves(moderator):
    root = make_user("root", is_staff=True, is_superuser=True)
    for actor in (moderator, root):
        with pytest.raises(services.ModerationError, match="themselves"):
            services.ban_create(actor, actor, "oops")
        with pytest.raises(services.ModerationError, match="themselves"):
            services.mute_create(actor, actor, soon(), "oops")
    assert not Ban.objects.exists() and not Mute.objects.exists()


def test_a_superuser_sanctions_staff_and_only_a_superuser_lifts_it(moderator):
    root = make_user("root", is_staff=True, is_superuser=True)
    other = make_user("other", is_staff=True)
    ban = services.ban_create(root, other, "abuse of tools")
    mute = services.mute_create(root, moderator, soon(), "calm down")
    with pytest.raises(services.ModerationError):
        services.ban_lift(moderator, ban)
    with pytest.raises(services.ModerationError, match="themselves"):
        services.mute_lift(moderator, mute)  # not their own mute either
    assert services.ban_lift(root, ban) and services.mute_lift(root, mute)


def test_the_ban_page_refuses_a_moderators_ban_of_a_superuser(moderator):
    root = make_user("root", is_staff=True, is_superuser=True)
    page = logged_in(moderator).post(
        "/admin/accounts/ban/add/", {"user": root.pk, "duration": 0, "reason": "coup"}
    )
    assert page.status_code == 200  # the form again, with the reason it was refused
    assert "Only a superuser can sanction a member of staff." in page.content.decode()
    assert not Ban.objects.exists()


def test_the_mute_page_refuses_a_moderators_mute_of_themselves(moderator):
    page = logged_in(moderator).post(
        "/admin/accounts/mute/add/", {"user": moderator.pk, "duration": 900, "reason": "x"}
    )
    assert page.status_code == 200
    assert "Nobody can sanction themselves." in page.content.decode()
    assert not Mute.objects.exists()


def test_a_superuser_bans_a_moderator_on_the_ban_page(moderator):
    root = make_user("root", is_staff=True, is_superuser=True)
    page = logged_in(root).post(
        "/admin/accounts/ban/add/", {"user": moderator.pk, "duration": 0, "reason": "abuse"}
    )
    assert page.status_code == 302
    assert Ban.objects.get().user == moderator
