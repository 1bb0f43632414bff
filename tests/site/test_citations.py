"""Every document a comment cites exists, with the section it names (the form is
docs/architecture.md §9): `docs/<file>.md`, optionally followed by `§1.5` (the heading that
starts with that number) or `§"Heading text"` (the heading that starts with that text).
A mention of a document without `docs/`, a stack-notes pitfall by number or a `§` with
no document before it is an error too: a newcomer could not follow it."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SCANNED = {".py", ".js", ".html"}
SKIPPED_DIRS = {".venv", ".git", "node_modules", "staticfiles", "__pycache__", ".pytest_cache"}

CITATION = re.compile(r'docs/([\w.-]+\.md)(?:\s+§(\d+(?:\.\d+)*|"[^"]+"))?')
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$")
NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\.?(?:\s+|$)")
BARE = [
    (
        re.compile(r"(?<![\w/.-])(rules|game-record|stack-notes|protocol|architecture)\.md\b"),
        "a document named without docs/",
    ),
    (re.compile(r"\bpitfalls?\s+\d+", re.IGNORECASE), "a pitfall by number"),
    (re.compile(r"\bstack[- ]notes\b", re.IGNORECASE), "the stack notes without docs/"),
    (re.compile(r"\barchitecture principle", re.IGNORECASE), "the architecture without docs/"),
    (re.compile(r"§"), "a § with no docs/<file>.md before it"),
]


@cache
def headings(name: str) -> tuple[str, ...] | None:
    """The heading texts of docs/<name>, or None where there is no such document."""
    path = DOCS / name
    if not path.is_file():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    return tuple(m.group(1) for m in map(HEADING.match, lines) if m)


def section_exists(name: str, section: str) -> bool:
    """Whether docs/<name> has the heading that `§<section>` names."""
    texts = headings(name) or ()
    if section.startswith('"'):
        wanted = section.strip('"').casefold()
        for text in texts:
            for form in (text, NUMBER.sub("", text)):
                rest = form.casefold().removeprefix(wanted)
                if form.casefold().startswith(wanted) and not rest[:1].isalnum():
                    return True
        return False
    return any((m := NUMBER.match(text)) and m.group(1) == section for text in texts)


def problems(line: str) -> list[str]:
    """What is wrong with the citations on one line of code (empty: nothing)."""
    found = []
    for m in CITATION.finditer(line):
        name, section = m.group(1), m.group(2)
        if headings(name) is None:
            found.append(f"docs/{name} does not exist")
        elif section and not section_exists(name, section):
            found.append(f"docs/{name} has no heading §{section}")
    rest = CITATION.sub(" ", line)
    found += [f"{what}: {m.group(0)!r}" for rx, what in BARE for m in rx.finditer(rest)]
    return found


def scanned_files() -> list[Path]:
    """The project's own code, templates and scripts (not the virtualenv, not this file)."""
    files = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        for name in names:
            path = Path(folder) / name
            if path.suffix in SCANNED and path != Path(__file__).resolve():
                files.append(path)
    return sorted(files)


def test_every_citation_names_an_existing_document_and_heading():
    errors = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            errors += [f"{path.relative_to(ROOT)}:{number}: {p}" for p in problems(line)]
    assert not errors, "unresolved citations:\n" + "\n".join(errors)


def test_the_checker_finds_code_to_scan():
    names = {p.relative_to(ROOT).as_posix() for p in scanned_files()}
    assert {"games/engine/knockout.py", "static/js/table.js", "manage.py"} <= names
    assert not any(n.startswith(".venv/") for n in names)


def test_a_numbered_section_resolves_to_its_heading():
    assert problems("# docs/rules.md §1.5: a dog's life") == []
    assert problems("# docs/rules.md §1: Knockout Whist") == []


def test_a_quoted_section_resolves_to_the_start_of_a_heading():
    assert problems('# docs/protocol.md §"Time, presence, bots"') == []
    assert problems('# docs/rules.md §"Dog\'s life"') == []


def test_a_missing_heading_is_reported():
    assert problems("# docs/rules.md §9.9") == ["docs/rules.md has no heading §9.9"]
    assert problems('# docs/rules.md §"Dogs"') == ['docs/rules.md has no heading §"Dogs"']


def test_a_missing_document_is_reported():
    assert problems("# docs/nowhere.md §1") == ["docs/nowhere.md does not exist"]


def test_a_bare_document_name_is_reported():
    assert problems("# rules.md §1: fair lead") != []
    assert problems("# see game-record.md") != []


def test_a_pitfall_by_number_is_reported():
    assert problems("# redis-py 8 kills idle sockets (pitfall 2)") != []
    assert problems("# (stack-notes)") != []
    assert problems("# the seat's view only (architecture principle 3)") != []


def test_a_section_sign_without_a_document_is_reported():
    assert problems("# as the ranking says (§2)") != []
