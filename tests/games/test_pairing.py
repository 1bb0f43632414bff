"""Who sits with whom in the quick-play pool (games/pairing.py): closest ratings first, the
accepted range widening with the wait, bots only for those whose wait for them passed."""

from __future__ import annotations

from games.pairing import Group, Waiting, accepted_range, groups

BASE, PER_SECOND = 100.0, 20.0


def ids(found: list[Group]) -> list[set[int]]:
    return [set(g.ids) for g in found]


def test_closest_ratings_sit_together_first() -> None:
    people = [Waiting(1, 1000, 0), Waiting(2, 1090, 0), Waiting(3, 1010, 0), Waiting(4, 1080, 0)]
    assert ids(groups(people, 2, BASE, PER_SECOND)) == [{1, 3}, {2, 4}]


def test_ratings_too_far_apart_wait() -> None:
    people = [Waiting(1, 1000, 0), Waiting(2, 1500, 0)]
    assert groups(people, 2, BASE, PER_SECOND) == []


def test_the_range_widens_with_the_wait_of_everyone_at_the_table() -> None:
    assert accepted_range(10, BASE, PER_SECOND) == 300
    one_waited = [Waiting(1, 1000, 30), Waiting(2, 1500, 0)]
    assert groups(one_waited, 2, BASE, PER_SECOND) == []  # the newcomer accepts 100 only
    both_waited = [Waiting(1, 1000, 30), Waiting(2, 1500, 20)]
    assert ids(groups(both_waited, 2, BASE, PER_SECOND)) == [{1, 2}]


def test_a_table_takes_exactly_its_seats_and_nobody_twice() -> None:
    people = [Waiting(i, 1000 + i, 0) for i in range(10)]
    found = groups(people, 4, BASE, PER_SECOND)
    assert [len(g.ids) for g in found] == [4, 4]
    assert len({i for g in found for i in g.ids}) == 8


def test_bots_fill_the_seats_of_those_whose_bot_wait_passed() -> None:
    people = [Waiting(1, 1000, 11, True, True, "expert"), Waiting(2, 1010, 10, True, True, "club"),
              Waiting(3, 1020, 9, True, False, "club")]  # fmt: skip
    (table,) = groups(people, 4, BASE, PER_SECOND)
    assert set(table.ids) == {1, 2, 3} and table.bots == 1 and table.level == "expert"


def test_who_keeps_waiting_for_people_gets_no_bots() -> None:
    people = [Waiting(1, 1000, 11, True, True, "club"), Waiting(2, 1000, 30, False, False)]
    (table,) = groups(people, 4, BASE, PER_SECOND)
    assert table.ids == (1,) and table.bots == 3


def test_nobody_waiting_long_enough_for_bots_gets_them() -> None:
    people = [Waiting(1, 1000, 5, True, False, "club"), Waiting(2, 1000, 5, True, False, "club")]
    assert groups(people, 4, BASE, PER_SECOND) == []


def test_two_people_one_of_whom_blocked_the_other_never_sit_at_one_table() -> None:
    people = [Waiting(1, 1000, 0), Waiting(2, 1001, 0), Waiting(3, 1002, 0), Waiting(4, 1003, 0)]
    apart = {frozenset({1, 2})}
    found = ids(groups(people, 2, BASE, PER_SECOND, apart))
    assert {1, 2} not in found and len(found) == 2


def test_a_blocked_pair_that_leaves_no_table_waits() -> None:
    people = [Waiting(1, 1000, 0), Waiting(2, 1001, 0)]
    assert groups(people, 2, BASE, PER_SECOND, {frozenset({1, 2})}) == []


def test_a_table_with_bots_takes_nobody_apart_from_someone_already_at_it() -> None:
    people = [Waiting(1, 1000, 30, True, True, "club"), Waiting(2, 1001, 0, True),
              Waiting(3, 1002, 0, True)]  # fmt: skip
    (group,) = groups(people, 4, BASE, PER_SECOND, {frozenset({2, 3})})
    assert group.ids in ((1, 2), (1, 3)) and group.bots == 2


