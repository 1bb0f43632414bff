// The side panels and status line: whose turn, clock, presence, game info, scores, last trick.

import { cardName } from "./cardnames.js";
import { namedFace } from "./cards.js";
import { fmt, node } from "./dom.js";
import { seatName } from "./felt.js";
import { suitName } from "./labels.js";
import { myStandIn } from "./seatcontrol.js";

function names(app, seats) {
  return seats.map((s) => seatName(app, s)).join(", ");
}

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

export function renderStatus(app) {
  if (!app.msg) return;
  const turn = document.getElementById("status-turn");
  const view = app.msg.view;
  turn.textContent = turnText(app);
  turn.classList.toggle("mine", isMyTurn(app));
  const [clock, low] = clockText(app.msg.table);
  const clockEl = document.getElementById("status-clock");
  clockEl.textContent = clock;
  clockEl.classList.toggle("low", low);
  document.getElementById("status-away").textContent = presenceText(app);
}

function line(text) {
  return node("p", null, text);
}

function knockoutInfo(app, view) {
  const out = [line(fmt(ngettext("Round %(round)s of %(rounds)s · %(n)s card", "Round %(round)s of %(rounds)s · %(n)s cards", view.hand_size), { round: view.round, rounds: view.rounds, n: view.hand_size }))];
  if (view.out.length) out.push(line(`${gettext("Out")}: ${names(app, view.out)}`));
  if (view.dogs_life.length) out.push(line(`${gettext("On a dog's life")}: ${names(app, view.dogs_life)}`));
  if (view.chooser !== null && ["trump", "vote"].includes(view.phase)) out.push(line(`${gettext("Chooses trump")}: ${seatName(app, view.chooser)}`));
  if (view.cuts) {
    const cuts = view.cuts.map(([s, c]) => fmt(gettext("%(name)s cut the %(card)s"), { name: seatName(app, s), card: cardName(c) }));
    out.push(line(`${gettext("Cut for the choice of trump")}: ${cuts.join("; ")}.`));
  }
  if (view.votes.length) out.push(line(`${gettext("Votes")}: ${view.votes.map(([s, u]) => `${seatName(app, s)} ${suitName(u)}`).join(", ")}`));
  if (view.exchanged.length) out.push(line(`${gettext("Exchanged")}: ${view.exchanged.map(([s, n]) => `${seatName(app, s)} ${n}`).join(", ")}`));
  return out;
}

function whistInfo(app, view) {
  const out = [line(fmt(gettext("Deal %(n)s · dealer %(name)s"), { n: view.deal + 1, name: seatName(app, view.dealer) }))];
  out.push(line(fmt(ngettext("Game to %(n)s point", "Game to %(n)s points", view.options.target), { n: view.options.target })));
  const turned = { name: seatName(app, view.dealer), card: view.turned ? cardName(view.turned) : "" };
  if (view.turned && view.turned_up) out.push(line(fmt(gettext("The dealer, %(name)s, turned up the %(card)s."), turned)));
  else if (view.turned) out.push(line(fmt(gettext("The dealer, %(name)s, holds the turned card, the %(card)s."), turned)));
  return out;
}

function germanInfo(app, view) {
  const half = view.half === 1
    ? gettext("First half: the winner of a trick takes the face-up card")
    : gettext("Second half: only these 13 tricks count");
  const games = view.options.games;
  if (games === 1) return [line(half)];
  // The game in play, or after the match the last one played (never "game 2 of up to 1").
  const n = Math.min(view.phase === "over" ? view.games.length : view.games.length + 1, games);
  return [line(half), line(fmt(gettext("Game %(n)s of a match of up to %(games)s games."), { n, games }))];
}

function renderInfo(app) {
  const box = document.getElementById("info");
  const view = app.msg.view;
  if (!view) {
    box.replaceChildren(line(gettext("The cards are dealt when every seat is taken and the game starts.")));
    return;
  }
  // By the game's stages (games.engine.descriptors): rounds, deals by side, or games of a match.
  const build = { rounds: knockoutInfo, deals: whistInfo, games: germanInfo }[app.facts.stages];
  box.replaceChildren(...build(app, view));
}

function table(headers, rows) {
  const tbl = node("table");
  const head = node("tr");
  headers.forEach((h, i) => head.appendChild(node("th", i ? "num" : "", h)));
  tbl.appendChild(head);
  for (const row of rows) {
    const tr = node("tr");
    row.forEach((cell, i) => {
      // A team is its name over its players' names; names wrap, never cut.
      const td = node("td", i ? "num" : "", Array.isArray(cell) ? cell[0] : String(cell));
      if (Array.isArray(cell)) cell[1].forEach((name) => td.appendChild(node("span", "team-names", name)));
      tr.appendChild(td);
    });
    tbl.appendChild(tr);
  }
  return tbl;
}

function knockoutScores(app, view) {
  const rows = [];
  for (let s = 0; s < view.players; s++) {
    let state = view.out.includes(s) ? gettext("out") : gettext("in");
    if (view.dogs_life.includes(s)) state = gettext("dog's life");
    rows.push([seatName(app, s), view.tricks[s], state]);
  }
  return [table([gettext("Player"), gettext("Tricks"), gettext("Status")], rows)];
}

function whistScores(app, view) {
  const [a, b] = app.facts.partnerships;
  const teams = [[gettext("Team A"), a], [gettext("Team B"), b]].map(([t, s]) => [t, s.map((x) => seatName(app, x))]);
  const rows = [0, 1].map((i) => [teams[i], view.scores[i], view.side_tricks[i], view.wins[i]]);
  const out = [table([gettext("Team"), gettext("Points"), gettext("Tricks"), gettext("Games")], rows)];
  const last = view.last_outcome;
  if (last && last.points) {
    let text = fmt(gettext("Last deal: %(a)s – %(b)s tricks, %(pa)s – %(pb)s points"), {
      a: last.tricks[0], b: last.tricks[1], pa: last.points[0], pb: last.points[1],
    });
    if (last.honours && (last.honours[0] || last.honours[1])) {
      text += ` · ${fmt(gettext("honours %(a)s – %(b)s"), { a: last.honours[0], b: last.honours[1] })}`;
    }
    out.push(node("p", "help", text));
  }
  if (view.games.length) {
    const sheet = view.games.map((g, i) => [fmt(gettext("Game %(n)s"), { n: i + 1 }), g[0], g[1]]);
    out.push(node("p", "help", view.options.rubber ? gettext("Rubber sheet") : gettext("Games")));
    out.push(table(["", gettext("Team A"), gettext("Team B")], sheet));
  }
  return out;
}

function germanScores(app, view) {
  const rows = [0, 1].map((s) => [seatName(app, s), view.tricks[s], view.wins[s]]);
  const out = [table([gettext("Player"), view.half === 1 ? gettext("Tricks (1st half)") : gettext("Tricks"), gettext("Games")], rows)];
  if (view.games.length) {
    const sheet = view.games.map((g, i) => [fmt(gettext("Game %(n)s"), { n: i + 1 }), g[0], g[1]]);
    out.push(table(["", seatName(app, 0), seatName(app, 1)], sheet));
  }
  return out;
}

function renderScores(app) {
  const box = document.getElementById("scores");
  const view = app.msg.view;
  if (!view) {
    box.replaceChildren(line("–"));
    return;
  }
  const build = { rounds: knockoutScores, deals: whistScores, games: germanScores }[app.facts.stages];
  box.replaceChildren(...build(app, view));
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
