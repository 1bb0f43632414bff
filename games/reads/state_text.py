"""A broadcast's state messages as JSON text, each byte for byte what `json.dumps` writes of
it (its default encoder: `AsyncJsonWebsocketConsumer.send_json`'s), with what the messages
share written once. One broadcast's messages (games/reads/messages.py `state_messages`: the
spectator's, then each seated user's) differ in their `seat`, their `table` part (one for
the players, unless levels are hidden) and their view's `hands`, `viewer`, `legal`,
`can_resign`, `can_take_back` and `present`'s `tip`; the rest of their views (every trick of
the deal, the scores, the panels) are the same objects (games.engine.views.table_views,
games.engine.presentation.present_views). The first message is written once with a marker
in each of those places and cut at the markers; each message is the pieces with its own
values written between them. A message whose other values are not the first's (by identity)
or whose keys differ, or a text in which the marker occurs elsewhere, is written whole."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import chain
from operator import is_, itemgetter
from typing import Any, NamedTuple

_DEFAULTS = json.JSONEncoder()  # json.dumps's with its defaults: the same text
# The C encoder `_DEFAULTS.encode` makes again on every call (with a circular check's dict
# and a float closure), made once: one broadcast asks for 15 texts. Without its circular
# check (no message refers to itself; one that did would end in a RecursionError).
_make = getattr(json.encoder, "c_make_encoder", None)  # typeshed does not name it
_C_ENCODER = _make and _make(
    None, _DEFAULTS.default, json.encoder.encode_basestring_ascii, None,
    _DEFAULTS.key_separator, _DEFAULTS.item_separator, False, False, True,
)  # fmt: skip


def encode(value: Any) -> str:
    """`json.dumps(value)`."""
    if value.__class__ is str:
        return json.encoder.encode_basestring_ascii(value)
    if _C_ENCODER is None:
        return _DEFAULTS.encode(value)
    return "".join(_C_ENCODER(value, 0))


MARK = "\x00"
_MARKED = encode(MARK)
HEAD = ("seat", "table")  # a message's own values, before its view
OWN = ("hands", "viewer", "legal", "can_resign", "can_take_back")  # a view's own values


class _Shape(NamedTuple):
    """What a layout takes of its first message's keys (the same for every broadcast of a
    game's stage, so worked out once for them): the message's, its view's and its present's
    keys, and which of them are shared."""

    keys: tuple[str, ...]
    view_keys: tuple[str, ...]
    present_keys: tuple[str, ...]
    shared: tuple[str, ...]
    view_get: Callable[[dict[str, Any]], tuple[Any, ...]]
    present_get: Callable[[dict[str, Any]], tuple[Any, ...]]


@lru_cache(maxsize=256)
def _shape(
    keys: tuple[str, ...], view_keys: tuple[str, ...], present_keys: tuple[str, ...]
) -> _Shape | None:
    """The shape of a first message with these keys, if its markers come in the order
    `state_texts` writes its values in (the message's own, then its view's, then the tip)."""
    if [k for k in keys if k in (*HEAD, "view")] != [*HEAD, "view"] or "tip" not in present_keys:
        return None
    if [k for k in view_keys if k in (*OWN, "present")] != [*OWN, "present"]:
        return None
    if len(view_keys) - len(OWN) - 1 < 2 or len(present_keys) < 3:
        return None  # itemgetter of one key gives no tuple
    shared = tuple(k for k in keys if k not in (*HEAD, "view"))
    view_shared = [k for k in view_keys if k not in (*OWN, "present")]
    present_shared = [k for k in present_keys if k != "tip"]
    return _Shape(keys, view_keys, present_keys, shared, itemgetter(*view_shared),
                  itemgetter(*present_shared))  # fmt: skip


class _Layout:
    """The first message's keys and shared values, and its text cut at the markers."""

    def __init__(self, shape: _Shape, first: dict[str, Any]) -> None:
        view, present = first["view"], first["view"]["present"]
        self.shape = shape
        self.values = [first[k] for k in shape.shared]
        self.view_values, self.present_values = shape.view_get(view), shape.present_get(present)
        marked = {**view, **dict.fromkeys(OWN, MARK), "present": {**present, "tip": MARK}}
        self.pieces = encode({**first, **dict.fromkeys(HEAD, MARK), "view": marked}).split(_MARKED)

    def fits(self, message: dict[str, Any]) -> bool:
        view = message["view"]
        present = view["present"]
        shape = self.shape
        return (
            tuple(message) == shape.keys
            and tuple(view) == shape.view_keys
            and tuple(present) == shape.present_keys
            and all(map(is_, [message[k] for k in shape.shared], self.values))
            and all(map(is_, shape.view_get(view), self.view_values))
            and all(map(is_, shape.present_get(present), self.present_values))
        )


def _layout(first: dict[str, Any]) -> _Layout | None:
    """The layout of `first`, if its shape has one (`_shape`) and each marker comes once."""
    view = first.get("view")
    if not isinstance(view, dict) or not isinstance(view.get("present"), dict):
        return None
    shape = _shape(tuple(first), tuple(view), tuple(view["present"]))
    if shape is None:
        return None
    layout = _Layout(shape, first)
    return layout if len(layout.pieces) == len(HEAD) + len(OWN) + 2 else None


def _value(value: Any) -> str:
    """`encode(value)`, the commonest values without the encoder."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value.__class__ is int:
        return int.__repr__(value)
    return encode(value)


def state_texts(messages: Sequence[dict[str, Any]]) -> list[str]:
    """`json.dumps` of each of `messages` (one broadcast's), what they share written once."""
    layout = _layout(messages[0]) if messages else None
    if layout is None:
        return [encode(m) for m in messages]
    pieces, texts, first = layout.pieces, [], messages[0]
    known: dict[int, str] = {}  # texts by id: the messages' table parts and hands' lists
    for message in messages:
        if message is not first and not layout.fits(message):  # the first is the layout's
            texts.append(encode(message))
            continue
        view = message["view"]
        values = [_value(message["seat"]), _known(message["table"], known),
                  _hands(view["hands"], known), *[_value(view[k]) for k in OWN[1:]]]  # fmt: skip
        values += (_value(view["present"]["tip"]), "")  # "": after the last piece
        texts.append("".join(chain.from_iterable(zip(pieces, values, strict=True))))
    return texts


def _known(value: Any, known: dict[int, str]) -> str:
    """`encode(value)`, written once for each object among one broadcast's messages (they
    are alive while it is written, so their ids are theirs)."""
    text = known.get(id(value))
    if text is None:
        text = known[id(value)] = encode(value)
    return text


def _hands(hands: Any, known: dict[int, str]) -> str:
    """`encode(hands)`: a view's `hands`, whose lists are the public part's but its own seat's
    (games.engine.views.table_views), each list written once a broadcast."""
    if hands.__class__ is not list:
        return _value(hands)
    return "[" + ", ".join([_known(hand, known) for hand in hands]) + "]"
