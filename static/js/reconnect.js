// When a page's socket opens again after a close (docs/protocol.md, "Close codes, and when the
// page reconnects"). Each wait is drawn at random between half and one and a half times the
// backoff, so the sockets of a restarted server come back spread out, not in waves.

/** Close codes after which the page does not reconnect: each would be refused again. */
export const FINAL = new Set([4401, 4403, 4404]);

/** Too many sockets of this player or address (4429): the page tries again after a longer
 * wait, from CROWDED_MS, doubling up to CROWDED_CAP_MS (a tab closed meanwhile, or a dead
 * server's places gone, lets it in). */
export const CROWDED = 4429;
export const CROWDED_MS = 20000;
export const CROWDED_CAP_MS = 120000;

/** The first backoff, in ms; it doubles after each failed attempt, up to the page's cap. */
export const FIRST_MS = 1000;

/** The next backoff after `delay`, capped at `cap` ms. */
export function nextDelay(delay, cap) {
  return Math.min(delay * 2, cap);
}

/** How long to wait before the attempt whose backoff is `delay` ms: jittered. */
export function jittered(delay) {
  return Math.round(delay * (0.5 + Math.random()));
}
