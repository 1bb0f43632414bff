// The live table: one WebSocket, whole versioned views, and the render of what the seat may see.

import { loadAfter, watchAfter } from "./after_game.js";
import { loadAwards } from "./awards.js";
import { announce, announceStatus, watchUnread } from "./announce.js";
import { setFront } from "./cards.js";
import { keepDrawn } from "./dom.js";
import { claimRefused, playKey, renderClaimButton, renderClaimShown } from "./claim.js";
import { renderTakeback } from "./takeback.js";
import { renderHint } from "./hint.js";
import { renderChat, chatAllowed, chatHidden, setupChat } from "./chat.js";
import { renderDialog } from "./dialogs.js";
import { renderFelt } from "./felt.js";
import { setupGuide, renderGuide } from "./guide.js";
import { renderHand } from "./hand.js";
import { setupKeys } from "./keys.js";
import { layoutFelt, setupPanels } from "./layout.js";
import { animate, snapshot, takeTrick } from "./motion.js";
import { isMyTurn, renderPanels, renderStatus } from "./panels.js";
import { afterState, renderPreselect } from "./premove.js";
import { CROWDED, CROWDED_CAP_MS, CROWDED_MS, FINAL, FIRST_MS, jittered, nextDelay } from "./reconnect.js";
import { renderSeatControl } from "./seatcontrol.js";
import { alertSound, setupSound, titleAlert } from "./sound.js";
import { initTwoTaps } from "./twotap.js";
import { ROUND_PAUSE_MS, SUMMARY_MS, summaryOf } from "./summary.js";

const root = document.getElementById("table-app");
const TRICK_PAUSE_MS = 1200;
const FLASH_MS = 2500; // an error stays in the status line this long (panels.js's turnText)

const app = {
  root,
  tableId: Number(root.dataset.table),
  loggedIn: root.dataset.authenticated === "1",
  // The game's descriptors (games.engine.descriptors.page_facts): read them, never the game's name.
  facts: JSON.parse(document.getElementById("game-facts").textContent),
  msg: null, // the latest state message shown
  version: -1,
  socket: null,
  pending: false, // an act was sent and not answered yet
  hold: null, // {trick, until}: a completed trick kept on the table for a moment
  flashed: null, // {text, until}: an error shown in the status line (flash)
  summary: null, // what the round (deal, half) that just ended decided, shown after the hold
  lastTrickKey: null,
  exchange: new Set(), // cards picked for an exchange
  lifted: null, // a card lifted by a first tap, played by a second (twotap.js)
  confirming: null, // a confirmation dialog that is open ("resign")
  lastResync: 0,
  awards: null, // what the finished game brought this player (docs/protocol.md `awards`)
  after: null, // what follows an event's table: standing, next table (after_game.js)
  banned: null, // why this player was banned, once the server said so
  alerts: [], // sounds asked for (sound.js), read by the browser tests
  flights: 0, // cards flown to the trick so far (motion.js), read by the browser tests
  muted: false,
  wasMyTurn: false,
  autoPlay: root.dataset.autoPlay === "1", // the profile's "play my only legal card by itself"
  actions: [], // the buttons and lines under the hand (#hand-actions) of the drawing in hand
  premove: null, // a card pre-selected while another seat is to act (premove.js)
  forced: null, // the only legal card, about to be played by itself
  forcedTimer: null,
  stateAt: 0, // when the latest state arrived, and when the page last acted: read by the
  actedAt: 0, //   browser tests of the timing (performance.now())
  actedAfter: null, // ms from the state acted on to the act (a later state moves stateAt)
  playDelay: null, // ms the page chose to wait before playing a forced or pre-selected card
  send,
  act,
  render,
  flash,
};

/** Send `message` if the socket is open; whether it went. */
function send(message) {
  if (!app.socket || app.socket.readyState !== WebSocket.OPEN) return false;
  app.socket.send(JSON.stringify(message));
  return true;
}

/** Send a decision for our seat; the server decides whether it is legal. */
function act(action) {
  if (app.pending || !app.msg) return;
  app.pending = true;
  app.hold = null;
  app.flashed = null;
  app.lastAction = action;
  app.actedAt = performance.now();
  app.actedAfter = app.actedAt - app.stateAt;
  if (!send({ type: "act", version: app.version, action })) {
    // Between a lost connection and the next: nothing went, so say so (the click was lost
    // without a word) and let the player act again once the state comes back.
    app.pending = false;
    flash(gettext("Not sent: the connection is being restored. Play again in a moment."));
  }
  render();
}

/** An error in the status line until FLASH_MS pass, the next act or a newer state (the
 *  status line is drawn again every second for the clock: it keeps the text meanwhile). */
function flash(text) {
  app.flashed = { text, until: Date.now() + FLASH_MS, key: playKey(app.msg?.view) };
  document.getElementById("status-turn").textContent = text;
}

