// Card and suit names in the page's language, for everything people read (codes stay in the protocol).

import { fmt } from "./dom.js";

/** The index letter printed on a card: J Q K A in English, B D K A in German, B V H A in Dutch. */
export function rankLetter(rank) {
  if (rank === "T") return "10";
  const letters = {
    J: pgettext("index letter of a jack on a card", "J"),
    Q: pgettext("index letter of a queen on a card", "Q"),
    K: pgettext("index letter of a king on a card", "K"),
    A: pgettext("index letter of an ace on a card", "A"),
  };
  return letters[rank] || rank;
}

function rankWord(rank) {
  return {
    T: "10", J: gettext("jack"), Q: gettext("queen"), K: gettext("king"), A: gettext("ace"),
  }[rank] || rank;
}

/** A suit's name inside a sentence: "spades", "Pik", "schoppen". */
export function suitWord(suit) {
  const words = { S: gettext("spades"), H: gettext("hearts"), D: gettext("diamonds"), C: gettext("clubs") };
  return words[suit] || gettext("no trump");
}

/** "ace of spades", "Pik-Ass", "schoppen aas": the name of a card inside a sentence. */
export function cardName(code) {
  if (!code || code.length !== 2) return gettext("a card");
  return fmt(gettext("%(rank)s of %(suit)s"), { rank: rankWord(code[0]), suit: suitWord(code[1]) });
}

/** A card's name as a label or at the start of a sentence: "Ace of spades". */
export function cardLabel(code) {
  return capitalize(cardName(code));
}

export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A list of card names: "ace of spades, 10 of hearts". */
export function cardNames(codes) {
  return codes.map(cardName).join(", ");
}
