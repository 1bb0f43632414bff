"""Database models of the card room: tables, seats, the move log and the table chat."""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Table(models.Model):
    """One game (or match) at one table, from the open seats to the stored record."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    game = models.CharField(_("game"), max_length=16)
    players = models.PositiveSmallIntegerField(_("players"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    preset = models.CharField(_("preset"), max_length=16, blank=True)
    private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(_("invite token"), max_length=32, blank=True)
    rated = models.BooleanField(_("rated"), default=False)
    # Spectators read the chat but only the players may write (rules of the table's creator).
    chat_players_only = models.BooleanField(_("chat for players only"), default=False)
    # Nobody at the table sees the others' levels or ratings until the game is over.
    hide_ratings = models.BooleanField(_("hide levels and ratings"), default=False)
    # A claim offered to the others at a casual table (docs/rules.md §0.7): {"seat", "tricks",
    # "moves": the move count it was made at, "accepted": [seats]}; void once a move is made.
    claim_offer = models.JSONField(_("claim offered"), null=True, blank=True)
    # A take-back asked for at a casual table (games/services/takebacks.py): the seat, the
    # table's move count then (a later move makes it stale) and who agreed so far.
    takeback_offer = models.JSONField(_("take-back asked for"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="tables_created",
    )  # fmt: skip
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    # Not the deck's seed: that is `deal_seed`, keyed by the server's deal secret, so that the
    # row alone (a staff page, a database dump) does not give the hands of a running game.
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    # False only for tables dealt before the deal secret (migration 0006), dealt from `seed`.
    seed_keyed = models.BooleanField(_("seed keyed by the deal secret"), default=True)
    # Grows with every change anyone sees; `game_version` is its value at the last move.
    version = models.PositiveIntegerField(_("version"), default=0)
    game_version = models.PositiveIntegerField(_("game version"), default=0)
    moves = models.PositiveIntegerField(_("moves"), default=0)
    time_limit = models.PositiveIntegerField(_("time limit (seconds)"), default=60)
    # When the human to act runs out of time, or when the bot to act is due (watchdog).
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    # When the table's pending `turn_timeout` task runs (None: none pending). One timer per
    # table, not one per turn: a timer that finds the deadline moved later sets itself again.
    timer_due = models.DateTimeField(_("timeout timer due"), null=True, blank=True)
    record = models.JSONField(_("record"), null=True, blank=True)
    # One of a duplicate board's tables (dealt the board's seed): nothing of its cards is
    # shown beyond each seat's own view until the event releases the board, once every
    # table of it has finished (games.reads.sight.cards_open).
    board_held = models.BooleanField(_("board held"), default=False)
    # A table another app arranged (an event's round, a daily board): the address that app
    # answers, for a table and its player, with what comes after it (standings, the next
    # table). Such a table has no rematch: the event goes on.
    after_url = models.CharField(_("what comes after (address)"), max_length=200, blank=True)
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # A practice game ("play it again from here", games.engine.practice): the finished game it
    # starts from and its start, {"deals": the deals so far (record form), "from": how many of
    # the original's events its first moves replay, "seat", "fresh": the cards the player had
    # not seen dealt again}. Never rated, no XP (rankings.outcome.PRACTICE).
    practice_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="practice_games"
    )
    start = models.JSONField(_("practice start"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    started = models.DateTimeField(_("started"), null=True, blank=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        # No index holds a column that a move writes (version, moves, turn_deadline,
        # timer_due): a move's UPDATE is then HOT, a new row version on the same page with no
        # index entry made (7 were per move). The watchdog finds overdue turns through the
        # status index (the tables in play) and their deadlines on the rows. A fill factor of
        # 70 (games 0021) keeps room on each page for those versions when nothing can be
        # pruned meanwhile.
        permissions = [
            ("see_held_board", _("Fair play: see a duplicate board's cards before it ends"))
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} ({self.get_status_display()})"

    @property
    def deal_seed(self) -> int | None:
        """The seed the engine deals from: HMAC-SHA256(WHIST_DEAL_SECRET, stored seed), 62
        bits (None before the deal). A finished game's record holds its deals and this seed."""
        if self.seed is None or not self.seed_keyed:
            return self.seed
        key = settings.WHIST_DEAL_SECRET.encode()
        mac = hmac.new(key, f"whist-deal/1:{self.seed}".encode(), hashlib.sha256).digest()
        return int.from_bytes(mac[:8], "big") >> 2


