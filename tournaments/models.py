"""Database rows of events: the event, who signed up, its rounds and each seat's result."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


class Event(models.Model):
    """One event: its game and rules, when it starts, how many rounds, who may join."""

    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        DUPLICATE = "duplicate", _("duplicate")
        DAILY = "daily", _("daily challenge")
        DRIVE = "drive", _("whist drive")
        ELIMINATION = "elimination", _("elimination")

    class Movement(models.TextChoices):
        """How players move between a whist drive's hands (tournaments/movements.py)."""

        PROGRESSIVE = "progressive", _("progressive (partners change every hand)")
        SEMI_PARTNER = "semi_partner", _("semi-partner (winners stay together, losers move)")
        TRAVELLING = "travelling", _("travelling pairs (fixed partners)")

    class Status(models.TextChoices):
        COMING = "coming", _("coming")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        # An event is called off ("abgesagt"), an invitation withdrawn ("zurückgezogen").
        CANCELLED = "cancelled", pgettext_lazy("an event", "cancelled")

    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, default=Kind.SWISS)
    game = models.CharField(_("game"), max_length=16)
    table_size = models.PositiveSmallIntegerField(_("players per table"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    preset = models.CharField(_("preset"), max_length=16, blank=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    # Round n is due at starts_at + (n - 1) * round_minutes, never before round n - 1 ended.
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), default=15)
    time_limit = models.PositiveIntegerField(_("time limit (seconds)"), default=60)
    bot_level = models.CharField(_("bot level"), max_length=16, default="club")
    rated = models.BooleanField(_("rated"), default=False)
    private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(_("invite token"), max_length=32, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="events_created",
    )  # fmt: skip
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.COMING, db_index=True
    )
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    # A whist drive (docs/rules.md §5.8): its movement, whether the trumps' rotation has a
    # no-trump hand, and the prizes' names the organiser gave ({"first", "pair", "booby"}).
    movement = models.CharField(_("movement"), max_length=16, choices=Movement.choices, blank=True)
    no_trump_hand = models.BooleanField(_("a no-trump hand in the rotation"), default=False)
    prizes = models.JSONField(_("prizes"), default=dict, blank=True)
    # An elimination event (docs/rules.md §5.9): how many go through at each table.
    through = models.PositiveSmallIntegerField(_("go through per table"), default=0)
    # A club's event (created from its page by its owners or moderators): its members see
    # it and, if `members_only`, no one else may sign up.
    club = models.ForeignKey(
        "clubs.Club", verbose_name=_("club"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="events",
    )  # fmt: skip
    members_only = models.BooleanField(_("club members only"), default=False)
    # The daily challenge's day (one event per game and day).
    day = models.DateField(_("day"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    # Grows with every change of the standings or rounds: the page refreshes when it changes.
    version = models.PositiveIntegerField(_("version"), default=0)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["starts_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "day"], name="tournaments_one_daily_per_game",
                condition=models.Q(kind="daily"),
            )
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.get_status_display()})"


# The standings' order (docs/rules.md §5.3): points, opponents' points, wins, then sign-up.
# Ranks are not stored: after a table's end they would move for most of an event's entries.
STANDING_ORDER = ("-points", "-opponents_points", "-wins", "joined", "pk")


class Entry(models.Model):
    """A player signed up for an event, and where they stand (kept after each table's end)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_entries"
    )
    joined = models.DateTimeField(_("joined"), auto_now_add=True)
    absences = models.PositiveSmallIntegerField(_("rounds absent in a row"), default=0)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    withdrawn_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True
    )
    # The standings (tournaments/standings.py), kept after each table's end.
    points = models.FloatField(_("points"), default=0.0)
    opponents_points = models.FloatField(_("opponents' points"), default=0.0)
    wins = models.PositiveSmallIntegerField(_("wins"), default=0)
    games = models.PositiveSmallIntegerField(_("games"), default=0)
    # An elimination event: the round in which the player went out (None: still in).
    out_round = models.PositiveSmallIntegerField(_("out in round"), null=True, blank=True)
    # A pair entered together (tournaments/services/pairs.py): each entry names the other and
    # the two always sit as partners; `partner_asked`: the player asked, until they accept.
    partner = models.OneToOneField(
        "self", verbose_name=_("partner"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    partner_asked = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("partner asked"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )  # fmt: skip

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["event", *STANDING_ORDER]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="tournaments_one_entry")
        ]

    def __str__(self) -> str:
        return gettext("%(user)s in event %(event)s") % {
            "user": self.user_id,
            "event": self.event_id,
        }


class Round(models.Model):
    """One round of an event: its tables are seated at its start; `seed` is the board's
    (duplicate and daily: every table of the round is dealt the same cards)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("number"))
    started = models.DateTimeField(_("started"), auto_now_add=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    seed = models.BigIntegerField(_("board seed"), null=True, blank=True)
    # What the seating decided, kept for the page and for who goes out: how many tables
    # seat two players of whom one blocked the other (docs/rules.md §5.1), and in an
    # elimination event the entries with a bye and whether the round is the final
    # (docs/rules.md §5.9).
    together = models.PositiveSmallIntegerField(_("tables seating a blocked pair"), default=0)
    byes = models.JSONField(_("entries with a bye"), default=list, blank=True)
    final = models.BooleanField(_("the final"), default=False)
    # The daily challenge, once its day is over: the board's best game, published for
    # everyone to replay (records.services.record_publish).
    best_game = models.ForeignKey(
        "records.GameRecord", verbose_name=_("best game"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )  # fmt: skip

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="tournaments_round_number")
        ]

    def __str__(self) -> str:
        return gettext("event %(event)s, round %(n)s") % {"event": self.event_id, "n": self.number}


class Placement(models.Model):
    """One seat of a round's table: who sat there (None: a bot, whose result does not
    count), whether they were absent at the start, and their result once the game ended."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="placements")
    table = models.ForeignKey("games.Table", on_delete=models.PROTECT, related_name="+")
    number = models.PositiveSmallIntegerField(_("table number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="placements"
    )
    absent = models.BooleanField(_("absent at the start"), default=False)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    points = models.FloatField(_("points"), null=True, blank=True)
    # Duplicate: the seat's score on the board (docs/rules.md §5.4) and its matchpoints.
    score = models.FloatField(_("score"), null=True, blank=True)
    matchpoints = models.FloatField(_("matchpoints"), null=True, blank=True)

    class Meta:
        verbose_name = _("placement")
        verbose_name_plural = _("placements")
        ordering = ["round", "number", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="tournaments_one_per_seat")
        ]

    def __str__(self) -> str:
        return gettext("round %(round)s, table %(table)s, seat %(seat)s") % {
            "round": self.round_id,
            "table": self.number,
            "seat": self.seat,
        }
