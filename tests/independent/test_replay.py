"""Tests of the independent replay checker on small hand-built whist-record/1 records."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.independent.common import DECK, RANKS, trick_winner
from tests.independent.knockout import knockouts
from tests.independent.knockout_round import Game, Round, vote_result
from tests.independent.replay import check_record, main
from tests.independent.whist import Match, whist_outcome

SUITED = {s: [r + s for r in reversed(RANKS)] for s in "SHDC"}  # ace first


def play(seat: int, card: str) -> dict:
    """A play event."""
    return {"seat": seat, "action": "play", "card": card}


def trick(plays: list[tuple[int, str]], winner: int) -> dict:
    """A trick in record form."""
    return {"leader": plays[0][0], "plays": [list(p) for p in plays], "winner": winner}


# --- docs/rules.md examples and rule functions --------------------------------------------


def test_trick_example_from_rules_md() -> None:
    """Hearts trump; KS, 3S, 2H (no spades), AS: seat 2 wins."""
    assert trick_winner([(0, "KS"), (1, "3S"), (2, "2H"), (3, "AS")], "H") == 2


def test_whist_honours_refused_when_trick_points_reach_target() -> None:
    match = Match({"target": 5, "honours": True, "rubber": False})
    out = whist_outcome(match, [0, 13], [0, 4])
    assert out == {"tricks": [0, 13], "points": [0, 7], "honours": [0, 0], "score": [0, 7]}


def test_whist_honours_refused_at_target_minus_one() -> None:
    match = Match({"target": 5, "honours": True, "rubber": False}, score=[4, 0])
    out = whist_outcome(match, [6, 7], [4, 0])
    assert out["honours"] == [0, 0] and out["score"] == [4, 1]


def test_whist_honours_count_in_full_and_three_score_two() -> None:
    match = Match({"target": 7, "honours": True, "rubber": False}, score=[3, 2])
    assert whist_outcome(match, [8, 5], [1, 3])["score"] == [5, 4]
    assert whist_outcome(match, [8, 5], [2, 2])["honours"] == [0, 0]


def test_vote_ties_go_to_chooser_else_highest_suit() -> None:
    assert vote_result(["H", "S"], "H") == "H"
    assert vote_result(["H", "S"], "D") == "D"
    assert vote_result(["H", "S", "S", "H"], "D") == "S"
    assert vote_result(["NT", "C"], "NT") == "NT"
    assert vote_result(["C", "C"], "S") == "C"


def test_once_per_game_dogs_life_for_several_only_if_none_used() -> None:
    opts = {"safe_first_round": False, "dogs_life": "once_per_game"}
    game = Game(3, opts, ["in"] * 3)
    rnd = Round(1, 3, 0, 1, [0, 1, 2])
    assert knockouts(game, rnd, [0, 3, 0]) == ([], [0, 2])
    game.had_dog.add(1)
    assert knockouts(game, rnd, [0, 3, 0]) == ([0, 2], [])


# --- Whist: seat 3 holds every club (trump) and takes all 13 tricks ----------------------


def whist_record() -> dict:
    """Dealer 3, clubs trump; seats 0/1 swapped their twos so seat 1 must follow AS."""
    hands = [SUITED["S"][:12] + ["2H"], SUITED["H"][:12] + ["2S"], SUITED["D"], SUITED["C"]]
    events = [play(0, "AS"), play(1, "2S"), play(2, "AD"), play(3, "2C")]
    tricks = [trick([(0, "AS"), (1, "2S"), (2, "AD"), (3, "2C")], 3)]
    follow = {0: hands[0][1:], 1: hands[1][:12], 2: hands[2][1:]}
    for t in range(12):
        plays = [(3, SUITED["C"][t]), (0, follow[0][t]), (1, follow[1][t]), (2, follow[2][t])]
        events += [play(s, c) for s, c in plays]
        tricks.append(trick(plays, 3))
    outcome = {"tricks": [0, 13], "points": [0, 7], "honours": [0, 4], "score": [0, 11]}
    deal = {"dealer": 3, "hands": hands, "turned": "2C", "stock": [], "cuts": None}
    deal |= {"events": events, "tricks": tricks, "outcome": outcome}
    result = {"winners": [1, 3], "ranking": [[1, 3], [0, 2]], "reason": "target"}
    return {
        "format": "whist-record/1",
        "game": "whist",
        "options": {"target": 10, "honours": True, "rubber": False},
        "seed": 1,
        "seats": [{"name": f"p{i}", "bot": None} for i in range(4)],
        "deals": [deal],
        "result": result | {"games": [[0, 11]]},
    }


def test_whist_correct_record_agrees() -> None:
    assert check_record(0, whist_record()) == []


def test_whist_tampered_trick_winner_is_reported() -> None:
    rec = whist_record()
    rec["deals"][0]["tricks"][4]["winner"] = 0
    assert check_record(7, rec) == ["record 7 deal 0: tricks[4].winner: record says 0, rules say 3"]


def test_whist_tampered_outcome_and_result_are_reported() -> None:
    rec = whist_record()
    rec["deals"][0]["outcome"]["honours"] = [0, 0]
    rec["result"]["reason"] = "rubber"
    assert check_record(0, rec) == [
        "record 0 deal 0: outcome.honours: record says [0, 0], rules say [0, 4]",
        'record 0: result.reason: record says "rubber", rules say "target"',
    ]


def test_whist_revoke_is_reported() -> None:
    rec = whist_record()
    deal = rec["deals"][0]
    deal["events"][1] = play(1, "KH")  # holds 2S, must follow AS
    deal["events"][10] = play(1, "2S")  # 2S instead of KH in the third trick
    deal["tricks"][0]["plays"][1] = [1, "KH"]
    deal["tricks"][2]["plays"][2] = [1, "2S"]
    (line,) = check_record(0, rec)
    assert line.startswith('record 0 deal 0: events[1]: record says {"seat": 1, "action": "play"')
    assert 'rules say seat 1 must follow suit S (holds ["2S", "AH", "KH"' in line


def test_whist_wrong_seat_stops_the_replay() -> None:
    rec = whist_record()
    rec["deals"][0]["events"][0] = play(1, "2S")
    (line,) = check_record(0, rec)
    assert "rules say seat 0 to play (replay of this record stops here)" in line


def test_whist_resignation_ends_the_match() -> None:
    rec = whist_record()
    deal = rec["deals"][0]
    deal["events"] = deal["events"][:6] + [{"seat": 2, "action": "resign"}]
    deal["tricks"] = deal["tricks"][:1]
    rec["result"] = {"winners": [1, 3], "ranking": [[1, 3], [0, 2]], "reason": "resign"}
    rec["result"]["games"] = []
    assert check_record(0, rec) == []


# --- German Whist, played by a tiny "lowest legal card" helper ---------------------------


def _beats(card: str, best: str, trump: str) -> bool:
    """Whether card beats the best card so far (led suit of best)."""
    if card[1] == best[1]:
        return RANKS.index(card[0]) > RANKS.index(best[0])
    return card[1] == trump


def _lowest(cards: list[str] | set[str]) -> str:
    """The lowest card by rank (then suit letter)."""
    return min(cards, key=lambda c: (RANKS.index(c[0]), c[1]))


def german_play(hands: list[list[str]], dealer: int, talon: list[str]) -> tuple:
    """Both players play their lowest legal card; return events, tricks, second-half tricks."""
    held, trump, leader = [set(h) for h in hands], talon[0][1], 1 - dealer
    events, tricks, second = [], [], [0, 0]
    for t in range(26):
        lead, other = _lowest(held[leader]), 1 - leader
        reply = _lowest([c for c in held[other] if c[1] == lead[1]] or held[other])
        held[leader].remove(lead)
        held[other].remove(reply)
        win = other if _beats(reply, lead, trump) else leader
        events += [play(leader, lead), play(other, reply)]
        tricks.append(trick([(leader, lead), (other, reply)], win))
        if t < 13:
            held[win].add(talon[2 * t])
            held[1 - win].add(talon[2 * t + 1])
        else:
            second[win] += 1
        leader = win
    return events, tricks, second


def german_record(hands: list[list[str]], dealer: int, talon: list[str]) -> dict:
    """A one-game German Whist match played by german_play."""
    events, tricks, second = german_play(hands, dealer, talon)
    deal = {"dealer": dealer, "hands": hands, "turned": talon[0], "stock": talon[1:]}
    deal |= {"cuts": None, "events": events, "tricks": tricks, "outcome": {"tricks": second}}
    winner = 0 if second[0] >= 7 else 1
    result = {"winners": [winner], "ranking": [[winner], [1 - winner]], "reason": "majority"}
    return {
        "format": "whist-record/1",
        "game": "german",
        "options": {"games": 1},
        "seed": 2,
        "seats": [{"name": "a", "bot": None}, {"name": "b", "bot": "pimc"}],
        "deals": [deal],
        "result": result | {"games": [second]},
    }


def a_german_record() -> dict:
    """A German Whist game from a fixed interleaved deal."""
    order = [c for i in range(13) for c in (SUITED["S"][i], SUITED["H"][i], SUITED["D"][i])]
    order += SUITED["C"]
    hands = [order[0:26:2], order[1:26:2]]
    return german_record(hands, 1, order[26:])


def test_german_correct_record_agrees() -> None:
    rec = a_german_record()
    assert sum(rec["deals"][0]["outcome"]["tricks"]) == 13
    assert check_record(0, rec) == []


def test_german_tampered_records_are_reported() -> None:
    rec = a_german_record()
    deal = rec["deals"][0]
    deal["tricks"][20]["winner"] = 1 - deal["tricks"][20]["winner"]
    deal["outcome"]["tricks"] = [13, 0]
    lines = check_record(3, rec)
    assert lines[0].startswith("record 3 deal 0: tricks[20].winner: record says")
    assert lines[1].startswith("record 3 deal 0: outcome.tricks: record says [13, 0]")
    assert len(lines) == 2


def test_german_talon_draw_is_checked() -> None:
    rec = a_german_record()
    deal = rec["deals"][0]
    talon = [deal["turned"], *deal["stock"]]
    winners = [t["winner"] for t in deal["tricks"][:13]]
    taker = [winners[m // 2] if m % 2 == 0 else 1 - winners[m // 2] for m in range(26)]
    other = next(m for m in range(2, 26) if taker[m] != taker[1])
    talon[1], talon[other] = talon[other], talon[1]  # the cards go to the wrong players
    deal["stock"] = talon[1:]
    lines = check_record(0, rec)
    assert len(lines) == 1 and "replay of this record stops here" in lines[0]


# --- Knockout Whist: three players, three rounds -----------------------------------------


def ko_deal(dealer: int, hands: list, turned: str | None, cuts: list | None, **rest) -> dict:
    """A Knockout deal; the stock is every card not dealt or turned."""
    stock = [c for c in sorted(DECK) if c != turned and all(c not in h for h in hands)]
    deal = {"dealer": dealer, "hands": hands, "turned": turned, "stock": stock, "cuts": cuts}
    return deal | rest


def ko_round1() -> dict:
    """Hearts trump; seat 1 takes all three tricks, seats 0 and 2 both get a dog's life."""
    plays = [[(1, "AH"), (2, "2D"), (0, "AD")], [(1, "3C"), (2, "2S"), (0, "AS")]]
    plays.append([(1, "4C"), (2, "3S"), (0, "KS")])
    hands = [["AS", "KS", "AD"], ["AH", "3C", "4C"], ["2S", "3S", "2D"]]
    outcome = {"tricks": [0, 3, 0], "out": [], "dogs_life": [0, 2], "trump": "H"}
    events = [play(s, c) for p in plays for s, c in p]
    tricks = [trick(p, 1) for p in plays]
    return ko_deal(0, hands, "2H", None, events=events, tricks=tricks, outcome=outcome)


