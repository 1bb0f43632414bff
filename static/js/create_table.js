// The create-table form: the rule options (rule_options.js), the player count and the seats.
// Games and player counts come from the server (json_script "rules", games/labels.py).

import { setupRuleOptions } from "./rule_options.js";

const form = document.getElementById("create-table-form");
const rules = JSON.parse(document.getElementById("rules").textContent);
const gameSelect = form.elements.game;
const playersInput = form.elements.players;
const SEATS = Math.max(...Object.values(rules.games).map((g) => g.players[1]));

function showGame() {
  const [low, high] = rules.games[gameSelect.value].players;
  if (low === high) playersInput.value = low;
  playersInput.min = low;
  playersInput.max = high;
  playersInput.closest(".field").hidden = low === high;
  showSeats();
}

function showSeats() {
  const [low, high] = rules.games[gameSelect.value].players;
  const n = Math.max(low, Math.min(Math.min(high, SEATS), Number(playersInput.value) || low));
  form.querySelectorAll("[data-seat]").forEach((box) => { box.hidden = Number(box.dataset.seat) >= n; });
}

setupRuleOptions(form, rules);
gameSelect.addEventListener("change", showGame);
playersInput.addEventListener("input", showSeats);
showGame();
