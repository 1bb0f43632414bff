// The create-event form: the rule options, as on the create-table form (rule_options.js).

import { setupRuleOptions } from "./rule_options.js";

setupRuleOptions(document.getElementById("event-form"), JSON.parse(document.getElementById("rules").textContent));
