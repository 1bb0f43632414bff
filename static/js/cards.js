// SVG playing cards drawn in code: faces, backs and suit symbols; no external assets.
// Card fronts and backs come in designs a player unlocks (rankings/unlocks.py names them).

import { cardLabel, rankLetter } from "./cardnames.js";

const NS = "http://www.w3.org/2000/svg";

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = "23456789TJQKA";
const RED = { H: true, D: true };

// Card fronts: face colour, border and the colour of each suit; `large`: a big index.
const FRONTS = {
  classic: { bg: "#fff", stroke: "#9a9a9a", suits: { S: "#1d1d1f", H: "#c8102e", D: "#c8102e", C: "#1d1d1f" } },
  four_colour: { bg: "#fff", stroke: "#9a9a9a", suits: { S: "#1d1d1f", H: "#c8102e", D: "#1a5fb4", C: "#1e7b34" } },
  large: { bg: "#fff", stroke: "#6a6a6a", large: true, suits: { S: "#000", H: "#c00018", D: "#c00018", C: "#000" } },
  parchment: { bg: "#f6ecd2", stroke: "#8a6d3b", suits: { S: "#2b2118", H: "#8e1b10", D: "#8e1b10", C: "#2b2118" } },
  night: { bg: "#1f2430", stroke: "#596275", suits: { S: "#e8e8e8", H: "#ff6b6b", D: "#ff6b6b", C: "#e8e8e8" } },
};
let front = FRONTS.classic;

/** Draw every card face from now on in the design `name` (the viewer's own choice). */
export function setFront(name) {
  front = FRONTS[name] || FRONTS.classic;
}

// Suit symbols in a 100 x 100 box.
const SUIT_PATHS = {
  H: "M50 92C22 68 2 50 2 28 2 12 14 2 28 2c10 0 18 6 22 15C54 8 62 2 72 2c14 0 26 10 26 26 0 22-20 40-48 64z",
  D: "M50 2 90 50 50 98 10 50z",
  S: "M50 2C78 28 98 44 98 62c0 14-11 24-24 24-9 0-16-5-20-12 1 11 6 19 14 26H32c8-7 13-15 14-26-4 7-11 12-20 12C13 86 2 76 2 62 2 44 22 28 50 2z",
  C: "M50 4a22 22 0 0 1 17 36 22 22 0 1 1-13 34c1 10 6 18 14 24H32c8-6 13-14 14-24A22 22 0 1 1 33 40 22 22 0 0 1 50 4z",
};

// Pip centres on a 100 x 140 card for ranks 2..10 (x, y, flipped).
const L = 30, C = 50, R = 70;
const PIPS = {
  2: [[C, 28], [C, 112, 1]],
  3: [[C, 28], [C, 70], [C, 112, 1]],
  4: [[L, 28], [R, 28], [L, 112, 1], [R, 112, 1]],
  5: [[L, 28], [R, 28], [C, 70], [L, 112, 1], [R, 112, 1]],
  6: [[L, 28], [R, 28], [L, 70], [R, 70], [L, 112, 1], [R, 112, 1]],
  7: [[L, 28], [R, 28], [C, 49], [L, 70], [R, 70], [L, 112, 1], [R, 112, 1]],
  8: [[L, 28], [R, 28], [C, 49], [L, 70], [R, 70], [C, 91, 1], [L, 112, 1], [R, 112, 1]],
  9: [[L, 28], [R, 28], [L, 56], [R, 56], [C, 70], [L, 84, 1], [R, 84, 1], [L, 112, 1], [R, 112, 1]],
  10: [[L, 28], [R, 28], [C, 42], [L, 56], [R, 56], [L, 84, 1], [R, 84, 1], [C, 98, 1], [L, 112, 1], [R, 112, 1]],
};

function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const child of children) node.appendChild(child);
  return node;
}

/** The index printed on a card, in the page's language (cardnames.js). */
export function rankLabel(rank) {
  return rankLetter(rank);
}

export function suitColor(suit) {
  return front.suits[suit] || (RED[suit] ? "#c8102e" : "#1d1d1f");
}

/** A suit symbol as an SVG <path> placed at (x, y) with the given size. */
function pip(suit, x, y, size, flip = false) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return el("path", {
    d: SUIT_PATHS[suit],
    fill: suitColor(suit),
    transform: `translate(${x - size / 2} ${y - size / 2}) scale(${s})${rot}`,
  });
}

