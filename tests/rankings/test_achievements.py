"""Each achievement is earned by a scripted game, and a near miss does not earn it."""

from __future__ import annotations

import pytest

from games.engine import legal_actions
from games.engine.cards import DECK, card_str
from rankings.achievements import GAMES_GOAL, RATED_WINS_GOAL
from rankings.models import Achievement, Progress
from tests.engine.helpers import deck, finish_game, game, run
from tests.engine.test_knockout_dogs import DOG_WINS, ROUND_1_PLAY, ROUND_3_PLAY
from tests.engine.test_knockout_dogs import game as dogs_game
from tests.rankings.helpers import seeded, store, winning

pytestmark = pytest.mark.django_db


def codes(user) -> set[str]:
    return set(Achievement.objects.filter(user=user).values_list("code", flat=True))


def seat0_high(state):
    """Seat 0 plays its highest legal card, everyone else their lowest."""
    acts = legal_actions(state, resign_too=False)
    return acts[-1] if state.to_act == 0 else acts[0]


RANKS = "AKQJT98765432"
SPADES, CLUBS = " ".join(r + "S" for r in RANKS), " ".join(r + "C" for r in RANKS)


def german_deal(talon: list[str]):
    """Seat 0 (the non-dealer, who leads) holds every spade, seat 1 every club; the talon
    holds the hearts (trump: the first) and the diamonds, in this order."""
    return deck(2, 1, [SPADES, CLUBS], turned=talon[0], stock=" ".join(talon[1:]))


HEARTS, DIAMONDS = [r + "H" for r in RANKS], [r + "D" for r in RANKS]


@pytest.mark.parametrize("name", ["knockout", "whist", "german"])
def test_first_win_in_each_game(make_user, score, name):
    ann, bob = make_user("ann"), make_user("bob")
    players = {"knockout": 3, "whist": 4, "german": 2}[name]
    seats = [ann, bob] + ["club"] * (players - 2)
    loser = 1 if name != "whist" else 0
    winner = 0 if name != "whist" else 1
    state = winning(name, players, winner)
    if name == "whist":  # partners: ann and the bot at seat 2 lose to bob and seat 3
        seats = [ann, bob, "club", "club"]
    score(store(state, seats))
    won, lost = (ann, bob) if winner == 0 else (bob, ann)
    assert f"first_win_{name}" in codes(won)
    assert f"first_win_{name}" not in codes(lost)
    assert not {f"first_win_{g}" for g in ("knockout", "whist", "german") if g != name} & codes(won)
    assert loser in (0, 1)


def test_dogs_life_survived_then_won(make_user, score):
    users = [make_user(n) for n in ("ann", "bob", "cat")]
    state = run(dogs_game(), f"{ROUND_1_PLAY} {DOG_WINS} {ROUND_3_PLAY} 1:trump=D 1:7C 2:3D")
    assert state.result["winners"] == [2]
    score(store(state, users))
    assert "dogs_life" in codes(users[2])


def test_dogs_life_survived_but_the_game_lost_is_a_near_miss(make_user, score):
    users = [make_user(n) for n in ("ann", "bob", "cat")]
    state = run(dogs_game(), f"{ROUND_1_PLAY} {DOG_WINS} {ROUND_3_PLAY} 1:trump=C 1:7C 2:3D")
    assert state.result["winners"] == [1]
    score(store(state, users))
    assert not any("dogs_life" in codes(u) for u in users)  # the winner never had one


