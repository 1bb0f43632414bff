"""The live game state of a table: rebuilt from its rules, seed and move log, cached per process."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from games.engine import Ruleset, State, action_from_event, apply, make_rules, new_game
from games.engine.practice import start as practice_start
from games.models import Move, Table

CACHE_SIZE = 512
_cache: OrderedDict[int, tuple[int, int, State]] = OrderedDict()
_lock = threading.Lock()


def rules_for(table: Table) -> Ruleset:
    """The table's ruleset, as validated when it was created."""
    return make_rules(table.game, table.players, table.preset or None, **(table.options or {}))


def first_state(table: Table) -> State:
    """The dealt state before the table's first move: from its seed, or, at a practice table,
    the original game's deals so far (later deals from its seed)."""
    rules = rules_for(table)
    if table.start:
        return practice_start(rules, table.start["deals"], [], table.deal_seed or 0)
    return new_game(rules, seed=table.deal_seed)


def state_for(table: Table) -> State | None:
    """The state after the table's `moves` moves (None before the deal), replaying what is new."""
    if table.seed is None:
        return None
    cached = _get(table.pk, table.seed)
    if cached is not None and cached[0] == table.moves:
        return cached[1]
    if cached is not None and cached[0] < table.moves:
        done, state = cached
    else:
        done, state = 0, first_state(table)
    return _replay(table, state, done)


def states_for(tables: list[Table]) -> dict[int, State]:
    """The states of several dealt tables (by id): cached ones as they are, the others replayed
    from one query of their move logs (pages that list tables make no query per table)."""
    states: dict[int, State] = {}
    missing = []
    for table in (t for t in tables if t.seed is not None):
        cached = _get(table.pk, table.seed)
        if cached is not None and cached[0] == table.moves:
            states[table.pk] = cached[1]
        else:
            missing.append(table)
    if missing:
        states.update(_replay_all(missing))
    return states


def _replay_all(tables: list[Table]) -> dict[int, State]:
    logs: dict[int, list] = {t.pk: [] for t in tables}
    rows = Move.objects.filter(table__in=tables).order_by("table_id", "number")
    for table_id, number, event in rows.values_list("table_id", "number", "event"):
        logs[table_id].append((number, event))
    states = {}
    for table in tables:
        state = first_state(table)
        for _number, event in (e for e in logs[table.pk] if e[0] < table.moves):
            state = apply(state, action_from_event(event))
        cache_put(table.pk, table.seed, table.moves, state)
        states[table.pk] = state
    return states


def _replay(table: Table, state: State, done: int) -> State:
    events = table.move_log.filter(number__gte=done, number__lt=table.moves).order_by("number")
    for event in events.values_list("event", flat=True):
        state = apply(state, action_from_event(event))
    cache_put(table.pk, table.seed, table.moves, state)
    return state


def advance(table_id: int, move: dict[str, Any]) -> None:
    """Another process committed a move (`move`: the table's seed, the move's number and its
    event, as a broadcast carries it, games/broadcast.py): if this process holds the state
    just before it, apply it here, so that the table's next move in this process finds its
    state current instead of reading the move log again (with two Daphne processes, every
    other move of a table was such a miss: about 9% of a loaded process's samples)."""
    cached = _get(table_id, move["seed"])
    if cached is None or cached[0] != move["number"]:
        return
    state = apply(cached[1], action_from_event(move["event"]))
    cache_put(table_id, move["seed"], move["number"] + 1, state)


def _get(table_id: int, seed: int) -> tuple[int, State] | None:
    with _lock:
        entry = _cache.get(table_id)
        if entry is None or entry[1] != seed:
            return None
        _cache.move_to_end(table_id)
        return entry[0], entry[2]


def cache_put(table_id: int, seed: int, moves: int, state: State) -> None:
    """Remember the state after `moves` moves; call only for committed moves."""
    with _lock:
        entry = _cache.get(table_id)
        if entry is not None and entry[1] == seed and entry[0] > moves:
            return  # a newer state is already known
        _cache[table_id] = (moves, seed, state)
        _cache.move_to_end(table_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def cache_clear() -> None:
    """Forget every cached state, as a restarted process would."""
    with _lock:
        _cache.clear()
