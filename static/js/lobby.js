// The lobby: the player's own tables, and one page of the public tables the filter picks,
// kept current from the /ws/lobby/ socket (docs/protocol.md, "Lobby socket"). The server
// renders every row (games/sockets/lobby_rows.py, the same template as the first page load) and
// sends the whole page only on connect, on `list` and when the page asks after a gap;
// otherwise one `row` per change (added, changed, gone), each saying the version it
// applies to (`since`). The page asks again (`resync`) only when a row does not follow on
// from what it holds.

import { CROWDED, CROWDED_CAP_MS, CROWDED_MS, FIRST_MS, jittered, nextDelay } from "./reconnect.js";

const live = document.getElementById("lobby-live");
const filterForm = document.getElementById("lobby-filter");
const lists = { open: "table-list", playing: "playing-list" };
const page = { version: -1, limit: 30, filter: readFilter(), before: null, asked: 0 };
let socket = null;

function readFilter() {
  const form = new FormData(filterForm);
  return { game: form.get("game") || null, seats: form.has("seats"), rated: form.has("rated") };
}

function query(filter, before) {
  const params = new URLSearchParams();
  if (filter.game) params.set("game", filter.game);
  if (filter.seats) params.set("seats", "1");
  if (filter.rated) params.set("rated", "1");
  if (before) params.set("before", String(before));
  return params.toString();
}

function rowNode(html) {
  return document.createRange().createContextualFragment(html).firstElementChild;
}

function markEmpty(list) {
  const rows = list.querySelectorAll("li.table-row").length;
  const empty = list.querySelector("li.empty");
  if (rows && empty) empty.remove();
  if (!rows && !empty) {
    const item = document.createElement("li");
    item.className = "empty";
    item.textContent = list.dataset.empty;
    list.appendChild(item);
  }
}

// The player's own tables are listed once, under "Your tables", never again among the public ones.
function mineIds() {
  return new Set([...document.querySelectorAll("#mine-list li.table-row")].map((r) => r.dataset.table));
}

function fill(id, tables) {
  const list = document.getElementById(id);
  if (!list) return;
  const mine = id === "mine-list" ? new Set() : mineIds();
  list.replaceChildren(...tables.filter((t) => !mine.has(String(t.id))).map((t) => rowNode(t.html)));
  markEmpty(list);
  if (id === "mine-list") for (const own of mineIds()) removeRow(own);
}

function shownRows() {
  return [...document.querySelectorAll("#table-list li.table-row, #playing-list li.table-row")];
}

function removeRow(id) {
  for (const row of shownRows()) if (row.dataset.table === String(id)) row.remove();
}

// Newest first: a row goes before the first row of an older (smaller) table id.
function placeRow(id, status, html) {
  removeRow(id);
  const list = document.getElementById(lists[status]);
  if (!list || mineIds().has(String(id))) return;
  const older = [...list.querySelectorAll("li.table-row")].find((r) => Number(r.dataset.table) < id);
  list.insertBefore(rowNode(html), older || null);
}

function trim() {
  const rows = shownRows().sort((a, b) => Number(a.dataset.table) - Number(b.dataset.table));
  while (rows.length > page.limit) rows.shift().remove();
}

function pager(msg) {
  document.getElementById("page-count").textContent = msg.page_text;
  const newest = document.getElementById("page-newest");
  const older = document.getElementById("page-older");
  newest.hidden = !msg.before;
  older.hidden = !msg.more;
  newest.href = `?${query(page.filter, null)}`;
  const oldest = msg.tables.length ? msg.tables[msg.tables.length - 1].id : null;
  older.href = `?${query(page.filter, oldest)}`;
  older.dataset.before = oldest || "";
}

function renderTables(msg) {
  page.version = msg.version;
  page.limit = msg.limit;
  page.before = msg.before;
  fill("table-list", msg.tables.filter((t) => t.status === "open"));
  fill("playing-list", msg.tables.filter((t) => t.status === "playing"));
  pager(msg);
  if (msg.online_text) document.getElementById("lobby-online").textContent = msg.online_text;
}

