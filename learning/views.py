"""The lessons pages: a course per game and one page per lesson. The lesson's answers are
worked out here by the engine (learning.lessons.course) and sent with the page, so the
browser answers at once; a player's progress is stored on POST, a visitor's in the browser."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.http import require_POST

from games import labels
from games.engine import apply, card_str, parse_cards
from games.engine.cards import NT, cards_of, suit_str
from learning.lessons import COURSES, find
from learning.lessons.course import (
    ILLEGAL,
    LEARNER,
    Lesson,
    action_of,
    answer,
    choices,
    exchange_text,
    position,
    shown,
)
from learning.models import LessonDone

# What a course's lessons ask of the learner, as its page introduces them: each kind of
# answer its lessons take (tests/learning/test_pages.py checks them against the lessons).
INTROS = {
    "knockout": gettext_noop(
        "Each lesson is one position of a deal: read the sentence, then play a card or knock, "
        "choose the trump suit, pick the cards to exchange, or claim the tricks that are sure. "
        "Your answer is checked at once."
    ),
    "whist": gettext_noop(
        "Each lesson is one position of a deal: read the sentence, then play a card or count "
        "the points. Your answer is checked at once."
    ),
    "german": gettext_noop(
        "Each lesson is one position of a deal: read the sentence, then play a card. Your "
        "answer is checked at once."
    ),
}


def _done(request: HttpRequest, game: str) -> set[str]:
    if not request.user.is_authenticated:
        return set()
    rows = LessonDone.objects.filter(user=request.user, game=game)
    return set(rows.values_list("slug", flat=True))


def course(request: HttpRequest, game: str) -> HttpResponse:
    if game not in COURSES:
        raise Http404(_("No such game."))
    done = _done(request, game)
    rows = [(lesson, _(lesson.title), lesson.slug in done) for lesson in COURSES[game]]
    tabs = [(code, labels.game_name(code)) for code in COURSES]
    context = {
        "game": game, "game_name": labels.game_name(game), "rows": rows, "tabs": tabs,
        "intro": _(INTROS[game]),
    }  # fmt: skip
    return render(request, "learning/course.html", context)


def lesson(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    found = find(game, slug)
    if found is None:
        raise Http404(_("No such lesson."))
    lessons = COURSES[game]
    index = lessons.index(found)
    following = lessons[index + 1] if index + 1 < len(lessons) else None
    context = {
        "game": game, "game_name": labels.game_name(game), "lesson": found,
        "title": _(found.title), "explain": _(found.explain), "task": _(found.task),
        "number": index + 1, "count": len(lessons), "following": following,
        "done": found.slug in _done(request, game), "payload": _payload(found),
    }  # fmt: skip
    return render(request, "learning/lesson.html", context)


def _payload(lesson: Lesson) -> dict[str, Any]:
    """What the page's script needs: the position, every answer and what it says."""
    state = position(lesson)
    names = [_("You")] + [_("Bot %(n)s") % {"n": n} for n in range(1, lesson.players)]
    if lesson.players == 4:  # Whist: the seat opposite is the learner's partner
        names[2] = _("Your partner")
    answers: dict[str, dict[str, Any]] = {}
    for text in (lesson.right, *lesson.also_right):
        answers[_key(text)] = {"right": True, "says": _(lesson.right_says), **_drawn(state, text)}
    for text, wrong in lesson.wrong.items():
        answers[_key(text)] = {"right": False, "says": _(wrong.says)}
    for text in choices(lesson):
        if _key(text) not in answers:
            words = lesson.illegal_others if answer(lesson, text) == ILLEGAL else lesson.others
            answers[_key(text)] = {"right": False, "says": _(words)}
    choosing = state.phase == "trump"
    return {
        **_house_rules(state, answers),
        "key": f"{lesson.game}/{lesson.slug}",
        "names": names,
        "hand": _hand(lesson, state),
        "trick": [[seat, card_str(card)] for seat, card in state.trick],
        "trump": _trump(lesson, state),
        "choose_trump": choosing,
        "counting": bool(lesson.count),
        "faceup": card_str(state.faceup) if getattr(state, "faceup", -1) >= 0 else "",
        "knock": any(text.endswith("knock") for text in answers),
        "buttons": _buttons(answers),
        "right": _key(lesson.right),
        "answers": answers,
        "shown": shown(lesson),
        "words": {
            "wins": _("%(name)s wins the trick."),
            "you_win": _("You win the trick."),
            "knock": _("Knock"),
            "trump": _("Trump"),
            "choose": _("Choose the trump suit"),
            "trick": _("The trick"),
            "faceup": _("Face-up talon card"),
            "hand": _("Your cards as dealt") if lesson.count else _("Your cards"),
            "then": _("What follows"),
            "votes": _("Votes"),
            "drawn": _("Your cards after the exchange"),
        },
        "suits": {
            "C": _("Clubs"), "D": _("Diamonds"), "H": _("Hearts"), "S": _("Spades"),
            "NT": _("No trump"),
        },
    }  # fmt: skip


