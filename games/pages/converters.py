"""URL converter of row ids: at most 18 digits, so an id always fits PostgreSQL's bigint
(a longer one is a 404, not a database error)."""

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")
