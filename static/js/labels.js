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

/** Why a game ended, as a whole sentence; `name(seat)` names a seat, `view` is the final view. */
export function reasonText(result, name, view) {
  const names = (seats) => (seats || []).map(name).join(" & ");
  const winners = names(result.winners);
  const resigned = names(view ? view.resigned : []);
  const game = view ? view.game : null;
  const single = game === "german" && view.options && view.options.games === 1;
  const text = {
    final_trick: gettext("%(winners)s took the only trick of the last round and won the game."),
    sweep: gettext("%(winners)s took every trick of a round and won the game at once."),
    last_player: gettext("Everyone else was knocked out, so %(winners)s won as the last player left."),
    rainbow: gettext("%(winners)s held a rainbow (one card of each suit) in the four-card round and won at once."),
    resign: game === "knockout"
      ? gettext("Everyone else still in the game resigned, so %(winners)s won.")
      : gettext("%(resigned)s resigned, so %(winners)s won the match."),
    target: gettext("%(winners)s reached the target score and won the game."),
    rubber: gettext("%(winners)s won two games and with them the rubber."),
    majority: single
      ? gettext("%(winners)s took more tricks in the second half and won the game.")
      : gettext("%(winners)s won more games of the match."),
  }[result.reason];
  if (!winners) return gettext("Both players won the same number of games, so the match is drawn.");
  return text ? fmt(text, { winners, resigned: resigned || gettext("The other side") }) : "";
}