function trickFinished(view) {
  const key = view && view.last_trick ? JSON.stringify(view.last_trick) : null;
  const changed = app.msg !== null && key !== null && key !== app.lastTrickKey;
  if (key !== null) app.lastTrickKey = key;
  return changed;
}

function onState(msg) {
  if (msg.version < app.version) return; // older than what we show
  // A refusal stays over a newer state that played no card (a refused claim is recorded).
  if (msg.version > app.version && app.flashed?.key !== playKey(msg.view)) app.flashed = null;
  if (app.version >= 0 && msg.version > app.version + 1) requestResync();
  const previous = app.msg;
  const seatChanged = !app.msg || app.msg.seat !== msg.seat;
  if (trickFinished(msg.view)) {
    // A round's (deal's, half's) last trick stays longer, then its summary (summary.js).
    const summary = summaryOf(previous && previous.view, msg.view, msg.table.status);
    const pause = summary ? ROUND_PAUSE_MS : TRICK_PAUSE_MS;
    app.hold = { trick: msg.view.last_trick, until: Date.now() + pause };
    if (summary) {
      app.summary = { ...summary, until: app.hold.until + SUMMARY_MS, hold: app.hold };
      setTimeout(render, pause + SUMMARY_MS + 20);
    }
    takeTrick(app, msg.view.last_trick.winner, pause);
    setTimeout(() => drawMoving(app.msg && app.msg.view), pause + 20);
  }
  if (seatChanged || !msg.view || !app.msg || app.msg.view?.deal !== msg.view.deal) app.exchange.clear();
  const legal = (msg.view?.legal || []).filter((a) => a.action === "play").map((a) => a.card);
  if (!legal.includes(app.lifted) || previous?.view?.trick?.length !== msg.view?.trick?.length) app.lifted = null;
  app.msg = msg;
  app.version = msg.version;
  app.pending = false;
  app.stateAt = performance.now();
  drawMoving(previous && previous.view);
  afterState(app);
  announce(app, previous, msg);
  alerts(previous);
  if (app.resignAgain && msg.view && msg.view.can_resign) {
    app.resignAgain = false;
    act({ action: "resign" });
  }
}

/** Render, then animate what moved since the last drawing (motion.js). */
function drawMoving(previousView) {
  const snap = snapshot();
  render();
  animate(app, snap, previousView);
}

/** A sound and the tab's title when it becomes your turn, and when the game ends. */
function alerts(previous) {
  const mine = isMyTurn(app);
  const over = app.msg.table.status === "finished";
  if (mine && !app.wasMyTurn) alertSound(app, "turn");
  if (over && previous && previous.table.status !== "finished") alertSound(app, "over");
  app.wasMyTurn = mine;
  titleAlert(app, mine ? gettext("Your turn") : over ? gettext("Game over") : "");
}

function requestResync() {
  const now = Date.now();
  if (now - app.lastResync < 1000) return;
  app.lastResync = now;
  send({ type: "resync" });
}

const ERRORS = {
  stale: () => gettext("The game moved on; showing the current state."),
  not_your_turn: () => gettext("It is not your turn."),
  rate_limited: () => gettext("Slow down a little."),
  chat_too_long: () => gettext("That message is too long."),
  login_required: () => gettext("Log in to chat."),
  must_follow_suit: () => gettext("You must follow suit."),
};

// Refusals of a chat line: shown under the chat, where the player looks, for a while.
const CHAT_CODES = new Set(["muted", "players_only", "chat_too_long", "chat_empty", "login_required"]);
let chatNoticeTimer = null;
let crowded = 0; // the last wait after a 4429 (too many sockets), in ms; 0 once admitted

function chatNotice(text) {
  const box = document.getElementById("chat-notice");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(chatNoticeTimer);
  chatNoticeTimer = setTimeout(() => { box.hidden = true; }, 10000);
}

/** A lasting notice above the table (a ban, too many open tabs). */
function notice(text) {
  const box = document.getElementById("table-notice");
  box.textContent = text;
  box.hidden = !text;
}

function onError(msg) {
  console.warn("server refused:", msg.code, msg.message);
  app.pending = false;
  if (msg.code === "banned") {
    app.banned = msg.message;
    notice(msg.message);
    chatAllowed(app);
    return;
  }
  if (msg.code === "too_many_sockets") {
    notice(msg.message);
    return;
  }
  if (CHAT_CODES.has(msg.code)) {
    chatNotice(ERRORS[msg.code] ? ERRORS[msg.code]() : msg.message);
    return;
  }
  // A confirmed resignation stands whatever a bot played meanwhile: send it again with the
  // current state, which the page asks for after a stale refusal (the server sends none).
  app.resignAgain = msg.code === "stale" && app.lastAction?.action === "resign";
  if (msg.code === "stale") requestResync();
  if (msg.code === "claim_refused") claimRefused(app);
  const text = ERRORS[msg.code] ? ERRORS[msg.code]() : msg.message;
  flash(text);
  setTimeout(render, FLASH_MS + 20);
}

