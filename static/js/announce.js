// What happened, in words: a polite live region for screen readers (each card played, each trick's
// winner, trump, your turn, the end) and short notices in the chat log for the bigger events.

import { cardName, suitWord } from "./cardnames.js";
import { fmt, node } from "./dom.js";
import { seatName } from "./felt.js";
import { chatHidden } from "./layout.js";
import { say as describe, tableContext } from "./present.js";

const KEEP = 6; // lines kept in the live region; older ones are removed

function say(text) {
  const region = document.getElementById("announcer");
  region.appendChild(node("p", null, text));
  while (region.childElementCount > KEEP) region.firstElementChild.remove();
}

function notice(text) {
  const log = document.getElementById("chat-log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  log.appendChild(node("div", "chat-line sys", text));
  if (atBottom) log.scrollTop = log.scrollHeight;
}

/** Every play of the current deal in order, with a trick's winner after its last card. */
function events(view) {
  const out = [];
  for (const trick of view.deal_tricks || []) {
    for (const [seat, card] of trick.plays) out.push({ seat, card });
    out.push({ winner: trick.winner });
  }
  for (const [seat, card] of view.trick) out.push({ seat, card });
  return out;
}

function eventText(app, e) {
  if (e.winner !== undefined) return fmt(gettext("%(name)s takes the trick."), { name: seatName(app, e.winner) });
  return fmt(gettext("%(name)s played the %(card)s."), { name: seatName(app, e.seat), card: cardName(e.card) });
}

/** The last trick of a deal arrives with the next deal's state: say its last cards and winner. */
function endOfDeal(app, before, view) {
  const last = view.last_trick;
  if (!last || (view.deal_tricks || []).length) return;
  for (const [seat, card] of last.plays.slice(before.trick.length)) say(eventText(app, { seat, card }));
  say(eventText(app, { winner: last.winner }));
}

/** What a new deal is, in words: the engine's `view.present.notice` (games.engine.presentation). */
function dealNotice(app, view) {
  return describe(tableContext(app), view.present.notice);
}

function knockedOut(app, before, view) {
  const out = (view.out || []).filter((s) => !(before.out || []).includes(s));
  return out.map((s) => fmt(gettext("%(name)s is knocked out."), { name: seatName(app, s) }));
}

function presenceNotices(app, before, table) {
  const lines = [];
  table.seats.forEach((seat, i) => {
    const was = before.seats[i] || {};
    if (seat.bot || !seat.name) return;
    if (seat.away && !was.away) lines.push(fmt(gettext("%(name)s is away; a bot plays for them."), { name: seat.name }));
    if (!seat.away && was.away) lines.push(fmt(gettext("%(name)s is back."), { name: seat.name }));
  });
  return lines;
}

/** Announce the change from the previous state message to `msg` (both whole states). */
export function announce(app, previous, msg) {
  const view = msg.view;
  if (!view) return;
  const before = previous && previous.view;
  const sameDeal = before && before.deal === view.deal && before.game === view.game;
  if (!sameDeal) {
    const text = dealNotice(app, view);
    if (text) {
      notice(text);
      say(text);
    }
  }
  if (before && !sameDeal) endOfDeal(app, before, view);
  const seen = sameDeal ? events(before).length : (before ? 0 : events(view).length);
  for (const e of events(view).slice(seen)) say(eventText(app, e));
  if (before && sameDeal && before.trump !== view.trump && view.trump) {
    say(view.trump === "NT" ? gettext("This round is played without trump.") : fmt(gettext("Trump is %(suit)s."), { suit: suitWord(view.trump) }));
  }
  const lines = [...(before ? knockedOut(app, before, view) : []), ...(previous ? presenceNotices(app, previous.table, msg.table) : [])];
  lines.forEach((line) => { notice(line); say(line); });
}

/** Say a status line (your turn, game over) once, when it changes. */
export function announceStatus(app, text) {
  if (text && text !== app.lastSaid) say(text);
  app.lastSaid = text;
}

/** Count chat lines that arrive while the chat drawer is closed (small screens). */
export function watchUnread() {
  const badge = document.getElementById("chat-unread");
  let unread = 0;
  new MutationObserver((changes) => {
    if (!chatHidden()) {
      unread = 0;
      badge.hidden = true;
      return;
    }
    for (const change of changes) {
      unread += [...change.addedNodes].filter((n) => n.dataset && n.dataset.chatId).length;
    }
    badge.textContent = String(unread);
    badge.hidden = unread === 0;
  }).observe(document.getElementById("chat-log"), { childList: true });
}
