"""The card-design form of a profile: a back and a front among those the player unlocked."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rankings.unlocks import BACK, FRONT, designs, unlocked


class CardChoiceForm(forms.Form):
    """Only unlocked designs are valid choices; the page shows the locked ones disabled."""

    back = forms.ChoiceField(label=_("Card back"))
    front = forms.ChoiceField(label=_("Card front"))

    def __init__(self, *args: Any, level: int, achievements: Iterable[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        allowed = unlocked(level, achievements)
        for kind in (BACK, FRONT):
            self.fields[kind].choices = [
                (d.id, d.name) for d in designs(kind) if (kind, d.id) in allowed
            ]