def _house_rules(state: Any, answers: dict[str, Any]) -> dict[str, Any]:
    """What Knockout's house rules add to the page (docs/rules.md §1.7): no trump among the
    suits to choose, the votes cast before the choice, and the exchange's button, its label
    for each number of cards chosen."""
    votes = getattr(state, "votes", ())
    most = max((len(key.split()) - 1 for key in answers if key.startswith("exchange")), default=-1)
    labels = {"0": _("Keep all my cards")} if most >= 0 else {}
    for n in range(1, most + 1):
        labels[str(n)] = ngettext("Exchange %(n)s card", "Exchange %(n)s cards", n) % {"n": n}
    return {
        "no_trump": "trump NT" in answers,
        "votes": [[seat, suit_str(suit)] for seat, suit in votes],
        "exchange": bool(labels),
        "exchange_labels": labels,
    }


def _drawn(state: Any, text: str) -> dict[str, Any]:
    """A right exchange's cards after it: what the learner drew."""
    if text.split()[1] != "exchange":
        return {}
    hand = cards_of(apply(state, action_of(text)).hands[LEARNER])
    return {"hand": [card_str(c) for c in sorted(hand, reverse=True)]}


def _trump(lesson: Lesson, state: Any) -> str:
    """The trump the board names: a suit, "NT" for a round played without trump (Knockout's
    last round, docs/rules.md §1.7), or none before it is chosen or without a deal."""
    if not _dealt(lesson) or not 0 <= state.trump <= NT:
        return ""
    return suit_str(state.trump)


def _dealt(lesson: Lesson) -> bool:
    """Whether the page shows a deal: a counting lesson with no deal of its own (the rubber)
    shows none."""
    return bool(lesson.deals) or not lesson.count


def _hand(lesson: Lesson, state: Any) -> list[str]:
    """The learner's cards at the task; a counting lesson's, as dealt in its deal."""
    if lesson.count:
        cards = parse_cards(lesson.deals[0].hands[LEARNER]) if lesson.deals else []
    else:
        cards = list(cards_of(state.hands[LEARNER]))
    return [card_str(c) for c in sorted(cards, reverse=True)]


def _buttons(answers: dict[str, Any]) -> list[dict[str, str]]:
    """The claims or counts among the answers, smallest first (not the right one first)."""
    keys = [key for key in answers if key.split()[0] in ("claim", "count")]
    return [_button(key) for key in sorted(keys, key=lambda key: int(key.split()[1]))]


def _button(key: str) -> dict[str, str]:
    """ "claim 2" -> the button that claims two tricks; "count 4" -> the one that says 4."""
    kind, n = key.split()[0], int(key.split()[1])
    if kind == "claim":
        label = ngettext("Claim %(n)s trick", "Claim %(n)s tricks", n) % {"n": n}
    else:
        label = ngettext("%(n)s point", "%(n)s points", n) % {"n": n}
    return {"key": key, "label": label}


def _key(text: str) -> str:
    """ "0 play QS" -> "QS"; "0 trump D" -> "trump D"; "0 knock" -> "knock"; "0 claim 2" ->
    "claim 2"; "0 exchange 2C AH" -> "exchange 2C AH"."""
    if text.split()[1] == "count":
        return text.split(" ", 1)[1]
    action = action_of(text)
    if action.kind.value == "play":
        return card_str(action.card)
    if action.kind.value == "exchange":
        return exchange_text(action).split(" ", 1)[1]
    return text.split(" ", 1)[1]


@require_POST
def lesson_done(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """Store a lesson as done for a signed-in player (a visitor's browser keeps its own)."""
    if find(game, slug) is None:
        raise Http404(_("No such lesson."))
    if not request.user.is_authenticated:
        return JsonResponse({"saved": False})
    LessonDone.objects.get_or_create(user=request.user, game=game, slug=slug)
    return JsonResponse({"saved": True})
