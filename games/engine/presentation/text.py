"""Texts as data: a template people read (an i18n key, in English) with its values, which a
site renders in its reader's language (games/texts.py on the server, static/js/present.js
in the page). The engine never translates: it marks its templates for the catalogues and
names its values by kind (a seat, a card, a suit), which the site says as its table does.

A text is a JSON object: `{"key": template, "count": name, "args": {...}}` (`count` only for
a template with a plural form: the name of the value that picks the form). A value is a
number, a literal string, a text, or one of
- `{"seat": s}`: the seat's name (`"you": true`: "you" for the viewer's own seat);
- `{"seats": [s, ...]}`: their names, joined by ", ";
- `{"card": c}`: the card's name ("ace of spades"); `{"card_index": c}`: its index ("A♠");
- `{"suit": u}`: the suit's name ("Spades", "No trump"); `{"suit_word": u}`: as in a
  sentence ("spades");
- `{"join": separator, "parts": [...]}`: its parts' texts joined (", ", " · ", ": ").
A cell of a table is any such value, or `{"team": text, "seats": [...]}` (a team's name over
its players' names)."""

from __future__ import annotations

from typing import Any

from ..errors import Plural

Text = dict[str, Any]

# Every template the presentation marks, with its plural form (None: it has none), which the
# site translates for the page scripts (games/texts.py). Marking a template records it here,
# so the presentation marks its templates as its modules load (module constants, never in a
# function, which would record them only once it ran: tests/games/test_page_facts.py).
TEMPLATES: dict[str, str | None] = {}


def gettext_noop(message: str) -> str:
    """Mark a template for the catalogues (as gettext's `gettext_noop`) and record it."""
    TEMPLATES[message] = None
    return message


def ngettext(singular: str, plural: str, count: str) -> Plural:
    """Mark a template with a plural form for the catalogues (they read the first two
    arguments as gettext's `ngettext`; `count` names the value that picks the form) and
    record it with its plural."""
    TEMPLATES[singular] = plural
    return Plural(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Mark a template that needs a context (a word the site translates otherwise elsewhere)
    for the catalogues (they read the two arguments as gettext's `pgettext`) and record it;
    the key is gettext's own for it, the context and the message joined by EOT."""
    key = f"{context}\x04{message}"
    TEMPLATES[key] = None
    return key


YOU = gettext_noop("you")


def t(template: str, **args: Any) -> Text:
    """The text of `template` with these values."""
    out: Text = {"key": str(template)}
    if isinstance(template, Plural):
        out["count"] = template.counter
    if args:
        out["args"] = args
    return out


def seat(s: int, you: bool = False) -> dict[str, Any]:
    return {"seat": s, "you": True} if you else {"seat": s}


def seats(ss: list[int] | tuple[int, ...]) -> dict[str, Any]:
    return {"seats": list(ss)}


def card(c: str) -> dict[str, Any]:
    return {"card": c}


def card_index(c: str) -> dict[str, Any]:
    return {"card_index": c}


def suit(u: str) -> dict[str, Any]:
    return {"suit": u}


def suit_word(u: str) -> dict[str, Any]:
    return {"suit_word": u}


def join(separator: str, *parts: Any) -> dict[str, Any]:
    return {"join": separator, "parts": list(parts)}


def labelled(label: str, value: Any) -> dict[str, Any]:
    """ "Label: value", as the panels write a list of who is out, who voted, ..."""
    return join(": ", t(label), value)


def team(name: str, members: list[int] | tuple[int, ...]) -> dict[str, Any]:
    return {"team": t(name), "seats": list(members)}


def line(text: Any, css: str = "", testid: str = "") -> dict[str, Any]:
    """A paragraph of a panel or a summary (`css`: its class, `testid`: the tests' name)."""
    out: dict[str, Any] = {"p": text}
    if css:
        out["class"] = css
    if testid:
        out["testid"] = testid
    return out


def table(head: list[Any], rows: list[list[Any]]) -> dict[str, Any]:
    """A table of a panel or a summary: its header cells and its rows of cells."""
    return {"table": {"head": head, "rows": rows}}
