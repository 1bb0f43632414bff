"""How Whist is shown: deals scored by side, honours, games and the rubber
(docs/rules.md §2)."""

from __future__ import annotations

from typing import Any

from ..descriptors import partner, unit_of
from ..whist import GAME
from .text import (
    Text,
    card,
    gettext_noop,
    join,
    line,
    ngettext,
    pgettext,
    seat,
    seats,
    suit_word,
    t,
    table,
    team,
)

STAGE = gettext_noop("Deal %(n)s")
STEP = "partners"
TURNED = gettext_noop("Turned card")
DEAL_TIP = gettext_noop(
    "Dealing: all 52 cards were dealt, 13 to each player. The dealer's last card was turned "
    "face up: %(trump)s are trump for this deal."
)
TEAM_A, TEAM_B, TEAM = gettext_noop("Team A"), gettext_noop("Team B"), gettext_noop("Team")
TRICKS, POINTS, GAMES = gettext_noop("Tricks"), gettext_noop("Points"), gettext_noop("Games")
GAME_N = gettext_noop("Game %(n)s")
SCORE = pgettext("a side's running score", "Score")
GAME_TO = ngettext("Game to %(n)s point", "Game to %(n)s points", "n")
PARTNERSHIPS = GAME.partnerships


DEAL_DEALER = gettext_noop("Deal %(n)s · dealer %(name)s")
TURNED_UP = gettext_noop("The dealer, %(name)s, turned up the %(card)s.")
HOLDS = gettext_noop("The dealer, %(name)s, holds the turned card, the %(card)s.")


def info(view: dict[str, Any]) -> list[dict[str, Any]]:
    out = [line(t(DEAL_DEALER, n=view["deal"] + 1, name=seat(view["dealer"])))]
    out.append(line(t(GAME_TO, n=view["options"]["target"])))
    if view["turned"]:
        turned = {"name": seat(view["dealer"]), "card": card(view["turned"])}
        out.append(line(t(TURNED_UP if view["turned_up"] else HOLDS, **turned)))
    return out


LAST_DEAL = gettext_noop("Last deal: %(a)s – %(b)s tricks, %(pa)s – %(pb)s points")
HONOURS_AB = gettext_noop("honours %(a)s – %(b)s")
RUBBER_SHEET = gettext_noop("Rubber sheet")


def scores(view: dict[str, Any]) -> list[dict[str, Any]]:
    a, b = PARTNERSHIPS
    teams = [team(TEAM_A, a), team(TEAM_B, b)]
    rows = [[teams[i], view["scores"][i], view["side_tricks"][i], view["wins"][i]] for i in (0, 1)]
    out = [table([t(TEAM), t(POINTS), t(TRICKS), t(GAMES)], rows)]
    last = view["last_outcome"]
    if last and last.get("points"):
        text: Any = t(LAST_DEAL, a=last["tricks"][0], b=last["tricks"][1],
                      pa=last["points"][0], pb=last["points"][1])  # fmt: skip
        honours = last.get("honours")
        if honours and (honours[0] or honours[1]):
            both = t(HONOURS_AB, a=honours[0], b=honours[1])
            text = join(" · ", text, both)
        out.append(line(text, "help"))
    if view["games"]:
        sheet = [[t(GAME_N, n=i + 1), g[0], g[1]] for i, g in enumerate(view["games"])]
        name = RUBBER_SHEET if view["options"]["rubber"] else GAMES
        out.append(line(t(name), "help"))
        out.append(table(["", t(TEAM_A), t(TEAM_B)], sheet))
    return out


HONOURS = gettext_noop("Honours")
RUBBER_WON = gettext_noop("Rubber: games won %(a)s – %(b)s (two games win it).")
GAMES_WON = gettext_noop("Games won: %(a)s – %(b)s")
DEAL_OVER = gettext_noop("Deal %(n)s is over")


def summary(view: dict[str, Any]) -> dict[str, Any] | None:
    """What the deal that just ended scored, in the first view of the next deal."""
    outcome = view["last_outcome"]
    if view["deal"] == 0 or not outcome or not outcome.get("points") or view["phase"] == "over":
        return None
    a, b = PARTNERSHIPS
    teams = [join(": ", t(TEAM_A), seats(a)), join(": ", t(TEAM_B), seats(b))]
    keys = ("tricks", "points", "honours", "score")
    rows = [[teams[i], *(outcome[k][i] for k in keys)] for i in (0, 1)]
    head = [t(TEAM), t(TRICKS), t(POINTS), t(HONOURS), t(SCORE)]
    blocks = [table(head, rows)]
    wins = {"a": view["wins"][0], "b": view["wins"][1]}
    if view["options"]["rubber"]:
        blocks.append(line(t(RUBBER_WON, **wins), testid="summary-games"))
    elif view["games"]:
        blocks.append(line(t(GAMES_WON, **wins), testid="summary-games"))
    blocks.append(line(t(GAME_TO, n=view["options"]["target"])))
    title = t(DEAL_OVER, n=view["deal"])
    return {"stage": view["deal"], "title": title, "blocks": blocks}


