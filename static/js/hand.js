// The player's own hand: sorted by suit, legal cards raised and clickable, exchange picking.

import { cardLabel } from "./cardnames.js";
import { silentFace, sortHand } from "./cards.js";
import { button, fmt, node } from "./dom.js";
import { CARD_KEYS } from "./keys.js";
import { canPreselect, togglePreselect } from "./premove.js";
import { playCard } from "./twotap.js";

function legalCards(view) {
  return new Set(view.legal.filter((a) => a.action === "play").map((a) => a.card));
}

function exchangeMax(view) {
  const entry = view.legal.find((a) => a.action === "exchange");
  return entry ? entry.max : null;
}

function cardButton(app, code, mode, legal, number) {
  const b = node("button", "card");
  b.type = "button";
  b.dataset.card = code;
  b.appendChild(silentFace(code));
  b.setAttribute("aria-label", cardLabel(code));
  if (mode === "exchange") {
    b.classList.add("legal");
    b.classList.toggle("selected", app.exchange.has(code));
    b.setAttribute("aria-pressed", app.exchange.has(code) ? "true" : "false");
    b.addEventListener("click", () => toggleExchange(app, code));
  } else if (mode === "play" && legal.has(code) && !app.pending) {
    b.classList.add("legal");
    const key = CARD_KEYS[number - 1];
    if (key) {
      b.appendChild(node("span", "key-hint", key));
      b.setAttribute("aria-label", fmt(gettext("%(card)s (key %(key)s)"), { card: cardLabel(code), key }));
      b.setAttribute("aria-keyshortcuts", key);
    }
    const lifted = app.lifted === code;
    b.classList.toggle("lifted", lifted);
    if (lifted) b.setAttribute("aria-description", gettext("Lifted: tap it again to play it"));
    b.addEventListener("click", (event) => playCard(app, code, event));
  } else if (mode === "wait" && canPreselect(app)) {
    // Pre-select a card while another seat is to act (premove.js)
    b.classList.add("preselectable");
    b.classList.toggle("premove", app.premove === code);
    b.setAttribute("aria-pressed", app.premove === code ? "true" : "false");
    b.setAttribute("aria-label", fmt(gettext("%(card)s (pre-select: played when your turn comes)"), { card: cardLabel(code) }));
    b.addEventListener("click", () => togglePreselect(app, code));
  } else {
    b.disabled = true;
    if (mode === "play") b.classList.add("dim");
  }
  return b;
}

function toggleExchange(app, code) {
  if (app.exchange.has(code)) app.exchange.delete(code);
  else if (app.exchange.size < exchangeMax(app.msg.view)) app.exchange.add(code);
  app.render();
}

function handMode(view) {
  if (exchangeMax(view) !== null) return "exchange";
  if (view.legal.some((a) => a.action === "play")) return "play";
  return "wait";
}

function renderActions(app) {
  const box = app.actions;
  const view = app.msg.view;
  if (!view || app.msg.seat === null) return;
  if (view.legal.some((a) => a.action === "knock")) {
    const knock = button(gettext("Knock (keep my card)"), "button-gold", () => app.act({ action: "knock" }));
    knock.dataset.testid = "knock";
    knock.disabled = app.pending;
    box.push(knock);
  }
  if (view.can_resign && view.phase !== "over") {
    const resign = button(gettext("Resign"), "button-danger button-small", () => {
      app.confirming = "resign";
      app.render();
    });
    resign.dataset.testid = "resign";
    box.push(resign);
  }
}

let shown = null; // the HTML of the hand's cards on the page

export function renderHand(app) {
  const hand = document.getElementById("hand");
  const view = app.msg.view;
  renderActions(app);
  if (!view) {
    showCards(hand, []);
    return;
  }
  if (app.msg.seat === null) {
    shown = null;
    hand.replaceChildren(node("p", "help", gettext("You are watching this table.")));
    return;
  }
  if (app.hold && app.summary && app.summary.hold === app.hold) {
    // The next hand comes after the round's last trick (summary.js); only that trick's pause
    // (app.summary stays after its time until Continue: no later trick's pause empties it).
    showCards(hand, []);
    return;
  }
  const mode = handMode(view);
  const legal = legalCards(view);
  let number = 0;
  const cards = sortHand(view.hands[app.msg.seat]).map((code) => {
    if (mode === "play" && legal.has(code)) number += 1;
    return cardButton(app, code, mode, legal, number);
  });
  showCards(hand, cards);
  fitHand(hand, cards.length);
}

/** Put `cards` in the hand, or keep the nodes there when they are the same cards drawn the
 * same way (a state that changed nothing in the hand: another seat's presence, a chat line):
 * a card replaced under a click in flight drops the click. */
function showCards(hand, cards) {
  const html = cards.map((c) => c.outerHTML).join("");
  if (html === shown && hand.children.length === cards.length) return;
  shown = html;
  hand.replaceChildren(...cards);
}

/** Overlap the cards just enough that the whole hand fits the width it has. The card's
 * laid-out width, not its width on screen: that one includes a transform, and the deal's
 * animation scales the cards down while they fly in. */
function fitHand(hand, count) {
  if (count < 2) return;
  const width = hand.clientWidth - 16;
  const card = parseFloat(getComputedStyle(hand.firstElementChild).width) || 80;
  const visible = Math.min(0.7, (width - card) / ((count - 1) * card));
  hand.style.setProperty("--overlap", String(Math.max(0.18, visible) - 1));
}
