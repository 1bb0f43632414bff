// The game-over dialog's part at an event's table (`table.after`, docs/protocol.md): the
// player's standing, the event's page and the next table or board as soon as it is dealt,
// or, knocked out of an elimination event, that they are out and where they finished.
// Asked when the game ends, again when an `event` notice arrives (a table dealt), and every
// WAIT_MS while the next table (or a knocked-out player's final place) is not there yet (a
// notice can be lost, docs/stack-notes.md §2.12).

import { fmt, node, postForm } from "./dom.js";

const WAIT_MS = 10000;

function finishedEventSeat(app) {
  const table = app.msg && app.msg.table;
  return Boolean(table && table.after && app.msg.seat !== null && table.status !== "playing");
}

/** Ask what follows the table; while no next table is there, ask again later. */
export function loadAfter(app, again = false) {
  if (!finishedEventSeat(app) || app.afterLoading || (app.after && !again)) return;
  app.afterLoading = true;
  const url = `${app.msg.table.after}?table=${app.tableId}`;
  fetch(url, { credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => {
      app.afterLoading = false;
      if (!data) return;
      app.after = data;
      app.render();
      clearTimeout(app.afterTimer);
      const settled = data.next || data.finished || (data.out && data.out.final);
      if (!settled) app.afterTimer = setTimeout(() => loadAfter(app, true), WAIT_MS);
    })
    .catch(() => {
      app.afterLoading = false;
    });
}

/** An `event` notice (a table dealt) on this page's socket: ask again at once. */
export function watchAfter(app) {
  window.addEventListener("whist:notice", (event) => {
    if (event.detail?.kind === "event") loadAfter(app, true);
  });
}

export function isEventTable(app) {
  return Boolean(app.msg && app.msg.table && app.msg.table.after);
}

/** The round the player sits out (a bye, or a seat the bot plays for the whole round):
 *  no table to go to; the event page says when the next round starts. */
function sittingOutLine(out) {
  const texts = {
    bye: gettext("You have a bye in round %(round)s: you go through to the next round without playing."),
    bot: gettext("You sit round %(round)s out: a bot plays your seat for the whole round."),
  };
  const text = fmt(texts[out.how] || gettext("You sit round %(round)s out."), { round: out.round });
  const line = node("p", "help", `${text} ${gettext("The event page says when the next round starts.")}`);
  line.dataset.testid = "sitting-out";
  return line;
}

/** Out of an elimination event: the round they went out in and, once that round has
 *  ended (the standings place them), where they finished; until then, when it is known. */
function outLine(after) {
  const s = after.standing || {};
  const text = after.out.final && s.place
    ? fmt(gettext("You are out of %(event)s: you went out in round %(round)s and finished in place %(place)s of %(of)s."), {
      event: after.event, round: after.out.round, place: s.place, of: s.of,
    })
    : fmt(gettext("You are out of %(event)s: you went out in round %(round)s. Your final place is known when the round's last table ends; the event page shows it."), {
      event: after.event, round: after.out.round,
    });
  const line = node("p", "event-standing", text);
  line.dataset.testid = "knocked-out";
  return line;
}

/** The dialog's lines and links; the rematch is not offered (the event goes on). */
export function afterSection(app) {
  if (!finishedEventSeat(app)) return { lines: [], actions: [] };
  const after = app.after;
  if (!after) return { lines: [node("p", "help", gettext("Reading the standings…"))], actions: [] };
  const lines = [];
  const s = after.standing;
  if (after.out) {
    lines.push(outLine(after));
  } else if (s && s.place) {
    const text = fmt(gettext("%(event)s: place %(place)s of %(of)s, score %(points)s"), {
      event: after.event, place: s.place, of: s.of, points: Math.round(s.points * 100) / 100,
    });
    const line = node("p", "event-standing", text);
    line.dataset.testid = "event-standing";
    lines.push(line);
  }
  const actions = [];
  if (after.next) {
    const label = after.next.board ? gettext("Next board") : gettext("Next table");
    if (after.next.post) actions.push(postForm(after.next.url, label, "button-gold"));
    else {
      const link = node("a", "button button-gold", label);
      link.href = after.next.url;
      actions.push(link);
    }
    actions[0].dataset.testid = "next-table";
  } else if (after.sitting_out) {
    lines.push(sittingOutLine(after.sitting_out));
  } else if (!after.finished && !after.out) { // out of the event: no next table to wait for
    lines.push(node("p", "help", gettext("Your next table appears here as soon as it is dealt.")));
  }
  const page = node("a", "button", gettext("Event page"));
  page.href = after.event_url;
  page.dataset.testid = "event-page";
  actions.push(page);
  return { lines, actions };
}