/** A standalone suit icon (inline SVG) for labels and buttons. */
export function suitIcon(suit, size = 18) {
  if (suit === "N" || suit === null) {
    return el("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "suit-icon" }, [
      el("circle", { cx: 50, cy: 50, r: 40, fill: "none", stroke: "#555", "stroke-width": 12 }),
      el("path", { d: "M22 78 78 22", stroke: "#555", "stroke-width": 12 }),
    ]);
  }
  const svg = el("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "suit-icon" });
  svg.appendChild(pip(suit, 50, 50, 100));
  return svg;
}

function corner(rank, suit, flip) {
  const g = el("g", flip ? { transform: "rotate(180 50 70)" } : {});
  // The large index fills the strip of a card that shows when the hand is fanned.
  const [x, y, size, pipY, pipSize] = front.large ? [15, 36, rank === "T" ? 27 : 34, 56, 22] : [11, 24, rank === "T" ? 19 : 22, 36, 13];
  const text = el("text", {
    x, y, "text-anchor": "middle", "font-size": size, "font-weight": 700,
    "font-family": front.large ? "'DejaVu Sans', Arial, sans-serif" : "Georgia, 'DejaVu Serif', serif",
    fill: suitColor(suit),
  });
  text.textContent = rankLabel(rank);
  g.appendChild(text);
  g.appendChild(pip(suit, x, pipY, pipSize));
  return g;
}

function courtFace(rank, suit) {
  const color = suitColor(suit);
  const g = el("g");
  const tint = front.bg === "#fff" ? (RED[suit] ? "#fdf0e6" : "#eef1f7") : front.bg;
  g.appendChild(el("rect", {
    x: 22, y: 20, width: 56, height: 100, rx: 5, fill: tint, stroke: color, "stroke-width": 1.5,
  }));
  g.appendChild(el("rect", {
    x: 26, y: 24, width: 48, height: 92, rx: 3, fill: "none", stroke: "#c9a227", "stroke-width": 1.2,
  }));
  const letter = el("text", {
    x: 50, y: 80, "text-anchor": "middle", "font-size": 44, "font-weight": 700,
    "font-family": "Georgia, 'DejaVu Serif', serif", fill: color,
  });
  letter.textContent = rankLabel(rank);
  g.appendChild(letter);
  g.appendChild(pip(suit, 50, 38, 18));
  g.appendChild(pip(suit, 50, 102, 18, true));
  return g;
}

function centre(rank, suit) {
  if (rank === "A") return pip(suit, 50, 70, 46);
  if ("JQK".includes(rank)) return courtFace(rank, suit);
  const g = el("g");
  for (const [x, y, flip] of PIPS[RANKS.indexOf(rank) + 2]) g.appendChild(pip(suit, x, y, 20, flip));
  return g;
}

/** The face of a card ("TS", "2H", ...) as an <svg> element. */
export function cardFace(code) {
  const [rank, suit] = code;
  const svg = el("svg", {
    viewBox: "0 0 100 140", class: "card-svg", role: "img", "data-card": code,
  });
  svg.dataset.front = Object.keys(FRONTS).find((k) => FRONTS[k] === front);
  svg.appendChild(el("rect", {
    x: 1, y: 1, width: 98, height: 138, rx: 8, fill: front.bg, stroke: front.stroke, "stroke-width": 1.5,
  }));
  svg.appendChild(centre(rank, suit));
  svg.appendChild(corner(rank, suit, false));
  svg.appendChild(corner(rank, suit, true));
  return svg;
}