def ko_round2() -> dict:
    """Seat 1 chooses spades; dog 2 knocks as first to act; dog 0's AD wins, seat 1 leads."""
    events = [{"seat": 1, "action": "trump", "suit": "S"}, {"seat": 2, "action": "knock"}]
    events += [play(0, "AD"), play(1, "3C"), play(1, "KC"), play(2, "QD")]
    tricks = [trick([(0, "AD"), (1, "3C")], 0), trick([(1, "KC"), (2, "QD")], 1)]
    outcome = {"tricks": [1, 1, 0], "out": [2], "dogs_life": [], "trump": "S"}
    hands = [["AD"], ["KC", "3C"], ["QD"]]
    return ko_deal(1, hands, None, None, events=events, tricks=tricks, outcome=outcome)


def ko_round3() -> dict:
    """Seat 2 (just out) deals; seats 0 and 1 tie, 5S beats 5H in the cut; seat 1 wins."""
    events = [{"seat": 1, "action": "trump", "suit": "D"}, play(0, "2H"), play(1, "3H")]
    outcome = {"tricks": [0, 1, 0], "out": [0], "dogs_life": [], "trump": "D"}
    tricks = [trick([(0, "2H"), (1, "3H")], 1)]
    cuts = [[0, "5H"], [1, "5S"]]
    hands = [["2H"], ["3H"], []]
    return ko_deal(2, hands, None, cuts, events=events, tricks=tricks, outcome=outcome)


