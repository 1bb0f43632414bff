// What a finished round or deal decided, shown on the felt before the next hand: Knockout's
// tricks, who is out, who is on a dog's life and who chooses trump; Whist's points, honours
// and games; German Whist's first half when the second half starts.

import { button, fmt, node } from "./dom.js";
import { seatName } from "./felt.js";

export const ROUND_PAUSE_MS = 2500; // the round's last trick stays this long (a trick: 1200)
export const SUMMARY_MS = 8000; // then the summary, until Continue or this long

/** The summary the change from `before` to `view` calls for, or null; `stages` is the game's
 *  (facts.stages): a round ends (Knockout), a deal (Whist), or a game's first half (German). */
export function summaryOf(stages, before, view, status) {
  if (!before || !view || before.game !== view.game || status !== "playing") return null;
  const outcome = view.last_outcome;
  if (stages === "rounds" && before.deal !== view.deal && outcome) {
    return { stages, round: before.round, outcome, view, tricks: outcome.tricks };
  }
  if (stages === "deals" && before.deal !== view.deal && outcome && outcome.points) {
    return { stages, deal: before.deal + 1, outcome, view };
  }
  if (stages === "games" && before.half === 1 && view.half === 2 && before.deal === view.deal) {
    const tricks = [...before.tricks];
    if (view.last_trick) tricks[view.last_trick.winner] += 1; // the half's 13th trick
    return { stages, tricks, view };
  }
  return null;
}

function line(text, testid) {
  const p = node("p", null, text);
  if (testid) p.dataset.testid = testid;
  return p;
}

function names(app, seats) {
  return seats.map((s) => seatName(app, s)).join(", ");
}

function grid(headers, rows) {
  const table = node("table", "summary-table");
  const head = node("tr");
  headers.forEach((h, i) => head.appendChild(node("th", i ? "num" : "", h)));
  table.appendChild(head);
  for (const row of rows) {
    const tr = node("tr");
    row.forEach((cell, i) => tr.appendChild(node("td", i ? "num" : "name", String(cell))));
    table.appendChild(tr);
  }
  return table;
}

function knockoutSummary(app, s) {
  const { outcome, view } = s;
  const rows = [];
  outcome.tricks.forEach((n, seat) => {
    if ((view.out || []).includes(seat) && !outcome.out.includes(seat)) return; // out before this round
    let state = gettext("in");
    if (outcome.out.includes(seat)) state = gettext("out");
    else if (outcome.dogs_life.includes(seat)) state = gettext("dog's life");
    rows.push([seatName(app, seat), n, state]);
  });
  const box = [
    node("h2", null, fmt(gettext("Round %(n)s is over"), { n: s.round })),
    grid([gettext("Player"), gettext("Tricks"), gettext("Status")], rows),
  ];
  if (outcome.out.length) box.push(line(`${gettext("Knocked out")}: ${names(app, outcome.out)}`, "summary-out"));
  else box.push(line(gettext("Nobody is knocked out."), "summary-out"));
  if (outcome.dogs_life.length) box.push(line(`${gettext("On a dog's life")}: ${names(app, outcome.dogs_life)}`));
  if (view.chooser !== null && view.chooser !== undefined && ["trump", "vote"].includes(view.phase)) {
    const who = view.chooser === app.msg.seat ? gettext("you") : seatName(app, view.chooser);
    box.push(line(fmt(gettext("%(name)s chooses trump for round %(n)s."), { name: who, n: view.round }), "summary-chooser"));
  } else if (view.trump) {
    box.push(line(fmt(ngettext("Round %(n)s: %(cards)s card each.", "Round %(n)s: %(cards)s cards each.", view.hand_size), { n: view.round, cards: view.hand_size })));
  }
  return box;
}

function whistSummary(app, s) {
  const { outcome, view } = s;
  const [a, b] = app.facts.partnerships;
  const teams = [`${gettext("Team A")}: ${names(app, a)}`, `${gettext("Team B")}: ${names(app, b)}`];
  const rows = [0, 1].map((i) => [teams[i], outcome.tricks[i], outcome.points[i], outcome.honours[i], outcome.score[i]]);
  const box = [
    node("h2", null, fmt(gettext("Deal %(n)s is over"), { n: s.deal })),
    grid([gettext("Team"), gettext("Tricks"), gettext("Points"), gettext("Honours"), gettext("Score")], rows),
  ];
  if (view.options.rubber) {
    box.push(line(fmt(gettext("Rubber: games won %(a)s – %(b)s (two games win it)."), { a: view.wins[0], b: view.wins[1] }), "summary-games"));
  } else if (view.games.length) {
    box.push(line(fmt(gettext("Games won: %(a)s – %(b)s"), { a: view.wins[0], b: view.wins[1] }), "summary-games"));
  }
  box.push(line(fmt(ngettext("Game to %(n)s point", "Game to %(n)s points", view.options.target), { n: view.options.target })));
  return box;
}

function germanSummary(app, s) {
  const rows = s.tricks.map((n, seat) => [seatName(app, seat), n]);
  return [
    node("h2", null, gettext("The first half is over")),
    grid([gettext("Player"), gettext("Tricks (1st half)")], rows),
    line(gettext("The talon is used up: the second half's 13 tricks decide the game.")),
  ];
}

/** The summary dialog's content, or null when there is none to show now. */
export function summaryDialog(app) {
  const s = app.summary;
  if (!s || Date.now() >= s.until) return null;
  const build = { rounds: knockoutSummary, deals: whistSummary, games: germanSummary }[s.stages];
  const box = build(app, s);
  const next = button(gettext("Continue"), "button-primary", () => {
    app.summary = null;
    app.render();
  });
  next.dataset.testid = "summary-continue";
  const actions = node("div", "actions");
  actions.appendChild(next);
  box.push(actions);
  return box;
}
