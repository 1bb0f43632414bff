"""`{% house_rules game options %}`: a table's (or a stored game's) non-default options,
named in the viewer's language (games.labels.house_rules), as the lobby row, the table, the
game page and an invitation show them (templates/games/house_rules.html)."""

from __future__ import annotations

from typing import Any

from django import template

from games import labels

register = template.Library()


@register.inclusion_tag("games/house_rules.html")
def house_rules(game: str, options: dict[str, Any] | None) -> dict[str, Any]:
    return {"house_rules": labels.house_rules(game, options)}
