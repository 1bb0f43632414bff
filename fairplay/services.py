"""Writes of fair play: a stored game's figures (once per game, in the analysis lane), the
flags they raise, and a moderator's decision on a flag, audited as every sanction is."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import AuditEntry
from accounts.services import ModerationError, audit_record, ban_create, notice_add
from accounts.staff_powers import staff_may
from fairplay import hidden, judge, rules, soft_play
from fairplay.models import Flag, GameSignal
from fairplay.shared import shared_flags
from games.engine.descriptors import game_of
from games.engine.record_check import check
from games.models import Move
from records.models import GameRecord
from records.services import game_annul

EVIDENCE = 12  # positions kept per seat and game: the matched ones the view explains least
HISTORY = 200  # a player's newest games a flag is judged on


def game_signals_compute(table_id: int) -> int:
    """Judge the stored game at `table_id` once: a GameSignal per human seat, then the flags
    of its players. Returns the rows written (0: done already, annulled, a practice game, or
    no human). A practice game's player saw every hand in the replay it started from: it
    says nothing of hidden cards, nor of whom they sat with."""
    stored = GameRecord.objects.filter(pk=table_id).first()
    if stored is None or stored.annulled or stored.practice:
        return 0
    shared_flags(stored)
    if stored.game not in judge.GAMES:
        return 0
    humans = {i: s["user"] for i, s in enumerate(stored.seats) if s.get("user")}
    done = set(GameSignal.objects.filter(record=stored).values_list("user_id", flat=True))
    if not humans or done >= set(humans.values()):
        return 0
    replay = check(stored.record)
    # Only the players' own cards count, not a stand-in bot's (games.models.Move.by).
    own = set(Move.objects.filter(table_id=table_id, by=Move.By.HUMAN)
              .values_list("number", flat=True))  # fmt: skip
    found = judge.game_positions(replay, set(humans), own=own)  # seed 0: the record decides
    pairs = soft_play.game_soft(replay)
    rows = [_row(stored, seat, user, found, pairs, humans) for seat, user in humans.items()]
    try:
        with transaction.atomic():
            GameSignal.objects.bulk_create(rows)
    except IntegrityError:
        return 0  # a second delivery of the task stored them first
    for user in humans.values():
        flags_update(user)
    return len(rows)


def _row(stored: GameRecord, seat: int, user: int, found: Any, pairs: Any, humans: dict) -> Any:
    mine = found.positions.get(seat, [])
    shown = sorted((p for p in mine if p.matched), key=lambda p: p.share)[:EVIDENCE]
    # every other player at the table, chances or not: the two met
    knocks_out = game_of(stored.game).knocks_out
    soft = {str(u): [0, 0] for u in humans.values() if u != user and knocks_out}
    for (a, b), (chances, spared) in pairs.items():
        if a == seat:
            row = soft.setdefault(str(humans[b]) if b in humans else "bots", [0, 0])
            row[0], row[1] = row[0] + chances, row[1] + spared
    shift = rules.shift_of(stored.game)
    honest = [rules.honest(p.chance, shift) for p in mine]
    llr = [0.0] * len(rules.CHEAT_RATES)
    for p in mine:
        more = rules.position_llr(p.chance, p.matched, shift)
        llr = [a + b for a, b in zip(llr, more, strict=True)]
    return GameSignal(
        record=stored, user_id=user, seat=seat, game=stored.game, finished=stored.finished,
        version=hidden.VERSION, positions=len(mine), matched=sum(p.matched for p in mine),
        expected=sum(honest), variance=sum(q * (1 - q) for q in honest), llr=llr,
        evidence=[p.as_json() for p in shown], soft=soft, nodes=found.nodes,
    )  # fmt: skip


def _recent(user_id: int) -> Any:
    """The player's newest judged games that still count (not annulled)."""
    rows = GameSignal.objects.filter(user_id=user_id, record__annulled=False)
    return rows.order_by("-finished")[:HISTORY]


def flags_update(user_id: int) -> list[Flag]:
    """Raise or refresh the player's flags from their newest games (fairplay.rules)."""
    rows = list(_recent(user_id).values("record_id", "positions", "matched", "expected",
                                        "variance", "llr", "soft"))  # fmt: skip
    raised = []
    judged = [r for r in rows if r["llr"]]  # figures of fairplay.hidden.VERSION 2 on
    sums = {k: sum(r[k] for r in judged) for k in ("positions", "matched", "expected",
                                                    "variance")}  # fmt: skip
    llr = [sum(r["llr"][i] for r in judged) for i in range(len(rules.CHEAT_RATES))]
    if rules.hidden_flagged(sums["positions"], llr, odds=settings.WHIST_FAIRPLAY_ODDS,
                            least=settings.WHIST_FAIRPLAY_MIN_POSITIONS):  # fmt: skip
        odds = math.exp(min(rules.log_odds(llr), 700.0))
        figures = {**sums, "games": len(rows), "z": round(rules.hidden_z(**sums), 2),
                   "odds": f"{odds:.3g}"}  # fmt: skip
        games = [r["record_id"] for r in judged if r["positions"]]
        raised.append(_flag(Flag.Kind.HIDDEN, user_id, None, figures, games))
    raised.extend(_soft_flags(user_id, rows))
    return raised


