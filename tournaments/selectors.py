"""Reads of the tournaments app: events by stage, an event's standings, rounds and tables."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, time, timedelta
from typing import Any

from django.core.paginator import Paginator
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from accounts.staff_powers import acts_as_staff
from clubs.selectors import clubs_of, is_member
from games.engine.descriptors import game_of
from games.reads.queries import can_watch
from games.reads.sight import cards_open
from records.models import GamePlayer, GameRecord
from records.selectors import can_view
from tournaments.elimination import going_out
from tournaments.models import STANDING_ORDER, Entry, Event, Placement, Round
from tournaments.sitting_out import own_seats

LIST_LIMIT = 50


def ranked_entries(event: Event) -> list[Entry]:
    """The players still in, best first (the standings' order, then sign-up)."""
    rows = Entry.objects.filter(event=event, withdrawn=False).select_related("user")
    return list(rows.order_by(*STANDING_ORDER))


def seed_rank(event: Event) -> dict[int, int]:
    """Each entry's rank in the standings (0 the best; withdrawn ones too): in an
    elimination event, of two equal places at a table the better one goes through."""
    order = Entry.objects.filter(event=event).order_by(*STANDING_ORDER)
    return {pk: i for i, pk in enumerate(order.values_list("pk", flat=True))}


def history_of(event: Event) -> list[list[tuple]]:
    """Two-player rounds so far, for the Dutch pairing: per round, (seat 0's entry, seat 1's
    entry or None for a bot, seat 0's points, seat 1's)."""
    tables: dict[tuple[int, int], dict[int, tuple]] = defaultdict(dict)
    rows = Placement.objects.filter(round__event=event).values_list(
        "round__number", "table_id", "seat", "entry_id", "points"
    )
    for number, table_id, seat, entry, points in rows:
        tables[(number, table_id)][seat] = (entry, points or 0.0)
    rounds: dict[int, list[tuple]] = defaultdict(list)
    for (number, _table), seats in sorted(tables.items()):
        people = [seats[k] for k in sorted(seats) if seats[k][0] is not None]
        if len(people) == 2:
            rounds[number].append((people[0][0], people[1][0], people[0][1], people[1][1]))
        elif people:
            rounds[number].append((people[0][0], None, people[0][1], 0.0))
    return [rounds[n] for n in sorted(rounds)]


def visible_events(viewer: Any) -> QuerySet:
    """Public events, and private ones the viewer created or joined or their club holds."""
    mine = Q()
    if viewer is not None and viewer.is_authenticated:
        mine = Q(created_by=viewer) | Q(entries__user=viewer) | Q(club_id__in=_clubs(viewer))
        return Event.objects.filter(Q(private=False) | mine).distinct()
    return Event.objects.filter(private=False)


def event_lists(viewer: Any) -> dict[str, list[Event]]:
    """Coming (soonest first), running, and past (newest first) events the viewer may see."""
    events = visible_events(viewer).exclude(kind=Event.Kind.DAILY)
    return {
        "coming": list(
            events.filter(status=Event.Status.COMING).order_by("starts_at")[:LIST_LIMIT]
        ),
        "running": list(events.filter(status=Event.Status.RUNNING).order_by("starts_at")),
        "past": list(
            events.filter(status__in=[Event.Status.FINISHED, Event.Status.CANCELLED]).order_by(
                "-starts_at"
            )[:LIST_LIMIT]
        ),
    }


def _clubs(viewer: Any) -> list[int]:
    return [m.club_id for m in clubs_of(viewer)]


def club_events(club_id: int, viewer: Any, member: bool, past_page: Any = None) -> dict[str, Any]:
    """A club's coming and running events (the first LIST_LIMIT of each) and a page of its
    past ones, of those the viewer may see (can_see: a private one for the club's members,
    staff, and its own creator, players and invitees)."""
    sees_all = member or (viewer is not None and acts_as_staff(viewer))
    events = (Event.objects if sees_all else visible_events(viewer)).filter(club_id=club_id)
    done = [Event.Status.FINISHED, Event.Status.CANCELLED]
    past = events.filter(status__in=done).order_by("-starts_at", "-pk")
    return {
        "coming": list(
            events.filter(status=Event.Status.COMING).order_by("starts_at")[:LIST_LIMIT]
        ),
        "running": list(
            events.filter(status=Event.Status.RUNNING).order_by("starts_at")[:LIST_LIMIT]
        ),
        "past": Paginator(past, LIST_LIMIT).get_page(past_page),
    }


def can_see(event: Event, viewer: Any, token: str = "") -> bool:
    """Public events are for everyone; a private one for its creator, its players, staff,
    its club's members and whoever holds its invite link."""
    if not event.private or (token and token == event.invite_token):
        return True
    if viewer is None or not viewer.is_authenticated:
        return False
    if acts_as_staff(viewer) or event.created_by_id == viewer.pk:
        return True
    if event.club_id is not None and is_member(event.club_id, viewer):
        return True
    return Entry.objects.filter(event=event, user=viewer).exists()


def may_see_event(viewer: Any, event_id: int) -> bool:
    """Whether the event exists and the viewer may see it (its page's socket asks)."""
    event = Event.objects.filter(pk=event_id).first()
    return event is not None and can_see(event, viewer)


def standings(event: Event) -> list[Entry]:
    """Every entry (withdrawn ones too: their results stay), best first. An elimination
    event ranks by the round a player went out in, later first, the players still in (at
    the end, the winner) first; then by the standings (docs/rules.md §5.9). A withdrawn
    player who had gone through their last round went out in the next. Each row carries
    the partner a pair entered with (the page marks the pair) and its `rank` (1 the best;
    an elimination event's final shares it, `_final_ranks`)."""
    rows = Entry.objects.filter(event=event).select_related("user", "partner__user")
    if event.kind != Event.Kind.ELIMINATION:
        ranked = list(rows.order_by(*STANDING_ORDER))
        for rank, entry in enumerate(ranked, 1):
            entry.rank = rank
        return ranked
    gone = Coalesce("out_round", F("withdrawn_round") + 1)
    rows = rows.annotate(gone=gone)
    ranked = list(rows.order_by(F("gone").desc(nulls_first=True), *STANDING_ORDER))
    _final_ranks(event, ranked)
    out_now = _out_this_round(event)
    for entry in ranked:
        entry.out_now = event.current_round if entry.pk in out_now else None
    return ranked


def _out_this_round(event: Event) -> set[int]:
    """The entries that a scored table of the running round has put out, before the round
    is settled: their game-over dialog says so as the table ends (tournaments.after_table),
    and the page said "still in" until the round's last table ended."""
    if event.status != Event.Status.RUNNING or not event.current_round:
        return set()
    return set(going_out_in_round(event, event.current_round, scored_only=True)[0])


def going_out_in_round(event: Event, number: int, scored_only: bool = False) -> tuple[list, bool]:
    """The entries that round `number`'s tables put out (docs/rules.md §5.9: at each table
    all but the best `through` places, at the final all but the best place; a place not
    given counts as the worst), and whether the round is the final. `scored_only`: only
    tables whose every place is given (a round still in play)."""
    rows = Placement.objects.filter(round__event=event, round__number=number, entry__isnull=False)
    tables: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    for table, entry, place in rows.values_list("number", "entry_id", "place"):
        tables[table].append((entry, place))
    final = Round.objects.filter(event=event, number=number, final=True).exists()
    rank = seed_rank(event)
    out: list[int] = []
    for people in tables.values():
        if not scored_only or all(place is not None for _entry, place in people):
            out += going_out(people, event.through, rank, final)
    return out, final


def _final_ranks(event: Event, ranked: list[Entry]) -> None:
    """An elimination event's ranks once its final is scored (docs/rules.md §5.9): the
    final's people first, by their place at its table (docs/rules.md §0.6: tied places shared, the
    standings' order between them; a bot's place counted, so a bot that won leaves no
    person first), the others after them, counted on from the places the final filled
    (its bots placed below every person passed over). Sorts `ranked` so."""
    seats = list(
        Placement.objects.filter(round__event=event, round__final=True, place__isnull=False)
        .values_list("entry_id", "place")
    )  # fmt: skip
    final = {entry: place for entry, place in seats if entry is not None}
    worst = max(final.values(), default=0)
    bots_above = sum(1 for entry, place in seats if entry is None and place < worst)
    for counter, entry in enumerate(ranked, 1):
        entry.rank = final.get(entry.pk, counter + bots_above)
    ranked.sort(key=lambda entry: entry.rank)  # stable: the standings' order within a place


def rounds_of(event: Event, viewer: Any = None) -> list[dict[str, Any]]:
    """Each round with its tables: each table's seats (name, points, absent) and, in a game
    of partnerships, its sides (the seats of each, in seat order), whether it has ended,
    the stored game's id once it has (for its record and replay), and whether `viewer`
    may open it or watch it now (`shown`: not while its board is held,
    games.reads.sight); an elimination round's byes; and, for the event's organiser and
    staff only, how many tables seat a blocked pair (others' block lists are private)."""
    placements = (
        Placement.objects.filter(round__event=event)
        .select_related("round", "entry__user", "table")
        .only("round__number", "round__finished", "round__byes", "round__together", "number",
              "seat", "absent", "points", "place", "matchpoints", "entry__user__username",
              "entry__user__display_name",
              "table__status", "table__id", "table__board_held", "table__private",
              "table__created_by_id", "table__invite_token")
        .order_by("round__number", "number", "seat")
    )  # fmt: skip
    rounds: dict[int, dict[str, Any]] = {}
    for p in placements:
        r = rounds.setdefault(p.round.number, {
            "number": p.round.number, "round": p.round, "finished": p.round.finished,
            "tables": {},
        })  # fmt: skip
        t = r["tables"].setdefault(
            p.number, {"number": p.number, "table_id": p.table_id,
                       "over": p.table.status in ("finished", "aborted"), "seats": [],
                       "shown": cards_open(p.table, viewer), "table": p.table}
        )  # fmt: skip
        t["seats"].append(p)
    games = GameRecord.objects.filter(pk__in=[p.table_id for p in placements])
    stored = {g.pk: g for g in games.only("pk", "private", "published", "seats")}
    sides = game_of(event.game).partnerships  # Whist: each table's two sides
    sees_blocks = _organises(event, viewer)
    bye_ids = {pk for r in rounds.values() for pk in r["round"].byes}
    bye_users = {e.pk: e.user for e in Entry.objects.filter(pk__in=bye_ids).select_related("user")}
    out = []
    for number in sorted(rounds):
        r = rounds[number]
        board = r.pop("round")
        tables = sorted(r["tables"].values(), key=lambda t: t["number"])
        for t in tables:
            # A private game opens for its players and staff only (records.selectors):
            # to others its links led to a 404.
            game = stored.get(t["table_id"])
            t["stored"] = game is not None and can_view(game, viewer)
            t["private_game"] = game is not None and not t["stored"]
            seated = viewer is not None and any(
                p.entry is not None and p.entry.user_id == viewer.pk for p in t["seats"]
            )
            t["watchable"] = game is None and can_watch(t.pop("table"), viewer, seated=seated)
            t["sides"] = [[p for p in t["seats"] if p.seat in side] for side in sides]
        out.append({**r, "tables": tables,
                    "blocked_together": board.together if sees_blocks else 0,
                    "byes": [bye_users[pk] for pk in board.byes if pk in bye_users]})  # fmt: skip
    return out


def _organises(event: Event, viewer: Any) -> bool:
    """Whether the viewer is the event's organiser or staff (sees what seating had to do)."""
    if viewer is None or not viewer.is_authenticated:
        return False
    return event.created_by_id == viewer.pk or acts_as_staff(viewer)


def my_table(event: Event, viewer: Any) -> int | None:
    """The viewer's table in the event's current round, if it is still being played and
    its seat is theirs (not the bot's for a round they sit out: tournaments.sitting_out)."""
    if viewer is None or not viewer.is_authenticated or not event.current_round:
        return None
    mine = Placement.objects.filter(
        round__event=event, round__number=event.current_round, entry__user=viewer
    )
    row = own_seats(mine, viewer.pk).values_list("table_id", "table__status").first()
    return row[0] if row and row[1] == "playing" else None


def places_of(table_id: int) -> dict[int, int]:
    """Each seat's place in a stored game (records' rows), {} if not stored yet."""
    rows = GamePlayer.objects.filter(record_id=table_id).values_list("seat", "place")
    return dict(rows)


def record_of(table_id: int) -> GameRecord | None:
    return (
        GameRecord.objects.filter(pk=table_id).only("result", "players", "game", "record").first()
    )


def event_round(event: Event, number: int) -> Round | None:
    return Round.objects.filter(event=event, number=number).first()


def day_ends(event: Event) -> datetime:
    """When a daily challenge's boards close and the next day's open: the UTC midnight after
    its day, one moment for everyone (pages name it in the reader's zone)."""
    return datetime.combine(event.day + timedelta(days=1), time.min, tzinfo=UTC)


def daily_boards(event: Event, viewer: Any) -> list[dict[str, Any]]:
    """The day's boards: each with the viewer's table (and whether it has ended, its
    matchpoints) and, once the day is over, the link to the board's best game."""
    mine: dict[int, Placement] = {}
    if viewer is not None and viewer.is_authenticated:
        rows = Placement.objects.filter(round__event=event, entry__user=viewer)
        mine = {p.round_id: p for p in rows.select_related("table")}
    out = []
    for board in event.round_set.order_by("number"):
        p = mine.get(board.pk)
        played = p is not None and p.table.status == "finished"
        out.append({
            "number": board.number, "best_game": board.best_game_id,
            "table_id": p.table_id if p else None, "played": played,
            "matchpoints": p.matchpoints if p else None,
            "others": board.placements.filter(seat=0, entry__isnull=False).count(),
        })  # fmt: skip
    return out


def score_card(event: Event, entry: Entry) -> list[dict[str, Any]]:
    """A drive player's score card (docs/rules.md §5.8): each hand's number, trump, table,
    partner (None: a bot), their side's tricks and the running total."""
    mine = list(
        Placement.objects.filter(round__event=event, entry=entry)
        .select_related("round")
        .order_by("round__number")
    )
    across = Placement.objects.filter(table_id__in=[p.table_id for p in mine])
    partner_of = {
        (p.table_id, p.seat): p for p in across.select_related("entry__user", "table")
    }  # fmt: skip
    card, total = [], 0.0
    for p in mine:
        other = partner_of.get((p.table_id, (p.seat + 2) % 4))
        total += p.score or 0.0
        card.append({
            "hand": p.round.number, "table": p.number, "tricks": p.score,
            "trump": other.table.options.get("trump_suit") if other else None,
            "partner": str(other.entry.user) if other and other.entry else None,
            "total": total, "done": p.score is not None,
        })  # fmt: skip
    return card


def drive_prizes(event: Event) -> dict[str, dict[str, Any]]:
    """A drive's prizes by the organiser's names: first (the top of the standings), the best
    pair (two players' tricks together, summed over the hands they partnered, the earliest
    pair of equals) and the booby prize (the foot of the standings)."""
    ranked = [e for e in standings(event) if e.games]
    names = event.prizes or {}
    pairs: dict[frozenset, float] = {}
    seats = Placement.objects.filter(round__event=event, entry__isnull=False, score__isnull=False)
    by_table: dict[int, dict[int, Placement]] = defaultdict(dict)
    for p in seats.order_by("round__number", "number"):
        by_table[p.table_id][p.seat] = p
    for table in by_table.values():
        for a, b in ((0, 2), (1, 3)):
            if a in table and b in table:
                key = frozenset((table[a].entry_id, table[b].entry_id))
                pairs[key] = pairs.get(key, 0.0) + (table[a].score or 0.0)
    best = max(pairs.items(), key=lambda kv: kv[1], default=None)
    by_id = {e.pk: e for e in ranked}
    pair = [by_id[i] for i in sorted(best[0]) if i in by_id] if best else []
    return {
        "first": {"name": names.get("first") or _("First prize"), "winners": ranked[:1]},
        "pair": {"name": names.get("pair") or _("Best pair"), "winners": pair,
                 "tricks": best[1] if best else None,
                 "tricks_count": round(best[1]) if best else 0},
        "booby": {"name": names.get("booby") or _("Booby prize"), "winners": ranked[-1:]},
    }  # fmt: skip
