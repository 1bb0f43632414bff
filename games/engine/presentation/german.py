"""How German Whist is shown: a first half drawing from the talon, a second half whose
tricks count, games of a match (docs/rules.md §3)."""

from __future__ import annotations

from typing import Any

from ..errors import gettext_noop
from .text import Text, card, join, line, seat, suit_word, t, table

STAGE = gettext_noop("Game %(n)s")
STEP = "talon"
TURNED = gettext_noop("Face-up talon card")
DEAL_TIP = gettext_noop(
    "Dealing: you and the bot got 13 cards each; the other 26 are the talon. Its top card "
    "lies face up, and its suit, %(trump)s, is trump for the whole game."
)
PLAYER, GAMES = gettext_noop("Player"), gettext_noop("Games")
FIRST_HALF_TRICKS = gettext_noop("Tricks (1st half)")
HALF_TRICKS = 13


def info(view: dict[str, Any]) -> list[dict[str, Any]]:
    if view["half"] == 1:
        half = t(gettext_noop("First half: the winner of a trick takes the face-up card"))
    else:
        half = t(gettext_noop("Second half: only these 13 tricks count"))
    games = view["options"]["games"]
    if games == 1:
        return [line(half)]
    # The game in play, or after the match the last one played (never "game 2 of up to 1").
    n = min(len(view["games"]) + (0 if view["phase"] == "over" else 1), games)
    of = gettext_noop("Game %(n)s of a match of up to %(games)s games.")
    return [line(half), line(t(of, n=n, games=games))]


def scores(view: dict[str, Any]) -> list[dict[str, Any]]:
    tricks = FIRST_HALF_TRICKS if view["half"] == 1 else gettext_noop("Tricks")
    rows = [[seat(s), view["tricks"][s], view["wins"][s]] for s in (0, 1)]
    out = [table([t(PLAYER), t(tricks), t(GAMES)], rows)]
    if view["games"]:
        sheet = [[t(STAGE, n=i + 1), g[0], g[1]] for i, g in enumerate(view["games"])]
        out.append(table(["", seat(0), seat(1)], sheet))
    return out


def summary(view: dict[str, Any]) -> dict[str, Any] | None:
    """The first half's tricks, in every view of the second half."""
    if view["half"] != 2 or view["phase"] == "over":
        return None
    tricks = [0, 0]
    for trick in view["deal_tricks"][:HALF_TRICKS]:
        tricks[trick["winner"]] += 1
    rows = [[seat(s), n] for s, n in enumerate(tricks)]
    blocks = [
        table([t(PLAYER), t(FIRST_HALF_TRICKS)], rows),
        line(t(gettext_noop("The talon is used up: the second half's 13 tricks decide the game."))),
    ]
    title = t(gettext_noop("The first half is over"))
    return {"stage": [view["deal"], 2], "title": title, "blocks": blocks, "tricks": tricks}


def tip(view: dict[str, Any]) -> list[Any] | None:
    if view["half"] == 2:
        second = gettext_noop("Second half: the talon is used up, and only these 13 tricks "
                              "count. Whoever takes 7 or more wins the game.")  # fmt: skip
        return [STEP, t(second)]
    if view["faceup"] and not view["trick"]:
        played_for = gettext_noop("The talon: this trick is played for the %(card)s. The winner "
                                  "takes it, the loser takes the next card unseen.")  # fmt: skip
        return [STEP, t(played_for, card=card(view["faceup"]))]
    return None


def notice(view: dict[str, Any]) -> Text | None:
    if not view["faceup"]:
        return None
    new = gettext_noop(
        "A new game: trump is %(suit)s, and the first trick is played for the %(card)s."
    )
    trump = suit_word(view["trump"]) if view["trump"] else ""
    return t(new, suit=trump, card=card(view["faceup"]))


def turned(view: dict[str, Any]) -> str | None:
    """Nothing beside the trump: the face-up talon card lies on the talon."""
    return None


def sheet(record: dict[str, Any], players: int) -> dict[str, Any]:
    """The score sheet: a row a game, its second half's tricks."""
    rows = []
    for number, deal in enumerate(record["deals"], 1):
        o = deal.get("outcome")
        cells = [str(o["tricks"][s]) if o else "–" for s in (0, 1)]
        note = gettext_noop("second-half tricks") if o else gettext_noop("resigned")
        rows.append({"label": t(STAGE, n=number), "cells": cells, "note": t(note)})
    return {"head": [seat(0), seat(1)], "rows": rows, "totals": None}


def score(result: dict[str, Any], s: int, place: int, players: int) -> Any:
    """A history row's score: each game's second-half tricks, the seat's first."""
    return join(", ", *(f"{g[s]}–{g[1 - s]}" for g in result.get("games") or []))


def stage_text(stage: dict[str, Any]) -> Text:
    half = t(gettext_noop("first half") if stage["half"] == 1 else gettext_noop("second half"))
    if stage["games"] == 1:
        return half
    return t(gettext_noop("Game %(game)s of %(games)s · %(half)s"), **{**stage, "half": half})


def replay_rows(frame: dict[str, Any]) -> list[list[Any]]:
    wins = [join(" ", seat(s), w) for s, w in enumerate(frame["wins"])]
    return [[t(gettext_noop("Talon")), str(frame["talon"])],
            [t(gettext_noop("Half")), str(frame["half"])],
            [t(gettext_noop("Games won")), join(", ", *wins)]]  # fmt: skip
