"""Fair-play signals from stored games (docs/fairplay.md): a seat that sees every hand plays
the best card where its own view could not tell it, honest seats do not; its games raise a
hidden-card flag and an honest player's do not; each game is judged once, from its players'
own cards only, never when annulled; two Knockout players who spare each other raise a
pair flag; a real Celery worker judges a game the card room finished."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from fairplay import cheats, hidden, judge
from fairplay.models import Flag, GameSignal
from fairplay.services import flags_update, game_signals_compute
from games.engine.record import to_record
from games.engine.record_check import check
from privacy.export import holdings
from records.models import GameRecord
from records.services import game_annul
from tests.fairplay.conftest import SEER_SEEDS, seer_game, stored


def judged(state: Any, seats: set[int]) -> Any:
    return hidden.game_hidden(check(to_record(state)), seats).positions


def test_a_seer_plays_the_best_card_in_every_judged_position() -> None:
    seer = [p for seed in SEER_SEEDS for p in judged(seer_game(seed), {0})[0]]
    assert seer and all(p.matched for p in seer)
    assert all(p.chance < 1 and p.best and p.line for p in seer)  # the view could not be sure


def test_honest_seats_miss_best_cards_their_view_hides() -> None:
    honest = [p for seed in SEER_SEEDS for p in judged(seer_game(seed), {1})[1]]
    assert honest and not all(p.matched for p in honest)


@pytest.mark.django_db
def test_a_seers_games_raise_a_flag_and_an_honest_players_do_not(make_user, settings) -> None:
    settings.WHIST_FAIRPLAY_ODDS, settings.WHIST_FAIRPLAY_MIN_POSITIONS = 2.0, 2
    seer, honest = make_user("seer"), make_user("honest")
    tables = [stored(seer_game(s), [seer, honest, "club", "club"]) for s in SEER_SEEDS]
    for table in tables:
        assert game_signals_compute(table.pk) == 2
    flag = Flag.objects.get(user=seer)
    assert flag.kind == Flag.Kind.HIDDEN and flag.status == Flag.Status.OPEN
    assert flag.figures["positions"] >= 2 and float(flag.figures["odds"]) >= 2
    assert set(flag.games) <= {t.pk for t in tables}
    assert not Flag.objects.filter(user=honest).exists()
    rows = GameSignal.objects.filter(user=seer)
    assert all(e["matched"] for r in rows for e in r.evidence)
    # nor does the player's own data export show them (docs/fairplay.md)
    assert not [label for label in holdings(seer) if label.startswith("fairplay.")]


@pytest.mark.django_db
def test_a_game_is_judged_once_from_its_players_own_cards(make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    table = stored(seer_game(2), [ann, bob, "club", "club"])
    assert game_signals_compute(table.pk) == 2
    assert game_signals_compute(table.pk) == 0  # a second delivery writes nothing
    rows = {r.seat: r for r in GameSignal.objects.filter(record_id=table.pk)}
    assert set(rows) == {0, 1}  # bots' seats have no figures
    assert rows[0].positions > 0
    # the same game, ann away: a stand-in bot made every decision of her seat
    away = stored(seer_game(2), [ann, bob, "club", "club"],
                  by=lambda seat, n: "bot" if seat == 0 else "")  # fmt: skip
    game_signals_compute(away.pk)
    assert GameSignal.objects.get(record_id=away.pk, user=ann).positions == 0


@pytest.mark.django_db
def test_an_annulled_game_is_not_judged(make_user) -> None:
    ann, mod = make_user("ann"), make_user("mod")
    table = stored(seer_game(2), [ann, "club", "club", "club"])
    game_annul(table.pk, mod, "test")
    assert game_signals_compute(table.pk) == 0
    assert not GameSignal.objects.exists()


@pytest.mark.django_db
def test_two_players_who_spare_each_other_raise_a_pair_flag(make_user, settings) -> None:
    settings.WHIST_FAIRPLAY_SOFT_Z, settings.WHIST_FAIRPLAY_SOFT_MEETINGS = 2.0, 3
    ann, bob = make_user("ann"), make_user("bob")
    for seed in (1, 2, 3):
        state = cheats.play("knockout", 4, ["club"] * 4, seed, team=(0, 1))
        game_signals_compute(stored(state, [ann, bob, "club", "club"]).pk)
    row = GameSignal.objects.filter(user=bob).order_by("-finished").first()
    chances, spared = row.soft[str(ann.pk)]
    assert chances > 0 and spared == chances
    flag = Flag.objects.get(kind=Flag.Kind.SOFT)
    assert (flag.user_id, flag.partner_id) == (ann.pk, bob.pk)
    assert flag.figures["spared"] == flag.figures["chances"] >= 6


@pytest.mark.django_db
def test_players_who_play_each_other_as_everyone_raise_no_pair_flag(make_user, settings) -> None:
    settings.WHIST_FAIRPLAY_SOFT_Z, settings.WHIST_FAIRPLAY_SOFT_MEETINGS = 2.0, 2
    ann, bob = make_user("ann"), make_user("bob")
    for seed in (1, 4, 12):  # 5 chances between them: enough to be judged
        state = cheats.play("knockout", 4, ["club"] * 4, seed)
        game_signals_compute(stored(state, [ann, bob, "club", "club"]).pk)
    assert not Flag.objects.filter(kind=Flag.Kind.SOFT).exists()


def german_positions(seeds: range, seat: int, seer: int = -1) -> list[Any]:
    out = []
    for seed in seeds:
        state = cheats.play("german", 2, ["club"] * 2, seed, seer=seer)
        out += judge.game_positions(check(to_record(state)), {seat}).positions[seat]
    return out


def test_a_german_seer_takes_or_leaves_the_face_up_card_as_the_next_card_says() -> None:
    seer = german_positions(range(1, 6), 0, seer=0)
    assert seer and all(p.matched and 0 < p.chance < 1 for p in seer)


def test_honest_german_play_gets_the_better_card_as_often_as_its_chances_say() -> None:
    honest = german_positions(range(1, 61), 1)
    matched, expected = sum(p.matched for p in honest), sum(p.chance for p in honest)
    spread = sum(p.chance * (1 - p.chance) for p in honest) ** 0.5
    assert len(honest) >= 40 and abs(matched - expected) < 3 * spread


@pytest.mark.django_db
def test_a_german_seers_games_raise_a_flag(make_user, settings) -> None:
    settings.WHIST_FAIRPLAY_ODDS, settings.WHIST_FAIRPLAY_MIN_POSITIONS = 20.0, 8
    seer, honest = make_user("seer"), make_user("honest")
    for seed in range(1, 11):  # the seer meets 9 positions, the honest player 10
        table = stored(cheats.play("german", 2, ["club"] * 2, seed, seer=0), [seer, honest])
        assert game_signals_compute(table.pk) == 2
    assert Flag.objects.get(user=seer).kind == Flag.Kind.HIDDEN
    assert not Flag.objects.filter(user=honest).exists()


@pytest.mark.django_db
def test_a_practice_game_is_not_judged(make_user, settings) -> None:
    """Its player saw every hand in the replay it started from: matching the best card there
    is no sign of anything (records.models.GameRecord.practice)."""
    settings.WHIST_FAIRPLAY_ODDS, settings.WHIST_FAIRPLAY_MIN_POSITIONS = 2.0, 2
    seer = make_user("seer")
    original = stored(seer_game(2), [seer, "club", "club", "club"], rated=False)
    for seed in SEER_SEEDS:
        table = stored(seer_game(seed), [seer, "club", "club", "club"], practice_of=original)
        assert game_signals_compute(table.pk) == 0
    assert not GameSignal.objects.filter(user=seer).exists()
    assert not Flag.objects.filter(user=seer).exists()


@pytest.mark.django_db
def test_a_players_flags_cost_the_same_queries_however_many_players_they_met(make_user) -> None:
    """flags_update reads the other side of each meeting in one query, not one a player met
    (a player of a thousand opponents made a thousand queries after each game)."""
    ann = make_user("ann")
    games = [[ann, *(make_user(f"{name}{n}") for name in ("bob", "cat", "dan"))] for n in (1, 2)]
    state = cheats.play("knockout", 4, ["club"] * 4, 1)

    def judged(players: list[Any]) -> None:  # each seat's row, naming every other one
        record = GameRecord.objects.get(pk=stored(state, players).pk)
        GameSignal.objects.bulk_create(
            GameSignal(record=record, user=user, seat=seat, game="knockout",
                       finished=record.finished, version=hidden.VERSION,
                       soft={str(o.pk): [1, 0] for o in players if o != user})
            for seat, user in enumerate(players)
        )  # fmt: skip

    counts = []
    for players in games:
        judged(players)
        with CaptureQueriesContext(connection) as queries:
            flags_update(ann.pk)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts  # three players met, then six
