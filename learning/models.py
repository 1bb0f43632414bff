"""Database rows of lessons: which lessons a player has done (visitors keep theirs in the
browser's localStorage)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class LessonDone(models.Model):
    """A lesson a player answered right (or was shown), once per lesson."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.CharField(_("game"), max_length=20)
    slug = models.CharField(_("lesson"), max_length=40)
    done_at = models.DateTimeField(_("done at"), default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "slug"], name="lesson_done_once")
        ]


class Puzzle(models.Model):
    """A position cut from a finished public game where the exact solver finds one move
    clearly best (learning.puzzles.cut); rated against the players who try it."""

    class Kind(models.TextChoices):
        SEAT = "seat", _("from the player's seat")
        OPEN = "open", _("every hand shown")

    record = models.ForeignKey("records.GameRecord", on_delete=models.CASCADE, related_name="+")
    number = models.PositiveIntegerField(_("event"))  # the event's index in the whole record
    game = models.CharField(_("game"), max_length=16)
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(_("seat"))
    answer = models.CharField(_("answer"), max_length=8)
    # What the page draws: every hand, the trick so far, trump, tricks taken, dogs, legal
    # moves (learning.puzzles.cut.position_of); a "seat" puzzle shows only the seat's hand.
    position = models.JSONField(_("position"))
    values = models.JSONField(_("values"))  # every legal move's exact value
    line = models.JSONField(_("solver's line"))  # [{"plays": [[seat, card]], "winner"}]
    themes = models.JSONField(_("themes"), default=list)
    tricks_left = models.PositiveSmallIntegerField(_("tricks left"))
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    rating = models.IntegerField(_("rating"), db_index=True)  # mu, not its ordinal: see rate.py
    plays = models.PositiveIntegerField(_("rated tries"), default=0)
    created = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")
        constraints = [
            models.UniqueConstraint(fields=["record", "number"], name="puzzle_once_per_position")
        ]

    def __str__(self) -> str:
        return f"puzzle {self.pk} ({self.game}, game {self.record_id})"


class PuzzleScan(models.Model):
    """A stored game the puzzle job has cut: once per game, with what it found and cost."""

    record = models.OneToOneField(
        "records.GameRecord", primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    judged = models.PositiveIntegerField(_("positions judged"), default=0)
    kept = models.PositiveSmallIntegerField(_("puzzles kept"), default=0)
    seconds = models.FloatField(_("seconds"), default=0.0)
    scanned = models.DateTimeField(_("scanned"), default=timezone.now)


class PuzzlePlayer(models.Model):
    """A player's puzzle rating (apart from their game ratings) and best streak."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE
    )
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    rating = models.IntegerField(_("puzzle rating"))
    plays = models.PositiveIntegerField(_("rated tries"), default=0)
    best_streak = models.PositiveIntegerField(_("best streak"), default=0)


class PuzzleTry(models.Model):
    """A player's first answer to a puzzle, in any mode (the streak's too): only the first
    moves the ratings, and only when it was given rated."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="tries")
    move = models.CharField(_("move"), max_length=8)
    right = models.BooleanField(_("right"))
    at = models.DateTimeField(_("at"), default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "puzzle"], name="puzzle_tried_once")]


class DailyPuzzle(models.Model):
    """The puzzle of a day (UTC), chosen the first time anyone asks for it."""

    day = models.DateField(_("day"), primary_key=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="+")