class Seat(models.Model):
    """A place at a table: empty, a human, or a bot of some level; a bot may stand in."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(_("index"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="seats",
    )  # fmt: skip
    bot = models.CharField(_("bot level"), max_length=16, blank=True)
    away = models.BooleanField(_("away"), default=False)
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)
    # Whether the seat's user is banned now: read with the seats under a change's row lock
    # (games.reads.queries.table_seats) for the move path's check; not read elsewhere.
    user_banned = False

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="games_seat_unique_index"),
            models.UniqueConstraint(
                fields=["table", "user"], name="games_seat_one_per_user",
                condition=models.Q(user__isnull=False),
            ),
        ]  # fmt: skip

    def __str__(self) -> str:
        return gettext("table %(table)s, seat %(seat)s") % {
            "table": self.table_id,
            "seat": self.index,
        }

    @property
    def taken(self) -> bool:
        return self.user_id is not None or bool(self.bot)

    @property
    def connections(self) -> int:
        """Its player's open sockets (Presence rows): annotated as `open_sockets` where seats
        are listed (queries.seats_with_sockets), else counted."""
        annotated = getattr(self, "open_sockets", None)
        return self.sockets.count() if annotated is None else annotated


class Presence(models.Model):
    """One open socket of a seated player. Its server refreshes `seen` while it is open; a
    server that died without closing its sockets stops refreshing (and its process key
    expires), and the sweep drops them."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="sockets")
    channel = models.CharField(_("channel"), max_length=255, unique=True)
    # No index: every heartbeat writes it, and with no index holding it that UPDATE is HOT
    # (room kept on each page: fill factor 70, games 0021); the sweep reads it beside
    # `process` (an OR no index serves) or at one table's sockets.
    seen = models.DateTimeField(_("seen"))
    # The server process holding the socket (runtime/processes.py): once it is dead, the sweep
    # drops the row within seconds instead of waiting for `seen` to grow stale. Indexed: a
    # stopping server drops its rows by it (a heartbeat never writes it: still HOT).
    process = models.CharField(_("server process"), max_length=32, blank=True, default="")

    class Meta:
        verbose_name = _("open socket")
        verbose_name_plural = _("open sockets")
        indexes = [models.Index(fields=["process"], name="games_presence_process")]

    def __str__(self) -> str:
        return f"{self.seat} socket {self.channel}"


class Move(models.Model):
    """One decision in the persistent move log; replaying the log rebuilds the game."""

    class By(models.TextChoices):
        HUMAN = "human", _("human")
        BOT = "bot", _("bot")
        TIMEOUT = "timeout", _("timeout")
        ORIGINAL = "original", _("from the original game")  # a practice game's first moves

    # No index of its own: the unique (table, number) serves every lookup by table, and a
    # move's INSERT makes two index entries, not three.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="move_log", db_index=False
    )
    number = models.PositiveIntegerField(_("number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    event = models.JSONField(_("event"))
    by = models.CharField(_("by"), max_length=8, choices=By.choices, default=By.HUMAN)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="games_move_unique_number")
        ]

    def __str__(self) -> str:
        return gettext("table %(table)s, move %(n)s") % {"table": self.table_id, "n": self.number}


class ChatMessage(models.Model):
    """A chat line at a table, stored raw (the page escapes it); moderators can hide it."""

    MAX_LENGTH = 300

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="chat_messages",
    )  # fmt: skip
    name = models.CharField(_("name"), max_length=150)
    text = models.CharField(_("text"), max_length=MAX_LENGTH)
    created = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    hidden = models.BooleanField(_("hidden"), default=False)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.name}: {self.text[:40]}"


class PoolLine(models.Model):
    """One line of the quick-play pool for people: a game, its player count, rated or casual.
    Its row is the lock that serialises matching of that line across every server process
    (games/services/pool.py); the waiting players are its PoolEntry rows."""

    game = models.CharField(_("game"), max_length=16)
    players = models.PositiveSmallIntegerField(_("players"))
    rated = models.BooleanField(_("rated"), default=False)

    class Meta:
        verbose_name = _("pool line")
        verbose_name_plural = _("pool lines")
        constraints = [
            models.UniqueConstraint(fields=["game", "players", "rated"], name="games_pool_line")
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.players} {'rated' if self.rated else 'casual'}"


class PoolEntry(models.Model):
    """A person waiting in the pool, from one lobby socket (`channel` on server `process`):
    one row per user at most, gone when they are seated, leave, or their socket closes."""

    line = models.ForeignKey(PoolLine, on_delete=models.CASCADE, related_name="entries")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pool_entry"
    )
    rating = models.IntegerField(_("rating"))
    # Seconds after joining when empty seats may be filled with bots; None: keep waiting.
    bots_after = models.PositiveIntegerField(_("bots after (seconds)"), null=True, blank=True)
    bot_level = models.CharField(_("bot level"), max_length=16)
    channel = models.CharField(_("channel"), max_length=255)
    process = models.CharField(_("server process"), max_length=32, blank=True, default="")
    joined = models.DateTimeField(_("joined"), db_index=True)
    # Where the wait came from: the socket's network address (an IPv6 one as its /64) and its
    # browser key (accounts.devices); a rated table never seats two entries sharing either.
    address = models.CharField(_("network address"), max_length=64, blank=True, default="")
    device = models.CharField(_("browser key"), max_length=32, blank=True, default="")
    # Partners wait as one (games/services/pool_pairs.py): each entry names the other player.
    # `pending`: an invitation the partner has not accepted yet; such an entry is never matched.
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("partner"), null=True, blank=True,
        on_delete=models.CASCADE, related_name="+",
    )  # fmt: skip
    pending = models.BooleanField(_("invitation open"), default=False)

    class Meta:
        verbose_name = _("pool entry")
        verbose_name_plural = _("pool entries")

    def __str__(self) -> str:
        return f"{self.user_id} in {self.line_id}"