def test_german_second_half_won_13_0(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    talon = [c for pair in zip(HEARTS, DIAMONDS, strict=True) for c in pair]
    state = finish_game(game("german", 2, 1, [german_deal(talon)]), seat0_high)
    assert state.result["games"] == [[13, 0]]
    score(store(state, [ann, bob]))
    assert "german_13_0" in codes(ann) and "german_13_0" not in codes(bob)


def test_german_second_half_won_12_1_is_a_near_miss(make_user, score):
    ann = make_user("ann")
    talon = [c for pair in zip(HEARTS[:-1], DIAMONDS[:-1], strict=True) for c in pair]
    state = finish_game(game("german", 2, 1, [german_deal([*talon, "2D", "2H"])]), seat0_high)
    assert state.result["games"] == [[12, 1]]
    score(store(state, [ann, "club"]))
    assert "german_13_0" not in codes(ann) and "first_win_german" in codes(ann)


def whist_deal(dealer_hand: str):
    """Dealer 0 holds `dealer_hand` (its last card turned: trump); the other seats get the
    rest of the deck in order."""
    pool = [card_str(c) for c in DECK if card_str(c) not in dealer_hand.split()]
    hands = [dealer_hand, " ".join(pool[0:13]), " ".join(pool[13:26]), " ".join(pool[26:39])]
    return deck(4, 0, hands)


def test_whist_grand_slam_for_both_partners(make_user, score):
    users = [make_user(n) for n in ("ann", "bob", "cat", "dan")]
    state = finish_game(game("whist", 4, 0, [whist_deal(SPADES)]))
    assert state.history[0].outcome["tricks"] == [13, 0]
    score(store(state, users))
    assert "grand_slam" in codes(users[0]) and "grand_slam" in codes(users[2])
    assert "grand_slam" not in codes(users[1])


def test_whist_twelve_tricks_is_a_near_miss(make_user, score):
    ann = make_user("ann")
    dealer = " ".join(["2H"] + [r + "S" for r in RANKS[:-1]])  # the last card is trump
    state = finish_game(game("whist", 4, 0, [whist_deal(dealer)]), seat0_high)
    assert state.history[0].outcome["tricks"][0] == 12
    score(store(state, [ann, "club", "club", "club"]))
    assert "grand_slam" not in codes(ann)


def test_winning_a_rubber(make_user, score):
    ann = make_user("ann")
    state = winning("whist", 4, 0, rubber=True)
    assert state.result["reason"] == "rubber"
    score(store(state, [ann, "club", "club", "club"]))
    assert "rubber" in codes(ann)


def test_winning_a_single_game_of_whist_is_not_a_rubber(make_user, score):
    ann = make_user("ann")
    score(store(winning("whist", 4, 0), [ann, "club", "club", "club"]))
    assert "first_win_whist" in codes(ann) and "rubber" not in codes(ann)


def test_beating_an_expert_bot(make_user, score):
    ann = make_user("ann")
    score(store(winning("german", 2, 0), [ann, "expert"]))
    assert "beat_expert" in codes(ann)


def test_winning_with_an_expert_partner_is_not_beating_one(make_user, score):
    ann = make_user("ann")
    score(store(winning("whist", 4, 0), [ann, "club", "expert", "club"]))
    assert "first_win_whist" in codes(ann) and "beat_expert" not in codes(ann)


def test_losing_to_an_expert_is_a_near_miss(make_user, score):
    ann = make_user("ann")
    score(store(winning("german", 2, 1), [ann, "expert"]))
    assert "beat_expert" not in codes(ann)


def test_winning_a_seven_player_knockout_game(make_user, score):
    ann = make_user("ann")
    score(store(winning("knockout", 7, 0), [ann] + ["beginner"] * 6))
    assert "full_table" in codes(ann)


def test_winning_a_six_player_knockout_game_is_a_near_miss(make_user, score):
    ann = make_user("ann")
    score(store(winning("knockout", 6, 0), [ann] + ["beginner"] * 5))
    assert "first_win_knockout" in codes(ann) and "full_table" not in codes(ann)


def test_the_first_rated_game_played_to_the_end(make_user, score):
    ann, bob = make_user("ann"), make_user("bob")
    score(store(winning("german", 2, 1), [ann, "club"]))
    score(store(winning("german", 2, 1), [bob, "club"], rated=False))
    assert "first_rated" in codes(ann) and "first_rated" not in codes(bob)


def test_ten_rated_wins(make_user, score):
    ann = make_user("ann")
    state = winning("german", 2, 0)
    for _ in range(RATED_WINS_GOAL - 1):
        score(store(state, [ann, "club"]))
    score(store(state, [ann, "club"], rated=False))
    assert Progress.objects.get(user=ann).rated_wins == RATED_WINS_GOAL - 1
    assert "rated_wins_10" not in codes(ann)  # nine rated wins and a casual one
    score(store(state, [ann, "club"]))
    assert "rated_wins_10" in codes(ann)


def test_twenty_five_games_played_to_the_end(make_user, score):
    ann = make_user("ann")
    state = winning("german", 2, 1)
    for _ in range(GAMES_GOAL - 1):
        score(store(state, [ann, "club"], rated=False))
    assert "regular" not in codes(ann)
    score(store(state, [ann, "club"], rated=False))
    assert "regular" in codes(ann)


def test_a_resigned_player_earns_nothing(make_user, score):
    from games.engine import actions as A
    from games.engine import apply, make_rules, new_game

    ann = make_user("ann")
    state = new_game(make_rules("german", 2), seed=3)
    state = apply(state, A.resign(1))
    score(store(state, ["expert", ann]))
    assert codes(ann) == set()


def test_an_achievement_is_earned_once_with_its_date_and_game(make_user, score):
    ann = make_user("ann")
    first = store(winning("german", 2, 0), [ann, "club"])
    score(first)
    score(store(winning("german", 2, 0), [ann, "club"]))
    row = Achievement.objects.get(user=ann, code="first_win_german")
    assert row.table_id == first.pk and row.earned == first.finished


def test_seeded_helper_plays_to_the_end():
    assert seeded("german", 2, 1).over
