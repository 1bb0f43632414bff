// A puzzle (learning/puzzle_views.py): the position drawn with the table's cards (cards.js);
// a move is sent to the server, which answers right or wrong with what the solver found (each
// move's value, its line, every hand), so neither the answer nor a hidden hand is in the page.

import { cardFace, suitIcon } from "./cards.js";
import { node, fmt } from "./dom.js";

const data = JSON.parse(document.getElementById("puzzle-data").textContent);
const board = document.getElementById("puzzle-board");
const verdict = document.querySelector("[data-testid=puzzle-verdict]");
const shown = document.getElementById("puzzle-shown");
const w = data.words;
let busy = false;
let done = false;

function trumpLine() {  // the suit's symbol and its name, as a lesson's board says it
  const t = node("p", "lesson-trump", `${w.trump}: `);
  if (data.trump) t.append(suitIcon(data.trump), " ");
  t.append(data.trump_name);
  return t;
}

function trickRow(plays) {
  const row = node("div", "lesson-trick");
  for (const [seat, code] of plays) {
    const cell = node("figure", "lesson-played");
    cell.appendChild(code === "knock" ? node("span", "puzzle-knock", w.knock) : cardFace(code));
    cell.appendChild(node("figcaption", null, data.names[seat]));
    row.appendChild(cell);
  }
  return row;
}

function seatHead(seat) {
  let text = `${data.names[seat]} · ${fmt(w.tricks, { n: data.tricks[seat] ?? 0 })}`;
  if (data.dogs.includes(seat)) text += ` · ${w.dog}`;
  return node("h2", null, text);
}

function handRow(cards) {
  const row = node("div", "lesson-hand puzzle-hand");
  for (const code of cards) row.appendChild(cardFace(code));
  return row;
}

function draw() {
  board.appendChild(trumpLine());
  data.hands.forEach((cards, seat) => {
    if (seat === data.seat || !data.counts[seat]) return; // a player out of the round
    board.appendChild(seatHead(seat));
    if (cards === null) board.appendChild(node("p", "puzzle-hidden", fmt(w.hidden, { n: data.counts[seat] })));
    else board.appendChild(handRow(cards));
  });
  if (data.played.length) {
    board.appendChild(node("h2", null, w.played));
    const row = node("div", "lesson-hand puzzle-played");
    for (const code of data.played) row.appendChild(cardFace(code));
    board.appendChild(row);
  }
  if (data.trick.length) {
    board.appendChild(node("h2", null, w.trick));
    board.appendChild(trickRow(data.trick));
  }
  board.appendChild(seatHead(data.seat));
  const hand = node("div", "lesson-hand");
  hand.dataset.testid = "puzzle-hand";
  for (const code of data.hands[data.seat]) {
    const b = node("button", "lesson-card");
    b.type = "button";
    b.dataset.answer = code;
    b.appendChild(cardFace(code));
    if (data.legal.includes(code)) b.addEventListener("click", () => send(code));
    else { b.disabled = true; b.classList.add("is-illegal"); }
    hand.appendChild(b);
  }
  if (data.legal.includes("knock")) {
    const k = node("button", "button lesson-knock", w.knock);
    k.type = "button";
    k.dataset.answer = "knock";
    k.addEventListener("click", () => send("knock"));
    hand.appendChild(k);
  }
  board.appendChild(hand);
}

async function send(move) {
  if (busy || done) return;
  busy = true;
  const body = new URLSearchParams({ move, mode: data.mode });
  const csrf = document.querySelector("input[name=csrfmiddlewaretoken]").value;
  try {
    const reply = await fetch(data.answer_url, { method: "POST", body, credentials: "same-origin", headers: { "X-CSRFToken": csrf } });
    const said = await reply.json();
    if (!reply.ok) { verdict.textContent = said.error || w.error; verdict.className = "lesson-verdict is-wrong"; return; }
    done = true;
    show(move, said);
  } catch {
    verdict.textContent = w.error;
    verdict.className = "lesson-verdict is-wrong";
  } finally {
    busy = false;
  }
}

function show(move, said) {
  for (const b of board.querySelectorAll("[data-answer]")) {
    b.classList.toggle("is-chosen", b.dataset.answer === move);
    b.classList.toggle("is-right", b.dataset.answer === said.answer);
  }
  let text = said.right ? w.right : w.wrong;
  if (said.rating) text += " " + fmt(w.rating, said.rating);
  if (said.streak !== undefined) text += " " + fmt(w.streak_on, { n: said.streak });
  if (said.streak_over !== undefined) text += " " + fmt(w.streak_over, { n: said.streak_over, best: said.best });
  verdict.textContent = text;
  verdict.className = `lesson-verdict ${said.right ? "is-right" : "is-wrong"}`;
  shown.replaceChildren();
  if (said.themes.length) shown.appendChild(node("p", "puzzle-themes", `${w.themes}: ${said.themes.join(", ")}`));
  shown.appendChild(node("p", null, w.values));
  const list = node("ul", "puzzle-values");
  const order = Object.entries(said.values).sort((a, b) => b[1] - a[1]);
  for (const [m, v] of order) {
    const li = node("li", m === said.answer ? "is-best" : null);
    li.append(m === "knock" ? w.knock : "");
    if (m !== "knock") li.appendChild(cardFace(m));
    li.append(` ${v}`);
    list.appendChild(li);
  }
  shown.appendChild(list);
  shown.appendChild(node("h2", null, w.line));
  for (const trick of said.line) {
    shown.appendChild(trickRow(trick.plays));
    const who = trick.winner === data.seat ? w.you_win : fmt(w.wins, { name: data.names[trick.winner] });
    shown.appendChild(node("p", null, who));
  }
  // Only the hands the board did not show (a seat puzzle's other hand): the board has the
  // rest, and showing every hand again under the line made the answer twice as long.
  const unseen = said.hands.map((cards, seat) => [seat, cards]).filter(([seat, cards]) => data.hands[seat] === null && cards.length);
  if (unseen.length) shown.appendChild(node("h2", null, w.unseen));
  for (const [seat, cards] of unseen) {
    shown.appendChild(node("h3", null, data.names[seat]));
    shown.appendChild(handRow(cards));
  }
  shown.hidden = false;
  const next = document.getElementById("puzzle-next");
  next.href = said.next;
  if (said.streak_over !== undefined) next.textContent = w.new_streak;
  next.hidden = false;
  const replay = document.getElementById("puzzle-replay");
  replay.href = said.replay;
  replay.hidden = false;
}

draw();
