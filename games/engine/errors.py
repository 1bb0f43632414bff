"""Errors that explain themselves in words a site can translate: a template and its values.

The engine reads only English; a site looks the template up in its own catalogue (the
templates are marked with `gettext_noop`, which catalogue tools find) and fills in the
same values.
"""

from __future__ import annotations

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message template for translation catalogues; returns it unchanged."""
    return message


class Plural(str):
    """A message template with a plural form: the singular (English) as the string, its
    `plural`, and `counter`, the name of the value that picks the form."""

    __slots__ = ("counter", "plural")
    plural: str
    counter: str

    def __new__(cls, singular: str, plural: str, count: str) -> Plural:
        made = super().__new__(cls, singular)
        made.plural, made.counter = plural, count
        return made

    def form(self, params: dict[str, Any]) -> str:
        """The English form for these values."""
        return str(self) if params.get(self.counter) == 1 else self.plural


def ngettext(singular: str, plural: str, count: str) -> Plural:
    """Mark a message with a plural form for translation catalogues (they read the first two
    arguments as gettext's `ngettext`); `count` names the value that picks the form."""
    return Plural(singular, plural, count)


class Explained(ValueError):
    """A refusal whose message is `template % params` (%-style, named values); a `Plural`
    template picks its form by its count."""

    def __init__(self, template: str, **params: Any) -> None:
        text = template.form(params) if isinstance(template, Plural) else template
        super().__init__(text % params if params else text)
        self.template = template
        self.params = params


class SeatNo(int):
    """A seat in a message, as the engine counts it (from 0); a site shows it as its table
    does (records.uploads: "seat 2" for seat 1). Formats as the plain number."""

    def __str__(self) -> str:
        return int.__str__(self)


class CardCode(str):
    """A card in a message, by its record code ("3S"); a site shows it as its table does
    ("3♠")."""

    __slots__ = ()


class ActionText(str):
    """An action in a message, in the engine's words ("seat 1 play 3S"); `seat`, `kind` and
    `details` let a site say it as its table does."""

    seat: int
    kind: str
    details: tuple[str, ...]

    def __new__(cls, seat: int, kind: str, details: tuple[str, ...]) -> ActionText:
        made = super().__new__(cls, " ".join([f"seat {seat}", kind, *details]))
        made.seat, made.kind, made.details = seat, kind, details
        return made
