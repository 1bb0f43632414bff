"""Whether a player sits the round being played out, and how: the event page and the
game-over dialog say so and when the next round is due, instead of sending them to a table
that is not theirs: byes and seats the bot plays (docs/rules.md §5.9), rounds sat out
(docs/rules.md §5.5)."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from games.models import Seat
from tournaments.models import Entry, Event, Placement, Round

BYE = "bye"  # an elimination's bye: through to the next round without playing
BOT = "bot"  # seated, but the seat is the bot's for the whole round (their result counts)
UNSEATED = "unseated"  # not seated at all (an absence)


def own_seats(placements: QuerySet[Placement], user_id: int) -> QuerySet[Placement]:
    """The placements whose table seat is the player's own: not one a bot plays for the
    whole round for them (docs/rules.md §5.9)."""
    theirs = Seat.objects.filter(table_id=OuterRef("table_id"), index=OuterRef("seat"),
                                 user_id=user_id)  # fmt: skip
    return placements.filter(Exists(theirs))


def sitting_out(event: Event, viewer: Any) -> str | None:
    """How the viewer sits out the event's round being played: BYE, BOT or UNSEATED; None
    if they play it, no round is being played, or they are not in the event (not entered,
    withdrawn, out of an elimination event)."""
    if viewer is None or not viewer.is_authenticated or event.kind == Event.Kind.DAILY:
        return None
    if event.status != Event.Status.RUNNING or not event.current_round:
        return None
    number = event.current_round
    board = Round.objects.filter(event=event, number=number, finished__isnull=True).first()
    entry = Entry.objects.filter(event=event, user=viewer, withdrawn=False).first()
    if board is None or entry is None:
        return None
    if entry.out_round is not None and entry.out_round < number:
        return None
    seated = Placement.objects.filter(round=board, entry=entry)
    if not seated.exists():
        return BYE if entry.pk in board.byes else UNSEATED
    return None if own_seats(seated, viewer.pk).exists() else BOT
