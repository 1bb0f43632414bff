"""XP, levels, achievements and unlocks of an annulled game's players as if it had never been
played: each player's later games are credited again in the order they were scored.

The game's XP goes; every later game's level before and after, achievements and unlocks are
worked out again, and the level-ups from the game on are written again. An achievement the
game earned, and one earned later by a count (ten rated wins, 25 games), goes to the first
later game that earns it now, or is revoked. A card design no longer unlocked is replaced by
the default. Called by rankings.services.annul with the table locked; progress rows are
locked by user id, as the bookkeeping locks them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db.models import F, Q

from rankings.achievements import ACHIEVEMENTS, COUNT_BASED, Counts, Game, earned
from rankings.models import Achievement, LevelUp, Progress, SeatResult
from rankings.outcome import SeatFacts
from rankings.progression import XP_REPEAT_HOURS, level_of, xp_for
from rankings.services.progress import together_at
from rankings.unlocks import BACK, DEFAULT, FRONT, newly_unlocked, unlocked
from records.models import GameRecord

CHUNK = 100  # games whose records are read at once, when an achievement needs them
ORDER = {a.code: i for i, a in enumerate(ACHIEVEMENTS)}
RESULT_FIELDS = ["level_before", "level_after", "achievements", "unlocks", "xp"]


@dataclass
class Replayed:
    """One player's progress without the annulled game, and what to write for it."""

    progress: Progress
    level_from: int  # the level before the annulled game: level-ups above it are rewritten
    dropped: set[str]  # achievements in question: rewritten from `found`
    found: dict[str, SeatResult] = field(default_factory=dict)
    level_ups: list[tuple[int, SeatResult]] = field(default_factory=list)
    codes: set[str] = field(default_factory=set)
    changed: list[SeatResult] = field(default_factory=list)


def progress_replay(annulled: list[SeatResult]) -> None:
    """Take away what the annulled game (its results `annulled`) credited to its players."""
    mine = {r.user_id: r for r in annulled if r.user_id and r.level_after is not None}
    if not mine:
        return  # nobody was credited: bots, resignations, seats bots played
    users = sorted(mine)
    rows = Progress.objects.select_for_update().filter(user_id__in=users).order_by("user_id")
    progress = {p.user_id: p for p in rows}
    later = _later_results(users, min(r.pk for r in mine.values()))
    held: dict[int, dict[str, Achievement]] = {u: {} for u in users}
    for a in Achievement.objects.filter(user_id__in=users):
        held[a.user_id][a.code] = a
    replays = [
        _replay(progress[u], mine[u], [r for r in later if r.user_id == u and r.pk > mine[u].pk],
                held[u])
        for u in users
    ]  # fmt: skip
    _save(replays)


def _later_results(users: list[int], after: int) -> list[SeatResult]:
    """The credited results of these players scored after result id `after`, oldest first."""
    return list(
        SeatResult.objects.filter(
            user_id__in=users, annulled=False, level_after__isnull=False, pk__gt=after
        )
        .annotate(xp_stored=F("xp"))
        .order_by("pk")
    )


def _replay(
    p: Progress, gone: SeatResult, later: list[SeatResult], held: dict[str, Achievement]
) -> Replayed:
    """Credit `later` again from the player's progress before the game `gone`."""
    after = {gone.table_id} | {r.table_id for r in later}
    dropped = {
        c for c, a in held.items()
        if a.table_id == gone.table_id or (c in COUNT_BASED and a.table_id in after)
    }  # fmt: skip
    kept = {c: a.table_id for c, a in held.items() if c not in dropped and a.table_id in after}
    p.xp -= gone.xp + sum(r.xp for r in later)
    p.games -= 1 + len(later)
    p.wins -= gone.won + sum(r.won for r in later)
    p.rated_wins -= (gone.won and gone.rated) + sum(r.won and r.rated for r in later)
    out = Replayed(p, level_of(p.xp), set(dropped), codes=set(held) - dropped - set(kept))
    games = _Games([r.table_id for r in later])
    _xp_again(gone, later)
    for r in later:
        _credit(out, r, [c for c, t in kept.items() if t == r.table_id], dropped, games)
    return out


def _credit(
    out: Replayed, r: SeatResult, kept: list[str], pending: set[str], games: _Games
) -> None:
    """Credit one later game again, as rankings.services.progress.credit did."""
    p, before = out.progress, (level_of(out.progress.xp), set(out.codes))
    p.xp += r.xp
    p.level = level_of(p.xp)
    p.games, p.wins, p.rated_wins = p.games + 1, p.wins + r.won, p.rated_wins + (r.won and r.rated)
    new = []
    if pending:
        counts = Counts(p.games, p.wins, p.rated_wins)
        new = earned(games.get(r, pending), _facts(r), counts, set(ORDER) - pending)
        pending.difference_update(new)  # `dropped` of _replay: found once, at its first game
        out.found |= dict.fromkeys(new, r)
    codes = sorted([*kept, *new], key=ORDER.__getitem__)
    out.codes |= set(codes)
    unlocks = [list(u) for u in newly_unlocked(before, (p.level, out.codes))]
    out.level_ups += [(n, r) for n in range(before[0] + 1, p.level + 1)]
    now = (before[0], p.level, codes, unlocks)
    if now != (r.level_before, r.level_after, r.achievements, r.unlocks) or r.xp != r.xp_stored:
        r.level_before, r.level_after, r.achievements, r.unlocks = now
        out.changed.append(r)


