// How to play: at a guided table (?guide in the address) a panel explains each step of the real
// game as it happens, and ticks off the steps of the game: dealing, following suit, trumps, and
// the dog's life (Knockout Whist), the partnership (Whist) or the talon (German Whist).

import { cardName, suitWord } from "./cardnames.js";
import { fmt, node, button } from "./dom.js";
import { seatName } from "./felt.js";
import { gameName } from "./labels.js";

const active = new URLSearchParams(location.search).has("guide");
const seen = new Set();

function steps(game) {
  const extra = { knockout: ["dogs_life"], whist: ["partners"], german: ["talon"] }[game] || [];
  return ["deal", "follow", "trump", ...extra, "end"];
}

function stepName(step) {
  return {
    deal: gettext("Dealing"), follow: gettext("Following suit"), trump: gettext("Trumps"),
    dogs_life: gettext("The dog's life"), partners: gettext("Partners"), talon: gettext("The talon"),
    end: gettext("Winning"),
  }[step];
}

/** What each step says when it is not on the table right now (and at the end, for steps not met). */
function generalText(step) {
  return {
    dogs_life: gettext("The dog's life: the first player who takes no trick in a round is not out yet. Next round they get a single card and may play it or knock (keep it for later); if it wins a trick they are back in."),
    partners: gettext("Partners: you play with the player opposite you. Your tricks count together, so let your partner's winning card win."),
    talon: gettext("The talon: in the first half the winner of each trick takes the face-up card, the loser the next one unseen. In the second half only the tricks count."),
    trump: gettext("Trumps: when you cannot follow suit you may play a trump, which beats every card of the other suits."),
  }[step];
}

function ledSuit(view) {
  return view.trick.length ? view.trick[0][1][1] : null;
}

function dealTip(app, view) {
  const trump = view.trump ? suitWord(view.trump) : gettext("not chosen yet");
  const texts = {
    knockout: gettext("Dealing: everyone got %(n)s cards. In the first round one more card is turned face up; its suit (%(trump)s) is trump. Each later round has one card fewer."),
    whist: gettext("Dealing: all 52 cards were dealt, 13 to each player. The dealer's last card was turned face up: %(trump)s are trump for this deal."),
    german: gettext("Dealing: you and the bot got 13 cards each; the other 26 are the talon. Its top card lies face up, and its suit, %(trump)s, is trump for the whole game."),
  };
  return ["deal", fmt(texts[view.game], { n: view.hand_size || 13, trump })];
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

function knockoutTip(app, view) {
  const me = app.msg.seat;
  const legal = new Set(view.legal.map((a) => a.action));
  if (legal.has("knock")) return ["dogs_life", gettext("Your dog's life: you took no trick, so you got one card. Play it now, or knock to keep it for a later trick. If it wins a trick you are back in the game.")];
  if (legal.has("trump")) return ["trump", gettext("You took the most tricks, so you choose the trump suit for the next round: look at your new cards and pick your longest or strongest suit.")];
  const dog = (view.dogs_life || []).find((s) => s !== me);
  if (dog !== undefined) return ["dogs_life", fmt(gettext("%(name)s took no trick last round and is on a dog's life: one card, which they may play or hold back by knocking."), { name: seatName(app, dog) })];
  return null;
}

function germanTip(app, view) {
  if (view.half === 2) return ["talon", gettext("Second half: the talon is used up, and only these 13 tricks count. Whoever takes 7 or more wins the game.")];
  if (view.faceup && view.trick.length === 0) {
    return ["talon", fmt(gettext("The talon: this trick is played for the %(card)s. The winner takes it, the loser takes the next card unseen."), { card: cardName(view.faceup) })];
  }
  return null;
}

function whistTip(app, view) {
  const me = app.msg.seat;
  const partners = app.facts.partnerships.find((side) => side.includes(me)) || [];
  const partner = partners.find((s) => s !== me);
  const leader = view.trick.length ? view.trick[0][0] : null;
  if (leader === null || !view.legal.length) return null;
  const best = view.trick.length >= 2 && view.trick.some(([s]) => s === partner);
  if (best) return ["partners", fmt(gettext("Your partner, %(name)s, has played to this trick. Your tricks count together: no need to beat a partner who is already winning."), { name: seatName(app, partner) })];
  return null;
}

function endTip(app, view) {
  const missed = steps(view.game).filter((s) => !seen.has(s) && generalText(s)).map(generalText);
  const text = gettext("That was the whole game. Play again from the lobby with people or bots, or read the rules for the variants.");
  return ["end", [text, ...missed].join(" ")];
}

/** The explanation for what is on the table now, as [step, text]. */
function tip(app) {
  const { view, table } = app.msg;
  if (!view || app.msg.seat === null) return null;
  if (table.status !== "playing" || view.phase === "over") return endTip(app, view);
  const special = { rounds: knockoutTip, games: germanTip, deals: whistTip }[app.facts.stages](app, view);
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
  for (const step of steps(app.msg.view.game)) {
    const li = node("li", seen.has(step) ? "done" : "", `${seen.has(step) ? "✓" : "○"} ${stepName(step)}`);
    list.appendChild(li);
  }
  const text = node("p", null, current[1]);
  text.dataset.testid = "guide-text";
  const head = node("h2", null, fmt(gettext("How to play %(game)s"), { game: gameName(app.msg.view.game) }));
  head.id = "guide-title";
  const hide = button(gettext("Hide the guide"), "tool-button", () => { box.hidden = true; app.guideHidden = true; });
  box.replaceChildren(node("div", null), hide, list);
  box.firstElementChild.append(head, text);
  box.hidden = Boolean(app.guideHidden);
}

export function setupGuide(app) {
  app.guide = active;
}
