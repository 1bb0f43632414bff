"""Independent replay checker for whist-record/1 records: `python -m tests.independent.replay FILE`.

DECISIONS (points docs/rules.md / docs/game-record.md leave open; compare with the engine):

Messages
 D1  Records, deals, events and tricks are numbered from 0; "record i" is the i-th non-blank
     line of the file. Result/option/deal-count lines have no deal: "record i: field: ...".
 D2  Seat lists (winners, outcome.out, outcome.dogs_life, each ranking place) are expected in
     ascending seat order and compared exactly; `cuts` is compared as a set of seats.
 D3  Fields that do not apply (Knockout result.games/rubber_score, rubber_score without
     `rubber`) must be absent or null; `cuts` must be null (not []) when there is no cut.
     Missing options are reported and their default assumed; unknown option names reported.
 D4  A revoke or a disallowed trump/vote value ("NT" without no_trump_allowed) is reported
     and the replay goes on with the recorded card/suit. Any other illegal event (wrong seat
     or action, card not held, knock not allowed, bad discard), bad hand sizes or a broken
     deck is reported once and ends the replay of that record ("replay ... stops here").
     A wrong dealer is reported and the replay goes on with the recorded dealer.
 D5  Take-backs and hints (docs/game-record.md §4). A take-back must come right after the
     play of the same seat (no event between); the card goes back to that seat's hand and
     the seat plays again. The card may have completed its trick, which is then open again,
     except the last card of a deal (Whist, German Whist, a Knockout round) and a card whose
     trick drew from the German Whist talon (the first 13 tricks), and a card that was the
     seat's only legal action (its one card of the led suit, or its last card, and no knock
     open to a dog's life): nothing else could be played instead. Anything else is
     reported once and ends the replay. A hint changes nothing; it must name a card the
     seat to play may play at its next decision (else reported, the replay goes on); a hint
     before a decision other than a play, or after the deal's last decision, ends it.
Knockout
 K1  Fair lead: the next dealer is the first active (in or dog's life) seat left of the
     previous dealer, as it was at the start of that round, even if that seat knocked.
     Under `lead: trump_chooser`, from round 2 the top player is the dealer and leads.
 K2  The cut is among the previous round's top players when trump is chosen in this round
     (not in a no-trump last round) or under `lead: trump_chooser`; cut cards are distinct
     cards from a separate deck (they may also be in the hands); highest rank, then
     clubs < diamonds < hearts < spades.
 K3  A round has as many tricks as the full hand size h; the "last trick" (no knock) is
     trick h. Each seat holding cards acts once per trick; a dog's life may knock; the
     trick's leader is whoever played first. After a trick the winner leads, or if the
     winner holds no card, the next active seat clockwise that holds one.
 K4  Order of a round's decisions: votes (knocked-out seats at the start of the round, in
     ascending seat order), the chooser's trump, exchanges, then plays/knocks. Resigned
     seats still decide (a bot plays them); out seats vote whether resigned or not.
 K5  Exchange happens in every round (also round 1 and the one-card round): one event per
     seat that is in and not on a dog's life, clockwise from the first leader; discards
     0..min(3, cards held, cards left in the stock), drawn from stock[0] onwards.
 K6  Rainbow is checked after trump and exchanges, among active seats in playing order from
     the first leader; a rainbow deal has no plays and `tricks: []`.
 K7  Dog's life: with once_per_game, if nobody has had one before this round's knock-out,
     every seat that is in (not on a dog's life) and took no trick gets one; else out.
     A dog's life that took no trick is out; one that took a trick is back in.
     safe_first_round: after round 1 nobody is out and nobody gets a dog's life.
 K8  End of game, checked after the round's knock-outs: final_trick (one-card round), then
     sweep, then last_player (one active seat left), then resign (exactly one active seat
     has not resigned). A resigned seat can win by the first three (its bot played); the
     winner is ranked first regardless.
 K9  Deciding deal: outcome.out = every seat active at the start of that round except the
     winner; dogs_life = []. Ranking: [winner], then the other non-resigned seats grouped by
     the round they left (those active in the final round share second place), later
     first; then resigned seats one per place, latest resignation first. A seat may resign
     while out; a second resignation by the same seat is reported.
 K10 `start_cards: 1` with `last_round_no_trump`: round 1 still has a turned card, trump NT.
     `trump: fixed`: the round-1 turned suit, except NT in a no-trump last round.
Whist / German Whist
 W1  Whist: `turned` must be in the dealer's hand; `stock` is []; the dealer moves one seat
     left every hand, across games of a rubber. German: the dealer alternates every game;
     `stock` is the 25 talon cards below `turned`; first-half trick t (from 0) gives talon
     card 2t (turned = 0, stock[0] = 1, ...) to the winner and 2t+1 to the loser.
 W2  Honours: counted on the dealt hands (the turned card included). If trick points bring
     either side to `target`, neither side scores honours; otherwise a side whose score was
     exactly target-1 before the hand scores none. A 2-2 split scores nothing.
 W3  Resignation: the deal it interrupts has its finished tricks compared (an unfinished
     trick may be absent or listed with `winner: null`); its outcome is not checked; no
     event or deal may follow. A resignation after the last card of a deal leaves that
     deal complete. result.games = games finished before; Whist rubber_score = values of
     the finished games + 2 for the side that did not resign. A resignation after the
     match is over is reported.
 W4  reason is "target" (Whist, no rubber), "rubber" (Whist rubber), "majority" (German).
"""

from __future__ import annotations

import json
import sys

from .common import Report, Stop, get, show
from .knockout import replay_knockout
from .whist import replay_german, replay_whist

GAMES = {"knockout": replay_knockout, "whist": replay_whist, "german": replay_german}


def check_record(index: int, rec: object) -> list[str]:
    """Replay one record and return its disagreement lines (empty when it agrees)."""
    report = Report(index)
    try:
        if not isinstance(rec, dict):
            report.stop(None, "record", type(rec).__name__, "a JSON object")
        report.compare(None, "format", get(rec, "format"), "whist-record/1")
        game = get(rec, "game")
        if not isinstance(game, str) or game not in GAMES:
            report.stop(None, "game", show(game), "one of knockout, whist, german")
        GAMES[game](rec, report)
    except Stop:
        pass
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        says = f"malformed data ({type(exc).__name__}: {exc})"
        report.add(None, "record", says, "a whist-record/1 record")
    return report.lines


def read_records(path: str) -> list[object]:
    """The JSON records of a JSON-lines file ("-" for standard input); ValueError if unreadable."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from exc
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}: line {number}: not JSON ({exc.msg})") from exc
    return records


def main(argv: list[str] | None = None) -> int:
    """Command line: print disagreements and a summary; exit 0, 1 (disagreements) or 2."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m tests.independent.replay FILE", file=sys.stderr)
        return 2
    try:
        records = read_records(args[0])
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    total = 0
    for index, rec in enumerate(records):
        for line in check_record(index, rec):
            print(line)
            total += 1
    print(f"{len(records)} records, {total} disagreements")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
