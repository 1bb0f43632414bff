"""Where the site keeps a player: every model with a key to the user model, found by
walking the installed models (the export, the erasure and their tests read this)."""

from __future__ import annotations

from django.apps import apps
from django.conf import settings
from django.db import models


def user_keys() -> list[tuple[type[models.Model], list[str]]]:
    """(model, names of its fields that are keys to a user) for every installed model with
    one, the user model's own many-to-many tables included."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    found = []
    for model in apps.get_models(include_auto_created=True):
        names = [
            f.name for f in model._meta.concrete_fields
            if f.is_relation and f.related_model is user_model
        ]  # fmt: skip
        if names:
            found.append((model, names))
    return found
