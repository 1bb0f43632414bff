// Misclicks forgiven on touch screens: a tapped card is first lifted, and played by a second
// tap on it (a tap on another card lifts that one instead). A switch beside the sound's turns
// it off, remembered in this browser. A mouse click or a card's key plays at once.

const KEY = "whist-two-taps";
let lastPointer = "";

/** Whether this device has a touch screen (the switch is shown only there). */
function touchScreen() {
  return navigator.maxTouchPoints > 0 || matchMedia("(pointer: coarse)").matches;
}

function wanted() {
  try {
    return localStorage.getItem(KEY) !== "0";
  } catch {
    return true; // storage blocked: on
  }
}

function showSwitch(toggle) {
  toggle.setAttribute("aria-checked", wanted() ? "true" : "false");
}

/** The switch, and which pointer made the last press (a click that follows a touch is a tap). */
export function initTwoTaps(app) {
  document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType; }, true);
  const toggle = document.getElementById("two-taps-toggle");
  if (!toggle) return;
  toggle.hidden = !touchScreen();
  toggle.title = gettext("On a touch screen, the first tap on a card lifts it and the second plays it");
  showSwitch(toggle);
  toggle.addEventListener("click", () => {
    try {
      localStorage.setItem(KEY, wanted() ? "0" : "1");
    } catch {
      // storage blocked: stays on
    }
    showSwitch(toggle);
    app.lifted = null;
    app.render();
  });
}

/** A card of the hand clicked or tapped while it is the player's turn. */
export function playCard(app, code, event) {
  const touch = (event && event.pointerType === "touch") || (lastPointer === "touch" && event && event.detail > 0);
  if (touch && wanted() && app.lifted !== code) {
    app.lifted = code;
    app.render();
    return;
  }
  app.lifted = null;
  app.act({ action: "play", card: code });
}
