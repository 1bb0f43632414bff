// The replay viewer: steps through the frames the server's engine made (no rules here),
// with the keyboard (arrows, Shift+arrows or Up/Down, Home/End), buttons and a deal menu,
// and shows the stored analysis of each decision when it is switched on.
import { cardFace, rankLabel, setFront, suitIcon } from "./cards.js";
import { fmt } from "./dom.js";
import { suitName } from "./labels.js";
import { say } from "./present.js";

const data = JSON.parse(document.getElementById("replay-data").textContent);
const frames = data.frames;
const $ = (id) => document.getElementById(id);
setFront($("replay").dataset.front); // the player's chosen card front, as at the table
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const view = { index: 0, analysisOn: false, analysis: null, status: "none", timer: null };
window.whistReplay = view;
view.count = frames.length;

function node(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

// Seats of the same name (bots of one level) are told apart by their seat number.
const repeated = (n) => data.names.filter((m) => m === n).length > 1;
const name = (seat) => {
  const base = data.names[seat] ?? fmt(gettext("Seat %(n)s"), { n: seat });
  return repeated(base) ? `${base} ${seat + 1}` : base;
};
const cardText = (code) => rankLabel(code[0]) + SYMBOL[code[1]];

function cardNode(code, cls = "") {
  const wrap = node("span", `rcard ${cls}`.trim());
  wrap.dataset.card = code;
  wrap.title = cardText(code);
  wrap.appendChild(cardFace(code));
  return wrap;
}

// The game's words come from the engine (games.engine.presentation, present.js).
const ctx = { texts: data.facts.texts, name, me: null, cardIndex: (code) => cardText(code) };
const present = data.facts.present;

function dealLabel(frame) {
  return fmt(say(ctx, { key: present.stage }), { n: frame.deal + 1 });
}

// ---- what happened -------------------------------------------------------------

function eventText(frame) {
  const e = frame.event;
  if (frame.kind === "deal") return fmt(gettext("%(deal)s: %(name)s deals"), { deal: dealLabel(frame), name: name(frame.dealer) });
  const who = { name: name(e.seat) };
  let text = {
    play: () => fmt(gettext("%(name)s plays %(card)s"), { ...who, card: cardText(e.card) }),
    knock: () => fmt(gettext("%(name)s knocks and keeps the card"), who),
    trump: () => fmt(gettext("%(name)s chooses trump: %(suit)s"), { ...who, suit: suitName(e.suit) }),
    vote: () => fmt(gettext("%(name)s votes for %(suit)s"), { ...who, suit: suitName(e.suit) }),
    exchange: () => fmt(gettext("%(name)s discards %(cards)s"), { ...who, cards: e.discard.map(cardText).join(" ") || gettext("nothing") }),
    resign: () => fmt(gettext("%(name)s resigns"), who),
    takeback: () => fmt(gettext("%(name)s takes back the last card, as the others agreed"), who),
    hint: () => fmt(gettext("%(name)s asks for a hint: the Expert would play %(card)s"), { ...who, card: cardText(e.card) }),
    claim: () => e.refused
      ? fmt(gettext("%(name)s claims %(tricks)s of the tricks left; the solver refuses it"), { ...who, tricks: e.tricks })
      : fmt(gettext("%(name)s claims %(tricks)s of the tricks left, and the solver proves it"), { ...who, tricks: e.tricks }),
  }[e.action]();
  if (frame.drawn.length) {
    const drawn = frame.drawn.map(([s, c]) => fmt(gettext("%(name)s draws %(card)s"), { name: name(s), card: cardText(c) }));
    text += ". " + drawn.join(", ");
  }
  if (frame.kind === "end") text += ". " + (frame.result ? resultText(frame.result) : gettext("The deal is over."));
  return text;
}

function resultText(result) {
  if (!result.winners.length) return gettext("Game over: a draw.");
  const names = result.winners.map(name);
  return fmt(ngettext("Game over: %(names)s won.", "Game over: %(names)s won.", names.length),
    { names: names.join(" & ") });
}

// ---- the board -----------------------------------------------------------------

function seatPanel(frame, seat) {
  const panel = node("section", "rseat");
  panel.dataset.seat = seat;
  if (frame.to_act === seat) panel.classList.add("to-act");
  const head = node("h3", "rseat-name", name(seat));
  const badges = [];
  if (frame.dealer === seat) badges.push(gettext("dealer"));
  if (frame.out && frame.out.includes(seat)) badges.push(gettext("out"));
  if (frame.dogs_life && frame.dogs_life.includes(seat)) badges.push(gettext("dog's life"));
  if (frame.resigned && frame.resigned.includes(seat)) badges.push(gettext("resigned"));
  for (const b of badges) head.appendChild(node("span", "badge", b));
  head.appendChild(node("span", "rseat-tricks", fmt(gettext("tricks: %(n)s"), { n: frame.tricks[seat] ?? 0 })));
  panel.appendChild(head);
  const hand = node("div", "rhand");
  const advice = adviceFor(frame);
  for (const code of frame.hands[seat]) {
    const card = cardNode(code);
    if (advice && advice.seat === seat) markAdvice(card, code, advice);
    hand.appendChild(card);
  }
  if (!frame.hands[seat].length) hand.appendChild(node("span", "muted", gettext("no cards")));
  panel.appendChild(hand);
  return panel;
}

function markAdvice(card, code, advice) {
  if (advice.best.includes(code)) card.classList.add("best");
  if (advice.played === code) card.classList.add("played");
  if (code in advice.values) card.appendChild(node("span", "rvalue", valueText(advice.values[code], advice)));
}

const CHANCES = new Set(["win_chance", "win_chance_tricks"]);

/** A value as people read it: a chance in per cent, tricks with one decimal when estimated. */
function valueText(value, advice) {
  if (advice.kind === "exact") return String(value);
  if (CHANCES.has(advice.measure)) return `${Math.round(value * 100)}%`;
  return value.toFixed(1);
}

/** The legend: what the numbers on the cards count, in plain words (games/engine/analysis.py). */
function legendText(advice) {
  const measure = advice.measure || (advice.kind === "exact" ? "tricks" : "");
  const text = {
    side_tricks: advice.kind === "exact"
      ? gettext("The number on each card: the tricks your side takes from here to the end of the deal if everyone then plays their best.")
      : gettext("The number on each card: the tricks your side can expect to take from here to the end of the deal."),
    tricks: gettext("The number on each card: the tricks this player takes in the rest of the second half if both then play their best."),
    sure_tricks: gettext("The number on each card: the tricks this player is sure to take in the rest of the round, whatever the others play."),
    win_chance: gettext("The number on each card: the chance to win the game after playing it."),
    win_chance_tricks: gettext("The number on each card: the chance to win the game after playing it (with a small bonus for each trick)."),
  }[measure];
  return text || "";
}

function kindText(advice) {
  if (advice.kind === "exact") return gettext("Exact: every hand is known and searched to the end.");
  const n = advice.samples;
  return n
    ? fmt(ngettext("Estimate from %(n)s deal the player could have faced, given what they could see; cards within the sampling error of the best are shown as equal.",
      "Estimate from %(n)s deals the player could have faced, given what they could see; cards within the sampling error of the best are shown as equal.", n), { n })
    : gettext("Estimate from what the player could see.");
}

function centre(frame) {
  const box = node("div", "rcentre");
  const showLast = !frame.trick.length && frame.last_trick && (frame.kind === "end" || frame.event?.action === "play" || frame.event?.action === "knock");
  const plays = frame.trick.length ? frame.trick : showLast ? frame.last_trick.plays : [];
  const trick = node("div", "rtrick");
  trick.setAttribute("aria-label", gettext("Trick"));
  for (const [seat, code] of plays) {
    const slot = node("figure", "rplay");
    const won = showLast && frame.last_trick.winner === seat;
    slot.appendChild(cardNode(code, won ? "winner" : ""));
    slot.appendChild(node("figcaption", "", name(seat)));
    trick.appendChild(slot);
  }
  if (!plays.length) trick.appendChild(node("p", "muted", gettext("No cards on the table.")));
  box.appendChild(trick);
  box.appendChild(facts(frame));
  return box;
}

function facts(frame) {
  const list = node("dl", "rfacts");
  const add = (label, value) => {
    list.appendChild(node("dt", "", label));
    const dd = node("dd");
    if (value instanceof Node) dd.appendChild(value); else dd.textContent = value;
    list.appendChild(dd);
  };
  add(gettext("Deal"), dealLabel(frame));
  const trump = node("span", "rtrump");
  if (frame.trump) {
    trump.appendChild(suitIcon(frame.trump === "NT" ? null : frame.trump));
    trump.appendChild(document.createTextNode(" " + suitName(frame.trump)));
  } else trump.textContent = gettext("not chosen yet");
  add(gettext("Trump"), trump);
  const turned = frame.faceup || frame.turned;
  if (turned) add(say(ctx, { key: present.turned }), cardNode(turned, "small"));
  for (const [label, value] of frame.present) add(say(ctx, label), say(ctx, value));
  add(gettext("Tricks played"), String(frame.done_tricks));
  return list;
}


// ---- analysis ------------------------------------------------------------------

function adviceFor(frame) {
  if (!view.analysisOn || !view.analysis) return null;
  const pos = view.analysis.positions[String(frame.next)];
  return pos && pos.seat === frame.to_act ? pos : null;
}

function analysisText(frame) {
  const panel = $("analysis-panel");
  panel.replaceChildren();
  if (!view.analysisOn) return;
  if (view.status !== "done") {
    panel.appendChild(node("p", "", statusText()));
    return;
  }
  const advice = adviceFor(frame);
  if (!advice) {
    panel.appendChild(node("p", "muted", gettext("Nothing to judge here: no choice, or no card to play.")));
    return;
  }
  const cards = (list) => list.map((c) => (c === "knock" ? gettext("knock") : cardText(c))).join(" ");
  const best = advice.best.length > 1 && advice.kind !== "exact"
    ? gettext("Next to play: %(name)s. Best, equal within the sampling error: %(cards)s")
    : advice.best.length > 1
      ? gettext("Next to play: %(name)s. Best, exactly equal: %(cards)s")
      : gettext("Next to play: %(name)s. Best: %(cards)s");
  const head = node("p", "", fmt(best, { name: name(advice.seat), cards: cards(advice.best) }));
  const mark = node("span", `badge ${advice.kind === "exact" ? "badge-exact" : "badge-estimate"}`, advice.kind === "exact" ? gettext("exact") : gettext("estimate"));
  mark.dataset.testid = "analysis-kind";
  head.prepend(mark, " ");
  panel.appendChild(head);
  const legend = node("p", "help analysis-legend", `${legendText(advice)} ${kindText(advice)}`.trim());
  legend.dataset.testid = "analysis-legend";
  panel.appendChild(legend);
  let played = fmt(gettext("Played: %(card)s"), { card: cards([advice.played]) });
  if (advice.loss > 0) played += " — " + fmt(ngettext("gave away %(n)s trick", "gave away %(n)s tricks", advice.loss), { n: advice.loss });
  panel.appendChild(node("p", advice.loss > 0 ? "loss" : "", played));
}

function statusText() {
  const a = view.progress || {};
  if (view.status === "running") return fmt(gettext("Analysing: %(done)s of %(total)s positions"), { done: a.done || 0, total: a.total || "?" });
  if (view.status === "queued") {
    if (!a.ahead) return gettext("The analysis is queued: it is next in line.");
    return fmt(ngettext("The analysis is queued: %(n)s analysis is ahead of it.", "The analysis is queued: %(n)s analyses are ahead of it.", a.ahead), { n: a.ahead });
  }
  if (view.status === "refused") return a.error;
  if (view.status === "failed") return gettext("The analysis failed. Switch it off and on to try again.");
  if (view.status === "login") return gettext("Log in to ask for an analysis.");
  return gettext("Starting the analysis…");
}

async function poll(start) {
  const urls = data.analysis;
  const csrf = $("replay-csrf").content.querySelector("input")?.value || "";
  const answer = start
    ? await fetch(urls.start, { method: "POST", headers: { "X-CSRFToken": csrf }, credentials: "same-origin" })
    : await fetch(urls.status, { credentials: "same-origin" });
  if (answer.status === 429) {
    view.status = "refused";  // the player's limits: the answer says which
    view.progress = await answer.json();
    render();
    return;
  }
  if (!answer.ok) {
    view.status = answer.status === 403 ? "login" : "failed";
    render();
    return;
  }
  const body = await answer.json();
  view.status = body.status;
  view.progress = body;
  if (body.status === "done") view.analysis = body.result;
  if (body.status === "none" && !start) {
    if (urls.can_start) return poll(true);
    view.status = "login";
  }
  if (["queued", "running"].includes(body.status) && view.analysisOn) view.timer = setTimeout(() => poll(false), 1500);
  render();
}

function toggleAnalysis() {
  view.analysisOn = !view.analysisOn;
  const button = $("analysis-toggle");
  button.setAttribute("aria-pressed", String(view.analysisOn));
  $("analysis-panel").hidden = !view.analysisOn;
  clearTimeout(view.timer);
  if (view.analysisOn && view.status !== "done") poll(view.status === "failed");
  render();
}

// ---- stepping ------------------------------------------------------------------

const boundaries = frames.map((f, i) => i === 0 || f.kind !== "event" || f.done_tricks !== frames[i - 1].done_tricks);

function go(i) {
  view.index = Math.max(0, Math.min(frames.length - 1, i));
  render();
}

function trickForward() {
  let i = view.index + 1;
  while (i < frames.length - 1 && !boundaries[i]) i++;
  go(i);
}

function trickBack() {
  let i = view.index - 1;
  while (i > 0 && !boundaries[i]) i--;
  go(i);
}

const STEPS = {
  start: () => go(0), end: () => go(frames.length - 1), back: () => go(view.index - 1),
  forward: () => go(view.index + 1), "trick-back": trickBack, "trick-forward": trickForward,
};

function onKey(event) {
  if (event.target.closest("select, input, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
  const keys = {
    ArrowLeft: event.shiftKey ? trickBack : STEPS.back,
    ArrowRight: event.shiftKey ? trickForward : STEPS.forward,
    ArrowUp: trickBack, ArrowDown: trickForward, Home: STEPS.start, End: STEPS.end,
  };
  const step = keys[event.key];
  if (!step) return;
  event.preventDefault();
  step();
}

function fillDeals() {
  const select = $("replay-deal");
  frames.forEach((f, i) => {
    if (i === 0 || f.kind === "deal") {
      const option = node("option", "", dealLabel(f));
      option.value = String(i);
      select.appendChild(option);
    }
  });
  select.addEventListener("change", () => go(Number(select.value)));
}

// "Play from here" starts after the events before this frame; not once the game is over.
function practiceFrom(frame) {
  const upto = $("practice-upto");
  if (!upto) return;
  upto.value = String(frame.next);
  $("practice-start").disabled = frame.phase === "over";
}

function render() {
  const frame = frames[view.index];
  $("replay-position").textContent = fmt(gettext("Step %(i)s of %(n)s"), { i: view.index + 1, n: frames.length });
  $("replay-caption").textContent = eventText(frame);
  const board = $("replay-board");
  board.replaceChildren(centre(frame));
  const seats = node("div", `rseats players-${data.players}`);
  for (let s = 0; s < data.players; s++) seats.appendChild(seatPanel(frame, s));
  board.appendChild(seats);
  const select = $("replay-deal");
  const deals = [...select.options].map((o) => Number(o.value)).filter((v) => v <= view.index);
  select.value = String(deals[deals.length - 1] ?? 0);
  practiceFrom(frame);
  analysisText(frame);
  document.querySelectorAll("[data-step]").forEach((b) => {
    const atStart = view.index === 0, atEnd = view.index === frames.length - 1;
    b.disabled = ["start", "back", "trick-back"].includes(b.dataset.step) ? atStart : atEnd;
  });
}

document.querySelectorAll("[data-step]").forEach((b) => b.addEventListener("click", () => STEPS[b.dataset.step]()));
document.addEventListener("keydown", onKey);
const toggle = $("analysis-toggle");
if (data.analysis) toggle.addEventListener("click", toggleAnalysis); else toggle.hidden = true;
fillDeals();
// A link to "#before-N" (the moderators' fair-play queue) opens at the position before event N.
const before = /^#before-(\d+)$/.exec(window.location.hash);
const opening = before ? frames.findIndex((f) => f.next === Number(before[1])) : -1;
if (opening >= 0) view.index = opening;
render();