def pair(a: int, b: int, rating_a: int, rating_b: int, waited: float = 0, **bots) -> list[Waiting]:
    return [Waiting(a, rating_a, waited, partner=b, **bots),
            Waiting(b, rating_b, waited, partner=a, **bots)]  # fmt: skip


def test_partners_sit_down_together_against_another_pair() -> None:
    people = [*pair(1, 2, 1000, 1020), *pair(3, 4, 1005, 1010)]
    assert ids(groups(people, 4, BASE, PER_SECOND)) == [{1, 2, 3, 4}]


def test_partners_sit_down_against_two_people_alone() -> None:
    people = [*pair(1, 2, 1000, 1000), Waiting(3, 1010, 0), Waiting(4, 1020, 0)]
    assert ids(groups(people, 4, BASE, PER_SECOND)) == [{1, 2, 3, 4}]


def test_partners_are_never_split_to_fill_a_table() -> None:
    # Three people alone and a pair: one table of four never takes one partner of the pair.
    people = [Waiting(1, 1000, 0), Waiting(2, 1001, 0), Waiting(3, 1002, 0),
              *pair(4, 5, 1003, 1003)]  # fmt: skip
    (table,) = groups(people, 4, BASE, PER_SECOND)
    assert {4, 5} <= set(table.ids)


def test_a_pair_passes_over_one_person_to_meet_the_next_pair() -> None:
    # In rating order: pair, one person, pair; the two pairs make the table.
    people = [*pair(1, 2, 1000, 1000), Waiting(3, 1005, 0), *pair(4, 5, 1010, 1010)]
    assert ids(groups(people, 4, BASE, PER_SECOND)) == [{1, 2, 4, 5}]


def test_a_pair_is_rated_by_the_mean_of_its_ratings() -> None:
    # 900 and 1100: a mean of 1000, next to two people at 1000 and 1050.
    people = [*pair(1, 2, 900, 1100), Waiting(3, 1000, 0), Waiting(4, 1050, 0)]
    assert ids(groups(people, 4, BASE, PER_SECOND)) == [{1, 2, 3, 4}]


def test_one_whose_partner_is_not_waiting_waits() -> None:
    people = [Waiting(1, 1000, 0, partner=9), Waiting(2, 1000, 0), Waiting(3, 1000, 0),
              Waiting(4, 1000, 0)]  # fmt: skip
    assert groups(people, 4, BASE, PER_SECOND) == []


def test_a_pair_whose_bot_wait_passed_gets_bots_in_the_other_seats() -> None:
    people = pair(1, 2, 1000, 1000, 20, accepts_bots=True, bots_due=True, level="expert")
    (table,) = groups(people, 4, BASE, PER_SECOND)
    assert set(table.ids) == {1, 2} and table.bots == 2 and table.level == "expert"


def test_a_table_with_bots_takes_a_pair_only_where_both_fit() -> None:
    # No whole table can form (2 and 5 are each apart from one partner); 1's bot wait passed:
    # 1, 2 and 5 sit down with a bot, and the pair, which would not fit, keeps waiting whole.
    people = [Waiting(1, 1000, 30, True, True, "club"), Waiting(2, 1000, 5, True),
              Waiting(5, 1000, 5, True), *pair(3, 4, 1000, 1000, 0, accepts_bots=True)]  # fmt: skip
    apart = {frozenset({5, 3}), frozenset({2, 4})}
    (table,) = groups(people, 4, BASE, PER_SECOND, apart)
    assert set(table.ids) == {1, 2, 5} and table.bots == 1


def test_partners_apart_from_someone_never_sit_with_them() -> None:
    people = [*pair(1, 2, 1000, 1000), Waiting(3, 1001, 0), Waiting(4, 1002, 0),
              Waiting(5, 1003, 0), Waiting(6, 1004, 0)]  # fmt: skip
    found = ids(groups(people, 4, BASE, PER_SECOND, {frozenset({2, 3})}))
    assert found and all(not ({2, 3} <= table) for table in found)
    assert all({1, 2} <= table or not ({1, 2} & table) for table in found)
