"""The lessons of each game, in the order they are taught."""

from __future__ import annotations

from .course import Lesson
from .german import LESSONS as GERMAN
from .knockout import LESSONS as KNOCKOUT
from .knockout_house import LESSONS as KNOCKOUT_HOUSE
from .whist import LESSONS as WHIST

COURSES: dict[str, tuple[Lesson, ...]] = {
    "knockout": KNOCKOUT + KNOCKOUT_HOUSE,
    "whist": WHIST,
    "german": GERMAN,
}


def find(game: str, slug: str) -> Lesson | None:
    return next((lesson for lesson in COURSES.get(game, ()) if lesson.slug == slug), None)
