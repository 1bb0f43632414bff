// Hints at casual tables (docs/protocol.md §"Hints"): on the viewer's turn to play a card,
// "Hint" asks which card the Expert bot would play from the viewer's seat, and why; the card
// is marked in the hand. Not at rated tables, events' tables, held boards or tables that hide
// ratings (the server refuses them too). The record keeps each hint.

import { button, fmt, node } from "./dom.js";
import { cardLabel } from "./cardnames.js";

/** Whether the table gives hints and the viewer has a choice of cards to play now. */
function mayAsk(app) {
  const { msg } = app;
  const view = msg.view;
  if (!view || msg.seat === null || view.phase !== "play" || msg.table.status !== "playing") return false;
  const t = msg.table;
  if (t.rated || t.after || t.hide_ratings || t.board_held) return false;
  // One legal card leaves nothing to choose (it may play by itself, premove.js): no hint.
  return view.to_act === msg.seat && (view.legal || []).filter((e) => e.action === "play").length > 1;
}

/** The hint given for this turn (while its card is still to be played), else the button. */
export function renderHint(app) {
  const box = app.actions;
  if (!mayAsk(app)) {
    app.hint = null;
    return;
  }
  const hint = app.hint;
  const legal = app.msg.view.legal.some((e) => e.action === "play" && e.card === hint?.card);
  if (hint && legal) {
    const line = node("div", "claim-form hint-line");
    line.dataset.testid = "hint";
    line.appendChild(node("span", null, fmt(gettext("Hint: %(card)s, as the Expert would play: %(reason)s."), {
      card: cardLabel(hint.card), reason: hint.text,
    })));
    box.push(line);
    document.querySelector(`#hand .card[data-card="${hint.card}"]`)?.classList.add("hinted");
    return;
  }
  const ask = button(gettext("Hint"), "button-small", () => app.send({ type: "hint" }));
  ask.dataset.testid = "hint-ask";
  ask.title = gettext("The Expert's card and why (the record keeps it)");
  box.push(ask);
}
