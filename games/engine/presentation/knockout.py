"""How Knockout Whist is shown: rounds that shrink by a card, who is out, who is on a dog's
life, who chooses trump (docs/rules.md §1)."""

from __future__ import annotations

from typing import Any

from .text import (
    Text,
    card,
    card_index,
    gettext_noop,
    join,
    labelled,
    line,
    ngettext,
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


ROUND_OF = ngettext(
    "Round %(round)s of %(rounds)s · %(n)s card", "Round %(round)s of %(rounds)s · %(n)s cards", "n"
)
OUT_LABEL, CHOOSES = gettext_noop("Out"), gettext_noop("Chooses trump")
CUT_CARD = gettext_noop("%(name)s cut the %(card)s")
CUT_FOR_TRUMP = gettext_noop("Cut for the choice of trump")
VOTES, EXCHANGED = gettext_noop("Votes"), gettext_noop("Exchanged")
# A count after a name apart from it: "Bot (Beginner) 4 2" read as one name.
SWAPPED = ngettext("%(name)s (%(n)s card)", "%(name)s (%(n)s cards)", "n")


def info(view: dict[str, Any]) -> list[dict[str, Any]]:
    out = [line(t(ROUND_OF, round=view["round"], rounds=view["rounds"], n=view["hand_size"]))]
    if view["out"]:
        out.append(line(labelled(OUT_LABEL, seats(view["out"]))))
    if view["dogs_life"]:
        out.append(line(labelled(ON_DOGS_LIFE, seats(view["dogs_life"]))))
    if view["chooser"] is not None and view["phase"] in ("trump", "vote"):
        out.append(line(labelled(CHOOSES, seat(view["chooser"]))))
    if view["cuts"]:
        cuts = [t(CUT_CARD, name=seat(s), card=card(c)) for s, c in view["cuts"]]
        chosen = labelled(CUT_FOR_TRUMP, join("; ", *cuts))
        out.append(line(join("", chosen, ".")))
    if view["votes"]:
        votes = [join(" ", seat(s), suit(u)) for s, u in view["votes"]]
        out.append(line(labelled(VOTES, join(", ", *votes))))
    if view["exchanged"]:
        swaps = [t(SWAPPED, name=seat(s), n=n) for s, n in view["exchanged"]]
        out.append(line(labelled(EXCHANGED, join(", ", *swaps))))
    return out


def _status(view: dict[str, Any], s: int) -> Text:
    if s in view["dogs_life"]:
        return t(DOGS_LIFE)
    return t(OUT) if s in view["out"] else t(IN)


def scores(view: dict[str, Any]) -> list[dict[str, Any]]:
    rows = [[seat(s), view["tricks"][s], _status(view, s)] for s in range(view["players"])]
    return [table([t(PLAYER), t(TRICKS), t(STATUS)], rows)]


KNOCKED_OUT, NOBODY_OUT = gettext_noop("Knocked out"), gettext_noop("Nobody is knocked out.")
CHOOSES_FOR = gettext_noop("%(name)s chooses trump for round %(n)s.")
CARDS_EACH = ngettext(
    "Round %(n)s: %(cards)s card each.", "Round %(n)s: %(cards)s cards each.", "cards"
)
ROUND_OVER = gettext_noop("Round %(n)s is over")


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
        gone = labelled(KNOCKED_OUT, seats(outcome["out"]))
    else:
        gone = t(NOBODY_OUT)
    blocks.append(line(gone, testid="summary-out"))
    if outcome["dogs_life"]:
        blocks.append(line(labelled(ON_DOGS_LIFE, seats(outcome["dogs_life"]))))
    if view["chooser"] is not None and view["phase"] in ("trump", "vote"):
        # The chooser's name, to every reader: "you" in "%(name)s chooses" read "you chooses".
        who = seat(view["chooser"])
        blocks.append(line(t(CHOOSES_FOR, name=who, n=view["round"]), testid="summary-chooser"))
    elif view["trump"]:
        blocks.append(line(t(CARDS_EACH, n=view["round"], cards=view["hand_size"])))
    title = t(ROUND_OVER, n=view["round"] - 1)
    return {"stage": view["deal"], "title": title, "blocks": blocks, "tricks": outcome["tricks"]}


YOUR_DOGS_LIFE = gettext_noop(
    "Your dog's life: you took no trick, so you got one card. Play it now, or knock to keep it "
    "for a later trick. If it wins a trick you are back in the game."
)
YOU_CHOOSE = gettext_noop(
    "You took the most tricks, so you choose the trump suit for the next round: look at your "
    "new cards and pick your longest or strongest suit."
)
ON_IT = gettext_noop(
    "%(name)s took no trick last round and is on a dog's life: one card, which they may play "
    "or hold back by knocking."
)


def tip(view: dict[str, Any]) -> list[Any] | None:
    """The guide's word on this game's own moments, for the viewer."""
    legal = {a["action"] for a in view["legal"]}
    if "knock" in legal:
        return [STEP, t(YOUR_DOGS_LIFE)]
    if "trump" in legal:
        return ["trump", t(YOU_CHOOSE)]
    dog = next((s for s in view["dogs_life"] if s != view["viewer"]), None)
    if dog is not None:
        return [STEP, t(ON_IT, name=seat(dog))]
    return None


DEALT_EACH = ngettext(
    "Round %(round)s: %(n)s card each.", "Round %(round)s: %(n)s cards each.", "n"
)
TURNED_TRUMP = gettext_noop("The turned card is the %(card)s, so %(suit)s are trump.")


def notice(view: dict[str, Any]) -> Text | None:
    """What a screen reader says when a round is dealt."""
    text = t(DEALT_EACH, round=view["round"], n=view["hand_size"])
    if view["turned"] and view["round"] == 1:
        trump = suit_word(view["trump"]) if view["trump"] else ""
        return join(" ", text, t(TURNED_TRUMP, card=card(view["turned"]), suit=trump))
    return text


def turned(view: dict[str, Any]) -> str | None:
    """The card that lies face up beside the trump: round 1's turned card."""
    shown: str | None = view["turned"]
    return shown


CARDS_TRUMP = ngettext("%(n)s card, trump %(trump)s", "%(n)s cards, trump %(trump)s", "n")


def sheet(record: dict[str, Any], players: int) -> dict[str, Any]:
    """The score sheet: a row a round, a cell a seat (its tricks, out, dog's life)."""
    rows = []
    deals = record["deals"]
    ending = (record.get("result") or {}).get("reason")
    for number, deal in enumerate(deals, 1):
        outcome = deal.get("outcome") or {}
        deciding = number == len(deals) and ending in AT_ONCE
        if deciding and ending == "rainbow":
            cells = _rainbow(deal, record["result"].get("winners") or [])
        else:
            tricks = outcome.get("tricks") or [None] * players
            # The deciding deal's `out` is everyone still in but the winner: none is out.
            shown = {**outcome, "out": []} if deciding else outcome
            cells = [_cell(s, hand, tricks[s], shown) for s, hand in enumerate(deal["hands"])]
        cards = max((len(h) for h in deal["hands"]), default=0)
        note = t(CARDS_TRUMP, n=cards, trump=suit(outcome.get("trump", "?")))
        rows.append({"label": t(STAGE, n=number), "cells": cells, "note": note})
    return {"head": [seat(s) for s in range(players)], "rows": rows, "totals": None}


N_TRICKS = ngettext("%(n)s trick", "%(n)s tricks", "n")
ONE_CARD = gettext_noop("one card")


def _cell(s: int, hand: list[str], tricks: int | None, outcome: dict[str, Any]) -> Any:
    if not hand:
        return "–"
    parts: list[Any] = [t(N_TRICKS, n=tricks or 0)]
    if s in outcome.get("dogs_life", []):
        parts.append(t(DOGS_LIFE))
    elif s in outcome.get("out", []):
        parts.append(t(OUT))
    if len(hand) == 1 and tricks is not None:
        parts.append(t(ONE_CARD))
    return join(" · ", *parts)


# Endings during a round, where the record's `out` of the deciding deal is everyone still in
# but the winner (docs/game-record.md §3): they are still in and share second place
# (docs/rules.md §1.6), as the table's panel and the result say.
AT_ONCE = ("final_trick", "sweep", "rainbow")
RAINBOW = gettext_noop("rainbow")


def _rainbow(deal: dict[str, Any], won: list[int]) -> list[Any]:
    """A rainbow's deciding round, where no trick was played: who held it, who was in."""
    return ["–" if not hand else t(RAINBOW) if s in won else t(IN)
            for s, hand in enumerate(deal["hands"])]  # fmt: skip


PLACE = gettext_noop("place %(place)s of %(players)s")


def score(result: dict[str, Any], s: int, place: int, players: int) -> Any:
    """A history row's score: the seat's place."""
    return t(PLACE, place=place, players=players)


PLAYERS_IN = ngettext(
    "Round %(round)s of %(rounds)s · %(left)s player in",
    "Round %(round)s of %(rounds)s · %(left)s players in",
    "left",
)


def stage_text(stage: dict[str, Any]) -> Text:
    """The lobby's words for a game in play."""
    return t(PLAYERS_IN, **stage)


CARDS_THIS_ROUND, CUT = gettext_noop("Cards this round"), gettext_noop("Cut")


def replay_rows(frame: dict[str, Any]) -> list[list[Any]]:
    """The replay's facts of a frame beyond its deal, trump and trick."""
    rows: list[list[Any]] = [[t(CARDS_THIS_ROUND), str(frame["hand_size"])]]
    if frame.get("votes"):
        votes = [join(": ", seat(s), suit(u)) for s, u in frame["votes"]]
        rows.append([t(VOTES), join(", ", *votes)])
    if frame.get("cuts"):
        cuts = [join(" ", seat(s), card_index(c)) for s, c in frame["cuts"]]
        rows.append([t(CUT), join(", ", *cuts)])
    return rows
