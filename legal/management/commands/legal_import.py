"""`manage.py legal_import DIR`: load the operator's texts of the legal pages from files
named `<page>.<language>.txt` (page: imprint, privacy or terms; language: en, de or nl), in
the format of legal/text.py; a changed text moves its page's version on."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from legal.models import Kind
from legal.services import text_set
from runtime.command_errors import OneLineErrors

NAME = re.compile(r"^(?P<kind>[a-z]+)\.(?P<language>[a-z]{2})\.txt$")


class Command(OneLineErrors, BaseCommand):
    help = "Load the legal pages' texts from files named <page>.<language>.txt in DIR."

    def add_arguments(self, parser) -> None:
        parser.add_argument("directory")

    def handle(self, directory: str, **options) -> None:
        folder = Path(directory)
        if not folder.is_dir():
            what = "not a directory" if folder.exists() else "no such directory"
            raise CommandError(f"{directory}: {what}", returncode=2)
        languages = {code for code, _name in settings.LANGUAGES}
        files = sorted(p for p in folder.iterdir() if p.suffix == ".txt")
        if not files:
            raise CommandError(f"{directory}: no <page>.<language>.txt files", returncode=2)
        plan = []
        for path in files:
            match = NAME.match(path.name)
            if not match or match["kind"] not in Kind.values or match["language"] not in languages:
                raise CommandError(
                    f"{path.name}: expected <page>.<language>.txt with page one of "
                    f"{', '.join(Kind.values)} and language one of {', '.join(sorted(languages))}",
                    returncode=2,
                )
            plan.append((match["kind"], match["language"], _text(path)))
        for kind, language, body in plan:
            changed = text_set(kind, language, body)
            self.stdout.write(f"{kind}.{language}: {'changed' if changed else 'unchanged'}")


def _text(path: Path) -> str:
    """The file's text; a folder, a link to nothing, an unreadable file, bytes that are not
    UTF-8 or a NUL character (PostgreSQL's text holds none) are one line and exit 2."""
    if not path.is_file():
        raise CommandError(f"{path.name}: not a file", returncode=2)
    try:
        body = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CommandError(f"{path.name}: not UTF-8 text", returncode=2) from None
    except OSError as error:
        raise CommandError(f"{path.name}: {error.strerror}", returncode=2) from None
    if "\x00" in body:
        raise CommandError(f"{path.name}: holds a NUL character", returncode=2)
    return body
