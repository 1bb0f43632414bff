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


class Explained(ValueError):
    """A refusal whose message is `template % params` (%-style, named values)."""

    def __init__(self, template: str, **params: Any) -> None:
        super().__init__(template % params if params else template)
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