function applyRow(msg) {
  if (msg.since !== page.version) return askAgain();
  page.version = msg.version;
  if (msg.op === "gone") removeRow(msg.id);
  else if (msg.op === "added" || msg.op === "changed") placeRow(msg.id, msg.status, msg.html);
  if (msg.op === "added") trim();
  for (const id of Object.values(lists)) markEmpty(document.getElementById(id));
  if (msg.online_text) document.getElementById("lobby-online").textContent = msg.online_text;
}

// A row that does not follow on from the version held: something was missed. Ask for the
// list once (the server answers `current` if this page holds what it last sent).
function askAgain() {
  const now = Date.now();
  if (now - page.asked < 2000) return;
  page.asked = now;
  send({ type: "resync", version: page.version });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function showList(filter, before) {
  page.filter = filter;
  history.replaceState(null, "", `?${query(filter, before)}`);
  send({ type: "list", ...filter, before });
}

// Without an open socket (still connecting, or gone) the form and the pager's links do what
// they do without scripts: the server renders the page asked for.
const socketOpen = () => socket !== null && socket.readyState === WebSocket.OPEN;
filterForm.addEventListener("change", () => {
  if (socketOpen()) showList(readFilter(), null);
});
filterForm.addEventListener("submit", (event) => {
  if (!socketOpen()) return;
  event.preventDefault();
  showList(readFilter(), null);
});
// `data-before`: the oldest row shown, rendered with the page and renewed by every list.
document.getElementById("page-older").addEventListener("click", (event) => {
  if (!socketOpen()) return;
  event.preventDefault();
  showList(page.filter, Number(event.currentTarget.dataset.before) || null);
});
document.getElementById("page-newest").addEventListener("click", (event) => {
  if (!socketOpen()) return;
  event.preventDefault();
  showList(page.filter, null);
});

// The quick-play pool for people (docs/protocol.md, "Lobby socket"): join from the form,
// alone or inviting a partner (a game played in pairs), wait on this socket (closing it
// leaves the pool, and a pair's wait with it), go to the table once seated.
const pool = {
  form: document.getElementById("pool-form"),
  status: document.getElementById("pool-status"),
  join: document.getElementById("pool-join"),
  leave: document.getElementById("pool-leave"),
  invites: document.getElementById("pool-invites"),
  waiting: false,
  pending: false,
};

function poolWaiting(waiting) {
  if (!pool.form) return;
  pool.waiting = waiting;
  pool.join.hidden = waiting;
  pool.leave.hidden = !waiting;
  for (const field of pool.form.querySelectorAll("select, input")) field.disabled = waiting;
}

/** An invitation to wait as partners: its words and two answers, one row per inviter. */
function poolInvited(msg) {
  poolInviteGone(msg.inviter);
  const item = document.createElement("li");
  item.dataset.inviter = msg.inviter;
  const text = document.createElement("span");
  text.textContent = msg.text;
  item.append(text);
  for (const [label, type, gold] of [[gettext("Accept"), "pool_pair_accept", true],
    [gettext("Decline"), "pool_pair_decline", false]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = gold ? "button button-gold" : "button";
    button.textContent = label;
    button.dataset.answer = type;
    button.addEventListener("click", () => {
      send({ type, inviter: msg.inviter });
      poolInviteGone(msg.inviter);
      if (type === "pool_pair_accept") {
        pool.pending = true;
        pool.status.textContent = gettext("Joining the pool…");
      }
    });
    item.append(button);
  }
  pool.invites.append(item);
  pool.invites.hidden = false;
}

function poolInviteGone(inviter) {
  pool.invites.querySelector(`li[data-inviter="${Number(inviter)}"]`)?.remove();
  pool.invites.hidden = !pool.invites.children.length;
}

function poolCounts(msg) {
  for (const item of document.querySelectorAll("#pool-counts li")) {
    const text = msg.text[item.dataset.game];
    if (text) item.querySelector(".pool-count").textContent = text;
  }
}

function poolMessage(msg) {
  if (msg.type === "pool_counts") return poolCounts(msg);
  if (!pool.form) return;
  if (msg.type === "pool_pair_invited") return poolInvited(msg);
  if (msg.type === "pool_pair_withdrawn") return poolInviteGone(msg.inviter);
  if (msg.type === "pool_waiting" || msg.type === "pool_pair_pending") {
    pool.pending = false;
    poolShowLine(msg);
    poolWaiting(true);
    pool.status.textContent = msg.text;
  } else if (msg.type === "pool_seated") {
    pool.status.textContent = gettext("Seated: going to the table…");
    location.assign(msg.url);
  } else if (msg.type === "pool_left") {
    poolWaiting(false);
    pool.status.textContent = msg.message;
  } else if (msg.type === "error" && pool.pending) {
    pool.pending = false;
    poolWaiting(false);
    pool.status.textContent = msg.message;
  }
}

/** Whether the chosen game is played by a number of players to choose (the server says). */
function choosesPlayers() {
  return document.getElementById("pool-game").selectedOptions[0].hasAttribute("data-choose-players");
}

/** Whether the chosen game is played in pairs, so that a partner may be invited. */
function takesPartners() {
  return document.getElementById("pool-game").selectedOptions[0].hasAttribute("data-partners");
}

function showPlayers() {
  document.getElementById("pool-players-field").hidden = !choosesPlayers();
  document.getElementById("pool-partner-field").hidden = !takesPartners();
  document.getElementById("pool-partner-help").hidden = !takesPartners();
}

/** The form shows the line waited in (an accepted invitation's may be another). */
function poolShowLine(msg) {
  if (!msg.game) return;
  document.getElementById("pool-game").value = msg.game;
  if (msg.players) document.getElementById("pool-players").value = String(msg.players);
  document.getElementById("pool-rated").value = msg.rated ? "1" : "0";
  document.getElementById("pool-wait").value = msg.bots_after == null ? "" : String(msg.bots_after);
  if (msg.level) document.getElementById("pool-level").value = msg.level;
  showPlayers();
}

if (pool.form) {
  showPlayers();
  document.getElementById("pool-game").addEventListener("change", showPlayers);
  pool.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = new FormData(pool.form);
    const game = form.get("game");
    const wait = form.get("bots_after");
    const partner = takesPartners() ? String(form.get("partner") || "").trim() : "";
    send({
      type: partner ? "pool_pair_invite" : "pool_join",
      ...(partner ? { partner } : {}),
      game,
      players: choosesPlayers() ? Number(form.get("players")) : null,
      rated: form.get("rated") === "1",
      bots_after: wait ? Number(wait) : null,
      level: form.get("level"),
    });
    pool.pending = true;
    pool.status.textContent = gettext("Joining the pool…");
  });
  pool.leave.addEventListener("click", () => send({ type: "pool_leave" }));
}

