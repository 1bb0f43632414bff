// The side panels and status line: whose turn, clock, presence, game info, scores, last trick.

import { namedFace } from "./cards.js";
import { fmt, node } from "./dom.js";
import { seatName } from "./felt.js";
import { blockNodes, tableContext } from "./present.js";
import { myStandIn } from "./seatcontrol.js";

function myTurnText(view) {
  const kinds = new Set(view.legal.map((a) => a.action));
  if (kinds.has("trump")) return gettext("Your turn: choose trump");
  if (kinds.has("vote")) return gettext("Your turn: vote for trump");
  if (kinds.has("exchange")) return gettext("Your turn: exchange cards");
  if (kinds.has("knock")) return gettext("Your turn: play your card or knock");
  return gettext("Your turn: play a card");
}

function otherTurnText(app, view) {
  const name = seatName(app, view.to_act);
  const phase = {
    trump: gettext("%(name)s is choosing trump"),
    vote: gettext("%(name)s is voting for trump"),
    exchange: gettext("%(name)s is exchanging cards"),
  }[view.phase];
  return fmt(phase || gettext("Waiting for %(name)s"), { name });
}

function turnText(app) {
  const { table, view } = app.msg;
  if (app.flashed && Date.now() < app.flashed.until) return app.flashed.text; // an error (table.js's flash)
  if (table.status === "open" || !view) {
    const taken = table.seats.filter((s) => s.name || s.bot).length;
    if (taken === table.players) return gettext("Every seat is taken: ready to start");
    return fmt(gettext("Waiting for players: %(taken)s of %(n)s seats taken"), { taken, n: table.players });
  }
  if (table.status !== "playing" || view.phase === "over") return gettext("Game over");
  if (app.hold) return fmt(gettext("%(name)s takes the trick"), { name: seatName(app, app.hold.trick.winner) });
  if (app.pending) return gettext("Sending…");
  if (myStandIn(app) === "away" && view.to_act === app.msg.seat) return gettext("A bot is playing your turn.");
  if (view.to_act === app.msg.seat && view.legal.length && !myStandIn(app)) return myTurnText(view);
  return otherTurnText(app, view);
}

function clockText(table) {
  if (!table.deadline || table.status !== "playing") return ["", false];
  const left = Math.max(0, Math.round((Date.parse(table.deadline) - Date.now()) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return [fmt(gettext("time left %(time)s"), { time: text }), left <= 10];
}

function presenceText(app) {
  const { table, view } = app.msg;
  const resigned = (view && view.resigned) || [];
  // The viewer's own seat has its own banner (seatcontrol.js); resigned players are not away.
  const others = table.seats.filter((s) => !s.bot && s.index !== app.msg.seat && !resigned.includes(s.index));
  const away = others.filter((s) => s.away).map((s) => s.name);
  const gone = others.filter((s) => s.name && !s.away && s.connected === false).map((s) => s.name);
  const parts = [];
  if (away.length) parts.push(fmt(gettext("A bot is playing for %(names)s while they are away."), { names: away.join(", ") }));
  if (gone.length && table.status === "playing") parts.push(fmt(gettext("%(names)s lost the connection."), { names: gone.join(", ") }));
  return parts.join(" ");
}

/** The viewer is to act and no bot plays for them. */
export function isMyTurn(app) {
  const view = app.msg && app.msg.view;
  return Boolean(view && app.msg.table.status === "playing" && view.to_act === app.msg.seat && view.legal.length && !myStandIn(app));
}

/** An element's text, written only when it changes: the status line is redrawn every second,
 * and a text written again, even unchanged, costs the page a layout and a repaint. */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

export function renderStatus(app) {
  if (!app.msg) return;
  const turn = document.getElementById("status-turn");
  setText(turn, turnText(app));
  turn.classList.toggle("mine", isMyTurn(app));
  const [clock, low] = clockText(app.msg.table);
  const clockEl = document.getElementById("status-clock");
  setText(clockEl, clock);
  clockEl.classList.toggle("low", low);
  setText(document.getElementById("status-away"), presenceText(app));
}

function line(text) {
  return node("p", null, text);
}

function renderInfo(app) {
  const box = document.getElementById("info");
  const view = app.msg.view;
  if (!view) {
    box.replaceChildren(line(gettext("The cards are dealt when every seat is taken and the game starts.")));
    return;
  }
  box.replaceChildren(...blockNodes(tableContext(app), view.present.info));
}

function renderScores(app) {
  const box = document.getElementById("scores");
  const view = app.msg.view;
  if (!view) {
    box.replaceChildren(line("–"));
    return;
  }
  box.replaceChildren(...blockNodes(tableContext(app), view.present.scores));
}

function renderLastTrick(app) {
  const box = document.getElementById("last-trick");
  const trick = app.msg.view && app.msg.view.last_trick;
  if (!trick) {
    box.replaceChildren(node("span", "empty", gettext("No trick yet.")));
    return;
  }
  box.replaceChildren(...trick.plays.map(([seat, card]) => {
    const fig = node("figure", seat === trick.winner ? "winner" : "");
    fig.appendChild(namedFace(card));
    const caption = node("figcaption", null, seatName(app, seat));
    fig.appendChild(caption);
    return fig;
  }));
}

export function renderPanels(app) {
  renderInfo(app);
  renderScores(app);
  renderLastTrick(app);
}
