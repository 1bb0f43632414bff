// What Knockout's house rules add to a lesson's board (lesson.js; docs/rules.md §1.7): no trump
// among the suits to choose, the votes of the players knocked out, and the exchange: the
// learner picks the cards to discard, and one button answers with them ("exchange 2C AH", the
// cards in the engine's order: clubs first, low before high) or with none.

import { cardFace, suitIcon } from "./cards.js";
import { node } from "./dom.js";

export function suitsToChoose(data) {
  return data.no_trump ? ["C", "D", "H", "S", "NT"] : ["C", "D", "H", "S"];
}

export function votesLine(data) {
  const line = node("p", "lesson-votes", `${data.words.votes}: `);
  data.votes.forEach(([seat, suit], i) => {
    if (i) line.append(" · ");
    line.append(`${data.names[seat]} `);
    line.appendChild(suitIcon(suit === "NT" ? "N" : suit));
    line.append(` ${data.suits[suit]}`);
  });
  return line;
}

/** The hand's cards as toggles (no more than the exchange allows, none once the lesson is
 *  done) and the exchange button, drawn into `hand`; returns a function that selects the
 *  cards of an answer's key (for "Show me"). */
export function exchangeHand(data, hand, answer, done) {
  const chosen = new Set();
  hand.classList.add("lesson-exchange-hand");
  const most = Math.max(...Object.keys(data.exchange_labels).map(Number));
  const go = node("button", "button lesson-exchange");
  go.type = "button";
  const cards = data.hand.map((code) => {
    const b = node("button", "lesson-card");
    b.type = "button";
    b.dataset.discard = code;
    b.setAttribute("aria-pressed", "false");
    b.appendChild(cardFace(code));
    b.addEventListener("click", () => {
      if (done()) return;
      if (chosen.has(code)) chosen.delete(code);
      else if (chosen.size < most) chosen.add(code);
      update();
    });
    hand.appendChild(b);
    return b;
  });
  function update() {
    // data.hand is high to low in the engine's order; the key lists the cards low to high.
    const picked = data.hand.filter((code) => chosen.has(code)).reverse();
    go.dataset.answer = ["exchange", ...picked].join(" ");
    go.textContent = data.exchange_labels[String(picked.length)];
    go.classList.remove("is-chosen", "is-right");
    for (const b of cards) {
      const on = chosen.has(b.dataset.discard);
      b.classList.toggle("is-discard", on);
      b.setAttribute("aria-pressed", String(on));
    }
  }
  go.addEventListener("click", () => answer(go.dataset.answer));
  update();
  hand.appendChild(go);
  return (key) => {
    chosen.clear();
    for (const code of key.split(" ").slice(1)) chosen.add(code);
    update();
  };
}
