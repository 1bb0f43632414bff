// The event page's live part: when the event's version moves, fetch the page again and swap
// in the new standings, rounds and the link to the player's table. A logged-in player's page
// hears of each change through its notices socket, which names the page
// (`?page=event-<id>`: static/js/notices.js, "whist:page" events), and that socket also says
// the player is here (docs/rules.md §5.5). Whenever no socket follows the page (a visitor's
// page; the socket closed, backing off or given up; the page refused), the page polls the
// version: a visitor's every few seconds, a player's more slowly. Neither writes anything.
"use strict";

(function () {
  const live = document.getElementById("event-live");
  if (!live) return;
  const VISITOR_EVERY = 4000;
  const PLAYER_EVERY = 15000; // a player's page while its socket is away

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

  const box = document.getElementById("notice-toasts");
  const player = Boolean(box && box.dataset.ownSocket !== "1");
  let following = false; // a socket has joined this page and tells its changes

  async function poll() {
    if (!following) await check();
    window.setTimeout(poll, player ? PLAYER_EVERY : VISITOR_EVERY);
  }

  if (player) {
    window.addEventListener("whist:page", (event) => {
      const detail = event.detail;
      if (detail.type === "socket_closed") {
        following = false;
        return;
      }
      if (detail.type === "notices_ready") following = Boolean(detail.page);
      const version = detail.version;
      if (version === undefined || version === null || String(version) !== live.dataset.version) {
        check();
      }
    });
  }
  window.setTimeout(poll, player ? PLAYER_EVERY : VISITOR_EVERY);
})();
