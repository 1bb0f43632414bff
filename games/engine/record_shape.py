"""The shape of a `whist-record/1` record (docs/game-record.md): fields, seats, options, cards.

Checked before anything is replayed, so that the replay (record_check.py) only ever meets
well-formed deals; each problem names its place (deal, seat, card), counted from 1.
"""

from __future__ import annotations

from typing import Any

from .cards import CardError, card_str, parse_card
from .engine import IMPLEMENTATIONS
from .errors import CardCode, Explained, SeatNo, gettext_noop, ngettext
from .record import FORMAT
from .rules import GAMES, PLAYERS, RulesError, Ruleset, rules_with_options

SEAT_TEXT_MAX = 150  # a seat's name or bot, at most (a username's length)


class RecordProblem(Explained):
    """The first thing wrong with a record; `code` names the kind for programs and tests."""

    def __init__(self, code: str, template: str, **params: Any) -> None:
        super().__init__(template, **params)
        self.code = code


def kind_of(value: Any) -> str:
    """A JSON value's kind in JSON's words."""
    if value is None:
        return "null"
    for kind, name in ((bool, "true/false"), (dict, "an object"), (list, "a list")):
        if isinstance(value, kind):
            return name
    return "a string" if isinstance(value, str) else "a number"


def check_shape(record: Any) -> Ruleset:
    """The record's ruleset, once its top level is well formed."""
    if not isinstance(record, dict):
        raise RecordProblem(
            "not_object",
            gettext_noop("a record is one JSON object, this file holds %(kind)s"),
            kind=kind_of(record),
        )
    _check_format(record.get("format"))
    game = record.get("game")
    if game not in GAMES:
        raise RecordProblem(
            "game_unknown",
            gettext_noop("unknown game %(game)s: one of knockout, whist, german"),
            game=repr(game),
        )
    players = _seat_count(game, record.get("seats"))
    rules = _rules(game, players, record.get("options"))
    if not isinstance(record.get("deals"), list) or not record["deals"]:
        raise RecordProblem("deals_missing", gettext_noop("the record has no deals"))
    if not isinstance(record.get("result"), dict):
        raise RecordProblem("result_missing", gettext_noop("the record has no result object"))
    return rules


def _check_format(name: Any) -> None:
    if name is None:
        raise RecordProblem(
            "format_missing",
            gettext_noop('the record names no format: it must say "format": "%(format)s"'),
            format=FORMAT,
        )
    if name != FORMAT:
        raise RecordProblem(
            "format_wrong",
            gettext_noop("the format is %(name)s: this site reads %(format)s"),
            name=repr(name), format=FORMAT,
        )  # fmt: skip


def _seat_count(game: str, seats: Any) -> int:
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RecordProblem(
            "seats_bad",
            gettext_noop('seats must be a list of objects such as {"name": "ann", "bot": null}'),
        )
    for n, seat in enumerate(seats):
        name, bot = seat.get("name"), seat.get("bot")
        if not isinstance(name, str) or not (bot is None or isinstance(bot, str)):
            raise RecordProblem(
                "seat_fields",
                gettext_noop(
                    "seat %(seat)s: a seat's name is a string and its bot null or a string "
                    "(%(name)s, %(bot)s given)"
                ),
                seat=SeatNo(n), name=kind_of(name), bot=kind_of(bot),
            )  # fmt: skip
        if len(name) > SEAT_TEXT_MAX or (bot is not None and len(bot) > SEAT_TEXT_MAX):
            raise RecordProblem(
                "seat_fields",
                gettext_noop("seat %(seat)s: a name or bot of more than %(max)s characters"),
                seat=SeatNo(n), max=SEAT_TEXT_MAX,
            )  # fmt: skip
    low, high = PLAYERS[game]
    if not low <= len(seats) <= high:
        span = f"{low}" if low == high else f"{low}-{high}"
        raise RecordProblem(
            "seats_count",
            ngettext("%(game)s is for %(span)s players, the record has %(count)s seat",
                     "%(game)s is for %(span)s players, the record has %(count)s seats", "count"),
            game=game, span=span, count=len(seats),
        )  # fmt: skip
    return len(seats)


def _rules(game: str, players: int, options: Any) -> Ruleset:
    if not isinstance(options, dict):
        raise RecordProblem(
            "options_bad", gettext_noop("options must be an object, not %(kind)s"),
            kind=kind_of(options),
        )  # fmt: skip
    try:
        return rules_with_options(game, players, options)
    except RulesError as exc:
        raise RecordProblem(
            "options_bad", gettext_noop("bad options: %(reason)s"), reason=exc
        ) from exc


