// How to play: at a guided table (?guide in the address) a panel explains each step of the real
// game as it happens, and ticks off the steps of the game: dealing, following suit, trumps, and
// the dog's life (Knockout Whist), the partnership (Whist) or the talon (German Whist).

import { suitWord } from "./cardnames.js";
import { fmt, node, button } from "./dom.js";
import { gameName } from "./labels.js";
import { say, tableContext } from "./present.js";

const active = new URLSearchParams(location.search).has("guide");
const seen = new Set();
let shown = null; // the HTML of the guide on the page

// The game's own step (the dog's life, the partnership, the talon), its name, its general
// text and the dealing text are the engine's (facts.present.guide, games.engine.presentation).
function guideFacts(app) {
  return app.facts.present.guide;
}

function steps(app) {
  return ["deal", "follow", "trump", guideFacts(app).step, "end"];
}

function stepName(app, step) {
  const own = guideFacts(app);
  if (step === own.step) return say(tableContext(app), { key: own.name });
  return { deal: gettext("Dealing"), follow: gettext("Following suit"), trump: gettext("Trumps"), end: gettext("Winning") }[step];
}

/** What each step says when it is not on the table right now (and at the end, for steps not met). */
function generalText(app, step) {
  const own = guideFacts(app);
  if (step === own.step) return say(tableContext(app), { key: own.general });
  if (step === "trump") return gettext("Trumps: when you cannot follow suit you may play a trump, which beats every card of the other suits.");
  return undefined;
}

function ledSuit(view) {
  return view.trick.length ? view.trick[0][1][1] : null;
}

function dealTip(app, view) {
  const trump = view.trump ? suitWord(view.trump) : gettext("not chosen yet");
  return ["deal", fmt(say(tableContext(app), { key: guideFacts(app).deal }), { n: view.hand_size || 13, trump })];
}

function playTip(app, view) {
  const led = ledSuit(view);
  const hand = view.hands[app.msg.seat] || [];
  if (!led) return ["follow", gettext("You lead: play any card you like. The others must follow the suit you lead if they can.")];
  if (hand.some((c) => c[1] === led)) {
    return ["follow", fmt(gettext("Following suit: %(suit)s were led and you have some, so only your %(suit)s are raised. The highest one wins unless someone trumps."), { suit: suitWord(led) })];
  }
  if (view.trump && view.trump !== "NT" && hand.some((c) => c[1] === view.trump)) {
    return ["trump", fmt(gettext("You have no %(led)s, so you may play any card. A trump (%(trump)s) wins the trick unless a higher trump follows; other cards cannot win."), { led: suitWord(led), trump: suitWord(view.trump) })];
  }
  return ["follow", fmt(gettext("You have no %(led)s and no trumps: play any card. It cannot win, so throw away your least useful one."), { led: suitWord(led) })];
}

function endTip(app, view) {
  const missed = steps(app).filter((s) => !seen.has(s) && generalText(app, s)).map((s) => generalText(app, s));
  const text = gettext("That was the whole game. Play again from the lobby with people or bots, or read the rules for the variants.");
  return ["end", [text, ...missed].join(" ")];
}

/** The explanation for what is on the table now, as [step, text]. */
function tip(app) {
  const { view, table } = app.msg;
  if (!view || app.msg.seat === null) return null;
  if (table.status !== "playing" || view.phase === "over") return endTip(app, view);
  const own = view.present.tip; // the game's own moments, for this seat (the engine's)
  const special = own ? [own[0], say(tableContext(app), own[1])] : null;
  if (special && view.to_act === app.msg.seat) return special;
  const fresh = (view.deal_tricks || []).length === 0 && view.trick.length < 2 && !seen.has("deal");
  if (fresh) return dealTip(app, view);
  if (view.to_act === app.msg.seat && view.legal.some((a) => a.action === "play")) return playTip(app, view);
  return special || null;
}

export function renderGuide(app) {
  if (!active || !app.msg || !app.msg.view) return;
  const box = document.getElementById("guide");
  const current = tip(app) || app.lastTip;
  if (!current) return;
  app.lastTip = current;
  seen.add(current[0]);
  const list = node("ul", "guide-steps");
  for (const step of steps(app)) {
    const li = node("li", seen.has(step) ? "done" : "", `${seen.has(step) ? "✓" : "○"} ${stepName(app, step)}`);
    list.appendChild(li);
  }
  const text = node("p", null, current[1]);
  text.dataset.testid = "guide-text";
  const head = node("h2", null, fmt(gettext("How to play %(game)s"), { game: gameName(app.msg.view.game) }));
  head.id = "guide-title";
  const hide = button(gettext("Hide the guide"), "tool-button", () => { box.hidden = true; app.guideHidden = true; });
  const top = node("div", null);
  top.append(head, text);
  box.hidden = Boolean(app.guideHidden);
  // The same guide again (every state draws the page): keep its nodes, so that a click on
  // "Hide the guide" pressed before a state and released after it still lands (dom.js keepDrawn).
  const html = [top, hide, list].map((n) => n.outerHTML).join("");
  if (html === shown && box.childElementCount === 3) return;
  shown = html;
  box.replaceChildren(top, hide, list);
}

export function setupGuide(app) {
  app.guide = active;
}
