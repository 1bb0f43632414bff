// Cards that move instead of jumping: dealt into the hand, played from a hand or seat to the trick,
// and a taken trick sliding to its winner. Only the look: the state is drawn at once underneath,
// and nothing moves for people who ask for reduced motion.

const PLAY_MS = 260;
const TAKE_MS = 320;
const DEAL_MS = 240;
const DEAL_STAGGER_MS = 35;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

function rectOf(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width };
}

/** Where things are on screen before a render: hand cards, seat plates, cards in the trick. */
export function snapshot() {
  const snap = { hand: {}, seats: {}, trick: new Set() };
  document.querySelectorAll("#hand .card").forEach((c) => { snap.hand[c.dataset.card] = rectOf(c); });
  document.querySelectorAll("#seats .seat").forEach((s) => { snap.seats[s.dataset.seat] = rectOf(s); });
  document.querySelectorAll("#trick .trick-card").forEach((c) => snap.trick.add(c.dataset.key));
  snap.handCount = Object.keys(snap.hand).length;
  return snap;
}

function flyFrom(el, from, ms) {
  const to = rectOf(el);
  const scale = from.w && to.w ? from.w / to.w : 1;
  const start = `translate(-50%, -50%) translate(${from.x - to.x}px, ${from.y - to.y}px) scale(${scale})`;
  // One keyframe: the card ends where the render put it (its own transform).
  el.animate([{ transform: start, offset: 0 }], { duration: ms, easing: "ease-out" });
}

function animatePlays(app, snap) {
  for (const card of document.querySelectorAll("#trick .trick-card")) {
    if (snap.trick.has(card.dataset.key)) continue;
    const from = snap.hand[card.dataset.card] || snap.seats[card.dataset.seat];
    if (from) {
      flyFrom(card, from, PLAY_MS);
      app.flights += 1;
    }
  }
}

function animateDeal() {
  const cards = [...document.querySelectorAll("#hand .card")];
  const felt = document.getElementById("felt");
  if (!felt || !cards.length) return;
  const centre = rectOf(felt);
  cards.forEach((card, i) => {
    const to = rectOf(card);
    const start = `translate(${centre.x - to.x}px, ${centre.y - to.y}px) scale(0.6)`;
    card.animate([{ transform: start, opacity: 0, offset: 0 }], {
      duration: DEAL_MS, delay: i * DEAL_STAGGER_MS, easing: "ease-out", fill: "backwards",
    });
  });
}

function newDeal(app, previous) {
  const view = app.msg.view;
  if (!view || app.msg.seat === null) return false;
  return !previous || previous.deal !== view.deal || previous.phase === "over";
}

/** Animate what changed between the snapshot and the state just drawn. */
export function animate(app, snap, previousView) {
  if (reduced.matches || !snap) return;
  if (newDeal(app, previousView)) animateDeal();
  animatePlays(app, snap);
}

/** Near the end of a completed trick's pause, slide its cards to the winner's seat. */
export function takeTrick(app, winner, delay) {
  if (reduced.matches) return;
  setTimeout(() => {
    const plate = document.querySelector(`#seats .seat[data-seat="${winner}"]`);
    if (!plate || !app.hold) return;
    const to = rectOf(plate);
    for (const card of document.querySelectorAll("#trick .trick-card")) {
      const from = rectOf(card);
      card.animate(
        [{}, { transform: `translate(-50%, -50%) translate(${to.x - from.x}px, ${to.y - from.y}px) scale(0.4)`, opacity: 0.2 }],
        { duration: TAKE_MS, easing: "ease-in", fill: "forwards" },
      );
    }
  }, Math.max(0, delay - TAKE_MS));
}
