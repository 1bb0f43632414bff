"""The quick-play pool's lines in words, in each language."""

from __future__ import annotations

from django.utils import translation

from games.sockets.pool_messages import line_name


def test_a_pool_line_for_three_reads_as_german() -> None:
    """German said "Knockout-Whist zu 3t": a written-out "zu dritt" with a digit, which no
    German writes (nor "zu 4t", "zu 7t")."""
    with translation.override("de"):
        assert line_name("knockout", 3, False) == "Knockout-Whist mit 3 Spielern · ungewertet"