function onMessage(event) {
  let msg;
  try {
    msg = JSON.parse(event.data);
  } catch {
    return;
  }
  if (msg.type === "state") {
    crowded = 0; // admitted: a later 4429 starts its waits afresh
    onState(msg);
  }
  else if (msg.type === "error") onError(msg);
  else if (msg.type === "chat") renderChat(app, msg.messages);
  else if (msg.type === "hint") {
    app.hint = msg;
    render();
  }
  else if (msg.type === "chat_hidden") chatHidden(msg.ids);
  else if (msg.type === "awards" && msg.table_id === app.tableId) {
    app.awards = msg.awards;
    render();
  } else if (msg.type === "notice" || msg.type === "notice_count") {
    // The header's notifications (static/js/notices.js): this page's one socket carries them.
    window.dispatchEvent(new CustomEvent("whist:notice", { detail: msg }));
  }
}

function connect(delay = FIRST_MS) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/table/${app.tableId}/`);
  app.socket = socket;
  const conn = document.getElementById("status-conn");
  socket.onopen = () => {
    conn.textContent = "";
    conn.classList.remove("bad");
    delay = FIRST_MS;
  };
  socket.onmessage = onMessage;
  socket.onclose = (event) => {
    app.pending = false;
    if (event.code === 4000) {
      // A password change elsewhere: open again with whatever session this browser has now.
      setTimeout(() => connect(), 100);
      return;
    }
    if (FINAL.has(event.code)) {
      conn.textContent = app.banned || gettext("You cannot watch this table.");
      conn.classList.add("bad");
      return;
    }
    if (event.code === CROWDED) {
      conn.textContent = gettext("Too many open connections: close a tab or two; trying again shortly.");
      conn.classList.add("bad");
      crowded = crowded ? nextDelay(crowded, CROWDED_CAP_MS) : CROWDED_MS;
      setTimeout(() => connect(delay), jittered(crowded));
      return;
    }
    // 4012: the server is stopping (a restart, a deploy); another one takes over. 4008 (a
    // flood), 4011 (the server failed), 4013 (Redis or the database away), 1006 and the rest:
    // try again later.
    conn.textContent = event.code === 4012
      ? gettext("The server is restarting; reconnecting…")
      : gettext("Connection lost; reconnecting…");
    conn.classList.add("bad");
    setTimeout(() => connect(nextDelay(delay, 10000)), jittered(delay));
  };
}

function render() {
  if (!app.msg) return;
  // A control kept across the drawing (the claim form's count) may be moved (keepDrawn, when
  // what comes before it changed), which drops its focus: give it back if nothing else took
  // it (a dialog's button).
  const focused = document.activeElement;
  loadAwards(app);
  loadAfter(app);
  if (app.hold && Date.now() >= app.hold.until) app.hold = null;
  // A summary's time gone by without Continue: the seats show the tricks of now (felt.js).
  if (app.summary && Date.now() >= app.summary.until) app.summary = null;
  renderFelt(app);
  renderDialog(app);
  app.actions = []; // what goes under the hand, in order: the renderers below add to it
  renderHand(app);
  renderClaimButton(app);
  renderTakeback(app);
  renderHint(app);
  renderPreselect(app);
  keepDrawn(document.getElementById("hand-actions"), app.actions);
  renderClaimShown(app);
  renderPanels(app);
  renderStatus(app);
  chatAllowed(app);
  renderSeatControl(app);
  renderGuide(app);
  layoutFelt(app);
  announceStatus(app, statusToSay());
  const lost = !document.activeElement || document.activeElement === document.body;
  if (lost && focused && focused !== document.body && focused.isConnected) {
    focused.focus({ preventScroll: true });
  }
}

/** What the live region says of the status: your turn, or the result once the game is over. */
function statusToSay() {
  if (isMyTurn(app) && !app.pending && !app.hold) return document.getElementById("status-turn").textContent;
  const result = document.querySelector("#dialog [data-testid=result]");
  return result ? `${gettext("Game over")}: ${result.textContent}` : "";
}

setFront(root.dataset.front);
setupSound(app);
setupPanels(app);
setupKeys(app);
initTwoTaps(app);
setupGuide(app);
watchUnread();
watchAfter(app);
const initial = JSON.parse(document.getElementById("initial-state").textContent);
if (initial && initial.type === "state") onState(initial);
setupChat(app);
setInterval(() => renderStatus(app), 1000);
connect();
window.whistTable = app; // read by the browser tests (version, view) and handy when debugging
