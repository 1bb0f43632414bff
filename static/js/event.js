// The event page's live part: when the event's version moves, fetch the page again and swap
// in the new standings, rounds and the link to the player's table. A logged-in player's page
// hears of each change through its notices socket, which names the page
// (`?page=event-<id>`: static/js/notices.js, "whist:page" events), and that socket also says
// the player is here (docs/rules.md §5.5); a visitor's page, with no socket, polls the
// version every few seconds. Neither writes anything.
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

  async function check() {
    try {
      const answer = await fetch(live.dataset.liveUrl, { credentials: "same-origin" });
      if (answer.ok) {
        const data = await answer.json();
        if (String(data.version) !== live.dataset.version) await refresh();
      }
    } catch (error) {
      // offline for a moment: the next change or poll looks again
    }
  }

  async function poll() {
    await check();
    window.setTimeout(poll, EVERY);
  }

  const socket = document.getElementById("notice-toasts");
  if (socket && socket.dataset.ownSocket !== "1") {
    window.addEventListener("whist:page", (event) => {
      const version = event.detail.version;
      if (version === undefined || version === null || String(version) !== live.dataset.version) {
        check();
      }
    });
  } else {
    window.setTimeout(poll, EVERY);
  }
})();
