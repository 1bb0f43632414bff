// Dialogs on the felt: waiting room, trump choice, votes, exchange, resign and game over.

import { afterSection, isEventTable } from "./after_game.js";
import { awardsSection } from "./awards.js";
import { suitIcon } from "./cards.js";
import { button, fmt, node, postForm } from "./dom.js";
import { seatName } from "./felt.js";
import { botName, reasonText, suitName } from "./labels.js";
import { summaryDialog } from "./summary.js";

function legalOf(app, kind) {
  const view = app.msg.view;
  return view ? view.legal.filter((a) => a.action === kind) : [];
}

function suitDialog(app, kind, title, hint) {
  const box = [node("h2", null, title), node("p", null, hint)];
  const row = node("div", "suit-buttons");
  for (const a of legalOf(app, kind)) {
    const b = button("", "", () => app.act({ action: kind, suit: a.suit }));
    b.appendChild(suitIcon(a.suit === "NT" ? "N" : a.suit, 20));
    b.appendChild(node("span", null, suitName(a.suit)));
    b.dataset.suit = a.suit;
    b.disabled = app.pending;
    row.appendChild(b);
  }
  box.push(row);
  const votes = app.msg.view.votes || [];
  if (votes.length) {
    const list = votes.map(([s, suit]) => `${seatName(app, s)}: ${suitName(suit)}`).join(", ");
    box.push(node("p", "help", `${gettext("Votes so far")}: ${list}`));
  }
  return box;
}

function exchangeDialog(app, max) {
  const n = app.exchange.size;
  const text = fmt(ngettext("Pick up to %(max)s card in your hand to swap with the stock, then confirm.",
    "Pick up to %(max)s cards in your hand to swap with the stock, then confirm.", max), { max });
  const confirm = button(
    n ? fmt(ngettext("Exchange %(n)s card", "Exchange %(n)s cards", n), { n }) : gettext("Keep my hand"),
    "button-primary",
    () => {
      const discard = [...app.exchange];
      app.exchange.clear();
      app.act({ action: "exchange", discard });
    },
  );
  confirm.dataset.testid = "exchange-confirm";
  confirm.disabled = app.pending || n > max;
  return [node("h2", null, gettext("Exchange cards")), node("p", null, text), confirm];
}

function resignDialog(app) {
  const warning = !app.facts.resign_ends_game
    ? gettext("A bot will play your seat to the end, and you rank below everyone who did not resign.")
    : app.facts.partnerships?.length ? gettext("Your side loses the match at once.") : gettext("You lose the match at once.");
  const yes = button(gettext("Yes, resign"), "button-danger", () => {
    app.confirming = null;
    app.act({ action: "resign" });
  });
  const no = button(gettext("Keep playing"), "", () => {
    app.confirming = null;
    app.render();
  });
  const actions = node("div", "actions");
  actions.append(yes, no);
  return [node("h2", null, gettext("Resign this game?")), node("p", null, warning), actions];
}

/** Whether the seats of a place are one side of a partnership game (Whist's partners). */
function isSide(app, group) {
  const key = (seats) => [...seats].sort().join(",");
  return (app.facts?.partnerships || []).some((side) => key(side) === key(group));
}

/** The places, as the game page shows them (docs/rules.md §0.6): tied seats share a place
 * and the places they fill are skipped ("1. Ann, Bob", "3. Cy"), so a tie shows; partners
 * are a side, not a tie ("Winning side: Ann & Cy", "Losing side: Bob & Dee"). */
function rankingList(app, result) {
  const list = node("ol", "result-list");
  list.dataset.testid = "ranking";
  let place = 1;
  for (const group of result.ranking || []) {
    const side = group.length > 1 && isSide(app, group);
    const tied = group.length > 1 && !side;
    const li = node("li", tied ? "tied" : side ? "side" : "");
    const label = !side ? `${place}.` : place === 1 ? gettext("Winning side:") : gettext("Losing side:");
    li.appendChild(node("span", "place", label));
    const names = group.map((s) => seatName(app, s)).join(side ? " & " : ", ");
    li.appendChild(document.createTextNode(` ${names}`));
    if (tied) li.appendChild(node("span", "tag", gettext("tied")));
    li.title = li.textContent;
    list.appendChild(li);
    place += group.length;
  }
  return list;
}

function winnersText(app, result) {
  const names = (result.winners || []).map((s) => seatName(app, s));
  if (!names.length) return gettext("The match is drawn.");
  if (app.msg.view && (result.winners || []).includes(app.msg.seat)) return gettext("You win!");
  // A side (Whist's partners) won together: German and Dutch say so ("haben gewonnen").
  return fmt(ngettext("%(names)s won.", "%(names)s won.", names.length), { names: names.join(" & ") });
}

