"""Push in the real browser, end to end (issue 45 items 2 and 4): the profile's "Allow
notifications on this device" subscribes through the site's service worker and gives the
site the subscription; the site's push of a notice reaches the tests' push service, which
decrypts it (tests/push_receiver.py); delivered to the browser's service worker, that push is
shown as a notification with the notice's words and link, and a tap on it opens its page.

What is not the browser's own: Debian's headless Chromium has no push service (no network,
no Google API keys), so `PushManager.subscribe` always fails there
(tests/e2e/test_notification_settings.py shows the page saying so). Here, in the page only,
`subscribe` and `getSubscription` answer with a subscription of the tests' push service;
the site, its service worker and the rest of the page are unchanged. The push reaches the
worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`, which Chromium
delivers as a real `push` event without a push service). No protocol command taps a shown
notification: the tap is a `notificationclick` event dispatched in the worker with that
notification, whose `waitUntil` the test keeps (a script's event may not extend itself).
The whole Chromium (its new headless mode), not the headless shell the other browser tests
use: the shell has no notifications at all (`showNotification` is refused there even with the
permission granted)."""

from __future__ import annotations

import base64
import json
import os
import shutil
import time

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Playwright, expect

from social.models import Notification, PushDevice
from social.services import friends
from social.services.pushing import new_private_key, notice_push, public_key_of
from tests.e2e.helpers import PASSWORD, log_in
from tests.e2e.table_steps import ARTIFACTS
from tests.push_receiver import push_service  # noqa: F401
from tests.servers import daphne

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/push-device"

# The page's PushManager answers with the tests' device (see the module's docstring) and
# keeps the key the page subscribed with, to compare with the site's.
STUB = """(() => {
  const json = %s;
  let current = null;
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__pushKey = btoa(String.fromCharCode(...key));
    current = { endpoint: json.endpoint, toJSON: () => json,
                unsubscribe: async () => { current = null; return true; } };
    return current;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
})();"""

TAP = """async ([tag]) => {
  const [shown] = await self.registration.getNotifications({ tag });
  const tap = new NotificationEvent("notificationclick", { notification: shown });
  const kept = [];
  Object.defineProperty(tap, "waitUntil", { value: (p) => kept.push(p) });
  self.dispatchEvent(tap);
  await Promise.allSettled(kept);  // focus() needs the user's own tap: it may be refused
  return (await self.registration.getNotifications({ tag })).length;
}"""


# The site's worker active and activated (a push reaches only an activated worker); what it
# was before waiting.
ACTIVATED = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const before = reg.active.state;
  if (before !== "activated") {
    await new Promise((done) => reg.active.addEventListener("statechange", () => {
      if (reg.active.state === "activated") done();
    }));
  }
  return before;
}"""


# The notification of `tag` the worker shows, waited for up to 10 s; null if none.
SHOWN = """async (tag) => {
  const reg = await navigator.serviceWorker.ready;
  for (let i = 0; i < 100; i++) {
    const [n] = await reg.getNotifications({ tag });
    if (n) return { title: n.title, body: n.body, url: n.data.url, lang: n.lang };
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}"""


def _worker_registration(cdp, scope: str) -> str:
    """The id of the service worker registration of `scope`, as the DevTools protocol names it."""
    found: dict[str, str] = {}

    def updated(event: dict) -> None:
        for reg in event["registrations"]:
            if reg["scopeURL"] == scope and not reg["isDeleted"]:
                found["id"] = reg["registrationId"]

    cdp.on("ServiceWorker.workerRegistrationUpdated", updated)
    cdp.send("ServiceWorker.enable")
    end = time.monotonic() + 10
    while "id" not in found and time.monotonic() < end:
        cdp.send("Runtime.evaluate", {"expression": "1"})  # lets the events arrive
    assert "id" in found, "no service worker registration"
    return found["id"]


def test_a_device_allowed_in_the_browser_gets_the_push_shown_and_tapped(
    playwright: Playwright,
    browser_type_launch_args: dict,
    tmp_path,
    server_log,
    settings,
    push_service,  # noqa: F811
) -> None:
    users = get_user_model().objects
    ann = users.create_user("ann", password=PASSWORD, display_name="Ann", email="a@example.org")
    bob = users.create_user("bob", password=PASSWORD, display_name="Bob")
    private = settings.WHIST_VAPID_PRIVATE_KEY = new_private_key()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["WHIST_VAPID_PRIVATE_KEY"] = private
    device = push_service.device("phone")
    whole = {**browser_type_launch_args, "executable_path": shutil.which("chromium")}
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **whole, viewport={"width": 1000, "height": 1100}
    )
    try:
        context.add_init_script(STUB % json.dumps(device.subscription()))
        page = context.new_page()
        with daphne("tests.e2e.server_settings", env, server_log("daphne")) as url:
            context.grant_permissions(["notifications"], origin=url)
            log_in(page, url, "ann")
            page.goto(f"{url}/accounts/profile/")
            form = page.get_by_test_id("notification-settings")
            form.locator("select[name=mail-friend_request]").select_option("now")
            form.locator("button[type=submit]").click()
            page.wait_for_load_state()

            page.get_by_test_id("push-allow").click()
            status = page.get_by_test_id("push-device").locator("[data-push-status]")
            expect(status).to_have_text("Notifications are on for this device.", timeout=20000)
            expect(page.get_by_test_id("push-stop")).to_be_visible()
            (row,) = PushDevice.objects.filter(user=ann)
            assert (row.endpoint, row.p256dh, row.auth) == (
                device.endpoint, device.p256dh, device.auth,
            )  # fmt: skip
            subscribed_with = base64.b64decode(page.evaluate("() => window.__pushKey"))
            assert subscribed_with == base64.urlsafe_b64decode(public_key_of(private) + "==")
            page.get_by_test_id("notification-settings").locator("..").screenshot(
                path=f"{SHOTS}/push-allowed.png"
            )

            # Bob asks Ann to be friends while her page is closed: the site pushes the notice.
            page.goto("about:blank")
            friends.friend_request(bob, ann)
            note = Notification.objects.filter(user=ann).latest("pk")
            if not push_service.received("phone"):
                assert notice_push(note.pk) == 1
            (push,) = push_service.received("phone")
            assert push.signed_by(public_key_of(private), push_service.base)
            notice = push.json()
            assert notice["url"] == reverse("social_friends")
            assert "Bob" in notice["body"] and notice["lang"] == "en"

            page.goto(f"{url}/lobby/")
            page.evaluate(ACTIVATED)
            cdp = context.new_cdp_session(page)
            registration = _worker_registration(cdp, f"{url}/")
            # DevTools' delivery to the worker is lost now and then under load (4 busy cores:
            # 2 of 3 runs showed nothing in 10 s with the worker activated; a second delivery
            # was shown every time), so the push is delivered again, at most three times.
            shown = None
            for _attempt in range(3):
                cdp.send(
                    "ServiceWorker.deliverPushMessage",
                    {"origin": url, "registrationId": registration, "data": push.text()},
                )
                shown = page.evaluate(SHOWN, notice["tag"])
                if shown is not None:
                    break
            assert shown == {
                "title": notice["title"], "body": notice["body"], "url": notice["url"],
                "lang": "en",
            }  # fmt: skip

            (worker,) = context.service_workers
            with page.expect_navigation(url=f"{url}{notice['url']}"):
                left = worker.evaluate(TAP, [notice["tag"]])
            assert left == 0  # the tapped notification is closed
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            page.screenshot(path=f"{SHOTS}/push-tapped.png")
    finally:
        context.close()
