"""Card backs and card fronts, unlocked independently: by level or by achievement
(docs/rules.md §4.2). static/js/cards.js draws each design by the same id."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

BACK, FRONT = "back", "front"


@dataclass(frozen=True)
class Design:
    kind: str  # BACK or FRONT
    id: str
    name: str | Promise
    level: int = 1  # unlocked at this level ...
    achievement: str = ""  # ... or, if set, by this achievement instead

    def open_to(self, level: int, achievements: Iterable[str]) -> bool:
        if self.achievement:
            return self.achievement in achievements
        return level >= self.level


DESIGNS: tuple[Design, ...] = (
    Design(BACK, "red", _("Red lattice")),
    Design(BACK, "blue", _("Blue lattice")),
    Design(BACK, "tartan", _("Green tartan"), level=3),
    Design(BACK, "stars", _("Night sky"), level=5),
    Design(BACK, "gold", _("Gold filigree"), level=10),
    Design(BACK, "dog", _("Lucky dog"), achievement="dogs_life"),
    Design(BACK, "crown", _("Crown"), achievement="rubber"),
    Design(FRONT, "classic", _("Classic")),
    Design(FRONT, "four_colour", _("Four colours")),
    Design(FRONT, "large", _("Large index")),
    Design(FRONT, "parchment", _("Parchment"), level=4),
    Design(FRONT, "night", _("Night"), achievement="beat_expert"),
)
DEFAULT = {BACK: "red", FRONT: "classic"}


def designs(kind: str) -> list[Design]:
    return [d for d in DESIGNS if d.kind == kind]


def unlocked(level: int, achievements: Iterable[str]) -> set[tuple[str, str]]:
    """(kind, id) of every design a player at `level` with these achievements may use."""
    codes = set(achievements)
    return {(d.kind, d.id) for d in DESIGNS if d.open_to(level, codes)}


def newly_unlocked(
    before: tuple[int, Iterable[str]], after: tuple[int, Iterable[str]]
) -> list[tuple[str, str]]:
    """(kind, id) of the designs unlocked between two (level, achievements) points, in order."""
    old, new = unlocked(*before), unlocked(*after)
    return [(d.kind, d.id) for d in DESIGNS if (d.kind, d.id) in new - old]
