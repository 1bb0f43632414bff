// The engine's presentation data (games.engine.presentation: docs/protocol.md, `view.present`)
// in the page's language: texts, lines and tables, drawn alike for every game. The page's
// facts carry every template translated (`facts.texts`, games/texts.py page_texts).

import { cardName, suitWord } from "./cardnames.js";
import { fmt, node } from "./dom.js";
import { seatName } from "./felt.js";
import { suitName } from "./labels.js";

/** A template in the page's language; `n` picks a plural form. */
function template(texts, key, n) {
  const found = texts[key] ?? key;
  if (!Array.isArray(found)) return found;
  return found[Math.min(window.pluralidx(n), found.length - 1)];
}

/** A text, value or cell in words. `ctx`: {texts, name(seat), me (the viewer's seat),
 *  cardIndex(code) (a card as its index, "A♠")}. */
export function say(ctx, value) {
  if (value === null || value === undefined) return "";
  if (typeof value !== "object") return String(value);
  if ("key" in value) {
    const args = {};
    for (const [name, v] of Object.entries(value.args || {})) args[name] = say(ctx, v);
    const text = template(ctx.texts, value.key, value.count ? value.args[value.count] : 1);
    return value.args ? fmt(text, args) : text;
  }
  if ("join" in value) return value.parts.map((p) => say(ctx, p)).join(value.join);
  if ("seat" in value) return value.you && value.seat === ctx.me ? template(ctx.texts, "you") : ctx.name(value.seat);
  if ("seats" in value) return value.seats.map(ctx.name).join(", ");
  if ("card" in value) return cardName(value.card);
  if ("card_index" in value) return ctx.cardIndex ? ctx.cardIndex(value.card_index) : value.card_index;
  if ("suit" in value) return suitName(value.suit);
  if ("suit_word" in value) return suitWord(value.suit_word);
  return "";
}

/** The context of the table page: its translated templates, seat names and viewer. */
export function tableContext(app, name = (seat) => seatName(app, seat)) {
  return { texts: app.facts.texts, name, me: app.msg.seat };
}

function cell(ctx, tag, cls, value) {
  if (value && typeof value === "object" && "team" in value) {
    // A team is its name over its players' names; names wrap, never cut.
    const td = node(tag, cls, say(ctx, value.team));
    value.seats.forEach((s) => td.appendChild(node("span", "team-names", ctx.name(s))));
    return td;
  }
  return node(tag, cls, say(ctx, value));
}

/** A table of cells; the first column's class is `first`, the others' "num". */
export function tableNode(ctx, { head, rows }, cls = null, first = "") {
  const tbl = node("table", cls);
  const tr = node("tr");
  // A player's name heading a column (German Whist's games) is not a figure's narrow heading.
  const headClass = (h) => (h && typeof h === "object" && "seat" in h ? "num seat-head" : "num");
  head.forEach((h, i) => tr.appendChild(cell(ctx, "th", i ? headClass(h) : "", h)));
  tbl.appendChild(tr);
  for (const row of rows) {
    const line = node("tr");
    row.forEach((c, i) => line.appendChild(cell(ctx, "td", i ? "num" : first, c)));
    tbl.appendChild(line);
  }
  return tbl;
}

/** Blocks (lines and tables) as nodes; `table`: the class of a table and its first column. */
export function blockNodes(ctx, blocks, table = {}) {
  return blocks.map((b) => {
    if (b.table) return tableNode(ctx, b.table, table.cls || null, table.first || "");
    const p = node("p", b.class || null, say(ctx, b.p));
    if (b.testid) p.dataset.testid = b.testid;
    return p;
  });
}
