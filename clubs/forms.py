"""The forms of clubs: a new club, and what its owners change of it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from clubs.services.clubs import ABOUT_LENGTH


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name"), min_length=3, max_length=60)
    about = forms.CharField(
        label=_("About the club"), max_length=ABOUT_LENGTH, required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )  # fmt: skip
    joining = forms.ChoiceField(
        label=_("How players join"), choices=Club.Joining.choices, initial=Club.Joining.OPEN
    )

    def __init__(self, *args: Any, edit: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        if edit:  # a club keeps its name (and its address)
            del self.fields["name"]
