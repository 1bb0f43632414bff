"""Reading the legal pages: the operator's text in the reader's language (else English,
else the site's default text shipped in legal/defaults/), with its version."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings

from legal.models import Kind, LegalDocument, LegalText

DEFAULTS = Path(__file__).resolve().parent / "defaults"


@dataclass(frozen=True)
class Page:
    kind: str
    body: str
    version: int
    changed: datetime | None
    operators: bool  # False: the site's default text, not yet the operator's own


def default_text(kind: str, language: str) -> str:
    path = DEFAULTS / f"{kind}.{language}.txt"
    if not path.exists():
        path = DEFAULTS / f"{kind}.{settings.LANGUAGE_CODE}.txt"
    return path.read_text(encoding="utf-8")


def document(kind: str) -> LegalDocument:
    """The page's row (made at its first use: version 1)."""
    if kind not in Kind.values:
        raise LookupError(kind)
    return LegalDocument.objects.get_or_create(kind=kind)[0]


def current_version(kind: str) -> int:
    return document(kind).version


def page(kind: str, language: str) -> Page:
    doc = document(kind)
    texts = dict(LegalText.objects.filter(document=doc).values_list("language", "body"))
    body = texts.get(language) or texts.get(settings.LANGUAGE_CODE)
    if body:
        return Page(kind, body, doc.version, doc.changed, True)
    return Page(kind, default_text(kind, language), doc.version, doc.changed, False)