PARTNER_PLAYED = gettext_noop(
    "Your partner, %(name)s, has played to this trick. Your tricks count together: no need to "
    "beat a partner who is already winning."
)


def tip(view: dict[str, Any]) -> list[Any] | None:
    mate = partner(GAME.name, view["viewer"])
    if not view["trick"] or not view["legal"]:
        return None
    if len(view["trick"]) >= 2 and any(s == mate for s, _ in view["trick"]):
        return [STEP, t(PARTNER_PLAYED, name=seat(mate))]  # type: ignore[arg-type]
    return None


DEALT = gettext_noop("%(name)s dealt and turned up the %(card)s, so %(suit)s are trump.")


def notice(view: dict[str, Any]) -> Text | None:
    if not view["turned"]:
        return None
    trump = suit_word(view["trump"]) if view["trump"] else ""
    return t(DEALT, name=seat(view["dealer"]), card=card(view["turned"]), suit=trump)


def turned(view: dict[str, Any]) -> str | None:
    """The dealer's turned card while it lies face up (until the dealer's first turn)."""
    return view["turned"] if view["turned_up"] else None


RESIGNED = gettext_noop("resigned")
CELL = gettext_noop("%(tricks)s, %(points)s, honours %(honours)s, score %(score)s")
N_TRICKS = ngettext("%(n)s trick", "%(n)s tricks", "n")
N_POINTS = ngettext("%(n)s point", "%(n)s points", "n")
RUBBER_N = gettext_noop("rubber %(n)s")


def sheet(record: dict[str, Any], players: int) -> dict[str, Any]:
    """The score sheet: a row a deal, a cell a side; the games (and rubber) as totals."""
    rows: list[dict[str, Any]] = []
    for number, deal in enumerate(record["deals"], 1):
        o = deal.get("outcome")
        if o is None:
            rows.append({"label": t(STAGE, n=number), "cells": ["–", "–"],
                         "note": t(RESIGNED)})  # fmt: skip
            continue
        cells = [
            t(CELL, tricks=t(N_TRICKS, n=o["tricks"][s]), points=t(N_POINTS, n=o["points"][s]),
              honours=o["honours"][s], score=o["score"][s])
            for s in (0, 1)
        ]  # fmt: skip
        rows.append({"label": t(STAGE, n=number), "cells": cells, "note": ""})
    result = record["result"]
    totals: list[Any] = [join(" · ", *(str(g[s]) for g in result.get("games", []))) for s in (0, 1)]
    if "rubber_score" in result:
        totals = [join(" · ", total, t(RUBBER_N, n=result["rubber_score"][s]))
                  for s, total in enumerate(totals)]  # fmt: skip
    head = [join(" & ", *(seat(s) for s in side)) for side in PARTNERSHIPS]
    return {"head": head, "rows": rows, "totals": totals}


RUBBER_SCORE = gettext_noop("rubber %(us)s–%(them)s")


def score(result: dict[str, Any], s: int, place: int, players: int) -> Any:
    """A history row's score: the side's points of the last game, or the rubber's."""
    us = unit_of(PARTNERSHIPS, s)
    them = 1 - us
    if "rubber_score" in result:
        score = result["rubber_score"]
        return t(RUBBER_SCORE, us=score[us], them=score[them])
    games = result.get("games") or []
    return f"{games[-1][us]}–{games[-1][them]}" if games else ""


DEAL_POINTS = gettext_noop("Deal %(deal)s · points %(a)s–%(b)s")


def stage_text(stage: dict[str, Any]) -> Text:
    a, b = stage["scores"]
    return t(DEAL_POINTS, deal=stage["deal"], a=a, b=b)


TRICKS_THIS_DEAL = gettext_noop("Tricks this deal")


def replay_rows(frame: dict[str, Any]) -> list[list[Any]]:
    rows = [[t(SCORE), _sides(frame["scores"])],
            [t(TRICKS_THIS_DEAL), _sides(frame["side_tricks"])]]  # fmt: skip
    if frame["games"]:
        rows.append([t(GAMES), join(", ", *(f"{g[0]}–{g[1]}" for g in frame["games"]))])
    return rows


def _sides(pair: list[int]) -> dict[str, Any]:
    a, b = (join(" & ", *(seat(s) for s in side)) for side in PARTNERSHIPS)
    return join(" ", a, pair[0], "–", pair[1], b)