def _soft_flags(user_id: int, rows: list[dict]) -> list[Flag]:
    """A pair flag (the lower user id first) for each player this one met often enough at
    Knockout Whist tables, judged on both players' play in the games they met in."""
    meetings: dict[int, list[int]] = defaultdict(list)
    for r in rows:
        for other in r["soft"] or {}:
            if other != "bots":
                meetings[int(other)].append(r["record_id"])
    # The others' rows of those games, in one query (one a player met made hundreds).
    theirs: dict[int, list[dict]] = defaultdict(list)
    games_met = {g for games in meetings.values() for g in games}
    met = GameSignal.objects.filter(user_id__in=list(meetings), record_id__in=games_met)
    for other, record_id, soft in met.values_list("user_id", "record_id", "soft"):
        if record_id in meetings[other]:
            theirs[other].append(soft)
    out = []
    for other, games in meetings.items():
        both = [(r["soft"], other) for r in rows if r["record_id"] in games]
        both += [(soft, user_id) for soft in theirs[other]]
        pair, rest = [0, 0], [0, 0]
        for soft, partner in both:
            for key, (chances, spared) in soft.items():
                into = pair if key == str(partner) else rest
                into[0], into[1] = into[0] + chances, into[1] + spared
        least = settings.WHIST_FAIRPLAY_SOFT_MEETINGS
        if rules.soft_flagged(len(games), (pair[0], pair[1]), (rest[0], rest[1]),
                              settings.WHIST_FAIRPLAY_SOFT_Z, least, 2 * least):  # fmt: skip
            z = rules.soft_z((pair[0], pair[1]), (rest[0], rest[1]))
            figures = {"meetings": len(games), "chances": pair[0], "spared": pair[1],
                       "other_chances": rest[0], "other_spared": rest[1],
                       "z": round(z, 2)}  # fmt: skip
            first, second = sorted((user_id, other))
            out.append(_flag(Flag.Kind.SOFT, first, second, figures, games))
    return out


def _flag(kind: str, user_id: int, partner: int | None, figures: dict, games: list) -> Flag:
    """The open flag of this kind (and pair), its figures brought up to date, or a new one."""
    with transaction.atomic():
        found = (
            Flag.objects.select_for_update()
            .filter(kind=kind, user_id=user_id, partner_id=partner, status=Flag.Status.OPEN)
            .first()
        )
        if found is None:
            return Flag.objects.create(kind=kind, user_id=user_id, partner_id=partner,
                                       figures=figures, games=games)  # fmt: skip
        found.figures, found.games, found.updated = figures, games, timezone.now()
        found.save(update_fields=["figures", "games", "updated"])
        return found


ACTIONS = ("dismiss", "warn", "annul", "ban")


def flag_resolve(actor: Any, flag_id: int, action: str, reason: str) -> Flag:
    """A moderator's decision on an open flag: dismiss it, warn the player, annul the
    flagged games (with their rating refunds: records.services.game_annul) or ban the
    player; one audit row each (the annulments and the ban write their own too)."""
    reason = (reason or "").strip()
    if action not in ACTIONS:
        raise ModerationError(_("Choose what to do with the flag."))
    if not reason:
        raise ModerationError(_("Say why."))
    with transaction.atomic():
        flag = Flag.objects.select_for_update().select_related("user").filter(pk=flag_id).first()
        if flag is None or flag.status != Flag.Status.OPEN:
            raise ModerationError(_("This flag is no longer open."))
        status = _apply(actor, flag, action, reason)
        flag.status, flag.resolved_by, flag.resolved_at = status, actor, timezone.now()
        flag.note = reason
        flag.save(update_fields=["status", "resolved_by", "resolved_at", "note"])
        if action in ("dismiss", "warn"):
            audit_record(
                actor, AuditEntry.Action.FLAG_DISMISSED if action == "dismiss"
                else AuditEntry.Action.WARNED, target_user=flag.user,
                target=f"fair-play flag {flag.pk}", reason=reason,
                details={"flag": flag.pk, "kind": flag.kind, "figures": flag.figures},
            )  # fmt: skip
    return flag


def _apply(actor: Any, flag: Flag, action: str, reason: str) -> str:
    if action == "warn":
        notice_add(flag.user, {"kind": "fair_play"})
        return Flag.Status.WARNED
    if action == "annul":
        if not staff_may(actor, "records.annul_gamerecord"):
            raise ModerationError(_("Only moderators who may annul games can do that."))
        for table_id in flag.games:  # the game's page says it was annulled, never why
            game_annul(table_id, actor, reason, shown="")
        return Flag.Status.ANNULLED
    if action == "ban":
        if not staff_may(actor, "accounts.add_ban"):
            raise ModerationError(_("Only moderators who may ban can do that."))
        ban_create(actor, flag.user, reason)
        return Flag.Status.BANNED
    return Flag.Status.DISMISSED


def signal_totals(user_id: int) -> dict[str, Any]:
    """A player's judged positions over every game, for the queue's history column."""
    return GameSignal.objects.filter(user_id=user_id).aggregate(
        positions=Sum("positions"), matched=Sum("matched")
    )
