"""The lessons of each game, in the order they are taught."""

from __future__ import annotations

from .course import Lesson
from .german import LESSONS as GERMAN
from .knockout import LESSONS as KNOCKOUT
from .knockout_choosing import LESSONS as KNOCKOUT_CHOOSING
from .knockout_exchange import LESSONS as KNOCKOUT_EXCHANGE
from .knockout_fixed import LESSONS as KNOCKOUT_FIXED
from .knockout_house import CLAIMS as KNOCKOUT_CLAIMS
from .knockout_house import LESSONS as KNOCKOUT_DUTCH
from .whist import LESSONS as WHIST

COURSES: dict[str, tuple[Lesson, ...]] = {
    "knockout": (
        KNOCKOUT
        + KNOCKOUT_DUTCH
        + KNOCKOUT_CHOOSING
        + KNOCKOUT_EXCHANGE
        + KNOCKOUT_FIXED
        + KNOCKOUT_CLAIMS
    ),
    "whist": WHIST,
    "german": GERMAN,
}


def find(game: str, slug: str) -> Lesson | None:
    return next((lesson for lesson in COURSES.get(game, ()) if lesson.slug == slug), None)
