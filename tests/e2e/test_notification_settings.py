"""Notification settings in the real browser (issue 45 items 1 and 2): per kind on the site,
by mail and by push; "Allow notifications on this device" subscribes through the site's
service worker (Debian's Chromium has no push service: it says it could not), and the
site keeps a subscription given to it. A profile of its own, with the service
worker allowed and notifications granted."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Playwright, expect

from social.models import PushDevice, SocialSettings
from social.services.pushing import new_private_key
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.push_receiver import push_service  # noqa: F401
from tests.servers import daphne

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/notification-settings"


def test_mail_and_push_are_chosen_per_kind_and_a_device_allows_push(
    playwright: Playwright,
    browser_type_launch_args: dict,
    tmp_path,
    server_log,
    push_service,  # noqa: F811
) -> None:
    get_user_model().objects.create_user(
        "ann", password=PASSWORD, display_name="Ann", email="ann@example.org"
    )
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["WHIST_VAPID_PRIVATE_KEY"] = new_private_key()
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, viewport={"width": 1000, "height": 1100}
    )
    try:
        page = context.new_page()
        with daphne("tests.e2e.server_settings", env, server_log("daphne")) as url:
            context.grant_permissions(["notifications"], origin=url)
            log_in(page, url, "ann")
            page.goto(f"{url}/accounts/profile/")
            form = page.get_by_test_id("notification-settings")
            form.locator("select[name=mail-invitation]").select_option("now")
            form.locator("select[name=mail-friend_request]").select_option("daily")
            form.locator("input[name=push][value=award]").uncheck()
            form.locator("button[type=submit]").click()
            page.wait_for_load_state()
            row = SocialSettings.objects.get(user__username="ann")
            assert row.mail == {"invitation": "now", "friend_request": "daily"}
            assert row.push_muted == ["award"]

            # The browser asks its push service for a subscription through the site's
            # service worker. Debian's Chromium has none (no Google API keys), so it says so.
            page.get_by_test_id("push-allow").click()
            status = page.get_by_test_id("push-device").locator("[data-push-status]")
            expect(status).to_have_text(
                "Notifications could not be turned on: try again later.", timeout=20000
            )
            assert page.evaluate("async () => !!(await navigator.serviceWorker.ready).pushManager")
            assert not PushDevice.objects.exists()

            # A browser with a push service gives the site its subscription so: one from the
            # tests' push service (tests/push_receiver.py) stands in for it.
            device = push_service.device("phone")
            answer = page.evaluate(
                """async (sub) => (await fetch("/notifications/push/allow/", {method: "POST",
                    headers: {"Content-Type": "application/json", "X-CSRFToken":
                    document.getElementById("push-device").dataset.csrf},
                    body: JSON.stringify(sub)})).status""",
                device.subscription(),
            )
            assert answer == 200
            page.reload()
            expect(page.get_by_test_id("push-devices")).to_have_text(
                "Notifications are allowed on 1 device."
            )
            section = page.get_by_test_id("notification-settings").locator("..")
            section.screenshot(path=f"{SHOTS}/notification-settings.png")
    finally:
        context.close()
