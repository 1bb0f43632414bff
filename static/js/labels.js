// Translated names shared by the lobby and the table: games, suits, rule summaries.

const fmt = (s, obj) => window.interpolate(s, obj, true);

export function gameName(game) {
  return { knockout: gettext("Knockout Whist"), whist: gettext("Whist"), german: gettext("German Whist") }[game] || game;
}

export function suitName(suit) {
  return {
    S: gettext("Spades"), H: gettext("Hearts"), D: gettext("Diamonds"), C: gettext("Clubs"), NT: gettext("No trump"), N: gettext("No trump"),
  }[suit] || suit;
}

export function statusName(status) {
  return { open: gettext("waiting"), playing: gettext("playing"), finished: gettext("finished"), aborted: gettext("aborted") }[status] || status;
}

export function botName(level) {
  return { beginner: gettext("Beginner"), club: gettext("Club player"), expert: gettext("Expert") }[level] || level;
}

export function timeLimitText(seconds) {
  if (!seconds) return gettext("no time limit");
  return fmt(gettext("%(seconds)s s per move"), { seconds });
}

function presetText(preset) {
  return { classic: gettext("Classic rules"), dutch: gettext("Dutch rules") }[preset] || gettext("Custom rules");
}

/** A one-line summary of a table's rules, as the lobby shows it. */
export function rulesSummary(table) {
  const o = table.options || {};
  const parts = [fmt(gettext("%(n)s players"), { n: table.players })];
  if (table.game === "knockout") {
    parts.push(presetText(table.preset || (Object.keys(o).length ? null : "classic")));
    parts.push(fmt(gettext("%(n)s cards to start"), { n: o.start_cards ?? 7 }));
  } else if (table.game === "whist") {
    parts.push(fmt(gettext("game to %(n)s points"), { n: o.target ?? 5 }));
    if (o.honours) parts.push(gettext("honours"));
    if (o.rubber) parts.push(gettext("rubber"));
  } else if (table.game === "german") {
    parts.push(fmt(gettext("%(n)s game(s)"), { n: o.games ?? 1 }));
  }
  parts.push(timeLimitText(table.time_limit));
  return parts.join(" · ");
}

/** The reason a game ended, in words. */
export function reasonText(reason) {
  return {
    final_trick: gettext("took the last trick"),
    sweep: gettext("took every trick of a round"),
    last_player: gettext("was the last player left"),
    rainbow: gettext("held a rainbow"),
    resign: gettext("the other side resigned"),
    target: gettext("reached the target score"),
    rubber: gettext("won the rubber"),
    majority: gettext("won most games"),
  }[reason] || reason || "";
}
