"""Reads of the moderators' fair-play queue: open flags, one flag with its positions and the
players' history (docs/fairplay.md §3)."""

from __future__ import annotations

from typing import Any

from accounts.models import AuditEntry, Ban, Mute
from fairplay.models import Flag, GameSignal
from games.reads.sight import cards_open
from records.models import GameRecord
from records.presenters import game_name, seat_names

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HISTORY_ROWS = 20


def card_label(code: str) -> str:
    """ "TS" -> "10♠"; "knock" stays."""
    if len(code) != 2:
        return code
    return ("10" if code[0] == "T" else code[0]) + SYMBOLS.get(code[1], code[1])


def flags(show_all: bool = False) -> list[Flag]:
    rows = Flag.objects.select_related("user", "partner", "resolved_by")
    if not show_all:
        rows = rows.filter(status=Flag.Status.OPEN)
    return list(rows[:200])


def positions(flag: Flag, viewer: Any) -> tuple[list[dict[str, Any]], bool]:
    """The evidence of a hidden-card flag: per flagged game, its judged positions that the
    player matched, with the solver's line, named as the replay names the seats; and whether
    some game's positions were left out: a duplicate board still in play shows its cards to
    nobody but staff with the fair-play right (games.reads.sight), moderators included."""
    if flag.kind != Flag.Kind.HIDDEN:
        return [], False
    rows = GameSignal.objects.filter(user=flag.user, record_id__in=flag.games).exclude(evidence=[])
    # What is read of each game: its seats, its game and whether its board is held; never
    # the records (the stored one's, nor the table's own copy), each a whole game.
    stored_games = GameRecord.objects.filter(pk__in=flag.games).select_related("table")
    records = {r.pk: r for r in stored_games.only("seats", "game", "table__board_held")}
    out = []
    withheld = False
    for row in rows.order_by("-finished"):
        stored = records.get(row.record_id)
        if stored is None:
            continue
        if not cards_open(stored.table, viewer):
            withheld = True
            continue
        names = seat_names(stored.seats)
        for p in row.evidence:
            out.append({
                "table": row.record_id, "game": game_name(stored.game), "number": p["number"],
                "seat": names[p["seat"]], "played": card_label(p["played"]),
                "best": " ".join(card_label(c) for c in p["best"]),
                "chance": round(100 * p.get("chance", p["share"])),
                "line": [(names[s], card_label(c)) for s, c in p["line"]],
            })  # fmt: skip
    return out, withheld


def history(user: Any) -> dict[str, Any]:
    """What a moderator weighs a flag against: the player's judged games, earlier flags,
    sanctions and the moderators' log about them."""
    games = GameSignal.objects.filter(user=user).order_by("-finished")[:HISTORY_ROWS]
    return {
        "games": list(
            games.values("record_id", "game", "finished", "positions", "matched", "expected")
        ),  # fmt: skip
        "flags": list(Flag.objects.filter(user=user).exclude(status=Flag.Status.OPEN)[:10]),
        "bans": list(Ban.objects.filter(user=user).order_by("-created")[:10]),
        "mutes": list(Mute.objects.filter(user=user).order_by("-created")[:10]),
        "log": list(AuditEntry.objects.filter(target_user=user)[:HISTORY_ROWS]),
    }
