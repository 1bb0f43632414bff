// Forced cards and pre-selection, in the page rather than on the server:
// the page sends an ordinary `act` when the moment comes, so the server stays the only judge
// of legality and keeps no timer per card, and a pre-selection is the player's own click,
// cancelled by another, which only the page sees.
//
// - Forced card: with the profile's "play my only legal card by itself" on, a turn whose
//   one legal action is a card plays it after FORCED_PAUSE_MS (after the finished trick's
//   pause). Not at rated tables: a card that always comes at once would tell the others
//   (the partner too) that it was the only one the player could play.
// - Pre-selection (premove): a card clicked while another seat is to act is played as soon
//   as the turn comes, if it is still legal then; a second click cancels it, and a card that
//   is not legal when the turn comes is dropped.
// - Neither while a take-back or a claim is asked of the table (table.takeback,
//   table.claim_offer): any card played ends the question (the server's offers are stale
//   after a move), so a card played by itself took the question away from the player, the
//   Agree button with it, before they could answer. The card is played once it is answered.

import { fmt, node } from "./dom.js";
import { cardName } from "./cardnames.js";
import { isMyTurn } from "./panels.js";

export const FORCED_PAUSE_MS = 700;

/** Whether the player may pre-select a card now: seated, in play, someone else to act. */
export function canPreselect(app) {
  const view = app.msg && app.msg.view;
  if (!view || app.msg.seat === null || app.msg.table.status !== "playing") return false;
  if (view.phase !== "play" || view.resigned.includes(app.msg.seat)) return false;
  return !isMyTurn(app) && view.hands[app.msg.seat].length > 0;
}

export function togglePreselect(app, code) {
  app.premove = app.premove === code ? null : code;
  app.render();
}

/** After each state: play the pre-selected card or the forced one when the turn has come. */
export function afterState(app) {
  clearTimeout(app.forcedTimer);
  app.forced = null;
  const view = app.msg.view;
  const seat = app.msg.seat;
  if (!view || seat === null || app.msg.table.status !== "playing") {
    app.premove = null;
    return;
  }
  if (app.premove && !view.hands[seat].includes(app.premove)) app.premove = null;
  if (!isMyTurn(app) || view.phase !== "play" || questionOpen(app)) return;
  const plays = view.legal.filter((a) => a.action === "play").map((a) => a.card);
  const wait = app.hold ? Math.max(0, app.hold.until - Date.now()) : 0;
  const chosen = app.premove;
  app.premove = null;
  if (chosen && plays.includes(chosen)) {
    later(app, chosen, wait);
    return;
  }
  if (app.autoPlay && !app.msg.table.rated && view.legal.length === 1 && plays.length === 1) {
    app.forced = plays[0];
    later(app, plays[0], wait + FORCED_PAUSE_MS);
  }
  if (chosen || app.forced) app.render(); // the pre-selection dropped, or the forced card's note
}

/** Whether a take-back or a claim is on offer at the table, waiting for answers. */
function questionOpen(app) {
  return Boolean(app.msg.table.takeback || app.msg.table.claim_offer);
}

function later(app, card, delay) {
  const version = app.version;
  app.playDelay = delay;
  const play = () => {
    app.forced = null;
    if (app.version === version && !app.pending) app.act({ action: "play", card });
  };
  if (delay <= 0) play();
  else app.forcedTimer = setTimeout(play, delay);
}

/** A line under the hand on what will be played by itself. */
export function renderPreselect(app) {
  const box = app.actions;
  let text = null;
  if (app.premove && canPreselect(app)) {
    text = fmt(gettext("%(card)s is played when your turn comes; click it again to cancel."), { card: cardName(app.premove) });
  } else if (app.forced) {
    text = fmt(gettext("Your only card, %(card)s, is played by itself."), { card: cardName(app.forced) });
  }
  if (!text) return;
  const note = node("p", "premove-note", text);
  note.dataset.testid = "premove-note";
  box.push(note);
}
