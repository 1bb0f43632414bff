// The event page's live part: poll its version every few seconds; when it changed, fetch the
// page again and swap in the new standings, rounds and the link to the player's table. The
// page's notices socket (`?page=event-<id>`: static/js/notices.js) says the player is here
// (docs/rules.md §5.5); the poll writes nothing.
"use strict";

(function () {
  const live = document.getElementById("event-live");
  if (!live) return;
  const EVERY = 4000;

  async function refresh() {
    const page = await fetch(window.location.href, { credentials: "same-origin" });
    if (!page.ok) return;
    const doc = new DOMParser().parseFromString(await page.text(), "text/html");
    const fresh = doc.getElementById("event-live");
    if (fresh) {
      live.replaceChildren(...Array.from(fresh.childNodes, (n) => document.importNode(n, true)));
      live.dataset.version = fresh.dataset.version;
    }
  }

  async function poll() {
    try {
      const answer = await fetch(live.dataset.liveUrl, { credentials: "same-origin" });
      if (answer.ok) {
        const data = await answer.json();
        if (String(data.version) !== live.dataset.version) await refresh();
      }
    } catch (error) {
      // offline for a moment: the next poll tries again
    }
    window.setTimeout(poll, EVERY);
  }

  window.setTimeout(poll, EVERY);
})();
