"""Changing the legal pages (the admin and `manage.py legal_import` both come here, so that
every change of a text moves its page's version on) and recording a player's acceptance."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from legal.models import Acceptance, LegalDocument, LegalText
from legal.selectors import document


def version_bump(kind: str) -> None:
    LegalDocument.objects.filter(kind=kind).update(version=F("version") + 1, changed=timezone.now())


def text_set(kind: str, language: str, body: str) -> bool:
    """Set the page's text in `language` (empty: back to the English or default text); say
    whether it changed (then the page's version moves on)."""
    body = body.replace("\r\n", "\n").strip()
    with transaction.atomic():
        doc = document(kind)
        old = LegalText.objects.filter(document=doc, language=language).first()
        if (old.body if old else "") == body:
            return False
        if not body:
            old.delete()
        elif old is None:
            LegalText.objects.create(document=doc, language=language, body=body)
        else:
            old.body = body
            old.save(update_fields=["body"])
        version_bump(kind)
    return True


def accept(user: Any, kind: str) -> Acceptance:
    """Record that `user` accepted the page's current version."""
    return Acceptance.objects.create(user=user, kind=kind, version=document(kind).version)
