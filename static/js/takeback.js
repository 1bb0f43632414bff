// Taking back a misclicked card at a casual table (docs/protocol.md §"Take-backs"): the
// player who played the last card may ask (also when it completed its trick); each other player agrees or
// refuses (bots agree, the server says so at once); the next card played ends the question.
// A card that was the player's only legal one is never offered (view.can_take_back is false).

import { button, fmt, node } from "./dom.js";
import { seatName } from "./felt.js";

/** Whether the viewer may ask now: the engine says their last card may be taken back
 *  (view.can_take_back), at a casual table that no event arranged (the server checks again). */
function mayAsk(app) {
  const { msg } = app;
  const view = msg.view;
  if (!view || msg.seat === null || msg.table.status !== "playing") return false;
  if (msg.table.rated || msg.table.after) return false;
  return Boolean(view.can_take_back);
}

/** The question asked, with Agree and Refuse for the others; else the asker's button. */
export function renderTakeback(app) {
  const box = app.actions;
  const offer = app.msg.table.takeback;
  if (offer && app.msg.view) {
    const line = node("div", "claim-form");
    line.dataset.testid = "takeback-offer";
    const text = fmt(gettext("%(name)s asks to take back their last card."), { name: seatName(app, offer.seat) });
    line.appendChild(node("span", null, text));
    const seat = app.msg.seat;
    if (seat !== null && seat !== offer.seat && !offer.accepted.includes(seat)) {
      line.append(
        button(gettext("Agree"), "button-gold button-small", () => app.send({ type: "takeback_answer", accept: true })),
        button(gettext("Refuse"), "button-small", () => app.send({ type: "takeback_answer", accept: false })),
      );
    } else {
      line.appendChild(node("span", null, gettext("Waiting for the others to agree.")));
    }
    box.push(line);
    return;
  }
  if (!mayAsk(app)) return;
  const ask = button(gettext("Take back"), "button-small", () => app.send({ type: "takeback" }));
  ask.dataset.testid = "takeback";
  ask.title = gettext("Ask to take back your last card: every other player must agree");
  box.push(ask);
}
