// The game-over dialog's part on what the game brought the player: rating change, XP, level,
// achievements and unlocked card designs (the `awards` message, or the endpoint after a reload).

import { fmt, node } from "./dom.js";

const ACHIEVEMENTS = {
  first_rated: () => gettext("Rated"),
  first_win_knockout: () => gettext("Last one standing"),
  first_win_whist: () => gettext("Partners"),
  first_win_german: () => gettext("Head to head"),
  rubber: () => gettext("Rubber"),
  dogs_life: () => gettext("Every dog has its day"),
  german_13_0: () => gettext("Clean sweep"),
  grand_slam: () => gettext("Grand slam"),
  beat_expert: () => gettext("Giant killer"),
  full_table: () => gettext("Full house"),
  rated_wins_10: () => gettext("Ten rated wins"),
  regular: () => gettext("Regular"),
};
const DESIGNS = {
  red: () => gettext("Red lattice"),
  blue: () => gettext("Blue lattice"),
  tartan: () => gettext("Green tartan"),
  stars: () => gettext("Night sky"),
  gold: () => gettext("Gold filigree"),
  dog: () => gettext("Lucky dog"),
  crown: () => gettext("Crown"),
  classic: () => gettext("Classic"),
  four_colour: () => gettext("Four colours"),
  large: () => gettext("Large index"),
  parchment: () => gettext("Parchment"),
  night: () => gettext("Night"),
};
const RETRY_MS = 1500;
const TRIES = 8;

function finishedSeat(app) {
  return app.msg && app.msg.seat !== null && app.msg.table.status === "finished";
}

/** After a reload the awards message may have gone by: ask the endpoint until it is ready. */
export function loadAwards(app, tries = TRIES) {
  if (!finishedSeat(app) || app.awards || app.awardsLoading || !app.loggedIn) return;
  app.awardsLoading = true;
  fetch(app.root.dataset.awardsUrl, { credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => {
      app.awardsLoading = false;
      if (data && data.ready) {
        if (!app.awards) app.awards = data.awards;
        app.render();
      } else if (tries > 1 && !app.awards) {
        setTimeout(() => loadAwards(app, tries - 1), RETRY_MS);
      }
    })
    .catch(() => {
      app.awardsLoading = false;
    });
}

function ratingLine(rating) {
  const sign = rating.change > 0 ? "+" : "";
  const text = fmt(gettext("Rating: %(before)s → %(after)s (%(change)s)"), {
    before: rating.before, after: rating.after, change: `${sign}${rating.change}`,
  });
  const line = node("p", `rating-change ${rating.change >= 0 ? "up" : "down"}`, text);
  line.dataset.testid = "awards-rating";
  if (rating.provisional) line.appendChild(node("span", "badge badge-provisional", gettext("provisional")));
  return line;
}

function unlockLine(unlock) {
  const name = DESIGNS[unlock.id] ? DESIGNS[unlock.id]() : unlock.id;
  const text = unlock.kind === "back" ? gettext("New card back: %(name)s") : gettext("New card front: %(name)s");
  return node("li", null, fmt(text, { name }));
}

/** Why the rating moved as it did: docs/rules.md §4.3 (an early end) and docs/rules.md §4.4 (leaving). */
function ruleLine(awards) {
  let text = null;
  if (awards.early && (awards.resigned || awards.left)) {
    text = gettext("The game ended before its fifth trick: it gains the others nothing, and your resignation still counts as a loss.");
  } else if (awards.early) {
    text = gettext("The game ended before its fifth trick: it changes your rating by nothing and gives no XP.");
  } else if (awards.left) {
    text = gettext("You left the game to the stand-in bot: that counts as a loss, and leaving rated games again earns a wait before the next one.");
  }
  if (!text) return null;
  const line = node("p", "help rating-rule", text);
  line.dataset.testid = "awards-rule";
  return line;
}

/** A leaver's wait before the next rated game (docs/rules.md §4.4), in the browser's time. */
function waitLine(awards) {
  if (!awards.wait_until) return null;
  const time = new Date(awards.wait_until).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const line = node("p", "notice notice-bad rated-wait", fmt(gettext("Your next rated game can start at %(time)s."), { time }));
  line.dataset.testid = "awards-wait";
  return line;
}

function awardsLines(awards) {
  const lines = [];
  if (awards.rating) lines.push(ratingLine(awards.rating));
  else lines.push(node("p", "help", gettext("Casual game: ratings unchanged.")));
  const rule = ruleLine(awards);
  if (rule) lines.push(rule);
  const wait = waitLine(awards);
  if (wait) lines.push(wait);
  const xp = node("p", "xp-line", fmt(gettext("+%(xp)s XP"), { xp: awards.xp }));
  xp.dataset.testid = "awards-xp";
  if (awards.xp_cut) xp.appendChild(node("span", "help", ` ${gettext("(less XP: you have played these players often today)")}`));
  lines.push(xp);
  const { before, after } = awards.level;
  if (after && before && after > before) {
    lines.push(node("p", "level-up", fmt(gettext("Level up! You are now level %(level)s."), { level: after })));
  }
  const list = node("ul", "award-list");
  for (const code of awards.achievements) {
    const name = ACHIEVEMENTS[code] ? ACHIEVEMENTS[code]() : code;
    list.appendChild(node("li", null, fmt(gettext("Achievement: %(name)s"), { name })));
  }
  for (const unlock of awards.unlocks) list.appendChild(unlockLine(unlock));
  if (list.children.length) lines.push(list);
  return lines;
}

/** The awards part of the game-over dialog: nothing for spectators, "scoring…" until known. */
export function awardsSection(app) {
  if (!finishedSeat(app)) return [];
  const box = node("div", "awards");
  box.dataset.testid = "awards";
  if (app.awards) box.append(...awardsLines(app.awards));
  else box.appendChild(node("p", "help", gettext("Scoring the game…")));
  return [box];
}
