// Keyboard play: a key for each playable card (1-9, 0, then Q W E for the 11th to 13th), arrows
// between playable cards, B for "I'm back", M for sound, ? for the list of shortcuts.

import { comeBack } from "./seatcontrol.js";

export const CARD_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Q", "W", "E"];

function legalCards() {
  return [...document.querySelectorAll("#hand .card.legal")];
}

function moveFocus(step) {
  const cards = legalCards();
  if (!cards.length) return;
  const at = cards.indexOf(document.activeElement);
  const next = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
  cards[next].focus();
}

function showHelp() {
  const help = document.getElementById("keys-help");
  if (!help.open) help.showModal();
}

function onKey(app, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("input, textarea, select, dialog")) return;
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  const index = CARD_KEYS.indexOf(key);
  if (index >= 0) {
    legalCards()[index]?.click();
  } else if (key === "ArrowRight" || key === "ArrowLeft") {
    event.preventDefault();
    moveFocus(key === "ArrowRight" ? 1 : -1);
  } else if (key === "B") {
    comeBack(app);
  } else if (key === "M") {
    document.getElementById("sound-toggle").click();
  } else if (key === "?") {
    showHelp();
  }
}

export function setupKeys(app) {
  document.addEventListener("keydown", (event) => onKey(app, event));
  document.getElementById("keys-toggle").addEventListener("click", showHelp);
}
