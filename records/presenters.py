"""What the pages show of a stored game: names, results, scores and the score sheet."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import labels
from games.engine import descriptors, make_rules, places
from games.engine.descriptors import is_standard
from games.engine.rules import GAMES

GAME_NAMES = GAMES
game_name = labels.game_name


def rules_name(stored: Any) -> str:
    """The rules a game was played by, as people say it: a preset's name, "Standard rules"
    (what docs/rules.md names as standard, the rated rules), else "Custom rules"."""
    if labels.preset_rules(stored.preset):
        return labels.preset_rules(stored.preset)
    rules = make_rules(stored.game, stored.players, **stored.options)
    return _("Standard rules") if is_standard(rules) else _("Custom rules")


# The name a deleted account's seats keep in stored games (privacy.erasure writes it).
DELETED_PLAYER = "deleted player"


def seat_label(seat: dict[str, Any]) -> str:
    """A seat as the pages name it: the player's name, or the bot's level; a deleted
    account's seat (privacy.erasure) is "deleted player" in the reader's language."""
    if seat.get("bot") and not seat.get("user"):
        return labels.bot_name(seat["bot"])
    if seat.get("name") == DELETED_PLAYER and not seat.get("user"):
        return _("deleted player")
    return seat.get("name") or "?"


def person(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat as a name and, for a registered player, the username its link needs."""
    return {"name": seat_label(seat), "username": seat.get("username")}


def result_label(result: str) -> str:
    return {"won": _("won"), "lost": _("lost"), "drawn": _("drawn"), "resigned": _("resigned")}.get(
        result, result
    )


def ordinal_place(place: int, players: int) -> str:
    return _("place %(place)s of %(players)s") % {"place": place, "players": players}


def history_row(row: Any) -> dict[str, Any]:
    """One history row: date, game, partner and opponents, result and score, for `row`'s seat."""
    stored = row.record
    seats = stored.seats
    partner = descriptors.partner(stored.game, row.seat)
    others = [i for i in range(len(seats)) if i not in (row.seat, partner)]
    return {
        "id": stored.pk,
        "finished": stored.finished,
        "game": game_name(stored.game),
        "rated": stored.rated,
        "annulled": stored.annulled,
        "partner": person(seats[partner]) if partner is not None else None,
        "opponents": [person(seats[i]) for i in others],
        "result": row.result,
        "result_text": result_label(played_result(row)),
        "score": score_text(stored.game, stored.result, row.seat, row.place, stored.players),
    }


def played_result(row: Any) -> str:
    """How the game went for the seat: its result, or for an annulled game (whose seats'
    result is "annulled", records.services.game_annul) the result it had."""
    if row.result != "annulled":
        return row.result
    if row.resigned:
        return "resigned"
    if row.won:
        return "won"
    return "lost" if row.record.result.get("winners") else "drawn"


def rating_change(change: int | None, annulled: bool = False) -> dict[str, str] | None:
    """A game's rating change as the pages show it: "+12", "−8" or "±0" with its direction,
    "annulled" for an annulled game (it changed no rating), None for none (casual, not
    scored yet)."""
    if annulled:
        return {"text": _("annulled"), "kind": "annulled"}
    if change is None:
        return None
    if change > 0:
        return {"text": f"+{change}", "kind": "up"}
    if change < 0:
        return {"text": f"\u2212{-change}", "kind": "down"}
    return {"text": "±0", "kind": "even"}


def score_text(game: str, result: dict[str, Any], seat: int, place: int, players: int) -> str:
    """The score from `seat`'s side, as its game's `stages` count it (games.engine
    .descriptors): Whist points (or rubber) by side, German tricks per game, Knockout place."""
    stages = descriptors.game_of(game).stages
    if stages == "rounds":
        return ordinal_place(place, players)
    games = result.get("games") or []
    us = descriptors.side_of(game, seat)
    them = 1 - us
    if "rubber_score" in result:
        score = result["rubber_score"]
        return _("rubber %(us)s–%(them)s") % {"us": score[us], "them": score[them]}
    if stages == "deals":
        return f"{games[-1][us]}–{games[-1][them]}" if games else ""
    return ", ".join(f"{g[us]}–{g[them]}" for g in games)


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """Every seat's label; seats of the same name (bots of one level) get their seat number,
    as in the replay viewer."""
    labels = [seat_label(s) for s in seats]
    return [f"{x} {i + 1}" if labels.count(x) > 1 else x for i, x in enumerate(labels)]


def score_sheet(stored: Any) -> dict[str, Any]:
    """The score sheet of a game: a header and one row per deal (and the totals)."""
    record = stored.record
    names = seat_names(stored.seats)
    build = {"rounds": _knockout_sheet, "deals": _whist_sheet, "games": _german_sheet}
    return build[descriptors.game_of(stored.game).stages](record, names)


