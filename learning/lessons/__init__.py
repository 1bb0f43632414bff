"""The lessons of each game, in the order they are taught."""

from __future__ import annotations

from .course import Lesson
from .knockout import LESSONS as KNOCKOUT

COURSES: dict[str, tuple[Lesson, ...]] = {"knockout": KNOCKOUT}


def find(game: str, slug: str) -> Lesson | None:
    return next((lesson for lesson in COURSES.get(game, ()) if lesson.slug == slug), None)
