"""Forms of the records pages: the history's filters, the record upload, and a moderator's
reason for annulling a game."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import labels
from records.uploads import MAX_BYTES


class HistoryFilterForm(forms.Form):
    """Filters of a player's history; every one optional."""

    game = forms.ChoiceField(
        label=_("Game"), required=False,
        choices=lambda: [("", _("All games")), *labels.game_names().items()],
    )  # fmt: skip
    result = forms.ChoiceField(
        label=_("Result"), required=False,
        choices=[("", _("Any result")), ("won", _("won")), ("lost", _("lost")),
                 ("drawn", _("drawn")), ("resigned", _("resigned")), ("annulled", _("annulled"))],
    )  # fmt: skip
    rated = forms.ChoiceField(
        label=_("Rated"), required=False,
        choices=[("", _("Rated and casual")), ("rated", _("rated")), ("casual", _("casual"))],
    )  # fmt: skip
    # Practice games ("play from here": a stored game's step played on against bots) are
    # not games the player played against people: kept apart, as the statistics keep them.
    kind = forms.ChoiceField(
        label=_("Games"), required=False,
        choices=[("", _("Games played")), ("practice", _("Practice games"))],
    )  # fmt: skip

    def filters(self) -> dict[str, Any]:
        """The chosen filters as history() takes them (nothing for an invalid form)."""
        if not self.is_valid():
            return {}
        data = self.cleaned_data
        rated = {"rated": True, "casual": False}.get(data.get("rated") or "")
        return {"game": data.get("game"), "result": data.get("result"), "rated": rated,
                "practice": data.get("kind") == "practice"}  # fmt: skip


class UploadForm(forms.Form):
    """One record file, at most MAX_BYTES."""

    file = forms.FileField(label=_("Record file"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Made here, in the request's language: at import it was English on every page.
        self.fields["file"].help_text = _("A whist-record/1 JSON file of at most %(size)s MB.") % {
            "size": MAX_BYTES // (1024 * 1024)}  # fmt: skip


class AnnulForm(forms.Form):
    """Why a moderator annuls a game (shown on the game page and kept in the audit log)."""

    reason = forms.CharField(
        label=_("Reason"), max_length=300, strip=True,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": 300}),
        help_text=_("Shown on the game page to everyone, and kept in the audit log."),
    )  # fmt: skip
