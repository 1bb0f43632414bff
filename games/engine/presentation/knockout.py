"""How Knockout Whist is shown: rounds that shrink by a card, who is out, who is on a dog's
life, who chooses trump (docs/rules.md §1)."""

from __future__ import annotations

from typing import Any

from ..errors import gettext_noop, ngettext
from .text import (
    Text,
    card,
    card_index,
    join,
    labelled,
    line,
    seat,
    seats,
    suit,
    suit_word,
    t,
    table,
)

STAGE = gettext_noop("Round %(n)s")
STEP = "dogs_life"  # the guide's own step for this game
TURNED = gettext_noop("Turned card")
DEAL_TIP = gettext_noop(
    "Dealing: everyone got %(n)s cards. In the first round one more card is turned face up; "
    "its suit (%(trump)s) is trump. Each later round has one card fewer."
)
PLAYER, TRICKS, STATUS = gettext_noop("Player"), gettext_noop("Tricks"), gettext_noop("Status")
IN, OUT, DOGS_LIFE = gettext_noop("in"), gettext_noop("out"), gettext_noop("dog's life")
ON_DOGS_LIFE = gettext_noop("On a dog's life")


def info(view: dict[str, Any]) -> list[dict[str, Any]]:
    round_of = ngettext("Round %(round)s of %(rounds)s · %(n)s card",
                        "Round %(round)s of %(rounds)s · %(n)s cards", "n")  # fmt: skip
    out = [line(t(round_of, round=view["round"], rounds=view["rounds"], n=view["hand_size"]))]
    if view["out"]:
        out.append(line(labelled(gettext_noop("Out"), seats(view["out"]))))
    if view["dogs_life"]:
        out.append(line(labelled(ON_DOGS_LIFE, seats(view["dogs_life"]))))
    if view["chooser"] is not None and view["phase"] in ("trump", "vote"):
        out.append(line(labelled(gettext_noop("Chooses trump"), seat(view["chooser"]))))
    if view["cuts"]:
        cut = gettext_noop("%(name)s cut the %(card)s")
        cuts = [t(cut, name=seat(s), card=card(c)) for s, c in view["cuts"]]
        chosen = labelled(gettext_noop("Cut for the choice of trump"), join("; ", *cuts))
        out.append(line(join("", chosen, ".")))
    if view["votes"]:
        votes = [join(" ", seat(s), suit(u)) for s, u in view["votes"]]
        out.append(line(labelled(gettext_noop("Votes"), join(", ", *votes))))
    if view["exchanged"]:
        swaps = [join(" ", seat(s), n) for s, n in view["exchanged"]]
        out.append(line(labelled(gettext_noop("Exchanged"), join(", ", *swaps))))
    return out


def _status(view: dict[str, Any], s: int) -> Text:
    if s in view["dogs_life"]:
        return t(DOGS_LIFE)
    return t(OUT) if s in view["out"] else t(IN)


def scores(view: dict[str, Any]) -> list[dict[str, Any]]:
    rows = [[seat(s), view["tricks"][s], _status(view, s)] for s in range(view["players"])]
    return [table([t(PLAYER), t(TRICKS), t(STATUS)], rows)]


def summary(view: dict[str, Any]) -> dict[str, Any] | None:
    """What the round that just ended decided, in the first view of the next round."""
    outcome = view["last_outcome"]
    if view["deal"] == 0 or not outcome or view["phase"] == "over":
        return None
    rows = []
    for s, n in enumerate(outcome["tricks"]):
        if s in view["out"] and s not in outcome["out"]:
            continue  # out before this round
        state = OUT if s in outcome["out"] else DOGS_LIFE if s in outcome["dogs_life"] else IN
        rows.append([seat(s), n, t(state)])
    blocks = [table([t(PLAYER), t(TRICKS), t(STATUS)], rows)]
    if outcome["out"]:
        gone = labelled(gettext_noop("Knocked out"), seats(outcome["out"]))
    else:
        gone = t(gettext_noop("Nobody is knocked out."))
    blocks.append(line(gone, testid="summary-out"))
    if outcome["dogs_life"]:
        blocks.append(line(labelled(ON_DOGS_LIFE, seats(outcome["dogs_life"]))))
    if view["chooser"] is not None and view["phase"] in ("trump", "vote"):
        chooses = gettext_noop("%(name)s chooses trump for round %(n)s.")
        who = seat(view["chooser"], you=True)
        blocks.append(line(t(chooses, name=who, n=view["round"]), testid="summary-chooser"))
    elif view["trump"]:
        each = ngettext("Round %(n)s: %(cards)s card each.", "Round %(n)s: %(cards)s cards each.",
                        "cards")  # fmt: skip
        blocks.append(line(t(each, n=view["round"], cards=view["hand_size"])))
    title = t(gettext_noop("Round %(n)s is over"), n=view["round"] - 1)
    return {"stage": view["deal"], "title": title, "blocks": blocks, "tricks": outcome["tricks"]}


