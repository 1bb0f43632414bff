"""A table of an event has ended: its seats' results from the stored game, then the
standings recounted and the round closed when its last table is done."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone

from games.engine.descriptors import game_of
from games.models import Table
from games.services.arranged import boards_release
from runtime import scheduling
from tournaments import duplicate
from tournaments.models import Entry, Event, Placement, Round
from tournaments.scoring import placement_points, side_size
from tournaments.selectors import places_of, record_of
from tournaments.services.drives import hand_scores
from tournaments.services.live import version_bump
from tournaments.standings import recount

TICK = "tournaments.tasks.tick"
# Kinds scored by placement points alone (docs/rules.md §5.2), no board to compare.
PLACES_ONLY = (Event.Kind.SWISS, Event.Kind.ELIMINATION)


def table_done(table_id: int) -> bool:
    """Score the seats of a finished event table from records' stored rows (each seat's
    place), once; whether it did. Safe to run twice: a scored table is left alone."""
    event_id = Placement.objects.filter(table_id=table_id).values_list("round__event", flat=True)
    event_id = event_id.first()
    if event_id is None:
        return False
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        seats = list(Placement.objects.filter(table_id=table_id).select_related("round", "table"))
        if _after_close(event, seats[0].table):
            return False
        places = places_of(table_id)
        if not places or all(p.points is not None for p in seats):
            return False
        ordered = [places[s] for s in sorted(places)]
        points = placement_points(ordered, side_size(event.game))
        for p in seats:
            p.place, p.points = places[p.seat], points[p.seat]
        if event.kind == Event.Kind.DRIVE:  # docs/rules.md §5.8: each seat its side's tricks
            hand_scores(seats, record_of(table_id))
        elif event.kind not in PLACES_ONLY:
            duplicate.score_seats(seats, record_of(table_id))
        Placement.objects.bulk_update(seats, ["place", "points", "score"])
        board = seats[0].round
        if event.kind not in (*PLACES_ONLY, Event.Kind.DRIVE):
            duplicate.matchpoints_update(board)
        standings_update(event)
        if event.kind != Event.Kind.DAILY:  # a day's boards stay open all day
            _close_round(board)
        version_bump(event)
        transaction.on_commit(lambda: scheduling.run_later(TICK, ()))
    return True


def standings_update(event: Event) -> int:
    """Recount the event's standings from its scored seats and write the entries whose
    figures changed; how many. Duplicate events count matchpoints (docs/rules.md §5.4).
    Rows are read as tuples, not models: after each table's end of a 512-player event
    (bench/events.py), building 512 Entry objects cost more than the recount."""
    entries = Entry.objects.filter(event=event).order_by("joined", "pk")
    current = {row[0]: row[1:] for row in entries.values_list("pk", *STANDING_FIELDS)}
    rows = Placement.objects.filter(round__event=event, points__isnull=False)
    score = "points" if event.kind in (*PLACES_ONLY, Event.Kind.DRIVE) else "matchpoints"
    scored = rows.values_list("table_id", "seat", "entry_id", score, "place")
    sides = game_of(event.game).partnerships
    ranked = recount([(pk, i) for i, pk in enumerate(current)], scored, sides)
    changed = []
    for s in ranked:
        new = (s.points, s.opponents_points, s.wins, s.games)
        if current[s.entry] != new:
            changed.append((s.entry, *new))
    _write_standings(changed)
    return len(changed)


STANDING_FIELDS = ("points", "opponents_points", "wins", "games")


def _write_standings(changed: list[tuple]) -> None:
    """One UPDATE ... FROM (VALUES ...) for every changed entry (id, then STANDING_FIELDS):
    bulk_update's CASE per field cost about a second for 512 entries (bench/events.py);
    ranks are not stored (models.STANDING_ORDER), so only the entries whose own or whose
    opponents' points moved are written.
    PostgreSQL and SQLite both take this form."""
    if not changed:
        return
    quote = connection.ops.quote_name
    table = quote(Entry._meta.db_table)
    names = ", ".join(quote(f) for f in ("id", *STANDING_FIELDS))
    sets = ", ".join(f"{quote(f)} = v.{quote(f)}" for f in STANDING_FIELDS)
    rows = ", ".join(["(%s, %s, %s, %s, %s)"] * len(changed))
    params = [
        value
        for pk, points, opponents, wins, games in changed
        for value in (pk, float(points), float(opponents), wins, games)
    ]
    sql = (
        f"WITH v({names}) AS (VALUES {rows}) "
        f"UPDATE {table} SET {sets} FROM v WHERE {table}.{quote('id')} = v.{quote('id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _after_close(event: Event, table: Table) -> bool:
    """A daily board finished after its day closed does not count (docs/rules.md §5.7)."""
    closed = event.kind == Event.Kind.DAILY and event.status == Event.Status.FINISHED
    return closed and (table.finished is None or table.finished > event.finished)


def _close_round(board: Round) -> None:
    """The round's last table is scored: the round ends and its board's cards open
    (docs/rules.md §5.7)."""
    if board.finished is None and not board.placements.filter(points__isnull=True).exists():
        board.finished = timezone.now()
        board.save(update_fields=["finished"])
        boards_release(board.placements.values_list("table", flat=True))