def knockout_record() -> dict:
    """A three-player, three-card Classic Knockout game won by seat 1 on the final trick."""
    flags = ("safe_first_round", "no_trump_allowed", "last_round_no_trump", "exchange")
    flags += ("rainbow", "sweep_wins", "eliminated_vote")
    opts = {"start_cards": 3, "dogs_life": "once_per_game", "lead": "left_of_dealer"}
    opts |= {"trump": "chosen"} | dict.fromkeys(flags, False)
    result = {"winners": [1], "ranking": [[1], [0], [2]], "reason": "final_trick"}
    return {
        "format": "whist-record/1",
        "game": "knockout",
        "options": opts,
        "seed": 3,
        "seats": [{"name": n, "bot": None} for n in "abc"],
        "deals": [ko_round1(), ko_round2(), ko_round3()],
        "result": result,
    }


def test_knockout_correct_record_agrees() -> None:
    assert check_record(0, knockout_record()) == []


def test_knockout_cut_decides_the_chooser() -> None:
    rec = knockout_record()
    rec["deals"][2]["cuts"] = [[0, "5S"], [1, "5H"]]  # now seat 0 wins the cut
    (line,) = check_record(0, rec)
    assert line.startswith('record 0 deal 2: events[0]: record says {"seat": 1, "action": "trump"')
    assert line.endswith("rules say seat 0 to choose trump (replay of this record stops here)")


