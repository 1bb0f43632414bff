// A lesson (learning/views.py): the position drawn with the table's cards (cards.js), every
// answer and what it says sent with the page, so the answer comes at once; "Show me" plays the
// right one. A done lesson is stored for a player by POST (the page's data-done-url and
// data-csrf, set for players only) and in localStorage for a visitor. Knockout's house rules
// (lesson_house.js): no trump among the suits, the votes cast, the exchange's chosen cards.

import { cardFace, suitIcon } from "./cards.js";
import { node, fmt } from "./dom.js";
import { exchangeHand, suitsToChoose, votesLine } from "./lesson_house.js";

const data = JSON.parse(document.getElementById("lesson-data").textContent);
const page = document.querySelector("[data-testid=lesson]");
const board = document.getElementById("lesson-board");
const verdict = document.querySelector("[data-testid=lesson-verdict]");
const shownBox = document.getElementById("lesson-shown");
const w = data.words;
let finished = false;
let chooseDiscards = null;  // an exchange lesson's: selects the cards of an answer's key

function cardButton(code, key) {
  const b = node("button", "lesson-card");
  b.type = "button";
  b.dataset.answer = key;
  b.appendChild(cardFace(code));
  b.addEventListener("click", () => answer(key));
  return b;
}

function trickRow(plays) {
  const row = node("div", "lesson-trick");
  for (const [seat, code] of plays) {
    const cell = node("figure", "lesson-played");
    cell.appendChild(cardFace(code));
    cell.appendChild(node("figcaption", null, data.names[seat]));
    row.appendChild(cell);
  }
  return row;
}

function draw() {
  if (data.trump) {
    const t = node("p", "lesson-trump", `${w.trump}: `);
    t.appendChild(suitIcon(data.trump === "NT" ? "N" : data.trump));  // NT: a round without trump
    t.append(` ${data.suits[data.trump]}`);
    board.appendChild(t);
  }
  if (data.faceup) {
    board.appendChild(node("h2", null, w.faceup));
    const talon = node("div", "lesson-trick");
    talon.appendChild(cardFace(data.faceup));
    board.appendChild(talon);
  }
  if (data.votes.length) board.appendChild(votesLine(data));
  if (data.trick.length) {
    board.appendChild(node("h2", null, w.trick));
    board.appendChild(trickRow(data.trick));
  }
  if (data.hand.length) board.appendChild(node("h2", null, data.choose_trump ? w.choose : w.hand));
  const hand = node("div", "lesson-hand");
  if (data.counting) {  // the cards as dealt, to look at: the answer is a count
    for (const code of data.hand) hand.appendChild(cardFace(code));
  } else if (data.exchange) {
    chooseDiscards = exchangeHand(data, hand, answer, () => finished);
  } else if (data.choose_trump) {
    for (const suit of suitsToChoose(data)) {
      const b = node("button", "button lesson-suit");
      b.type = "button";
      b.dataset.answer = `trump ${suit}`;
      b.appendChild(suitIcon(suit === "NT" ? "N" : suit));
      b.append(` ${data.suits[suit]}`);
      b.addEventListener("click", () => answer(`trump ${suit}`));
      hand.appendChild(b);
    }
    const cards = node("div", "lesson-hand");
    for (const code of data.hand) cards.appendChild(cardFace(code));
    board.appendChild(cards);
  } else {
    for (const code of data.hand) hand.appendChild(cardButton(code, code));
    if (data.knock) {
      const k = node("button", "button lesson-knock", w.knock);
      k.type = "button";
      k.dataset.answer = "knock";
      k.addEventListener("click", () => answer("knock"));
      hand.appendChild(k);
    }
  }
  board.appendChild(hand);
  if (data.buttons.length) {  // claims, or the counts a counting lesson offers
    const row = node("div", "lesson-hand");
    for (const { key, label } of data.buttons) {
      const c = node("button", "button lesson-claim", label);
      c.type = "button";
      c.dataset.answer = key;
      c.addEventListener("click", () => answer(key));
      row.appendChild(c);
    }
    board.appendChild(row);
  }
}

function answer(key) {
  if (finished) return;
  const said = data.answers[key];
  verdict.textContent = said.says;
  verdict.className = `lesson-verdict ${said.right ? "is-right" : "is-wrong"}`;
  for (const b of board.querySelectorAll("[data-answer]")) b.classList.toggle("is-chosen", b.dataset.answer === key);
  if (said.right) finish(key);
}

function finish(key) {
  finished = true;
  shownBox.replaceChildren();
  const drawn = data.answers[key].hand;  // a right exchange: the cards after it
  if (drawn) {
    shownBox.appendChild(node("h2", null, w.drawn));
    const row = node("div", "lesson-hand");
    for (const code of drawn) row.appendChild(cardFace(code));
    shownBox.appendChild(row);
  }
  if (data.shown.length) shownBox.appendChild(node("h2", null, w.then));
  for (const trick of data.shown) {
    shownBox.appendChild(trickRow(trick.plays));
    const said = trick.winner === 0 ? w.you_win : fmt(w.wins, { name: data.names[trick.winner] });
    shownBox.appendChild(node("p", null, said));
  }
  shownBox.hidden = !data.shown.length && !drawn;
  if (page.dataset.doneUrl) {
    fetch(page.dataset.doneUrl, { method: "POST", headers: { "X-CSRFToken": page.dataset.csrf }, credentials: "same-origin" });
    return;
  }
  const done = JSON.parse(localStorage.getItem("lessons-done") || "[]");
  if (!done.includes(data.key)) localStorage.setItem("lessons-done", JSON.stringify([...done, data.key]));
}

document.getElementById("lesson-show").addEventListener("click", () => {
  const right = data.answers[data.right];
  if (chooseDiscards && !finished) chooseDiscards(data.right);
  for (const b of board.querySelectorAll("[data-answer]")) b.classList.toggle("is-right", b.dataset.answer === data.right);
  verdict.textContent = right.says;
  verdict.className = "lesson-verdict is-right";
  if (!finished) finish(data.right);
});

draw();
