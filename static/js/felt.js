// The felt: seats around the table, the trick in the middle, trump and talon (dialogs.js draws
// the dialog over it).

import { cardLabel, cardName } from "./cardnames.js";
import { cardBack, namedFace, silentFace, suitIcon } from "./cards.js";
import { fmt, node } from "./dom.js";
import { botName, suitName } from "./labels.js";

/** A seat's name; bots of one level at the table get their seat number, "Bot (Beginner) 3",
 * as the game's page and replay name them (records.presenters.seat_names). */
export function seatName(app, seat) {
  const seats = app.msg.table.seats;
  const info = seats[seat];
  if (!info) return fmt(gettext("Seat %(n)s"), { n: seat + 1 });
  if (info.bot) {
    const twins = seats.filter((s) => s && s.bot === info.bot).length;
    return twins > 1 ? `${botName(info.bot)} ${seat + 1}` : botName(info.bot);
  }
  if (info.name) return info.name;
  return gettext("open seat");
}

function tag(cls, text) {
  return node("span", `tag ${cls}`, text);
}

function seatTags(app, seat) {
  const { view, table } = app.msg;
  const info = table.seats[seat] || {};
  const tags = [];
  if (info.level) tags.push(tag("tag-level", fmt(gettext("Level %(n)s"), { n: info.level })));
  if (view && view.dealer === seat) tags.push(tag("tag-dealer", gettext("Dealer")));
  const resigned = Boolean(view && (view.resigned || []).includes(seat));
  if (info.away && !resigned) tags.push(tag("tag-away", gettext("away")));
  else if (!resigned && info.name && !info.bot && info.connected === false && table.status === "playing") {
    tags.push(tag("tag-away", gettext("disconnected")));
  }
  if (view) {
    // Only a game that knocks players out (Knockout Whist) lists them.
    if ((view.out || []).includes(seat)) tags.push(tag("tag-out", gettext("out")));
    if ((view.dogs_life || []).includes(seat)) tags.push(tag("tag-dog", gettext("dog's life")));
  }
  if (resigned) tags.push(tag("tag-out", gettext("resigned")));
  return tags;
}

function miniHand(count, back) {
  const box = node("div", "mini-hand");
  box.setAttribute("aria-hidden", "true");
  for (let i = 0; i < Math.min(count, 13); i++) box.appendChild(cardBack(back));
  return box;
}

/** The viewer's own card back (the talon and the stock belong to nobody): default for spectators. */
function ownBack(app) {
  const mine = app.msg.seat === null ? null : app.msg.table.seats[app.msg.seat];
  return mine ? mine.back : undefined;
}

function seatPlate(app, seat) {
  const { view, table } = app.msg;
  const plate = node("div", "seat");
  plate.dataset.seat = seat;
  plate.dataset.testid = "seat"; // placed by layout.js
  const info = table.seats[seat] || {};
  if (!info.name && !info.bot) plate.classList.add("empty");
  if (view && view.to_act === seat) plate.classList.add("to-act");
  if (view && (view.out || []).includes(seat)) plate.classList.add("out");
  const name = node("div", "name", seatName(app, seat));
  if (seat === app.msg.seat) name.textContent += ` (${gettext("you")})`;
  name.title = name.textContent; // long names are cut with an ellipsis: the whole one on hover
  plate.appendChild(name);
  const meta = node("div", "meta");
  seatTags(app, seat).forEach((x) => meta.appendChild(x));
  if (view) meta.appendChild(node("span", null, fmt(gettext("tricks: %(n)s"), { n: shownTricks(app)[seat] })));
  const side = app.facts.partnerships.findIndex((partners) => partners.includes(seat));
  if (view && side >= 0) meta.appendChild(node("span", null, side === 0 ? gettext("Team A") : gettext("Team B")));
  plate.appendChild(meta);
  if (view && seat !== app.msg.seat) plate.appendChild(miniHand(view.hands[seat].length, info.back));
  return plate;
}

/** Each seat's tricks: while a finished round's summary is up, that round's (summary.js: a
 * summary of seats' tricks has `tricks`, Whist's of sides' has not). */
function shownTricks(app) {
  return (app.summary && app.summary.tricks) || app.msg.view.tricks;
}

function trickCard(app, seat, card, winner) {
  const box = node("div", `trick-card${winner ? " winner" : ""}`); // placed by layout.js
  box.dataset.seat = seat;
  box.dataset.card = card;
  box.dataset.key = `${seat}:${card}`;
  box.appendChild(silentFace(card));
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", fmt(gettext("%(name)s played the %(card)s"), { name: seatName(app, seat), card: cardName(card) }));
  return box;
}

function renderTrick(app) {
  const area = document.getElementById("trick");
  const note = document.getElementById("trick-note");
  const view = app.msg.view;
  area.replaceChildren();
  note.hidden = true;
  if (!view) return;
  if (app.hold) {
    for (const [seat, card] of app.hold.trick.plays) {
      area.appendChild(trickCard(app, seat, card, seat === app.hold.trick.winner));
    }
    note.textContent = fmt(gettext("%(name)s takes the trick"), { name: seatName(app, app.hold.trick.winner) });
    note.hidden = false;
    return;
  }
  for (const [seat, card] of view.trick) area.appendChild(trickCard(app, seat, card, false));
}

function renderTrump(app) {
  const box = document.getElementById("trump-box");
  const view = app.msg.view;
  box.replaceChildren();
  box.hidden = !view;
  if (!view) return;
  box.appendChild(node("span", null, `${gettext("Trump")}:`));
  if (view.trump) {
    box.appendChild(suitIcon(view.trump === "NT" ? "N" : view.trump, 22));
    box.appendChild(node("span", "trump-name", suitName(view.trump)));
  } else {
    box.appendChild(node("span", "trump-name", gettext("not chosen yet")));
  }
  if (view.options && view.options.exchange) {
    box.appendChild(node("span", null, fmt(ngettext("Stock: %(n)s card", "Stock: %(n)s cards", view.stock), { n: view.stock })));
  }
  // The turned card while it lies face up (the engine's `view.present.turned`: Whist's until
  // the dealer's first turn, after that the dealer holds it).
  const turned = view.present && view.present.turned;
  if (turned) {
    const card = namedFace(turned);
    card.setAttribute("aria-label", fmt(gettext("Turned card: %(card)s"), { card: cardLabel(turned) }));
    box.appendChild(card);
  }
}

function renderTalon(app) {
  const box = document.getElementById("talon-box");
  const view = app.msg.view;
  box.replaceChildren();
  box.hidden = !(view && view.talon !== undefined); // a game with a talon (German Whist)
  if (box.hidden) return;
  if (view.faceup) {
    box.appendChild(node("span", null, gettext("Playing for:")));
    const face = namedFace(view.faceup);
    face.dataset.testid = "faceup";
    box.appendChild(face);
  }
  // docs/rules.md §3.2: after 13 tricks the talon is used up; then no pile is drawn at all.
  if (view.talon > 0) box.appendChild(cardBack(ownBack(app)));
  const text = view.talon > 0 ? fmt(ngettext("%(n)s card in the talon", "%(n)s cards in the talon", view.talon), { n: view.talon }) : gettext("The talon is used up.");
  box.appendChild(node("span", null, text));
}

export function renderFelt(app) {
  const seats = document.getElementById("seats");
  const players = app.msg.table.players;
  seats.replaceChildren(...Array.from({ length: players }, (_, i) => seatPlate(app, i)));
  renderTrick(app);
  renderTrump(app);
  renderTalon(app);
}