def test_knockout_dog_cannot_knock_on_last_trick() -> None:
    rec = knockout_record()
    deal = rec["deals"][1]
    deal["events"] = deal["events"][:5] + [{"seat": 2, "action": "knock"}]
    (line,) = check_record(0, rec)
    assert "events[5]" in line and "cannot knock on the last trick" in line


def test_knockout_tampered_outcome_and_ranking_are_reported() -> None:
    rec = knockout_record()
    rec["deals"][1]["outcome"]["out"] = []
    rec["deals"][0]["tricks"][1]["leader"] = 0
    rec["result"]["ranking"] = [[1], [0, 2]]
    assert check_record(0, rec) == [
        "record 0 deal 0: tricks[1].leader: record says 0, rules say 1",
        "record 0 deal 1: outcome.out: record says [], rules say [2]",
        "record 0: result.ranking: record says [[1], [0, 2]], rules say [[1], [0], [2]]",
    ]


def test_knockout_fair_lead_dealer() -> None:
    rec = knockout_record()
    rec["deals"][2]["dealer"] = 0
    lines = check_record(0, rec)
    assert lines[0] == "record 0 deal 2: dealer: record says 0, rules say 2"


def test_knockout_missing_deal_is_reported() -> None:
    rec = knockout_record()
    rec["deals"].pop()
    assert check_record(0, rec) == [
        "record 0: deals: record says 2 deals, rules say more deals (not over after deal 1)"
    ]


# --- command line --------------------------------------------------------------------------


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(whist_record()) + "\n" + json.dumps(knockout_record()) + "\n")
    assert main([str(good)]) == 0
    assert capsys.readouterr().out == "2 records, 0 disagreements\n"
    bad_rec = copy.deepcopy(whist_record())
    bad_rec["deals"][0]["outcome"]["score"] = [0, 7]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(bad_rec) + "\n")
    assert main([str(bad)]) == 1
    assert capsys.readouterr().out.endswith("1 records, 1 disagreements\n")
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    assert main([str(broken)]) == 2
    assert main([str(tmp_path / "absent.jsonl")]) == 2
