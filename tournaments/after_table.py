"""What follows an event's table for its player, as the game-over dialog asks
(static/js/after_game.js): the event's page, their standing, their next table or board, the
round they sit out, or, in an elimination event, that they are out (docs/rules.md §5.9)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from tournaments import elimination
from tournaments.models import Event, Placement
from tournaments.selectors import seed_rank, standings
from tournaments.sitting_out import own_seats, sitting_out


def after_table(table_id: int, viewer: Any) -> dict[str, Any] | None:
    """What follows an event's table for its player: the event's page, the player's
    standing, and their next table or board once it is there, or how they sit out the round
    being played, or that they went out of an elimination event (`out`); None if the table
    is no event's or the viewer did not play it."""
    seat = (
        Placement.objects.filter(table_id=table_id, entry__user=viewer)
        .select_related("round__event", "entry")
        .first()
        if viewer is not None and viewer.is_authenticated
        else None
    )
    if seat is None:
        return None
    event = seat.round.event
    out: dict[str, Any] = {"event": event.name, "finished": event.status != "running"}
    out["event_url"] = (
        reverse("daily", args=[event.game])
        if event.kind == Event.Kind.DAILY
        else reverse("event", args=[event.pk])
    )
    ranked = standings(event)
    place = next((e.rank for e in ranked if e.pk == seat.entry_id), None)
    out["standing"] = {"place": place, "of": len(ranked), "points": seat.entry.points}
    out["out"] = _out_of(event, seat)
    out["next"] = _next_of(event, seat) if out["out"] is None else None
    later = event.current_round > seat.round.number and out["next"] is None
    how = sitting_out(event, viewer) if later else None  # a later round they sit out
    out["sitting_out"] = {"how": how, "round": event.current_round} if how else None
    return out


def _out_of(event: Event, seat: Placement) -> dict[str, Any] | None:
    """An elimination event: the round the player went out in, and whether their place is
    final (`final`: their round has been settled, so the standings place them); None while
    they are still in (or the table is not scored yet). Their table's places say it as soon
    as the table ends, before the round's other tables have."""
    if event.kind != Event.Kind.ELIMINATION:
        return None
    entry = seat.entry
    if entry.out_round is not None:
        return {"round": entry.out_round, "final": True}
    if seat.place is None or seat.round.number != event.current_round:
        return None  # not scored yet, or an earlier round they went through
    people = Placement.objects.filter(table_id=seat.table_id, entry__isnull=False)
    gone = elimination.going_out(
        list(people.values_list("entry_id", "place")), event.through, seed_rank(event),
        seat.round.final,
    )  # fmt: skip
    return {"round": seat.round.number, "final": False} if entry.pk in gone else None


def _next_of(event: Event, seat: Placement) -> dict[str, Any] | None:
    """The player's next table (a later round's, still in play, theirs) or, in the daily
    challenge, the first board of the day they have not played."""
    if event.kind == Event.Kind.DAILY:
        if event.status != Event.Status.RUNNING:
            return None
        played = set(
            Placement.objects.filter(round__event=event, entry=seat.entry).values_list(
                "round__number", flat=True
            )
        )
        left = [n for n in range(1, event.rounds + 1) if n not in played]
        if not left:
            return None
        return {"url": reverse("daily_play", args=[event.game, left[0]]), "post": True,
                "board": True}  # fmt: skip
    rows = Placement.objects.filter(
        round__event=event, entry=seat.entry, round__number__gt=seat.round.number
    )
    later = (
        own_seats(rows, seat.entry.user_id)  # not a seat the bot plays for them
        .order_by("-round__number")
        .values_list("table_id", "table__status")
        .first()
    )
    if later is None or later[1] != "playing":
        return None
    return {"url": reverse("table", args=[later[0]]), "post": False,
            "board": event.kind == Event.Kind.DUPLICATE}  # fmt: skip
