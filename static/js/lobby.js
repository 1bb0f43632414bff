// The lobby: keeps the player's own tables, the open tables, the games in play and the count of
// players current from the /ws/lobby/ socket (docs/protocol.md).

import { botName, gameName, rulesSummary, statusName } from "./labels.js";

const fmt = (s, obj) => window.interpolate(s, obj, true);
const lists = document.getElementById("table-lists");
const live = document.getElementById("lobby-live");
const loggedIn = lists.dataset.authenticated === "1";
const RESYNC_MS = 30000; // players come and go without a table changing: count them again

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
  const name = seat.bot ? `${gettext("Bot")} (${botName(seat.bot)})` : seat.name;
  if (!name) return node("span", "chip chip-open", gettext("open seat"));
  const chip = node("span", seat.bot ? "chip chip-bot" : "chip", name);
  chip.title = name; // long names end in an ellipsis
  return chip;
}

/** How far a game in play has got, in words (games/views.py stage_text says the same). */
export function stageText(table) {
  const s = table.stage;
  if (!s) return "";
  if (table.game === "knockout") return fmt(gettext("Round %(round)s of %(rounds)s · %(left)s players in"), s);
  if (table.game === "whist") return fmt(gettext("Deal %(deal)s · points %(a)s–%(b)s"), { deal: s.deal, a: s.scores[0], b: s.scores[1] });
  const half = s.half === 1 ? gettext("first half") : gettext("second half");
  return s.games === 1 ? half : fmt(gettext("Game %(game)s of %(games)s · %(half)s"), { ...s, half });
}

function tableUrl(table) {
  return lists.dataset.tableUrl.replace("/0/", `/${table.id}/`);
}

function link(text, cls, href) {
  const a = node("a", cls, text);
  a.href = href;
  return a;
}

function actions(table, mine) {
  const box = node("div", "actions");
  if (mine) {
    box.appendChild(link(gettext("Back to the table"), "button button-primary", tableUrl(table)));
    return box;
  }
  const free = table.seats.some((s) => !s.name && !s.bot);
  if (table.status === "open" && loggedIn && free) {
    const form = node("form", "inline-form");
    form.method = "post";
    form.action = lists.dataset.sitUrl.replace("/0/", `/${table.id}/`);
    form.appendChild(document.getElementById("csrf-template").content.firstElementChild.cloneNode(true));
    form.appendChild(node("button", "button button-primary", gettext("Sit down")));
    box.appendChild(form);
  }
  box.appendChild(link(gettext("Watch"), "button", tableUrl(table)));
  return box;
}

function row(table, mine = false) {
  const li = node("li", mine ? "table-row mine" : "table-row");
  li.dataset.table = table.id;
  const info = node("div", "table-row-info");
  const h = node("h3", null, `${gameName(table.game)} `);
  h.appendChild(badge("badge-live", statusName(table.status)));
  if (table.private) h.appendChild(badge("badge-private", gettext("private")));
  if (table.rated) h.appendChild(badge("badge-rated", gettext("rated")));
  if (table.my_turn) h.appendChild(badge("badge-turn", gettext("your turn")));
  info.appendChild(h);
  const stage = stageText(table);
  if (stage) info.appendChild(node("div", "table-stage", stage));
  info.appendChild(node("div", "table-meta", rulesSummary(table)));
  const chips = node("div", "seat-chips");
  table.seats.forEach((s) => chips.appendChild(seatChip(s)));
  info.appendChild(chips);
  li.append(info, actions(table, mine));
  return li;
}

function fill(id, tables, empty, mine = false) {
  const list = document.getElementById(id);
  if (!list) return;
  list.replaceChildren(...tables.map((t) => row(t, mine)));
  if (!tables.length) list.appendChild(node("li", "empty", empty));
}

function renderTables(msg) {
  fill("table-list", msg.tables.filter((t) => t.status === "open"), gettext("No open tables right now. Create one, or use quick play."));
  fill("playing-list", msg.tables.filter((t) => t.status === "playing"), gettext("No public games are being played right now."));
  if (msg.online) {
    const players = fmt(ngettext("%(n)s player at a table right now", "%(n)s players at tables right now", msg.online.players), { n: msg.online.players });
    const games = fmt(ngettext("%(n)s game in play", "%(n)s games in play", msg.online.games), { n: msg.online.games });
    document.getElementById("lobby-online").textContent = `${players} · ${games}`;
  }
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
    else if (msg.type === "mine") fill("mine-list", msg.tables, gettext("You are not sitting at any table. Quick play, create a table, or sit down below."), true);
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
    setTimeout(() => connect(event.code === 4000 ? 1000 : Math.min(delay * 2, 15000)), delay);
  };
}

connect();
