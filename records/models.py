"""Stored games: one immutable record per finished table, its players, analyses and uploads."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# The only fields of a stored game that may change: moderation annuls a game.
ANNUL_FIELDS = frozenset({"annulled", "annulled_at", "annul_reason"})
# What may change of a stored game: annulling it, and publishing a private one.
CHANGEABLE_FIELDS = ANNUL_FIELDS | {"published"}


class ImmutableRecordError(RuntimeError):
    """A stored game was about to be changed other than by annulling it."""


class GameRecord(models.Model):
    """One finished game (or match) as it was played; its primary key is the table's id."""

    class Status(models.TextChoices):
        FINISHED = "finished", _("finished")
        RESIGNED = "resigned", _("resigned")

    table = models.OneToOneField(
        "games.Table",
        primary_key=True,
        on_delete=models.PROTECT,
        related_name="game_record",
        verbose_name=_("table"),
    )
    game = models.CharField(_("game"), max_length=16)
    players = models.PositiveSmallIntegerField(_("players"))
    options = models.JSONField(_("options"), default=dict)
    preset = models.CharField(_("preset"), max_length=16)  # a preset's name, or "custom"
    rated = models.BooleanField(_("rated"), default=False)
    private = models.BooleanField(_("private"), default=False)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices)
    started = models.DateTimeField(_("started"), null=True, blank=True)
    finished = models.DateTimeField(_("finished"), db_index=True)
    # [{"name", "user" (id or null), "username", "bot" (level or null)}] per seat, as seated.
    seats = models.JSONField(_("seats"))
    result = models.JSONField(_("result"))
    record = models.JSONField(_("record"))  # whist-record/1, docs/game-record.md §2
    annulled = models.BooleanField(_("annulled"), default=False)
    annulled_at = models.DateTimeField(_("annulled at"), null=True, blank=True)
    annul_reason = models.CharField(_("reason for annulling"), max_length=300, blank=True)
    # A private game opened to everyone by an event (a daily challenge's best game of a
    # board): its page and replay for anyone, its players' histories unchanged.
    published = models.BooleanField(_("published"), default=False)
    # A practice game ("play it again from here": its record names the game it started from,
    # docs/game-record.md §2), set once when stored: its player saw the hands in the replay,
    # so fair play does not judge it and rankings neither rate it nor count it as completed.
    practice = models.BooleanField(_("practice game"), default=False)

    class Meta:
        verbose_name = _("game record")
        verbose_name_plural = _("game records")
        permissions = [("annul_gamerecord", _("Can annul a game"))]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} ({self.get_status_display()})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Insert once; afterwards only annulling or publishing it (update_fields)."""
        fields = kwargs.get("update_fields")
        if not self._state.adding and (fields is None or not set(fields) <= CHANGEABLE_FIELDS):
            raise ImmutableRecordError("a stored game can only be annulled or published")
        super().save(*args, **kwargs)


class GamePlayer(models.Model):
    """One seat of a stored game: who sat there, and how it ended for them.

    The record's game, rated flag, privacy, practice flag and end time are copied here so
    that one player's history, newest first and filtered, practice games kept apart, is a
    scan of one of the indexes below.
    """

    class Result(models.TextChoices):
        WON = "won", _("won")
        LOST = "lost", _("lost")
        DRAWN = "drawn", _("drawn")
        RESIGNED = "resigned", _("resigned")
        # Set on every seat when a moderator annuls the game (records.services.game_annul),
        # so that won/lost/drawn/resigned filters leave it out; won, resigned and place
        # still say how it was played.
        ANNULLED = "annulled", _("annulled")

    record = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="seat_rows")
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="game_history", db_index=False,  # records_hist_count leads with it
    )  # fmt: skip
    name = models.CharField(_("name"), max_length=150)
    bot = models.CharField(_("bot level"), max_length=16, blank=True)
    place = models.PositiveSmallIntegerField(_("place"))
    won = models.BooleanField(_("won"), default=False)
    resigned = models.BooleanField(_("resigned"), default=False)
    result = models.CharField(_("result"), max_length=8, choices=Result.choices)
    # The seat's decisions (moves of its move log) made by its player, and by a bot for it
    # (a stand-in after a timeout or while away), up to its resignation: the facts the
    # rated rule weighs (rankings.outcome).
    own_decisions = models.PositiveIntegerField(_("own decisions"), default=0)
    stand_in_decisions = models.PositiveIntegerField(_("stand-in decisions"), default=0)
    # Of those, the stand-in's decisions after the player's own last one: a player who never
    # came back to the game (rankings.outcome: a leaver, docs/rules.md §4.4).
    stand_in_last = models.PositiveIntegerField(_("stand-in decisions at the end"), default=0)
    game = models.CharField(_("game"), max_length=16)
    rated = models.BooleanField(_("rated"), default=False)
    private = models.BooleanField(_("private"), default=False)
    practice = models.BooleanField(_("practice game"), default=False)
    finished = models.DateTimeField(_("finished"))

    class Meta:
        verbose_name = _("player of a game")
        verbose_name_plural = _("players of games")
        constraints = [
            models.UniqueConstraint(fields=["record", "seat"], name="records_player_unique_seat")
        ]
        # The history always asks for one player's games, practice games or not
        # (records.selectors.history): both lead every index. Its page count reads the
        # small first one alone (equal keys are stored once), for others' eyes too.
        indexes = [
            models.Index(fields=["user", "practice", "private"], name="records_hist_count"),
            models.Index(fields=["user", "practice", "-finished", "-record"], name="records_hist"),
            models.Index(
                fields=["user", "practice", "game", "-finished", "-record"],
                name="records_hist_game",
            ),
            models.Index(
                fields=["user", "practice", "result", "-finished", "-record"],
                name="records_hist_result",
            ),
            models.Index(
                fields=["user", "practice", "rated", "-finished", "-record"],
                name="records_hist_rated",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(name)s in game %(game)s") % {"name": self.name, "game": self.record_id}


class AnalysisRow(models.Model):
    """An analysis: queued, running (with progress), done or failed; who asked for it last."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    done = models.PositiveIntegerField(_("positions analysed"), default=0)
    total = models.PositiveIntegerField(_("positions"), default=0)
    result = models.JSONField(_("result"), null=True, blank=True)
    requested = models.DateTimeField(_("requested"), auto_now_add=True)
    # Who asked last (the per-player limits of records.analysis_service count these).
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("requested by"),
    )  # fmt: skip
    heartbeat = models.DateTimeField(_("last progress"), null=True, blank=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        abstract = True


class RecordAnalysis(AnalysisRow):
    """The analysis of a stored game."""

    record = models.OneToOneField(
        GameRecord, primary_key=True, on_delete=models.CASCADE, related_name="analysis"
    )

    class Meta:
        verbose_name = _("analysis")
        verbose_name_plural = _("analyses")
        indexes = [models.Index(fields=["status", "requested"], name="records_analysis_line")]

    def __str__(self) -> str:
        return gettext("analysis of game %(game)s (%(status)s)") % {
            "game": self.record_id,
            "status": self.get_status_display(),
        }


class UploadedRecord(models.Model):
    """A record someone uploaded to view: no one's history, reachable only by its token."""

    token = models.CharField(_("token"), max_length=32, unique=True)
    game = models.CharField(_("game"), max_length=16)
    record = models.JSONField(_("record"))
    created = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("uploaded record")
        verbose_name_plural = _("uploaded records")

    def __str__(self) -> str:
        return gettext("uploaded %(game)s record %(n)s") % {"game": self.game, "n": self.pk}


class UploadAnalysis(AnalysisRow):
    """The analysis of an uploaded record (its replay page asks for it, as a game's does)."""

    upload = models.OneToOneField(
        UploadedRecord, primary_key=True, on_delete=models.CASCADE, related_name="analysis"
    )

    class Meta:
        verbose_name = _("analysis of an upload")
        verbose_name_plural = _("analyses of uploads")
        indexes = [
            models.Index(fields=["status", "requested"], name="records_upload_analysis_line")
        ]

    def __str__(self) -> str:
        return f"analysis of upload {self.upload_id} ({self.status})"
