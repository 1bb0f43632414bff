"""Numbers a client sent in a form, read without trusting them."""

from __future__ import annotations

# The largest id a database row can have (a PostgreSQL bigint).
MOST = 2**63 - 1


def posted_id(value: object) -> int:
    """A row's id as a form sent it ("12"), or 0 for anything else: no digits, a sign, digits
    of another script ("²", "٣", which str.isdigit() accepts and int() does not), or too
    large for the database."""
    if not isinstance(value, str) or not (value.isascii() and value.isdigit()):
        return 0
    number = int(value)
    return number if 0 < number <= MOST else 0
