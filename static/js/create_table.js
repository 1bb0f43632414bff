// The create-table form: shows the options of the chosen game, the presets and the seats.

const form = document.getElementById("create-table-form");
const presets = JSON.parse(document.getElementById("presets").textContent);
const standard = JSON.parse(document.getElementById("standard-rules").textContent);
const gameSelect = form.elements.game;
const playersInput = form.elements.players;
const FIXED = { whist: 4, german: 2 };

function setValue(name, value) {
  const input = form.elements[name];
  if (input.type === "checkbox") input.checked = Boolean(value);
  else input.value = value;
}

function readKnockout() {
  const out = {};
  for (const name of Object.keys(presets.classic)) {
    const input = form.elements[name];
    out[name] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
  }
  return out;
}

function showPreset() {
  const current = JSON.stringify(readKnockout());
  const name = Object.keys(presets).find((p) => JSON.stringify(presets[p]) === current) || "custom";
  form.elements.preset.value = name;
  // The pressed button says which preset is in use; only changed rules need words.
  document.getElementById("preset-name").textContent = name === "custom" ? gettext("Custom rules") : "";
  form.querySelectorAll("[data-preset]").forEach((b) => {
    b.classList.toggle("button-primary", b.dataset.preset === name);
    b.setAttribute("aria-pressed", String(b.dataset.preset === name));
  });
}

/** games.engine.rules.is_standard, on the form: house rules make a table casual. */
function isStandard() {
  const game = gameSelect.value;
  if (game === "knockout") return form.elements.preset.value !== "custom";
  if (game === "whist") {
    return standard.whist_targets.includes(Number(form.elements.target.value)) && !form.elements.honours.checked;
  }
  return true;
}

function showRated() {
  const casual = !isStandard();
  const rated = form.elements.rated;
  document.getElementById("rated-note").hidden = !casual;
  rated.disabled = casual;
  if (casual) rated.checked = false;
}

function applyPreset(name) {
  for (const [option, value] of Object.entries(presets[name])) setValue(option, value);
  showPreset();
}

function showGame() {
  const game = gameSelect.value;
  form.querySelectorAll("fieldset[data-game]").forEach((fs) => { fs.hidden = fs.dataset.game !== game; });
  if (FIXED[game]) playersInput.value = FIXED[game];
  playersInput.closest(".field").hidden = Boolean(FIXED[game]);
  showSeats();
}

function showSeats() {
  const n = Math.max(2, Math.min(7, Number(playersInput.value) || 2));
  form.querySelectorAll("[data-seat]").forEach((box) => { box.hidden = Number(box.dataset.seat) >= n; });
}

form.querySelectorAll("[data-preset]").forEach((b) => b.addEventListener("click", () => applyPreset(b.dataset.preset)));
form.querySelector('fieldset[data-game="knockout"]').addEventListener("change", showPreset);
gameSelect.addEventListener("change", showGame);
playersInput.addEventListener("input", showSeats);
form.addEventListener("change", showRated);
form.addEventListener("input", showRated);
form.querySelectorAll("[data-preset]").forEach((b) => b.addEventListener("click", showRated));
showGame();
showPreset();
showRated();
