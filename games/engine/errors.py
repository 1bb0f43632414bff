"""Errors that explain themselves in words a site can translate: a template and its values.

The engine reads only English; a site looks the template up in its own catalogue (the
templates are marked with `gettext_noop`, which catalogue tools find) and fills in the
same values.
"""

from __future__ import annotations

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message template for translation catalogues; returns it unchanged."""
    return message


class Explained(ValueError):
    """A refusal whose message is `template % params` (%-style, named values)."""

    def __init__(self, template: str, **params: Any) -> None:
        super().__init__(template % params if params else template)
        self.template = template
        self.params = params
