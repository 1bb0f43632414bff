"""The entries of a gettext catalogue (.po) as the site's translation tests read them."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

FIELD = re.compile(r'^(msgctxt|msgid|msgstr|msgid_plural|msgstr\[\d+\]) (".*")$')


def entries(path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """Each entry with a msgid (obsolete ones left out): its block of text (comments and flags
    included) and its fields, msgctxt, msgid, msgid_plural, msgstr or msgstr[n], unquoted."""
    for block in path.read_text().split("\n\n"):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            match = FIELD.match(line)
            if match:
                key = match.group(1)
                fields[key] = ast.literal_eval(match.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid"):
            yield block, fields
