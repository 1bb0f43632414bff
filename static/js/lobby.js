// The lobby: keeps the list of open tables current from the /ws/lobby/ socket.

import { botName, gameName, rulesSummary, statusName } from "./labels.js";

const list = document.getElementById("table-list");
const live = document.getElementById("lobby-live");
const loggedIn = list.dataset.authenticated === "1";

function node(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined) n.textContent = text;
  return n;
}

function badge(cls, text) {
  return node("span", `badge ${cls}`, text);
}

function seatChip(seat) {
  if (seat.bot) return node("span", "chip chip-bot", `${gettext("Bot")} (${botName(seat.bot)})`);
  if (seat.name) return node("span", "chip", seat.name);
  return node("span", "chip chip-open", gettext("open seat"));
}

function csrfInput() {
  return document.getElementById("csrf-template").content.firstElementChild.cloneNode(true);
}

function actions(table) {
  const box = node("div", "actions");
  const free = table.seats.some((s) => !s.name && !s.bot);
  if (table.status === "open" && loggedIn && free) {
    const form = node("form", "inline-form");
    form.method = "post";
    form.action = list.dataset.sitUrl.replace("/0/", `/${table.id}/`);
    form.appendChild(csrfInput());
    form.appendChild(node("button", "button button-primary", gettext("Sit down")));
    box.appendChild(form);
  }
  const watch = node("a", "button", gettext("Watch"));
  watch.href = list.dataset.tableUrl.replace("/0/", `/${table.id}/`);
  box.appendChild(watch);
  return box;
}

function row(table) {
  const li = node("li", "table-row");
  li.dataset.table = table.id;
  const info = node("div");
  const h = node("h3", null, `${gameName(table.game)} `);
  h.appendChild(badge("badge-live", statusName(table.status)));
  if (table.private) h.appendChild(badge("badge-private", gettext("private")));
  if (table.rated) h.appendChild(badge("badge-rated", gettext("rated")));
  info.appendChild(h);
  info.appendChild(node("div", "table-meta", rulesSummary(table)));
  const chips = node("div", "seat-chips");
  table.seats.forEach((s) => chips.appendChild(seatChip(s)));
  info.appendChild(chips);
  li.appendChild(info);
  li.appendChild(actions(table));
  return li;
}

function render(tables) {
  list.replaceChildren(...tables.map(row));
  if (!tables.length) list.appendChild(node("li", "empty", gettext("No open tables right now. Create one, or press Play now.")));
}

function connect(delay = 1000) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/`);
  socket.onopen = () => { live.textContent = gettext("Open tables update live."); delay = 1000; };
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "tables") render(msg.tables);
  };
  socket.onclose = (event) => {
    // Logged out or banned elsewhere: the page itself says what changed.
    if (event.code === 4401) return location.reload();
    if (event.code === 4429) {
      live.textContent = gettext("Too many open connections: close a tab or two, then reload.");
      return;
    }
    live.textContent = gettext("Connection lost; reconnecting…");
    setTimeout(() => connect(event.code === 4000 ? 1000 : Math.min(delay * 2, 15000)), delay);
  };
}

connect();
