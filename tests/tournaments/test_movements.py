"""Whist drive movements (docs/rules.md §5.8) checked against the customary movements for
3-30 tables: every player at one seat each hand; progressive, a new partner every hand and
none again within as many hands as there are tables; travelling pairs, fixed partners who
meet every North-South pair once in as many hands as tables; semi-partner, the winners keep
partner and table; the bots filling the last table never anyone's partner two hands
running. Pure functions: no database."""

from __future__ import annotations

import random

import pytest

from tournaments import movements as mv

# The customary movements: tables -> hands before a partnership may come again
# (progressive) and before an East-West pair meets a North-South pair again (travelling
# pairs). Drives of 12 and 24 hands are the common ones.
CUSTOMARY = {tables: {"progressive": tables, "travelling": tables} for tables in range(3, 31)}
HANDS = (12, 24)


def _players(tables: int, missing: int = 0) -> list[str]:
    return [f"p{i}" for i in range(4 * tables - missing)]


def _seated_once(tables: list[list], people: list[str]) -> None:
    seated = [p for t in tables for p in t if p is not None]
    assert sorted(seated) == sorted(people) and all(len(t) == 4 for t in tables)


@pytest.mark.parametrize("tables", sorted(CUSTOMARY))
def test_progressive_gives_a_new_partner_every_hand_and_none_again_within_the_tables_count(
    tables: int,
) -> None:
    people = _players(tables)
    first = mv.start(people)
    seen: dict[frozenset, int] = {}
    for hand in range(1, max(HANDS) + 1):
        round_ = mv.progressive(first, hand)
        _seated_once(round_, people)
        for pair in map(frozenset, mv.partners(round_)):
            if pair in seen:
                assert hand - seen[pair] >= CUSTOMARY[tables]["progressive"], (pair, hand)
            seen[pair] = hand


@pytest.mark.parametrize("missing", [0, 1, 2])
def test_a_one_table_progressive_drive_gives_a_new_partner_every_hand(missing: int) -> None:
    """A drive of four (or fewer, bots filling the table): its partners never changed, while
    the page said "partners change every hand" (the make run walk). North stays, the other
    three go round: a new partner every hand, none again within three hands, and nobody
    partners a bot two hands running while one other person could be their partner."""
    people = _players(1, missing)
    first = mv.start(people)
    seen: dict[frozenset, int] = {}
    with_bot: set[str] = set()
    for hand in range(1, max(HANDS) + 1):
        round_ = mv.progressive(first, hand)
        _seated_once(round_, people)
        for pair in map(frozenset, mv.partners(round_)):
            if pair in seen and None not in pair:  # the bots are all None
                assert hand - seen[pair] >= 3, (pair, hand)
            seen[pair] = hand
        now = {a or b for a, b in mv.partners(round_) if (a is None) != (b is None)}
        if missing == 1:
            assert not now & with_bot, (hand, now & with_bot)
        with_bot = now


@pytest.mark.parametrize("tables", sorted(CUSTOMARY))
def test_travelling_pairs_keep_partners_and_meet_every_other_pair_once_a_cycle(
    tables: int,
) -> None:
    people = _players(tables)
    first = mv.start(people)
    fixed = set(map(frozenset, mv.partners(first)))
    met: dict[frozenset, list[int]] = {}
    for hand in range(1, max(HANDS) + 1):
        round_ = mv.travelling(first, hand)
        _seated_once(round_, people)
        assert set(map(frozenset, mv.partners(round_))) == fixed
        for t in round_:
            met.setdefault(frozenset([(t[0], t[2]), (t[1], t[3])]), []).append(hand)
    cycle = CUSTOMARY[tables]["travelling"]
    # Every East-West pair meets a new North-South pair each hand until it has met them all.
    assert len(met) == tables * min(tables, max(HANDS))
    for hands in met.values():
        assert all(b - a == cycle for a, b in zip(hands, hands[1:], strict=False))


@pytest.mark.parametrize("tables", [3, 4, 7, 12, 30])
def test_semi_partner_winners_keep_partner_and_table_and_losers_part(tables: int) -> None:
    people = _players(tables)
    rng = random.Random(tables)
    last = mv.start(people)
    for _hand in range(2, max(HANDS) + 1):
        winners = [rng.randint(0, 1) for _ in last]
        nxt = mv.semi_partner(last, winners)
        _seated_once(nxt, people)
        for t, side in enumerate(winners):
            assert (nxt[t][side], nxt[t][side + 2]) == (last[t][side], last[t][side + 2])
            losers = {last[t][1 - side], last[t][3 - side]}
            assert not any(set(pair) == losers for pair in mv.partners(nxt))
        last = nxt


@pytest.mark.parametrize("tables", sorted(CUSTOMARY))
@pytest.mark.parametrize("missing", [1, 2, 3])
def test_nobody_partners_a_bot_in_two_hands_running_when_the_last_table_is_short(
    tables: int, missing: int
) -> None:
    people = _players(tables, missing)
    first = mv.start(people)
    _seated_once(first, people)
    assert sum(p is None for t in first for p in t) == missing
    with_bot: set[str] = set()
    for hand in range(1, max(HANDS) + 1):
        now = set()
        for a, b in mv.partners(mv.progressive(first, hand)):
            if (a is None) != (b is None):
                now.add(a or b)
        assert not now & with_bot, (hand, now & with_bot)
        with_bot = now


def test_the_trumps_go_round_hearts_clubs_diamonds_spades_then_no_trump_if_chosen() -> None:
    assert [mv.trump_of(h, False) for h in range(1, 6)] == [
        "hearts", "clubs", "diamonds", "spades", "hearts"
    ]  # fmt: skip
    assert [mv.trump_of(h, True) for h in range(1, 7)] == [
        "hearts", "clubs", "diamonds", "spades", "none", "hearts"
    ]  # fmt: skip