def tip(view: dict[str, Any]) -> list[Any] | None:
    """The guide's word on this game's own moments, for the viewer."""
    legal = {a["action"] for a in view["legal"]}
    if "knock" in legal:
        yours = gettext_noop(
            "Your dog's life: you took no trick, so you got one card. Play it now, or knock to "
            "keep it for a later trick. If it wins a trick you are back in the game.")  # fmt: skip
        return [STEP, t(yours)]
    if "trump" in legal:
        return ["trump", t(gettext_noop(
            "You took the most tricks, so you choose the trump suit for the next round: look "
            "at your new cards and pick your longest or strongest suit."))]  # fmt: skip
    dog = next((s for s in view["dogs_life"] if s != view["viewer"]), None)
    if dog is not None:
        on_it = gettext_noop("%(name)s took no trick last round and is on a dog's life: one "
                             "card, which they may play or hold back by knocking.")  # fmt: skip
        return [STEP, t(on_it, name=seat(dog))]
    return None


def notice(view: dict[str, Any]) -> Text | None:
    """What a screen reader says when a round is dealt."""
    each = ngettext("Round %(round)s: %(n)s card each.", "Round %(round)s: %(n)s cards each.", "n")
    text = t(each, round=view["round"], n=view["hand_size"])
    if view["turned"] and view["round"] == 1:
        turned = gettext_noop("The turned card is the %(card)s, so %(suit)s are trump.")
        trump = suit_word(view["trump"]) if view["trump"] else ""
        return join(" ", text, t(turned, card=card(view["turned"]), suit=trump))
    return text


def turned(view: dict[str, Any]) -> str | None:
    """The card that lies face up beside the trump: round 1's turned card."""
    shown: str | None = view["turned"]
    return shown


def sheet(record: dict[str, Any], players: int) -> dict[str, Any]:
    """The score sheet: a row a round, a cell a seat (its tricks, out, dog's life)."""
    rows = []
    for number, deal in enumerate(record["deals"], 1):
        outcome = deal.get("outcome") or {}
        tricks = outcome.get("tricks") or [None] * players
        cells = [_cell(s, hand, tricks[s], outcome) for s, hand in enumerate(deal["hands"])]
        cards = max((len(h) for h in deal["hands"]), default=0)
        note = ngettext("%(n)s card, trump %(trump)s", "%(n)s cards, trump %(trump)s", "n")
        rows.append({"label": t(STAGE, n=number), "cells": cells,
                     "note": t(note, n=cards, trump=suit(outcome.get("trump", "?")))})  # fmt: skip
    return {"head": [seat(s) for s in range(players)], "rows": rows, "totals": None}


def _cell(s: int, hand: list[str], tricks: int | None, outcome: dict[str, Any]) -> Any:
    if not hand:
        return "–"
    parts: list[Any] = [t(ngettext("%(n)s trick", "%(n)s tricks", "n"), n=tricks or 0)]
    if s in outcome.get("dogs_life", []):
        parts.append(t(DOGS_LIFE))
    elif s in outcome.get("out", []):
        parts.append(t(OUT))
    if len(hand) == 1 and tricks is not None:
        parts.append(t(gettext_noop("one card")))
    return join(" · ", *parts)


def score(result: dict[str, Any], s: int, place: int, players: int) -> Any:
    """A history row's score: the seat's place."""
    return t(gettext_noop("place %(place)s of %(players)s"), place=place, players=players)


def stage_text(stage: dict[str, Any]) -> Text:
    """The lobby's words for a game in play."""
    text = ngettext("Round %(round)s of %(rounds)s · %(left)s player in",
                    "Round %(round)s of %(rounds)s · %(left)s players in", "left")  # fmt: skip
    return t(text, **stage)


def replay_rows(frame: dict[str, Any]) -> list[list[Any]]:
    """The replay's facts of a frame beyond its deal, trump and trick."""
    rows: list[list[Any]] = [[t(gettext_noop("Cards this round")), str(frame["hand_size"])]]
    if frame.get("votes"):
        votes = [join(": ", seat(s), suit(u)) for s, u in frame["votes"]]
        rows.append([t(gettext_noop("Votes")), join(", ", *votes)])
    if frame.get("cuts"):
        cuts = [join(" ", seat(s), card_index(c)) for s, c in frame["cuts"]]
        rows.append([t(gettext_noop("Cut")), join(", ", *cuts)])
    return rows
