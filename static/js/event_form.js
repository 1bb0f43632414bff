// The create-event form: the rule options, as on the create-table form (rule_options.js), and
// each kind's own fields (a whist drive's movement and prizes, an elimination's number going
// through) shown only while that kind is chosen; the server ignores them for other kinds, as
// it ignores the game's rules for a drive (hidden then) and the number of rounds for an
// elimination, which plays until one table is left (hidden then too).

import { setupRuleOptions } from "./rule_options.js";

const form = document.getElementById("event-form");
setupRuleOptions(form, JSON.parse(document.getElementById("rules").textContent));

const KIND_FIELDS = {
  drive: ["movement", "no_trump_hand", "prize_first", "prize_pair", "prize_booby"],
  elimination: ["through"],
};
// Fields a kind ignores (tournaments/services/events.py event_create).
const NOT_FOR_KIND = { elimination: ["rounds"] };

function showKind() {
  const kind = form.elements.kind.value;
  for (const [owner, names] of Object.entries(KIND_FIELDS)) {
    for (const name of names) {
      const field = form.querySelector(`[data-field="${name}"]`);
      if (field) field.hidden = owner !== kind;
    }
  }
  for (const [owner, names] of Object.entries(NOT_FOR_KIND)) {
    for (const name of names) {
      const field = form.querySelector(`[data-field="${name}"]`);
      if (field) field.hidden = owner === kind;
    }
  }
  // The help under "Kind" says what the chosen kind is (every kind's line without scripts).
  form.querySelectorAll(".kind-help").forEach((line) => {
    line.hidden = line.dataset.kind !== kind;
  });
  // A drive plays its own rules (tournaments/services/events.py _drive_rules): the game's
  // rule fieldsets, which it ignored, give way to a line saying so.
  const drive = kind === "drive";
  document.getElementById("drive-rules-note").hidden = !drive;
  form.querySelectorAll("fieldset[data-game]").forEach((fs) => {
    fs.hidden = drive || fs.dataset.game !== form.elements.game.value;
  });
}

form.elements.kind.addEventListener("change", showKind);
// After rule_options.js's own listener, which shows the chosen game's rules.
form.elements.game.addEventListener("change", showKind);
showKind();
