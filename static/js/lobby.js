// The lobby: keeps the player's own tables, the open tables, the games in play and the count of
// players current from the /ws/lobby/ socket (docs/protocol.md). The server renders every row
// (games/lobby_rows.py, the same template as the first page load); this only puts them in place.

import { FIRST_MS, jittered, nextDelay } from "./reconnect.js";

const live = document.getElementById("lobby-live");
const RESYNC_MS = 30000; // players come and go without a table changing: count them again

function fill(id, tables) {
  const list = document.getElementById(id);
  if (!list) return;
  const rows = tables.map((t) => document.createRange().createContextualFragment(t.html));
  list.replaceChildren(...rows);
  if (!tables.length) {
    const empty = document.createElement("li");
    empty.className = "empty";
    empty.textContent = list.dataset.empty;
    list.appendChild(empty);
  }
}

function renderTables(msg) {
  fill("table-list", msg.tables.filter((t) => t.status === "open"));
  fill("playing-list", msg.tables.filter((t) => t.status === "playing"));
  if (msg.online_text) document.getElementById("lobby-online").textContent = msg.online_text;
}

function connect(delay = 1000) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/`);
  let timer = null;
  socket.onopen = () => {
    live.textContent = gettext("Open tables update live.");
    delay = 1000;
    timer = setInterval(() => socket.send(JSON.stringify({ type: "resync" })), RESYNC_MS);
  };
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "tables") renderTables(msg);
    else if (msg.type === "mine") fill("mine-list", msg.tables);
  };
  socket.onclose = (event) => {
    clearInterval(timer);
    // Logged out or banned elsewhere: the page itself says what changed.
    if (event.code === 4401) return location.reload();
    if (event.code === 4429) {
      live.textContent = gettext("Too many open connections: close a tab or two, then reload.");
      return;
    }
    live.textContent = gettext("Connection lost; reconnecting…");
    setTimeout(() => connect(event.code === 4000 ? FIRST_MS : nextDelay(delay, 15000)), jittered(delay));
  };
}

connect();
