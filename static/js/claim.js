// Claims (docs/rules.md §0.7): the "Claim" button and its count, and the claim the server
// accepted, shown to everyone with the hands that made it true. The server's solver decides.

import { cardLabel } from "./cardnames.js";
import { silentFace, sortHand } from "./cards.js";
import { button, fmt, node } from "./dom.js";
import { seatName } from "./felt.js";

/** Tricks still to be won in the deal, the one being played included: the game's tricks a
 *  deal (facts.deal_tricks), else the deal's hand size. */
export function tricksLeft(app, view) {
  const total = app.facts.deal_tricks === null ? view.hand_size : app.facts.deal_tricks;
  return total - view.deal_tricks.length;
}

function holdsCards(view, seat) {
  return view.hands[seat].length > 0 || view.trick.some(([s]) => s === seat);
}

/** Whether the viewer may claim now (in a game with a talon, once it is gone). */
function claimable(app) {
  const view = app.msg.view;
  const seat = app.msg.seat;
  if (!view || seat === null || view.phase !== "play" || app.msg.table.status !== "playing") return false;
  if (view.resigned.includes(seat) || !holdsCards(view, seat)) return false;
  return !app.facts.claims_after_talon || view.half === 2;
}

/** The seats a seat plays with: its partnership, else the seat alone. */
function sideOf(app, seat) {
  return app.facts.partnerships.find((side) => side.includes(seat)) || [seat];
}

/** Whether a claim must be of every trick left: against more than one opposing side still
 *  holding cards (Knockout's several opponents), as the engine's claims.check_shape. */
function onlyAll(app, view, seat) {
  const mine = sideOf(app, seat);
  const others = view.hands.map((h, s) => s).filter((s) => !mine.includes(s) && holdsCards(view, s));
  return new Set(others.map((s) => sideOf(app, s)[0])).size > 1;
}

/** After `claim_refused`: at a casual table the claim may be offered to the others. */
export function claimRefused(app) {
  const last = app.lastAction;
  const casual = app.msg && !app.msg.table.rated;
  app.offerable = casual && last && last.action === "claim" ? last.tricks : null;
  app.offerableAt = playKey(app.msg.view); // a card played since makes the offer moot
}

/** Where the play is: the offer outlives a state that moved no card (someone joining, a
 *  seat going away), as the server does (it takes any version since the last move). */
export function playKey(view) {
  return view ? `${view.deal}:${view.half}:${view.deal_tricks.length}:${view.trick.length}` : null;
}

/** Whether seats `a` and `b` play together (the game's partnerships, else each alone). */
function sameSide(app, a, b) {
  return sideOf(app, a).includes(b);
}

/** A claim on offer: the claimer waits, each opponent accepts or declines. */
function renderOffer(app, box) {
  const offer = app.msg.table.claim_offer;
  const view = app.msg.view;
  const seat = app.msg.seat;
  const line = node("div", "claim-form");
  line.dataset.testid = "claim-offer";
  const text = fmt(gettext("%(name)s claims %(tricks)s of the tricks left; the solver could not prove it."), {
    name: seatName(app, offer.seat), tricks: offer.tricks,
  });
  line.appendChild(node("span", null, text));
  if (seat !== null && !sameSide(app, seat, offer.seat) && holdsCards(view, seat) && !offer.accepted.includes(seat)) {
    line.append(
      button(gettext("Accept"), "button-gold button-small", () => app.send({ type: "claim_answer", accept: true })),
      button(gettext("Decline"), "button-small", () => app.send({ type: "claim_answer", accept: false })),
    );
  } else {
    line.appendChild(node("span", null, gettext("Waiting for the others to accept.")));
  }
  box.push(line);
}

/** The offer of a refused claim to the others (casual tables). */
function renderOfferable(app, box) {
  const line = node("div", "claim-form");
  line.dataset.testid = "claim-offerable";
  line.appendChild(node("span", null, fmt(gettext("Offer your claim of %(tricks)s to the others?"), { tricks: app.offerable })));
  const tricks = app.offerable;
  line.append(
    button(gettext("Offer"), "button-gold button-small", () => {
      app.offerable = null;
      app.send({ type: "claim_offer", tricks, version: app.version });
    }),
    button(gettext("Cancel"), "button-small", () => {
      app.offerable = null;
      app.render();
    }),
  );
  box.push(line);
}

