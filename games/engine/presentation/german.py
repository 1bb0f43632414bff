"""How German Whist is shown: a first half drawing from the talon, a second half whose
tricks count, games of a match (docs/rules.md §3)."""

from __future__ import annotations

from typing import Any

from .text import Text, card, gettext_noop, join, line, seat, suit_word, t, table

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


FIRST_HALF = gettext_noop("First half: the winner of a trick takes the face-up card")
SECOND_HALF = gettext_noop("Second half: only these 13 tricks count")
GAME_OF = gettext_noop("Game %(n)s of a match of up to %(games)s games.")


def info(view: dict[str, Any]) -> list[dict[str, Any]]:
    half = t(FIRST_HALF if view["half"] == 1 else SECOND_HALF)
    games = view["options"]["games"]
    if games == 1:
        return [line(half)]
    # The game in play, or after the match the last one played (never "game 2 of up to 1").
    n = min(len(view["games"]) + (0 if view["phase"] == "over" else 1), games)
    return [line(half), line(t(GAME_OF, n=n, games=games))]


TRICKS = gettext_noop("Tricks")


def scores(view: dict[str, Any]) -> list[dict[str, Any]]:
    tricks = FIRST_HALF_TRICKS if view["half"] == 1 else TRICKS
    rows = [[seat(s), view["tricks"][s], view["wins"][s]] for s in (0, 1)]
    out = [table([t(PLAYER), t(tricks), t(GAMES)], rows)]
    if view["games"]:
        sheet = [[t(STAGE, n=i + 1), g[0], g[1]] for i, g in enumerate(view["games"])]
        out.append(table(["", seat(0), seat(1)], sheet))
    return out


TALON_USED = gettext_noop("The talon is used up: the second half's 13 tricks decide the game.")
FIRST_HALF_OVER = gettext_noop("The first half is over")


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
        line(t(TALON_USED)),
    ]
    title = t(FIRST_HALF_OVER)
    return {"stage": [view["deal"], 2], "title": title, "blocks": blocks, "tricks": tricks}


SECOND_HALF_TIP = gettext_noop(
    "Second half: the talon is used up, and only these 13 tricks count. Whoever takes 7 or "
    "more wins the game."
)
PLAYED_FOR = gettext_noop(
    "The talon: this trick is played for the %(card)s. The winner takes it, the loser takes "
    "the next card unseen."
)


def tip(view: dict[str, Any]) -> list[Any] | None:
    if view["half"] == 2:
        return [STEP, t(SECOND_HALF_TIP)]
    if view["faceup"] and not view["trick"]:
        return [STEP, t(PLAYED_FOR, card=card(view["faceup"]))]
    return None


NEW_GAME = gettext_noop(
    "A new game: trump is %(suit)s, and the first trick is played for the %(card)s."
)


def notice(view: dict[str, Any]) -> Text | None:
    if not view["faceup"]:
        return None
    trump = suit_word(view["trump"]) if view["trump"] else ""
    return t(NEW_GAME, suit=trump, card=card(view["faceup"]))


def turned(view: dict[str, Any]) -> str | None:
    """Nothing beside the trump: the face-up talon card lies on the talon."""
    return None


SECOND_HALF_TRICKS, RESIGNED = gettext_noop("second-half tricks"), gettext_noop("resigned")


def sheet(record: dict[str, Any], players: int) -> dict[str, Any]:
    """The score sheet: a row a game, its second half's tricks."""
    rows = []
    for number, deal in enumerate(record["deals"], 1):
        o = deal.get("outcome")
        cells = [str(o["tricks"][s]) if o else "–" for s in (0, 1)]
        note = SECOND_HALF_TRICKS if o else RESIGNED
        rows.append({"label": t(STAGE, n=number), "cells": cells, "note": t(note)})
    return {"head": [seat(0), seat(1)], "rows": rows, "totals": None}


def score(result: dict[str, Any], s: int, place: int, players: int) -> Any:
    """A history row's score: each game's second-half tricks, the seat's first."""
    return join(", ", *(f"{g[s]}–{g[1 - s]}" for g in result.get("games") or []))


HALVES = {1: gettext_noop("first half"), 2: gettext_noop("second half")}
GAME_STAGE = gettext_noop("Game %(game)s of %(games)s · %(half)s")


def stage_text(stage: dict[str, Any]) -> Text:
    half = t(HALVES[1] if stage["half"] == 1 else HALVES[2])
    if stage["games"] == 1:
        return half
    return t(GAME_STAGE, **{**stage, "half": half})


TALON, HALF, GAMES_WON = gettext_noop("Talon"), gettext_noop("Half"), gettext_noop("Games won")


def replay_rows(frame: dict[str, Any]) -> list[list[Any]]:
    wins = [join(" ", seat(s), w) for s, w in enumerate(frame["wins"])]
    return [[t(TALON), str(frame["talon"])],
            [t(HALF), str(frame["half"])],
            [t(GAMES_WON), join(", ", *wins)]]  # fmt: skip
