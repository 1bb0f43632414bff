"""Knockout Whist replay: knock-outs, dog's lives, the end of the game and the ranking."""

from __future__ import annotations

from .common import (
    Report,
    check_seats,
    compare_absent,
    compare_fields,
    deal_list,
    extra_deals,
    get,
    read_options,
    show,
    too_few_deals,
)
from .knockout_round import KO_OPTIONS, Game, Round, play_round

End = tuple[int, str, Round]  # winner, reason, deciding round


def knockouts(game: Game, rnd: Round, counts: list[int]) -> tuple[list[int], list[int]]:
    """docs/rules.md §1.4 after each round: who is out now and who gets a dog's life now."""
    if rnd.j == 0 and game.opts["safe_first_round"]:
        return [], []
    zero = [s for s in rnd.active if counts[s] == 0]
    out = [s for s in zero if game.status[s] == "dog"]
    fresh = [s for s in zero if game.status[s] == "in"]
    mode = game.opts["dogs_life"]
    dogs: list[int] = []
    if mode == "once_per_game" and not game.had_dog:
        dogs = fresh  # several at once only while nobody has had one yet
    elif mode == "once_per_player":
        dogs = [s for s in fresh if s not in game.had_dog]
    out += [s for s in fresh if s not in dogs]
    return sorted(out), dogs


def game_end(game: Game, rnd: Round, counts: list[int], out: list[int]) -> tuple | None:
    """Winner and reason if this round ends the game (precedence as docs/rules.md §1.6)."""
    if rnd.rainbow is not None:
        return rnd.rainbow, "rainbow"
    if rnd.h == 1:
        return rnd.tricks[0].winner, "final_trick"
    if game.opts["sweep_wins"]:
        for seat in rnd.active:
            if counts[seat] == len(rnd.tricks):
                return seat, "sweep"
    left = [s for s in rnd.active if s not in out]
    if len(left) == 1:
        return left[0], "last_player"
    fighting = [s for s in left if s not in game.resigned]
    if len(fighting) == 1:
        return fighting[0], "resign"
    return None


def _advance(game: Game, rnd: Round, counts: list[int], out: list[int], dogs: list[int]) -> None:
    """Apply the knock-outs and remember what the next round needs."""
    for seat in rnd.active:
        if game.status[seat] == "dog" and counts[seat] > 0:
            game.status[seat] = "in"  # back with a full hand
    for seat in out:
        game.status[seat] = "out"
        game.out_round[seat] = rnd.j
    for seat in dogs:
        game.status[seat] = "dog"
        game.had_dog.add(seat)
    game.prev_tricks = counts
    game.prev_leader = rnd.leader


def _deal(game: Game, report: Report, j: int, rec: dict) -> End | None:
    """Replay one round, compare its outcome and carry the state on."""
    rnd = play_round(game, report, j, rec)
    counts = [sum(t.winner == s for t in rnd.tricks) for s in range(game.n)]
    out, dogs = knockouts(game, rnd, counts)
    end = game_end(game, rnd, counts, out)
    if end is not None:
        out, dogs = [s for s in rnd.active if s != end[0]], []
    want = {"tricks": counts, "out": out, "dogs_life": dogs, "trump": rnd.trump}
    compare_fields(report, j, "outcome", get(rec, "outcome"), want)
    if end is not None:
        return end[0], end[1], rnd
    _advance(game, rnd, counts, out, dogs)
    return None


def ranking(game: Game, winner: int, rnd: Round) -> list[list[int]]:
    """docs/rules.md §1.6 ranking: winner, still in, later knock-outs higher, resigned last."""
    left: dict[int, list[int]] = {}
    for seat in range(game.n):
        if seat == winner or seat in game.resigned:
            continue
        when = rnd.j if seat in rnd.active else game.out_round[seat]
        left.setdefault(when, []).append(seat)
    places = [[winner]] + [sorted(left[j]) for j in sorted(left, reverse=True)]
    return places + [[s] for s in reversed(game.resigned) if s != winner]


def replay_knockout(rec: dict, report: Report) -> None:
    """Check a Knockout Whist record: every round, then the result."""
    n = check_seats(report, rec, range(2, 8))
    opts = read_options(report, rec, KO_OPTIONS)
    if n * opts["start_cards"] + 1 > 52:
        says = show(opts["start_cards"])
        report.stop(None, "options.start_cards", says, f"at most {51 // n} for {n} players")
    game = Game(n, opts, ["in"] * n)
    deals = deal_list(report, rec)
    end: End | None = None
    for j, deal in enumerate(deals):
        if end is not None:
            extra_deals(report, len(deals), j - 1)
            break
        end = _deal(game, report, j, deal)
    if end is None:
        too_few_deals(report, len(deals))
        return
    winner, reason, rnd = end
    want = {"winners": [winner], "ranking": ranking(game, winner, rnd), "reason": reason}
    result = get(rec, "result")
    compare_fields(report, None, "result", result, want)
    compare_absent(report, "result", result, ("games", "rubber_score"))