/** The Claim button, or while it is open the count to claim with Claim and Cancel. */
export function renderClaimButton(app) {
  const box = app.actions;
  if (!claimable(app)) {
    closeClaim(app);
    app.offerable = null;
    if (app.msg.table.claim_offer && app.msg.view) renderOffer(app, box);
    return;
  }
  const view = app.msg.view;
  if (app.msg.table.claim_offer) {
    renderOffer(app, box);
    return;
  }
  if (app.offerable && app.offerableAt !== playKey(view)) app.offerable = null;
  if (app.offerable) {
    renderOfferable(app, box);
    return;
  }
  if (!app.claiming) {
    const open = button(gettext("Claim…"), "button-small", () => {
      app.claiming = true;
      app.render();
    });
    open.dataset.testid = "claim";
    open.title = gettext("Claim tricks: the server's solver accepts the claim if no defence can stop it");
    box.push(open);
    return;
  }
  const left = tricksLeft(app, view);
  const first = onlyAll(app, view, app.msg.seat) ? left : 1;
  // Every state (the other's move, someone joining or leaving) draws the page again: the
  // open form is kept, so the count the player chose stays chosen, unless the tricks left
  // (what the count means) changed.
  const key = `${view.deal}:${left}:${first}`;
  if (!app.claimForm || app.claimForm.key !== key) app.claimForm = { key, form: claimForm(app, left, first) };
  const { form } = app.claimForm;
  form.querySelector("button[type=submit]").disabled = app.pending;
  box.push(form);
}

function closeClaim(app) {
  app.claiming = false;
  app.claimForm = null;
}

/** The form: the count to claim (all the tricks left first), Claim and Cancel. */
function claimForm(app, left, first) {
  const form = node("form", "claim-form");
  form.dataset.testid = "claim-form";
  const label = node("label", null, gettext("Tricks to claim"));
  const count = node("select");
  count.id = "claim-count";
  label.htmlFor = count.id;
  for (let k = left; k >= first; k -= 1) {
    const option = node("option", null, k === left ? fmt(gettext("all %(n)s"), { n: left }) : String(k));
    option.value = String(k);
    count.appendChild(option);
  }
  const send = button(gettext("Claim"), "button-gold button-small");
  send.type = "submit";
  const cancel = button(gettext("Cancel"), "button-small", () => {
    closeClaim(app);
    app.render();
  });
  form.append(label, count, send, cancel);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    closeClaim(app);
    app.act({ action: "claim", tricks: Number(count.value) });
  });
  return form;
}

function claimKey(view) {
  const claim = view && view.last_outcome && view.last_outcome.claim;
  return claim ? `${view.deal}:${JSON.stringify(claim)}` : null;
}

/** The last accepted claim, with every hand face up, until the player closes it. */
export function renderClaimShown(app) {
  const box = document.getElementById("claim-box");
  const view = app.msg.view;
  const key = claimKey(view);
  if (!key || app.claimClosed === key) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  if (box.dataset.key === key && !box.hidden) return;
  box.dataset.key = key;
  const claim = view.last_outcome.claim;
  const said = claim.conceded
    ? ngettext("%(name)s claimed %(tricks)s of the %(left)s trick left: the others accepted.",
      "%(name)s claimed %(tricks)s of the %(left)s tricks left: the others accepted.", claim.left)
    : ngettext("%(name)s claimed %(tricks)s of the %(left)s trick left: the solver proved it.",
      "%(name)s claimed %(tricks)s of the %(left)s tricks left: the solver proved it.", claim.left);
  const title = fmt(said, { name: seatName(app, claim.seat), tricks: claim.tricks, left: claim.left });
  const rows = claim.hands.map((hand, seat) => {
    const played = claim.trick.filter(([s]) => s === seat).map(([, c]) => c);
    if (!hand.length && !played.length) return null;
    const row = node("div", "claim-hand");
    row.appendChild(node("span", "claim-name", seatName(app, seat)));
    for (const code of [...played, ...sortHand(hand)]) {
      const card = node("span", played.includes(code) ? "claim-card played" : "claim-card");
      card.dataset.card = code;
      card.setAttribute("aria-label", cardLabel(code));
      card.appendChild(silentFace(code));
      row.appendChild(card);
    }
    return row;
  }).filter(Boolean);
  const close = button(gettext("Close"), "button-small", () => {
    app.claimClosed = key;
    app.render();
  });
  box.replaceChildren(node("p", "claim-title", title), ...rows, close);
  box.hidden = false;
}
