"""The engine's texts as data (games.engine.presentation.text) said in the active language:
for the pages the server renders (score sheets, history rows, the lobby), and the table of
translated templates the page scripts render them with (static/js/present.js)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext, pgettext, trans_real

from games.engine import descriptors, presentation
from games.engine.presentation import YOU
from games.engine.presentation.text import TEMPLATES  # each marked template, its plural or None
from games.labels import card_text, suit_name

CONTEXT = "\x04"  # between a template's context and its message (gettext's own key)


def say(value: Any, names: list[str], viewer: int | None = None) -> str:
    """A text, cell or value in words; `names`: each seat's name."""
    if not isinstance(value, dict):
        return str(value)
    if "key" in value:
        return _template(value, names, viewer)
    if "join" in value:
        return value["join"].join(say(part, names, viewer) for part in value["parts"])
    if "seat" in value:
        return (
            gettext(YOU) if value.get("you") and value["seat"] == viewer else names[value["seat"]]
        )
    if "seats" in value:
        return ", ".join(names[s] for s in value["seats"])
    if "team" in value:
        return " ".join([say(value["team"], names), *(names[s] for s in value["seats"])])
    if "card" in value or "card_index" in value:
        return card_text(value.get("card") or value["card_index"])
    return suit_name(value.get("suit") or value["suit_word"])


def _template(text: dict[str, Any], names: list[str], viewer: int | None) -> str:
    args = {name: say(v, names, viewer) for name, v in text.get("args", {}).items()}
    key = text["key"]
    if CONTEXT in key:
        template = pgettext(*key.split(CONTEXT))
    elif "count" in text:
        template = ngettext(key, TEMPLATES[key] or key, text["args"][text["count"]])
    else:
        template = gettext(key)
    return template % args if args else template


def page_texts() -> dict[str, str | list[str]]:
    """Every template of the presentation in the active language, for the page scripts: a
    string, or a template with a plural form as its forms in the catalogue's order (the
    page picks one with the catalogue's `pluralidx`)."""
    catalog = trans_real.catalog()._catalog  # as Django's JavaScriptCatalog reads it
    out: dict[str, str | list[str]] = {}
    for key, plural in TEMPLATES.items():
        if plural is None:
            out[key] = pgettext(*key.split(CONTEXT)) if CONTEXT in key else gettext(key)
            continue
        forms: list[str] = []
        while (key, len(forms)) in catalog:
            forms.append(catalog[(key, len(forms))])
        out[key] = forms or [key, plural]
    return out


def page_facts(game: str) -> dict[str, Any]:
    """What a page's script reads of a game (JSON): its descriptors, the names of its stages,
    turned card and guide step (presentation.page_facts), and every template of the
    presentation translated."""
    return {
        **descriptors.page_facts(game),
        "present": presentation.page_facts(game),
        "texts": page_texts(),
    }