let crowded = 0; // the last wait after a 4429 (too many sockets), in ms; 0 once admitted

function connect(delay = 1000) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const here = new URLSearchParams(location.search).get("before");
  // pool=1: this page shows the quick-play pool, so the socket sends its counts too.
  const url = `${scheme}://${location.host}/ws/lobby/?${query(page.filter, here)}&pool=1`;
  socket = new WebSocket(url);
  socket.onopen = () => {
    live.textContent = gettext("Open tables update live.");
    delay = 1000;
  };
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "tables") {
      crowded = 0; // admitted: a later 4429 starts its waits afresh
      renderTables(msg);
    } else if (msg.type === "row") applyRow(msg);
    else if (msg.type === "mine") fill("mine-list", msg.tables);
    else if (msg.type.startsWith("pool_") || msg.type === "error") poolMessage(msg);
    else if (msg.type === "notice" || msg.type === "notice_count") {
      // The header's notifications (static/js/notices.js): this page's one socket carries them.
      window.dispatchEvent(new CustomEvent("whist:notice", { detail: msg }));
    }
  };
  socket.onclose = (event) => {
    poolWaiting(false); // the server dropped the wait with the socket
    // Invitations come again with the next socket.
    for (const item of [...(pool.invites?.children || [])]) poolInviteGone(item.dataset.inviter);
    // Logged out or banned elsewhere: the page itself says what changed.
    if (event.code === 4401) return location.reload();
    if (event.code === CROWDED) {
      live.textContent = gettext("Too many open connections: close a tab or two; trying again shortly.");
      crowded = crowded ? nextDelay(crowded, CROWDED_CAP_MS) : CROWDED_MS;
      setTimeout(() => connect(delay), jittered(crowded));
      return;
    }
    live.textContent = gettext("Connection lost; reconnecting…");
    setTimeout(() => connect(event.code === 4000 ? FIRST_MS : nextDelay(delay, 15000)), jittered(delay));
  };
}

connect();
