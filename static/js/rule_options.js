// The rule fields of a form that sets up play (create table, create event;
// templates/games/rule_fieldsets.html): the chosen game's options shown, the presets, and
// whether the rules are the standard (rated) ones. Games, options, presets and the standard
// rules come from the server (json_script "rules", games/labels.py rules_schema).

export function setupRuleOptions(form, rules) {
  const { presets } = rules;
  const gameSelect = form.elements.game;
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

  /** games.engine.descriptors.is_standard, on the form, from the game's descriptors
   *  (facts.standard, as descriptors.standard_options reads them): house rules make a table casual. */
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
    form.querySelectorAll("fieldset[data-game]").forEach((fs) => { fs.hidden = fs.dataset.game !== game; });
  }

  form.querySelectorAll("[data-preset]").forEach((b) => b.addEventListener("click", () => applyPreset(b.dataset.preset)));
  // As each rule is typed ("input"), not only on leaving its field ("change"): the click on
  // Create table that left a typed field showed the casual note above the button between the
  // press and the release, and the button moved from under the pointer (no click, no table).
  const rulesBox = form.querySelector(`fieldset[data-game="${presetGame}"]`);
  for (const type of ["input", "change"]) {
    rulesBox.addEventListener(type, showPreset);
    form.addEventListener(type, showRated);
  }
  gameSelect.addEventListener("change", showGame);
  form.querySelectorAll("[data-preset]").forEach((b) => b.addEventListener("click", showRated));
  showGame();
  showPreset();
  showRated();
}