def _knockout_sheet(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    rows = []
    for number, deal in enumerate(record["deals"], 1):
        outcome = deal.get("outcome") or {}
        tricks = outcome.get("tricks") or [None] * len(names)
        cells = []
        for seat, hand in enumerate(deal["hands"]):
            cells.append(_knockout_cell(seat, hand, tricks[seat], outcome))
        cards = max((len(h) for h in deal["hands"]), default=0)
        trump = labels.suit_name(outcome.get("trump", "?"))
        note = ngettext("%(n)s card, trump %(trump)s", "%(n)s cards, trump %(trump)s", cards) % {
            "n": cards, "trump": trump,
        }  # fmt: skip
        rows.append({"label": _("Round %(n)s") % {"n": number}, "cells": cells, "note": note})
    return {"head": names, "rows": rows, "totals": None}


def _knockout_cell(seat: int, hand: list[str], tricks: Any, outcome: dict[str, Any]) -> str:
    if not hand:
        return "–"
    text = ngettext("%(n)s trick", "%(n)s tricks", tricks or 0) % {"n": tricks or 0}
    if seat in outcome.get("dogs_life", []):
        text += " · " + _("dog's life")
    elif seat in outcome.get("out", []):
        text += " · " + _("out")
    if len(hand) == 1 and tricks is not None:
        text += " · " + _("one card")
    return text


def _whist_sheet(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    sides = [" & ".join(names[s] for s in side) for side in descriptors.sides(record["game"], 4)]
    rows = []
    for number, deal in enumerate(record["deals"], 1):
        o = deal.get("outcome")
        if o is None:
            rows.append({"label": _("Deal %(n)s") % {"n": number}, "cells": ["–", "–"],
                         "note": _("resigned")})  # fmt: skip
            continue
        cells = [
            _("%(tricks)s, %(points)s, honours %(honours)s, score %(score)s")
            % {"tricks": ngettext("%(n)s trick", "%(n)s tricks", o["tricks"][s])
               % {"n": o["tricks"][s]},
               "points": ngettext("%(n)s point", "%(n)s points", o["points"][s])
               % {"n": o["points"][s]},
               "honours": o["honours"][s], "score": o["score"][s]}
            for s in (0, 1)
        ]  # fmt: skip
        rows.append({"label": _("Deal %(n)s") % {"n": number}, "cells": cells, "note": ""})
    result = record["result"]
    totals = [" · ".join(f"{g[s]}" for g in result.get("games", [])) for s in (0, 1)]
    if "rubber_score" in result:
        totals = [f"{t} · " + _("rubber %(n)s") % {"n": result["rubber_score"][s]}
                  for s, t in enumerate(totals)]  # fmt: skip
    return {"head": sides, "rows": rows, "totals": totals}


def _german_sheet(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    rows = []
    for number, deal in enumerate(record["deals"], 1):
        o = deal.get("outcome")
        cells = [str(o["tricks"][s]) if o else "–" for s in (0, 1)]
        note = _("second-half tricks") if o else _("resigned")
        rows.append({"label": _("Game %(n)s") % {"n": number}, "cells": cells, "note": note})
    return {"head": names, "rows": rows, "totals": None}


def reason_text(reason: str, stored: Any = None) -> str:
    """How a game ended, in a few words; a German Whist game of one game (no match) is won
    on its second half's tricks, not on "more games"."""
    if (
        reason == "majority"
        and stored is not None
        and descriptors.one_game_match(stored.game, stored.options)
    ):
        return _("took more tricks in the second half")
    return {
        "last_player": _("last player in"), "final_trick": _("won the final trick"),
        "sweep": _("took every trick"), "rainbow": _("rainbow"), "target": _("reached the target"),
        "rubber": _("won the rubber"), "majority": _("won more games"), "resign": _("resignation"),
    }.get(reason, reason)  # fmt: skip


def ranking_rows(stored: Any, changes: dict[int, int]) -> list[dict[str, Any]]:
    """The players in ranking order, with their place, result, a link name and their rating
    change (`changes`: {seat: change}, records.selectors.seat_changes)."""
    rows = []
    ranking = stored.result.get("ranking", [])
    place = places(ranking, stored.players)
    names = seat_names(stored.seats)
    for seat in (seat for group in ranking for seat in group):
        info = stored.seats[seat]
        won = seat in stored.result.get("winners", [])
        rows.append({"place": place[seat], "seat": seat, "name": names[seat],
                     "username": info.get("username"), "won": won,
                     "rating": rating_change(changes.get(seat))})  # fmt: skip
    return rows