function gameOverDialog(app) {
  const { table, view } = app.msg;
  const root = app.root.dataset;
  const result = table.result || (view && view.result);
  const box = [node("h2", null, gettext("Game over"))];
  if (table.status === "aborted") box.push(node("p", null, gettext("This table was closed.")));
  if (result) {
    const line = node("p", "result-winner", winnersText(app, result));
    line.dataset.testid = "result";
    const reason = reasonText(result, (s) => seatName(app, s), view, app.facts);
    box.push(line, node("p", "help", reason), rankingList(app, result));
    if (result.rubber_score) box.push(node("p", null, `${gettext("Rubber score")}: ${result.rubber_score.join(" – ")}`));
  }
  box.push(...awardsSection(app));
  const after = afterSection(app);
  box.push(...after.lines);
  const actions = node("div", "actions");
  actions.append(...after.actions);
  if (isEventTable(app)) {
    // An event's table: no rematch, the event goes on (its next table, its page).
  } else if (app.msg.seat !== null && table.status === "finished") {
    const label = table.rematch ? gettext("Join the rematch") : gettext("Rematch");
    actions.appendChild(postForm(root.rematchUrl, label, "button-gold"));
  } else if (table.rematch) {
    const link = node("a", "button", gettext("Watch the rematch"));
    link.href = root.tableUrl.replace("/0/", `/${table.rematch}/`);
    actions.appendChild(link);
  }
  const lobby = node("a", "button", gettext("Back to the lobby"));
  lobby.href = root.lobbyUrl;
  actions.appendChild(lobby);
  box.push(actions);
  return box;
}

function seatLine(app, seat) {
  const { table } = app.msg;
  const info = table.seats[seat] || {};
  const li = node("li");
  const label = info.bot ? botName(info.bot) : info.name || gettext("open seat");
  li.appendChild(node("span", null, `${seat + 1}. ${label}`));
  const free = !info.name && !info.bot;
  if (free && app.msg.seat === null && app.loggedIn) {
    li.appendChild(postForm(app.root.dataset.sitUrl, gettext("Sit here"), "button-small button-primary", { index: seat }));
  }
  return li;
}

function waitingDialog(app) {
  const { table } = app.msg;
  const root = app.root.dataset;
  const list = node("ul", "waiting-seats");
  for (let i = 0; i < table.players; i++) list.appendChild(seatLine(app, i));
  const full = table.seats.every((s) => s.name || s.bot);
  const box = [node("h2", null, full ? gettext("Ready to start") : gettext("Waiting for players")), list];
  const actions = node("div", "actions");
  if (app.msg.seat !== null) {
    if (full) actions.appendChild(postForm(root.startUrl, gettext("Start the game"), "button-gold"));
    else actions.appendChild(postForm(root.startUrl, gettext("Fill with bots and start"), "button-gold", { fill_bots: "club" }));
    actions.appendChild(postForm(root.leaveUrl, gettext("Leave seat"), "button-small"));
  } else if (!app.loggedIn) {
    const login = node("a", "button button-primary", gettext("Log in to sit down"));
    login.href = root.loginUrl;
    actions.appendChild(login);
  }
  box.push(actions);
  if (table.invite) box.push(inviteBox(app, table.invite));
  return box;
}

function inviteBox(app, token) {
  const url = new URL(app.root.dataset.inviteUrl.replace("TOKEN", token), location.href).href;
  const wrap = node("div", "invite");
  const input = node("input");
  input.readOnly = true;
  input.value = url;
  input.setAttribute("aria-label", gettext("Invite link"));
  wrap.appendChild(input);
  wrap.appendChild(button(gettext("Copy"), "button-small", () => navigator.clipboard?.writeText(url)));
  return wrap;
}

function dialogContent(app) {
  const { table, view } = app.msg;
  if (app.confirming === "resign" && view && view.can_resign) return resignDialog(app);
  if (table.status === "finished" || table.status === "aborted" || (view && view.phase === "over")) {
    return app.hold ? null : gameOverDialog(app);
  }
  if (table.status === "open" || !view) return waitingDialog(app);
  // A trick's pause keeps the felt clear, but a summary already up stays through a later
  // trick's (bots playing on under it): only its own round's last trick comes before it.
  const summaryUp = app.summary && app.summary.hold !== app.hold;
  if (app.hold && !summaryUp) return null;
  const summary = summaryDialog(app);
  if (summary) return summary;
  if (legalOf(app, "trump").length) {
    return suitDialog(app, "trump", gettext("Choose trump"), gettext("You took the most tricks: look at your new cards and choose trump."));
  }
  if (legalOf(app, "vote").length) {
    return suitDialog(app, "vote", gettext("Vote for trump"), gettext("You are out, but you still vote on the trump suit."));
  }
  const exchange = legalOf(app, "exchange")[0];
  if (exchange) return exchangeDialog(app, exchange.max);
  return null;
}

let shown = null; // the HTML of the dialog on the page

export function renderDialog(app) {
  const dialog = document.getElementById("dialog");
  const content = dialogContent(app);
  if (content) content[0].id = "dialog-title";
  const html = content ? content.map((n) => n.outerHTML).join("") : "";
  // The same dialog again (a state that changed nothing it shows): keep its nodes. A button
  // replaced under a click in flight drops the click: its form is no longer in the page, so
  // "Start the game" sent nothing (a browser test saw it, once in 300 starts).
  if (html === shown && dialog.hidden === !content) return;
  shown = html;
  dialog.hidden = !content;
  dialog.replaceChildren(...(content || []));
  dialog.dataset.kind = content ? content[0].textContent : "";
}
