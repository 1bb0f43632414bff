"""How long a played card takes to show as the next state in the browser, with the animations
on: Chromium plays German Whist against a Beginner bot on a running site (`make run`) and
prints, per play, the time from the click to the server's state and to that state drawn.

    .venv/bin/python bench/table_motion.py --url http://127.0.0.1:8000 --plays 40
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import uuid

from playwright.sync_api import Page, sync_playwright

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip
PASSWORD = "a-Long-pass-2024"
QUICK_GERMAN = "[data-testid=quick-play] button[value=german]"
# In the page: click a playable card, then time the state's arrival and its drawing.
PLAY = """async () => {
  const app = window.whistTable;
  const card = document.querySelector('#hand .card.legal');
  if (!card || !document.querySelector('#status-turn.mine')) return null;
  const code = card.dataset.card, version = app.version, t0 = performance.now();
  let arrived = null;
  card.click();
  while (performance.now() - t0 < 10000) {
    if (arrived === null && app.version > version) arrived = performance.now() - t0;
    if (document.querySelector(`#trick .trick-card[data-card="${code}"]`)
        && !document.querySelector(`#hand .card[data-card="${code}"]`)) {
      const drawn = performance.now() - t0;
      return [arrived ?? drawn, drawn, document.getAnimations().length];
    }
    await new Promise((r) => requestAnimationFrame(r));
  }
  return [-1, -1, 0];
}"""


def sign_up(page: Page, url: str) -> None:
    name = f"bench{uuid.uuid4().hex[:8]}"
    page.goto(f"{url}/accounts/signup/")
    for field, value in (("username", name), ("display_name", name), ("password1", PASSWORD),
                         ("password2", PASSWORD)):  # fmt: skip
        page.fill(f"#id_{field}", value)
    page.click("form.stack-form button[type=submit]")
    page.wait_for_url(f"{url}/lobby/")


def run(url: str, plays: int) -> list[tuple[float, float, int]]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        sign_up(page, url)
        page.locator(QUICK_GERMAN).click()
        times: list[tuple[float, float, int]] = []
        while len(times) < plays:
            page.wait_for_selector("#status-turn.mine, [data-testid=result]", timeout=20000)
            if page.locator("[data-testid=result]").count():  # game over: another one
                page.goto(f"{url}/lobby/")
                page.locator(QUICK_GERMAN).click()
                continue
            result = page.evaluate(PLAY)
            if result:
                times.append(tuple(result))
            page.wait_for_timeout(100)
        browser.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--plays", type=int, default=40)
    args = parser.parse_args(argv)
    if args.plays < 1:
        parser.error("--plays must be at least 1")
    times = run(args.url.rstrip("/"), args.plays)
    for label, i in (("click -> state arrived", 0), ("click -> state drawn", 1)):
        ms = sorted(t[i] for t in times)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"{label:24} median {statistics.median(ms):6.0f} ms  p95 {p95:6.0f} ms"
              f"  max {ms[-1]:6.0f} ms  ({len(ms)} plays)")  # fmt: skip
    drawn_after = sorted(t[1] - t[0] for t in times)
    animating = sum(1 for t in times if t[2])
    print(f"{'state arrived -> drawn':24} max {drawn_after[-1]:6.0f} ms;"
          f" plays drawn while animating: {animating}/{len(times)}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
