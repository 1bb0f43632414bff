// Turn and game-over alerts: a short tone made with the Web Audio API (no sound files), the tab's
// title and icon; a mute switch remembered in this browser for each player.

const TONES = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.18]],
  over: [[523, 0, 0.16], [659, 0.15, 0.16], [784, 0.3, 0.3]],
};

let audio = null;

function storageKey(app) {
  return `whist-sound-muted:${app.root.dataset.player || "guest"}`;
}

export function isMuted(app) {
  try {
    return localStorage.getItem(storageKey(app)) === "1";
  } catch {
    return false; // storage blocked: sound stays on
  }
}

function setMuted(app, muted) {
  try {
    localStorage.setItem(storageKey(app), muted ? "1" : "0");
  } catch {
    // storage blocked: the switch still works for this page
  }
  app.muted = muted;
  showSwitch(app);
}

function showSwitch(app) {
  const toggle = document.getElementById("sound-toggle");
  toggle.setAttribute("aria-checked", app.muted ? "false" : "true");
  toggle.title = gettext("A sound when it is your turn and at game over (key M)");
}

/** Browsers let a page make sound only after a click or key press: unlock audio then. */
function unlock() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
}

function tone(freq, start, length) {
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  const t = audio.currentTime + start;
  osc.type = "sine";
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + length + 0.05);
}

/** Play a named alert unless muted; every alert is logged in app.alerts (the browser tests read it). */
export function alertSound(app, name) {
  app.alerts.push({ name, muted: app.muted });
  if (app.muted || !audio || audio.state !== "running") return;
  for (const [freq, start, length] of TONES[name]) tone(freq, start, length);
}

function setIcon(app, turn) {
  const link = document.querySelector("link[rel~='icon']");
  if (link) link.href = turn ? app.root.dataset.iconTurnUrl : app.root.dataset.iconUrl;
}

/** The tab's title and icon say when it is your turn and when the game is over. Set only
 * when they change: every state called this, and each new icon address is a fetch. */
export function titleAlert(app, text) {
  if (!app.baseTitle) app.baseTitle = document.title;
  if (app.titleText === text) return;
  app.titleText = text;
  document.title = text ? `● ${text} · ${app.baseTitle}` : app.baseTitle;
  setIcon(app, Boolean(text));
}

export function setupSound(app) {
  app.muted = isMuted(app);
  showSwitch(app);
  document.getElementById("sound-toggle").addEventListener("click", () => {
    unlock();
    setMuted(app, !app.muted);
  });
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock, { passive: true });
}
