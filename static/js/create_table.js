// The create-table form: shows the options of the chosen game, the presets and the seats.
// Games, player counts, options, presets and the standard rules come from the server
// (json_script "rules", built by games/labels.py from the engine's option fields).

const form = document.getElementById("create-table-form");
const rules = JSON.parse(document.getElementById("rules").textContent);
const { presets } = rules;
const gameSelect = form.elements.game;
const playersInput = form.elements.players;
const SEATS = Math.max(...Object.values(rules.games).map((g) => g.players[1]));
// The game whose presets the preset buttons set (its facts.presets: Knockout Whist's).
const presetGame = Object.keys(rules.games).find((g) => rules.games[g].facts.presets.length);

function setValue(name, value) {
  const input = form.elements[name];
  if (input.type === "checkbox") input.checked = Boolean(value);
  else input.value = value;
}

/** The value of an option on the form, by its kind. */
function readOption({ name, kind }) {
  const input = form.elements[name];
  return kind === "bool" ? input.checked : kind === "int" ? Number(input.value) : input.value;
}

/** The options of a game as the form sets them. */
function readOptions(game) {
  return Object.fromEntries(rules.games[game].options.map((option) => [option.name, readOption(option)]));
}

function showPreset() {
  const current = JSON.stringify(readOptions(presetGame));
  const name = Object.keys(presets).find((p) => JSON.stringify(presets[p]) === current) || "custom";
  form.elements.preset.value = name;
  // The pressed button says which preset is in use; only changed rules need words.
  document.getElementById("preset-name").textContent = name === "custom" ? gettext("Custom rules") : "";
  form.querySelectorAll("[data-preset]").forEach((b) => {
    b.classList.toggle("button-primary", b.dataset.preset === name);
    b.setAttribute("aria-pressed", String(b.dataset.preset === name));
  });
}

/** games.engine.descriptors.is_standard, on the form, from the game's descriptors (facts.standard,
 *  as descriptors.standard_options reads them): house rules make a table casual. */
function isStandard() {
  const game = gameSelect.value;
  const { presets_only: presetsOnly, values } = rules.games[game].facts.standard;
  if (presetsOnly && form.elements.preset.value === "custom") return false;
  const options = readOptions(game);
  return Object.entries(values).every(([name, allowed]) => allowed.includes(options[name]));
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
  const [low, high] = rules.games[game].players;
  form.querySelectorAll("fieldset[data-game]").forEach((fs) => { fs.hidden = fs.dataset.game !== game; });
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

form.querySelectorAll("[data-preset]").forEach((b) => b.addEventListener("click", () => applyPreset(b.dataset.preset)));
form.querySelector(`fieldset[data-game="${presetGame}"]`).addEventListener("change", showPreset);
gameSelect.addEventListener("change", showGame);
playersInput.addEventListener("input", showSeats);
form.addEventListener("change", showRated);
form.addEventListener("input", showRated);
form.querySelectorAll("[data-preset]").forEach((b) => b.addEventListener("click", showRated));
showGame();
showPreset();
showRated();
