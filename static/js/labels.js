// Translated names shared by the table's scripts: games, bots, suits, why a game ended.

import { fmt } from "./dom.js";

// Game and bot names come from the server (json_script "names", games/labels.py), so a bot
// is named alike on the table, in the records and on the leaderboards.
const shipped = document.getElementById("names");
const NAMES = shipped ? JSON.parse(shipped.textContent) : { games: {}, bots: {} };

export function gameName(game) {
  return NAMES.games[game] || game;
}

export function suitName(suit) {
  return {
    S: gettext("Spades"), H: gettext("Hearts"), D: gettext("Diamonds"), C: gettext("Clubs"), NT: gettext("No trump"), N: gettext("No trump"),
  }[suit] || suit;
}

/** A bot's one name, "Bot (Beginner)" in the page's language (games.labels.bot_name). */
export function botName(level) {
  return NAMES.bots[level] || level;
}

/** Why a game ended, as a whole sentence; `name(seat)` names a seat, `view` is the final view. */
export function reasonText(result, name, view, facts) {
  const names = (seats) => (seats || []).map(name).join(" & ");
  const winners = names(result.winners);
  const resigned = names(view ? view.resigned : []);
  const single = Boolean(view && view.options && view.options.games === 1);
  const text = {
    final_trick: gettext("%(winners)s took the only trick of the last round and won the game."),
    sweep: gettext("%(winners)s took every trick of a round and won the game at once."),
    last_player: gettext("Everyone else was knocked out, so %(winners)s won as the last player left."),
    rainbow: gettext("%(winners)s held a rainbow (one card of each suit) in the four-card round and won at once."),
    resign: !facts.resign_ends_game
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
