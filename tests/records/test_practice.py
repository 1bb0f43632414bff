"""Play it again from here (issue 46 item 3): a practice table from a stored game's replay
frame, at the position of that frame, never from a held board, never rated, no XP."""

from __future__ import annotations

import pytest

from games.engine import legal_actions
from games.engine.record_check import check
from games.engine.replay import frames
from games.engine.views import open_view, seat_view
from games.gamestate import state_for
from games.models import Move, Table
from games.services.moves import commit, lock_table
from rankings.models import GameScore, Progress, SeatResult
from rankings.outcome import PRACTICE
from rankings.services import game_score_create
from records.models import GameRecord
from records.practice import PracticeRefused, practice_start
from social.models import Kind, Notification
from tests.rankings.helpers import seeded, store
from tests.social.test_friends import befriend

pytestmark = pytest.mark.django_db

GAMES = [("knockout", 4, {}), ("whist", 4, {}), ("german", 2, {"games": 1})]


def _original(user, game, players, options, seed=5):
    return store(seeded(game, players, seed, **options), [user] + ["club"] * (players - 1),
                 rated=False)  # fmt: skip


def _frame_where_seat_0_plays(record, trick=3):
    """A frame of the replay viewer in mid-deal where seat 0 is to play (no bot moves first)."""
    replay = check(record)
    for frame in frames(replay):
        state = replay.steps[frame["next"] - 1].after if frame["next"] else replay.start
        if (frame["kind"] == "event" and state.to_act == 0 and len(state.trick_log) >= trick
                and state.phase == "play"):  # fmt: skip
            return frame, state
    raise AssertionError("no such frame")


@pytest.mark.parametrize("fresh", [False, True], ids=["real hands", "fresh deal"])
@pytest.mark.parametrize("game, players, options", GAMES)
def test_the_practice_tables_first_state_equals_the_replay_frame(
    make_user, game, players, options, fresh
):
    ann = make_user("ann")
    original = _original(ann, game, players, options)
    record = GameRecord.objects.get(pk=original.pk).record
    frame, state = _frame_where_seat_0_plays(record)
    table = practice_start(ann, original.pk, frame["next"], 0, fresh, "beginner")
    first = state_for(Table.objects.get(pk=table.pk))
    assert seat_view(first, 0) == seat_view(state, 0)
    assert open_view(first)["hands"][0] == frame["hands"][0]
    assert open_view(first)["trick"] == frame["trick"]
    if not fresh:
        assert open_view(first)["hands"] == frame["hands"]
    table = Table.objects.get(pk=table.pk)
    assert (table.practice_of_id, table.rated, table.status) == (original.pk, False, "playing")
    assert table.seats.get(index=0).user == ann
    assert all(s.bot == "beginner" for s in table.seats.exclude(index=0))


def test_a_fresh_deal_differs_from_the_real_hands(make_user):
    ann = make_user("ann")
    original = _original(ann, "whist", 4, {})
    record = GameRecord.objects.get(pk=original.pk).record
    frame, state = _frame_where_seat_0_plays(record, trick=1)
    hands = {tuple(state_for(practice_start(ann, original.pk, frame["next"], 0, True, "club"))
                   .hands) for _ in range(3)}  # fmt: skip
    assert any(h != state.hands for h in hands)


def test_a_held_board_cannot_be_played_from(make_user):
    ann = make_user("ann")
    original = _original(ann, "german", 2, {"games": 1})
    Table.objects.filter(pk=original.pk).update(board_held=True)
    with pytest.raises(PracticeRefused):
        practice_start(ann, original.pk, 3, 0, False, "beginner")
    assert not Table.objects.filter(practice_of=original).exists()


def test_another_players_private_game_cannot_be_played_from(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    original = _original(ann, "german", 2, {"games": 1})
    GameRecord.objects.filter(pk=original.pk).update(private=True)
    with pytest.raises(PracticeRefused):
        practice_start(bob, original.pk, 3, 0, False, "beginner")


def test_a_practice_table_gives_no_rating_and_no_xp(make_user):
    ann = make_user("ann")
    original = _original(ann, "german", 2, {"games": 1})
    record = GameRecord.objects.get(pk=original.pk).record
    frame, _state = _frame_where_seat_0_plays(record, trick=2)
    table = practice_start(ann, original.pk, frame["next"], 0, False, "beginner")
    Table.objects.filter(pk=table.pk).update(rated=True)  # even a table marked rated
    while (state := state_for(Table.objects.get(pk=table.pk))) is not None and not state.over:
        action = legal_actions(state, resign_too=False)[0]
        by = Move.By.HUMAN if state.to_act == 0 else Move.By.BOT
        commit(*lock_table(table.pk), action=action, by=by)
    stored = GameRecord.objects.get(pk=table.pk)
    assert stored.record["practice"] == {"game": original.pk, "from": frame["next"], "seat": 0,
                                         "fresh": False}  # fmt: skip
    game_score_create(table.pk)
    score = GameScore.objects.get(table_id=table.pk)
    assert (score.rated, score.casual_reason) == (False, PRACTICE)
    assert [r.xp for r in SeatResult.objects.filter(table_id=table.pk)] == [0, 0]
    assert not Progress.objects.filter(user=ann, xp__gt=0).exists()


def test_a_practice_table_is_dealt_as_every_table_and_its_friends_hear_of_it(
    make_user, django_capture_on_commit_callbacks
):
    ann, bob = make_user("ann"), make_user("bob")
    befriend(ann, bob)
    original = _original(ann, "german", 2, {"games": 1})
    Notification.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        table = practice_start(ann, original.pk, 3, 0, False, "beginner")
    table = Table.objects.get(pk=table.pk)
    assert table.seed is not None and table.seed_keyed and table.moves == 3
    note = Notification.objects.get(user=bob)
    assert note.kind == Kind.TABLE_STARTED and note.data["table_id"] == table.pk