def _facts(r: SeatResult) -> SeatFacts:
    return SeatFacts(index=r.seat, user_id=r.user_id, bot=r.bot, place=r.place, won=r.won,
                     resigned=r.resigned, counted=r.counted, played=not r.early,
                     left=r.left)  # fmt: skip


def _xp_again(gone: SeatResult, later: list[SeatResult]) -> None:
    """The XP of the later games the annulled one had cut (docs/rules.md §4.3: games
    together within XP_REPEAT_HOURS), worked out again without it (two queries a game)."""
    until = gone.finished + timedelta(hours=XP_REPEAT_HOURS)
    for r in later:
        if r.finished > until or not _facts(r).earns:
            continue
        humans = list(
            SeatResult.objects.filter(table_id=r.table_id, user__isnull=False, bot="")
            .values_list("user_id", flat=True)
        )  # fmt: skip
        together = together_at(r.table_id, r.finished, humans, [r.user_id])
        r.xp = xp_for(_facts(r), together[r.user_id])


class _Games:
    """Later games as the achievements see them; their records and seats are read (CHUNK
    games a query) only while an achievement that reads the record is in question."""

    def __init__(self, table_ids: list[int]) -> None:
        self.order = table_ids
        self.loaded: dict[int, Game] = {}

    def get(self, r: SeatResult, pending: set[str]) -> Game:
        if pending <= COUNT_BASED:
            return Game({}, [], r.rated)  # their checks read the counts and `rated` only
        if r.table_id not in self.loaded:
            start = self.order.index(r.table_id)
            self._load(self.order[start : start + CHUNK])
        return self.loaded[r.table_id]

    def _load(self, table_ids: list[int]) -> None:
        records = dict(GameRecord.objects.filter(pk__in=table_ids).values_list("pk", "record"))
        seats: dict[int, list[SeatResult]] = {t: [] for t in table_ids}
        for s in SeatResult.objects.filter(table_id__in=table_ids).order_by("table_id", "seat"):
            seats[s.table_id].append(s)
        for t in table_ids:
            self.loaded[t] = Game(records[t], [_facts(s) for s in seats[t]], seats[t][0].rated)


def _save(replays: list[Replayed]) -> None:
    """Write every player's replay: progress, level-ups, achievements, results, user."""
    for out in replays:  # one UPDATE per locked row, as the bookkeeping writes them
        p = out.progress
        Progress.objects.filter(pk=p.pk).update(
            xp=p.xp, level=p.level, games=p.games, wins=p.wins, rated_wins=p.rated_wins
        )
    levels = Q(pk__in=[])  # matches nothing; each player's part is added below
    achievements = Q(pk__in=[])
    for out in replays:
        levels |= Q(user_id=out.progress.user_id, level__gt=out.level_from)
        achievements |= Q(user_id=out.progress.user_id, code__in=out.dropped)
    LevelUp.objects.filter(levels).delete()
    LevelUp.objects.bulk_create(
        LevelUp(user_id=r.user_id, level=n, table_id=r.table_id, reached=r.finished)
        for out in replays for n, r in out.level_ups
    )  # fmt: skip
    Achievement.objects.filter(achievements).delete()
    Achievement.objects.bulk_create(
        Achievement(user_id=r.user_id, code=code, table_id=r.table_id, earned=r.finished)
        for out in replays for code, r in out.found.items()
    )  # fmt: skip
    changed = [r for out in replays for r in out.changed]
    SeatResult.objects.bulk_update(changed, RESULT_FIELDS, batch_size=500)
    _users_save(replays)


def _users_save(replays: list[Replayed]) -> None:
    """accounts.User.level, and a card design the player no longer has goes back to the
    default (docs/rules.md §4.2: unlocks follow from the level and the achievements)."""
    users = get_user_model().objects.filter(pk__in=[o.progress.user_id for o in replays])
    cards = {u.pk: u for u in users.only("pk", "level", "card_back", "card_front")}
    for out in sorted(replays, key=lambda o: o.progress.user_id):
        user, level = cards[out.progress.user_id], out.progress.level
        have = unlocked(level, out.codes)
        back = user.card_back if (BACK, user.card_back) in have else DEFAULT[BACK]
        front = user.card_front if (FRONT, user.card_front) in have else DEFAULT[FRONT]
        if (user.level, user.card_back, user.card_front) != (level, back, front):
            type(user).objects.filter(pk=user.pk).update(
                level=level, card_back=back, card_front=front
            )