def check_deal_shapes(rules: Ruleset, deals: list[Any]) -> None:
    """Every deal an object with its fields, and its cards one whole pack."""
    for d, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise RecordProblem(
                "deal_bad", gettext_noop("deal %(deal)s is %(kind)s, not an object"),
                deal=d + 1, kind=kind_of(deal),
            )  # fmt: skip
        _check_fields(rules, deal, d)
        _check_pack(rules, deal, d)


_FIELDS = (("hands", list), ("stock", list), ("events", list), ("tricks", list))


def _check_fields(rules: Ruleset, deal: dict[str, Any], d: int) -> None:
    dealer = deal.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise RecordProblem(
            "dealer_bad", gettext_noop("deal %(deal)s: the dealer %(dealer)s is not a seat"),
            deal=d + 1, dealer=repr(dealer),
        )  # fmt: skip
    for name, kind in _FIELDS:
        if not isinstance(deal.get(name), kind):
            raise _missing(d, name, "a list")
    if "outcome" not in deal or not isinstance(deal["outcome"], dict | None):
        raise _missing(d, "outcome", "an object")
    hands = deal["hands"]
    if len(hands) != rules.players or not all(isinstance(h, list) for h in hands):
        raise RecordProblem(
            "deal_bad", gettext_noop("deal %(deal)s: hands must be %(players)s lists of cards"),
            deal=d + 1, players=rules.players,
        )  # fmt: skip
    if not all(isinstance(e, dict) for e in deal["events"]):
        raise _missing(d, "events", "a list of objects")
    cuts = deal.get("cuts")
    if cuts is not None and not (
        isinstance(cuts, list) and all(_is_cut(c, rules.players) for c in cuts)
    ):
        raise _missing(d, "cuts", "null or a list of [seat, card]")


def _is_cut(cut: Any, players: int) -> bool:
    if not isinstance(cut, list) or len(cut) != 2:
        return False
    seat = cut[0]
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players


def _missing(d: int, name: str, kind: str) -> RecordProblem:
    return RecordProblem(
        "deal_bad", gettext_noop("deal %(deal)s: %(field)s is missing or not %(kind)s"),
        deal=d + 1, field=name, kind=kind,
    )  # fmt: skip


def _check_pack(rules: Ruleset, deal: dict[str, Any], d: int) -> None:
    """Hands, turned card and stock: each a card, none twice, 52 in all."""
    seen: set[int] = set()
    for seat, hand in enumerate(deal["hands"]):
        for text in hand:
            _add(seen, _card(text, d, seat), d)
    turned = deal.get("turned")
    if turned is not None:
        card = _card(turned, d, None)
        if not IMPLEMENTATIONS[rules.game].turned_in_hand:
            _add(seen, card, d)
    for text in deal["stock"]:
        _add(seen, _card(text, d, None), d)
    for pair in deal.get("cuts") or []:
        _card(pair[1], d, None)
    if len(seen) != 52:
        raise RecordProblem(
            "deck_incomplete",
            ngettext("deal %(deal)s: the hands, turned card and stock hold %(count)s card, "
                     "not a whole pack of 52",
                     "deal %(deal)s: the hands, turned card and stock hold %(count)s cards, "
                     "not a whole pack of 52", "count"),
            deal=d + 1, count=len(seen),
        )  # fmt: skip


def _card(text: Any, d: int, seat: int | None) -> int:
    try:
        if not isinstance(text, str):
            raise CardError(text)
        return parse_card(text)
    except CardError as exc:
        if seat is None:
            raise RecordProblem(
                "card_bad", gettext_noop("deal %(deal)s: %(card)s is not a card"),
                deal=d + 1, card=repr(text),
            ) from exc  # fmt: skip
        raise RecordProblem(
            "card_bad",
            gettext_noop("deal %(deal)s: %(card)s in seat %(seat)s's hand is not a card"),
            deal=d + 1, card=repr(text), seat=SeatNo(seat),
        ) from exc  # fmt: skip


def _add(seen: set[int], card: int, d: int) -> None:
    if card in seen:
        raise RecordProblem(
            "card_duplicate", gettext_noop("deal %(deal)s: %(card)s appears twice"),
            deal=d + 1, card=CardCode(card_str(card)),
        )  # fmt: skip
    seen.add(card)
