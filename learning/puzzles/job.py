"""The puzzle job: cut the stored games that may be shown to anyone (learning.puzzles.cut)
and keep their puzzles, once per game.

A game is used once its cards are open to everyone: public (or published by an event), not
annulled, not a practice game (its player saw the hands: stored as such, or its table starts
from another), and its board not held (games.reads.sight: a duplicate or
daily board stays closed until every table of it has finished, so no board still in play
anywhere gives a puzzle). The sweep runs in the analysis lane after each stored game and
also picks up games whose board was released since.
"""

from __future__ import annotations

import logging
import time

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet

from games.engine.record_check import RecordProblem, check
from games.reads.sight import open_tables
from learning.models import Puzzle, PuzzleScan
from learning.puzzles import rate
from learning.puzzles.cut import Found, cut
from records.models import GameRecord

log = logging.getLogger(__name__)
SWEEP = 20  # games cut per sweep at most: a long backlog is cut over several sweeps


def usable() -> QuerySet:
    """Stored games whose cards anyone may see, not yet cut, oldest first."""
    scanned = PuzzleScan.objects.filter(record=OuterRef("pk"))
    return (
        GameRecord.objects.filter(open_tables("table__"), Q(private=False) | Q(published=True))
        .filter(annulled=False, practice=False, table__practice_of__isnull=True)
        .exclude(Exists(scanned))
        .order_by("finished", "pk")
    )


def sweep(limit: int = SWEEP) -> int:
    """Cut up to `limit` usable games; how many puzzles were kept."""
    kept = 0
    for record_id in list(usable().values_list("pk", flat=True)[:limit]):
        kept += game_cut(record_id)
    return kept


def game_cut(record_id: int) -> int:
    """Cut one stored game if it is usable and not cut yet; the puzzles kept. Safe to run
    twice: the scan row is written with the puzzles, once."""
    stored = usable().filter(pk=record_id).first()
    if stored is None:
        return 0
    start = time.process_time()
    try:
        found, judged = cut(check(stored.record))
    except RecordProblem:
        log.warning("stored game %s does not replay; no puzzles", record_id)
        found, judged = [], 0
    seconds = time.process_time() - start
    try:
        with transaction.atomic():
            PuzzleScan.objects.create(
                record=stored, judged=judged, kept=len(found), seconds=seconds
            )
            Puzzle.objects.bulk_create([_row(stored, f) for f in found])
    except IntegrityError:
        return 0  # another worker cut it first
    return len(found)


def _row(stored: GameRecord, found: Found) -> Puzzle:
    mu, sigma = rate.initial_puzzle(found.tricks_left, len(found.values))
    return Puzzle(
        record=stored, number=found.number, game=stored.game, kind=found.kind, seat=found.seat,
        answer=found.answer, position=found.position, values=found.values, line=found.line,
        themes=list(found.themes), tricks_left=found.tricks_left, mu=mu, sigma=sigma,
        rating=rate.level(mu),
    )  # fmt: skip
