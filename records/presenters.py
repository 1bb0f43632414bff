"""What the pages show of a stored game: names, results, scores and the score sheet."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import labels
from games.engine import descriptors, make_rules, places, presentation
from games.engine.descriptors import is_standard
from games.engine.rules import GAMES
from games.texts import say

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
        "practice": stored.practice,
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
    """The score from `seat`'s side, as its game counts it (games.engine.presentation):
    Whist points (or rubber) by side, German tricks per game, Knockout place."""
    return say(presentation.score(game, result, seat, place, players), [])


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """Every seat's label; seats of the same name (bots of one level) get their seat number,
    as in the replay viewer."""
    labels = [seat_label(s) for s in seats]
    return [f"{x} {i + 1}" if labels.count(x) > 1 else x for i, x in enumerate(labels)]


def score_sheet(stored: Any) -> dict[str, Any]:
    """The score sheet of a game (games.engine.presentation): a header, one row per deal (a
    label, a cell per seat or side, a note) and the totals, in words."""
    names = seat_names(stored.seats)
    sheet = presentation.sheet(stored.record)
    rows = [{"label": say(row["label"], names), "cells": [say(c, names) for c in row["cells"]],
             "note": say(row["note"], names)} for row in sheet["rows"]]  # fmt: skip
    totals = sheet["totals"] and [say(c, names) for c in sheet["totals"]]
    return {"head": [say(c, names) for c in sheet["head"]], "rows": rows, "totals": totals}


def reason_text(reason: str, stored: Any = None) -> str:
    """How a game ended, in a few words (games.engine.presentation.reason)."""
    game, options = (stored.game, stored.options) if stored is not None else ("", {})
    return say(presentation.reason(game, reason, options), [])


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
