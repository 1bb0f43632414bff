"""Ratings, the bookkeeping of finished games, XP and levels, and achievements earned."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Rating(models.Model):
    """One OpenSkill rating per player per game; bots have one per level and game."""

    game = models.CharField(_("game"), max_length=16)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="ratings",
    )  # fmt: skip
    bot = models.CharField(_("bot level"), max_length=16, blank=True)
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    # The conservative rating as shown (rankings.rating.display), kept for ordering.
    display = models.IntegerField(_("rating"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    wins = models.PositiveIntegerField(_("rated wins"), default=0)
    last_played = models.DateTimeField(_("last rated game"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False),
                name="rankings_rating_one_per_user",
            ),
            models.UniqueConstraint(
                fields=["game", "bot"], condition=~Q(bot=""), name="rankings_rating_one_per_bot"
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=True) ^ Q(bot=""), name="rankings_rating_user_or_bot"
            ),
        ]  # fmt: skip
        indexes = [
            models.Index(fields=["game", "-display", "id"], name="rankings_rating_board"),
            models.Index(fields=["game", "-last_played"], name="rankings_rating_active"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.user_id or self.bot}: {self.display}"


class GameScore(models.Model):
    """The bookkeeping of one finished game: written once, with every SeatResult of it."""

    table = models.OneToOneField("games.Table", on_delete=models.CASCADE, related_name="score")
    game = models.CharField(_("game"), max_length=16)
    rated = models.BooleanField(_("rated"))
    # Why a game did not change ratings (rankings.outcome.CASUAL_REASONS), "" if rated.
    casual_reason = models.CharField(_("why casual"), max_length=16, blank=True)
    finished = models.DateTimeField(_("finished"))
    created = models.DateTimeField(_("scored"), auto_now_add=True)
    # Annulled by a moderator (rankings.services.annul): counts for nothing any more. A game
    # annulled before it was scored gets an annulled GameScore without seats, never scored.
    annulled = models.BooleanField(_("annulled"), default=False)

    class Meta:
        verbose_name = _("scored game")
        verbose_name_plural = _("scored games")

    def __str__(self) -> str:
        how = gettext("rated") if self.rated else self.casual_reason
        return gettext("table %(table)s (%(how)s)") % {"table": self.table_id, "how": how}


# The seat results whose game changed the seat's rating and rated games (docs/rules.md §4.3).
RATING_COUNTS = Q(early=False) | Q(resigned=True) | Q(left=True)


class SeatResult(models.Model):
    """What one seat of a scored game got: place, XP, rating change, level, unlocks."""

    score = models.ForeignKey(GameScore, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="seat_results",
    )  # fmt: skip
    bot = models.CharField(_("bot level"), max_length=16, blank=True)
    game = models.CharField(_("game"), max_length=16)
    finished = models.DateTimeField(_("finished"))
    place = models.PositiveSmallIntegerField(_("place"))  # 1 = first
    won = models.BooleanField(_("won"))
    resigned = models.BooleanField(_("resigned"))
    counted = models.BooleanField(_("played by the player"))
    rated = models.BooleanField(_("rated"))
    # The game ended before real play (docs/rules.md §4.3): only a seat that resigned or left
    # had its rating changed; the others' ratings, games and wins stayed as they were.
    early = models.BooleanField(_("ended before real play"), default=False)
    # The player left the game to the stand-in bot: a loss (docs/rules.md §4.4).
    left = models.BooleanField(_("left the game"), default=False)
    xp = models.PositiveIntegerField(_("XP"), default=0)
    mu_before = models.FloatField(null=True, blank=True)
    sigma_before = models.FloatField(null=True, blank=True)
    mu_after = models.FloatField(null=True, blank=True)
    sigma_after = models.FloatField(null=True, blank=True)
    rating_before = models.IntegerField(_("rating before"), null=True, blank=True)
    rating_after = models.IntegerField(_("rating after"), null=True, blank=True)
    rated_games = models.PositiveIntegerField(_("rated games after"), default=0)
    level_before = models.PositiveSmallIntegerField(_("level before"), null=True, blank=True)
    level_after = models.PositiveSmallIntegerField(_("level after"), null=True, blank=True)
    unlocks = models.JSONField(_("unlocked"), default=list, blank=True)
    achievements = models.JSONField(_("achievements"), default=list, blank=True)
    # The game was annulled: its row stays (what it was) but changes no rating, XP or count.
    annulled = models.BooleanField(_("annulled"), default=False)

    class Meta:
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="rankings_result_one_per_seat"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=Q(user__isnull=False),
                name="rankings_result_one_per_user",
            ),
        ]  # fmt: skip
        indexes = [
            models.Index(fields=["user", "game", "-finished"], name="rankings_result_history"),
            models.Index(fields=["user", "-finished"], name="rankings_result_recent"),
        ]

    def __str__(self) -> str:
        return gettext("table %(table)s, seat %(seat)s") % {
            "table": self.table_id,
            "seat": self.seat,
        }

    @property
    def rating_counts(self) -> bool:
        """The game changed this seat's rating and its count of rated games (rated games)."""
        return not self.early or self.resigned or self.left

    @property
    def change(self) -> int | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before


class Progress(models.Model):
    """A player's XP, level and counts of complete games (docs/rules.md §4.1)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE,
        related_name="progress",
    )  # fmt: skip
    xp = models.PositiveIntegerField(_("XP"), default=0)
    level = models.PositiveSmallIntegerField(_("level"), default=1)
    games = models.PositiveIntegerField(_("complete games"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    rated_wins = models.PositiveIntegerField(_("rated wins"), default=0)

    class Meta:
        verbose_name = _("progress")
        verbose_name_plural = _("progress")

    def __str__(self) -> str:
        return gettext("player %(user)s: level %(level)s, %(xp)s XP") % {
            "user": self.user_id,
            "level": self.level,
            "xp": self.xp,
        }


class LevelUp(models.Model):
    """The history of a player's levels: when each was reached, and by which game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="level_ups"
    )
    level = models.PositiveSmallIntegerField(_("level"))
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reached = models.DateTimeField(_("reached"))

    class Meta:
        verbose_name = _("level reached")
        verbose_name_plural = _("levels reached")
        constraints = [
            models.UniqueConstraint(fields=["user", "level"], name="rankings_levelup_once")
        ]

    def __str__(self) -> str:
        return gettext("player %(user)s: level %(level)s") % {
            "user": self.user_id,
            "level": self.level,
        }


class Achievement(models.Model):
    """An achievement a player earned (rankings.achievements names them), once, with its date."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="achievements"
    )
    code = models.CharField(_("achievement"), max_length=32)
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    earned = models.DateTimeField(_("earned"))

    class Meta:
        verbose_name = _("achievement")
        verbose_name_plural = _("achievements")
        ordering = ["earned", "id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "code"], name="rankings_achievement_once")
        ]

    def __str__(self) -> str:
        return gettext("player %(user)s: %(code)s") % {"user": self.user_id, "code": self.code}
