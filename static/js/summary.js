// What a finished round, deal or half decided, shown on the felt before the next hand (the
// engine's `view.present.summary`, games.engine.presentation: Knockout's tricks, who is out,
// who is on a dog's life and who chooses trump; Whist's points, honours and games; German
// Whist's first half when the second half starts).

import { button, node } from "./dom.js";
import { blockNodes, say, tableContext } from "./present.js";

export const ROUND_PAUSE_MS = 2500; // the round's last trick stays this long (a trick: 1200)
export const SUMMARY_MS = 8000; // then the summary, until Continue or this long

const stageOf = (view) => JSON.stringify(view?.present?.summary?.stage ?? null);

/** The summary the change from `before` to `view` calls for, or null: the view's summary of a
 *  stage that has just ended (its `stage` differs from the one before). */
export function summaryOf(before, view, status) {
  if (!before || !view || before.game !== view.game || status !== "playing") return null;
  const summary = view.present.summary;
  return summary && stageOf(before) !== stageOf(view) ? summary : null;
}

/** The summary dialog's content, or null when there is none to show now. */
export function summaryDialog(app) {
  const s = app.summary;
  if (!s || Date.now() >= s.until) return null;
  const ctx = tableContext(app);
  const box = [node("h2", null, say(ctx, s.title)), ...blockNodes(ctx, s.blocks, { cls: "summary-table", first: "name" })];
  for (const tbl of box) {
    // More than three columns (Whist's team, tricks, points, honours, score): on a phone each
    // row's name goes on a line of its own above its figures (table.css), so none is cut off.
    const columns = tbl.tagName === "TABLE" ? tbl.rows[0].cells.length : 0;
    if (columns > 3) {
      tbl.classList.add("summary-wide");
      tbl.style.setProperty("--figures", String(columns - 1));
    }
  }
  const next = button(gettext("Continue"), "button-primary", () => {
    app.summary = null;
    app.render();
  });
  next.dataset.testid = "summary-continue";
  const actions = node("div", "actions");
  actions.appendChild(next);
  box.push(actions);
  return box;
}
