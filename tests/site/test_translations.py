"""English, German and Dutch: every text of the site has its translation, compiled and used:
the Python code's of every package (lessons and puzzles included), the templates' and the
pages' scripts'."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.utils.translation.template import templatize

from tests.site import po_file

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "nl")
DOMAINS = ("django", "djangojs")
MARKERS = {"_", "gettext", "gettext_lazy", "gettext_noop", "pgettext", "pgettext_lazy"}
# Every package of the site: bench/ and tests/ show nothing to a player.
SOURCES = tuple(
    sorted(
        p.parent.name for p in ROOT.glob("*/__init__.py") if p.parent.name not in ("bench", "tests")
    )
)


def po_entries(path: Path) -> dict[str, tuple[str, bool]]:
    """msgid -> (msgstr, fuzzy) of a .po file (singular entries; plural forms as their msgid;
    entries with a context as "context\x04msgid")."""
    entries = {}
    for block, fields in po_file.entries(path):
        text = fields.get("msgstr", fields.get("msgstr[0]", ""))
        # pgettext entries are keyed as gettext stores them: context, EOT, msgid.
        key = (
            f"{fields['msgctxt']}\x04{fields['msgid']}" if "msgctxt" in fields else fields["msgid"]
        )
        entries[key] = (text, "fuzzy" in block.split("msgid", 1)[0])
    return entries


def marked_strings() -> set[str]:
    """Every string literal the Python code marks for translation."""
    found = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                text = node.args[-1] if name in {"pgettext", "pgettext_lazy"} else node.args[0]
                if name in MARKERS and isinstance(text, ast.Constant) and text.value:
                    context = node.args[0] if name in {"pgettext", "pgettext_lazy"} else None
                    if isinstance(context, ast.Constant):  # keyed as po_entries keys it
                        found.add(f"{context.value}\x04{text.value}")
                    else:
                        found.add(text.value)
    return found


def template_strings() -> set[str]:
    """Every text the templates mark ({% translate %}, {% blocktranslate %}), read as
    makemessages reads them (Django's templatize), keyed as po_entries keys them."""
    found = set()
    literal = r"'(?:[^'\\]|\\.)*'"
    paths = [p for folder in ("templates", *SOURCES) for p in (ROOT / folder).rglob("*.html")]
    for path in paths:
        code = templatize(path.read_text(), origin=str(path))
        for call in re.finditer(rf"\b(n?p?gettext)\(((?:{literal}|[\s,\w])*)\)", code):
            texts = [ast.literal_eval(x) for x in re.findall(literal, call.group(2))]
            context = call.group(1) in ("pgettext", "npgettext")
            found.add(f"{texts[0]}\x04{texts[1]}" if context else texts[0])
    return found


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_entry_is_translated(language: str, domain: str) -> None:
    entries = po_entries(ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po")
    untranslated = [m for m, (text, fuzzy) in entries.items() if not text or fuzzy]
    assert len(entries) > 100
    assert not untranslated, untranslated


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_holds_every_entry_as_written(language: str, domain: str) -> None:
    folder = ROOT / "locale" / language / "LC_MESSAGES"
    with (folder / f"{domain}.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for msgid, (text, _fuzzy) in po_entries(folder / f"{domain}.po").items():
        assert compiled.gettext(msgid) == text or "msgid_plural" in msgid, msgid


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_the_code_marks_is_in_the_catalogue(language: str) -> None:
    """Engine refusals (gettext_noop), service errors and labels: run makemessages if not."""
    entries = po_entries(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    missing = sorted(marked_strings() - set(entries))
    assert len(marked_strings()) > 100
    assert not missing, missing


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_the_templates_mark_is_in_the_catalogue(language: str) -> None:
    entries = po_entries(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    assert len(template_strings()) > 100
    assert not sorted(template_strings() - set(entries))


def test_every_string_the_pages_scripts_mark_is_in_the_catalogue() -> None:
    marked = set()
    for path in (ROOT / "static" / "js").glob("*.js"):
        for literal in re.findall(r'\bn?gettext\(\s*("(?:[^"\\]|\\.)*")', path.read_text()):
            marked.add(ast.literal_eval(literal))
    assert len(marked) > 100
    for language in LANGUAGES:
        entries = po_entries(ROOT / "locale" / language / "LC_MESSAGES" / "djangojs.po")
        assert not sorted(marked - set(entries)), language
