// Fits the table to the window: seats on an ellipse kept inside the felt, trick cards sized and
// placed so they never cover a seat, the trick winner's line off the seats too, and the side
// panels as a drawer of tabs on small screens.

const GAP = 6; // px between a seat plate and the felt's edge, and between a trick card and a plate

/** Clockwise angle of `seat` seen from `viewer` (who sits at the bottom), in radians. */
export function seatAngle(seat, viewer, players) {
  const k = (seat - viewer + players) % players;
  return ((90 + (k * 360) / players) * Math.PI) / 180;
}

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function box(x, y, w, h) {
  return { left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
}

/** Put each plate on the largest ellipse that keeps it inside the felt; returns their boxes. */
function placePlates(felt, plates, viewer, players) {
  const W = felt.clientWidth;
  const H = felt.clientHeight;
  const out = {};
  for (const plate of plates) {
    const seat = Number(plate.dataset.seat);
    const [w, h] = [plate.offsetWidth, plate.offsetHeight];
    const a = seatAngle(seat, viewer, players);
    const x = W / 2 + (W / 2 - w / 2 - GAP) * Math.cos(a);
    const y = H / 2 + (H / 2 - h / 2 - GAP) * Math.sin(a);
    plate.style.left = `${x}px`;
    plate.style.top = `${y}px`;
    out[seat] = { x, y, w, h, box: box(x, y, w, h) };
  }
  spreadPlates(plates, out, W);
  return out;
}

/** Two plates side by side that overlap (seven seats on an upright phone: the two at the top
 *  shared 16 px) are pushed apart along the row, each by half, as far as the felt allows. */
function spreadPlates(plates, placed, W) {
  const all = Object.values(placed).sort((a, b) => a.x - b.x);
  all.forEach((a, i) => all.slice(i + 1).forEach((b) => {
    if (!overlaps(a.box, b.box) || Math.abs(a.y - b.y) >= (a.h + b.h) / 2) return;
    const push = (a.box.right - b.box.left + GAP) / 2;
    a.x = Math.max(a.w / 2 + GAP, a.x - push);
    b.x = Math.min(W - b.w / 2 - GAP, b.x + push);
    a.box = box(a.x, a.y, a.w, a.h);
    b.box = box(b.x, b.y, b.w, b.h);
  }));
  for (const plate of plates) plate.style.left = `${placed[Number(plate.dataset.seat)].x}px`;
}

/** The hand's card width (table.css --card-w), in px. */
function cardWidth() {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const fluid = Math.min(0.09 * window.innerWidth, 0.115 * window.innerHeight);
  return Math.max(2.8 * rem, Math.min(fluid, 5.6 * rem));
}

/** The trick card's width: as large as the hand's cards, but small enough for short felts. */
function trickWidth(felt, plates) {
  const H = felt.clientHeight;
  const plateH = Math.max(0, ...Object.values(plates).map((p) => p.box.bottom - p.box.top));
  const room = (H / 2 - plateH - 2 * GAP) / 1.4; // a card between the centre and a top or bottom plate
  return Math.max(26, Math.min(cardWidth(), room, felt.clientWidth * 0.15));
}

/** Move each trick card from the centre towards its player until just before it would touch a plate. */
function placeTrick(felt, cards, plates) {
  const W = felt.clientWidth;
  const H = felt.clientHeight;
  const all = Object.values(plates).map((p) => p.box);
  for (const card of cards) {
    const seat = Number(card.dataset.seat);
    const plate = plates[seat];
    if (!plate) continue;
    const [w, h] = [card.offsetWidth, card.offsetHeight];
    const [dx, dy] = [Math.abs(plate.x - W / 2) || 1, Math.abs(plate.y - H / 2) || 1];
    // A compact trick: near the centre on large felts, short of the plates on small ones.
    let f = Math.min(0.6, (1.5 * w) / dx, (1.0 * h) / dy);
    let x = W / 2;
    let y = H / 2;
    for (; f >= 0; f -= 0.05) {
      x = W / 2 + f * (plate.x - W / 2);
      y = H / 2 + f * (plate.y - H / 2);
      const grown = box(x, y, w + 2 * GAP, h + 2 * GAP);
      if (!all.some((p) => overlaps(grown, p))) break;
    }
    card.style.left = `${x}px`;
    card.style.top = `${y}px`;
  }
}

/** The line saying who takes a finished trick, on the row nearest the felt's centre where it
 *  touches no plate: at the centre it lay over the plates at the sides on an upright phone
 *  (four seats: "Bot (Vereinsspieler) 4 macht den Stich" across both side plates). Each row
 *  tried takes the note where the plates beside it leave room, as near the middle as it can;
 *  a felt with no such row keeps it at the centre. */
function placeNote(felt, note, plates) {
  if (note.hidden) return;
  const W = felt.clientWidth;
  const H = felt.clientHeight;
  const [w, h] = [note.offsetWidth, note.offsetHeight];
  const all = Object.values(plates).map((p) => p.box);
  const fits = (y) => {
    let [left, right] = [GAP, W - GAP];
    for (const p of all) {
      if (p.bottom + GAP <= y - h / 2 || p.top - GAP >= y + h / 2) continue;
      if ((p.left + p.right) / 2 < W / 2) left = Math.max(left, p.right + GAP);
      else right = Math.min(right, p.left - GAP);
    }
    if (right - left < w) return null;
    return Math.min(Math.max(W / 2, left + w / 2), right - w / 2);
  };
  let [x, y] = [W / 2, H / 2];
  for (let d = 0; d <= H / 2; d += 4) {
    const found = [H / 2 - d, H / 2 + d].find((t) => t - h / 2 >= GAP && t + h / 2 <= H - GAP && fits(t) !== null);
    if (found !== undefined) {
      [x, y] = [fits(found), found];
      break;
    }
  }
  note.style.left = `${x}px`;
  note.style.top = `${y}px`;
}

/** Lay out the felt as it is now rendered (call after every render and on resize). */
export function layoutFelt(app) {
  const felt = document.getElementById("felt");
  if (!app.msg || !felt.clientHeight) return;
  felt.classList.toggle("compact", felt.clientHeight < 330 || felt.clientWidth < 520);
  const viewer = app.msg.seat ?? 0;
  const players = app.msg.table.players;
  const plates = placePlates(felt, [...felt.querySelectorAll(".seat")], viewer, players);
  felt.style.setProperty("--trick-w", `${trickWidth(felt, plates)}px`);
  placeTrick(felt, [...felt.querySelectorAll(".trick-card")], plates);
  placeNote(felt, document.getElementById("trick-note"), plates);
}

function showPanel(id) {
  const side = document.getElementById("table-side");
  const tabs = document.querySelectorAll("#side-tabs [data-panel]");
  const open = id !== null && !(side.classList.contains("open") && side.dataset.panel === id);
  side.classList.toggle("open", open);
  side.dataset.panel = open ? id : "";
  side.querySelectorAll("[data-panel-box]").forEach((s) => s.classList.toggle("active", s.id === id));
  tabs.forEach((t) => {
    const active = open && t.dataset.panel === id;
    t.classList.toggle("active", active);
    t.setAttribute("aria-expanded", String(active));
  });
  if (open) side.querySelector(`#${id} h2`)?.setAttribute("tabindex", "-1");
  if (open) side.querySelector(`#${id} h2`)?.focus();
  if (id === "panel-chat" && open) document.getElementById("chat-unread").hidden = true;
}

/** The side panels' tabs (small screens): each opens the drawer at its panel; Escape closes it. */
export function setupPanels(app) {
  document.querySelectorAll("#side-tabs [data-panel]").forEach((tab) => {
    tab.setAttribute("aria-controls", tab.dataset.panel);
    tab.setAttribute("aria-expanded", "false");
    tab.addEventListener("click", () => showPanel(tab.dataset.panel));
  });
  document.getElementById("side-close").addEventListener("click", () => showPanel(null));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.getElementById("table-side").classList.contains("open")) showPanel(null);
  });
  // A new size: draw again (the hand's overlap and the seats depend on it), once per frame.
  let queued = false;
  const relayout = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      app.render();
    });
  };
  window.addEventListener("resize", relayout);
  if (window.ResizeObserver) new ResizeObserver(relayout).observe(document.getElementById("felt"));
}

/** Whether the chat panel is out of sight (a drawer that is closed): then new lines count as unread. */
export function chatHidden() {
  const side = document.getElementById("table-side");
  return getComputedStyle(side).position === "fixed" && !(side.classList.contains("open") && side.dataset.panel === "panel-chat");
}