// Card backs: the pattern inside a white border (rankings/unlocks.py: which are unlocked how).
const lattice = (fill, line) => [
  el("rect", { width: 10, height: 10, fill }),
  el("path", { d: "M0 5H10M5 0V10", stroke: line, "stroke-width": 1.6 }),
];
const BACKS = {
  red: { edge: "#5c0f1b", size: 10, turn: 45, tile: () => lattice("#8c1c2b", "#c7475a") },
  blue: { edge: "#0f1f5c", size: 10, turn: 45, tile: () => lattice("#1b3a8c", "#4a6fd1") },
  tartan: {
    edge: "#0e3b1f", size: 16, turn: 0,
    tile: () => [
      el("rect", { width: 16, height: 16, fill: "#1d5e33" }),
      el("rect", { x: 5, width: 6, height: 16, fill: "#0e3b1f", opacity: 0.7 }),
      el("rect", { y: 5, width: 16, height: 6, fill: "#0e3b1f", opacity: 0.7 }),
      el("path", { d: "M0 8H16M8 0V16", stroke: "#d8c24a", "stroke-width": 0.8 }),
    ],
  },
  stars: {
    edge: "#05081f", size: 20, turn: 0,
    tile: () => [
      el("rect", { width: 20, height: 20, fill: "#101842" }),
      el("circle", { cx: 4, cy: 5, r: 1.1, fill: "#fff" }),
      el("circle", { cx: 14, cy: 12, r: 0.8, fill: "#ffe9a8" }),
      el("circle", { cx: 9, cy: 17, r: 0.6, fill: "#fff" }),
    ],
  },
  gold: {
    edge: "#6b4e0a", size: 12, turn: 45,
    tile: () => [
      el("rect", { width: 12, height: 12, fill: "#2b1d05" }),
      el("circle", { cx: 6, cy: 6, r: 4, fill: "none", stroke: "#d4a72c", "stroke-width": 1 }),
      el("path", { d: "M0 0L12 12M12 0L0 12", stroke: "#8c6a16", "stroke-width": 0.6 }),
    ],
  },
  dog: {
    edge: "#5a3a1a", size: 18, turn: 20,
    tile: () => [
      el("rect", { width: 18, height: 18, fill: "#c89b62" }),
      el("ellipse", { cx: 9, cy: 11, rx: 3.2, ry: 2.6, fill: "#5a3a1a" }),
      el("circle", { cx: 5.5, cy: 6.5, r: 1.3, fill: "#5a3a1a" }),
      el("circle", { cx: 9, cy: 5, r: 1.3, fill: "#5a3a1a" }),
      el("circle", { cx: 12.5, cy: 6.5, r: 1.3, fill: "#5a3a1a" }),
    ],
  },
  crown: {
    edge: "#2e0d3f", size: 10, turn: 45, tile: () => lattice("#4b1766", "#7a3b99"),
    emblem: () => el("path", { d: "M32 84 28 58 40 68 50 52 60 68 72 58 68 84Z", fill: "#e2b93b", stroke: "#8a6a12", "stroke-width": 1.5 }),
  },
};

/** The back of a card in the design `name` (a seat's own choice; default the red lattice). */
export function cardBack(name = "red") {
  const design = BACKS[name] ? name : "red";
  const back = BACKS[design];
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg card-back", "aria-hidden": "true" });
  svg.dataset.back = design;
  const id = `back-${design}`;
  const pattern = el("pattern", {
    id, width: back.size, height: back.size, patternUnits: "userSpaceOnUse", patternTransform: `rotate(${back.turn})`,
  }, back.tile());
  svg.appendChild(el("defs", {}, [pattern]));
  svg.appendChild(el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: "#fff", stroke: "#9a9a9a", "stroke-width": 1.5 }));
  svg.appendChild(el("rect", { x: 7, y: 7, width: 86, height: 126, rx: 5, fill: `url(#${id})` }));
  if (back.emblem) svg.appendChild(back.emblem());
  svg.appendChild(el("rect", { x: 7, y: 7, width: 86, height: 126, rx: 5, fill: "none", stroke: back.edge, "stroke-width": 2 }));
  return svg;
}

/** Sort a hand by suit (colours alternating: S H C D), high rank first within a suit. */
export function sortHand(cards) {
  const order = { S: 0, H: 1, C: 2, D: 3 };
  return [...cards].sort(
    (a, b) => order[a[1]] - order[b[1]] || RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]),
  );
}

/** A card face that screen readers read by its name. */
export function namedFace(code) {
  const svg = cardFace(code);
  svg.setAttribute("aria-label", cardLabel(code));
  return svg;
}

/** A card face that screen readers skip: its name is said by the element around it. */
export function silentFace(code) {
  const svg = cardFace(code);
  svg.removeAttribute("role");
  svg.setAttribute("aria-hidden", "true");
  return svg;
}
