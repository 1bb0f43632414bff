// Honest seat control: when a bot plays for the viewer, say so and offer "I'm back" (click or B key).

import { button, node } from "./dom.js";

/** "away" when a bot stands in for the viewer, "resigned" after a Knockout resignation, else null. */
export function myStandIn(app) {
  const { msg } = app;
  if (!msg || msg.seat === null || msg.table.status !== "playing") return null;
  if (msg.view && (msg.view.resigned || []).includes(msg.seat)) return "resigned";
  const seat = msg.table.seats[msg.seat];
  return seat && seat.away ? "away" : null;
}

/** Tell the server the player is back (docs/protocol.md `back`); the bot stops at once. */
export function comeBack(app) {
  if (myStandIn(app) !== "away" || app.backSent) return;
  // Sent once; not at all while the socket reconnects (the button stays, to try again).
  app.backSent = app.send({ type: "back" });
  renderSeatControl(app);
}

export function renderSeatControl(app) {
  const box = document.getElementById("seat-control");
  const state = myStandIn(app);
  if (state !== "away") app.backSent = false;
  box.hidden = state === null;
  if (state === null) {
    box.replaceChildren();
    return;
  }
  if (state === "resigned") {
    box.replaceChildren(node("span", null, gettext("You resigned: a bot plays your seat to the end of the game.")));
    return;
  }
  // The banner's nodes stay while it shows the same thing: each move of the stand-in bot
  // renders the page again, and a button replaced between a click's press and release gets
  // no click (the player's "I'm back" would be lost).
  let back = box.querySelector("[data-testid=im-back]");
  if (!back) {
    back = button(gettext("I'm back"), "button-gold button-small", () => comeBack(app));
    back.dataset.testid = "im-back";
    back.setAttribute("aria-keyshortcuts", "B");
    box.replaceChildren(node("span", null, gettext("A bot is playing for you.")), back);
  }
  back.disabled = Boolean(app.backSent);
}
