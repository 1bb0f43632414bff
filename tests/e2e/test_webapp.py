"""The site as an app in the real browser (issue 45 item 4): the browser finds nothing
missing to offer its installation (the manifest read and a service worker in control, as
Chromium's own installability check says), and with the server stopped a page is the
site's offline page with "Try again". A profile of its own: a private window is never
offered an installation."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Playwright, expect

from tests.e2e.table_steps import ARTIFACTS
from tests.servers import daphne

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = f"{ARTIFACTS}/webapp"


def test_the_app_can_be_installed_and_shows_its_offline_page_with_the_server_stopped(
    playwright: Playwright, browser_type_launch_args: dict, tmp_path, server_log
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args
    )
    try:
        page = context.new_page()
        with daphne("tests.e2e.server_settings", env, server_log("daphne")) as url:
            page.goto(f"{url}/")
            scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
            assert scope == f"{url}/"
            page.reload()  # now under the worker's control, as every later visit
            assert page.evaluate("() => !!navigator.serviceWorker.controller")
            cdp = context.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == f"{url}/manifest.webmanifest" and not manifest["errors"]
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], errors
            page.screenshot(path=f"{SHOTS}/installable.png")
        page.goto(f"{url}/lobby/")  # the server is gone
        expect(page.get_by_test_id("offline")).to_be_visible()
        expect(page.get_by_test_id("retry")).to_be_visible()
        assert page.evaluate("() => getComputedStyle(document.body).margin") == "0px"  # styled
        page.screenshot(path=f"{SHOTS}/offline.png")
    finally:
        context.close()
