// The create-event form: the rule options, as on the create-table form (rule_options.js), and
// each kind's own fields (a whist drive's movement and prizes, an elimination's number going
// through) shown only while that kind is chosen; the server ignores them for other kinds.

import { setupRuleOptions } from "./rule_options.js";

const form = document.getElementById("event-form");
setupRuleOptions(form, JSON.parse(document.getElementById("rules").textContent));

const KIND_FIELDS = {
  drive: ["movement", "no_trump_hand", "prize_first", "prize_pair", "prize_booby"],
  elimination: ["through"],
};

function showKind() {
  const kind = form.elements.kind.value;
  for (const [owner, names] of Object.entries(KIND_FIELDS)) {
    for (const name of names) {
      const field = form.querySelector(`[data-field="${name}"]`);
      if (field) field.hidden = owner !== kind;
    }
  }
}

form.elements.kind.addEventListener("change", showKind);
showKind();
