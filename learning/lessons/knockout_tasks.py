"""The shapes of Knockout Whist's lessons, one a task kind, so that a lesson is its data only:
a task in the first round (its exchange or first trick), and a task in a later round after
scripted ones.
Every lesson is dealt three cards a player in round 1 (`start_cards` 3) unless its options
say otherwise."""

from __future__ import annotations

from typing import Any

from .course import Deal, Lesson, Wrong

Texts = tuple[str, str, str, str]


# A round 1 of two cards each that the learner sweeps: they choose trump in round 2 (the
# choosing-trump lessons of knockout.py and knockout_house.py play it first).
SWEPT_ROUND_ONE = Deal(("AS KS 2C", "QS 3D 3C"), turned="5H")
SWEPT_ROUND_ONE_SCRIPT = ("0 play AS", "1 play QS", "0 play KS", "1 play 3D", "0 play 2C",
                          "1 play 3C")  # fmt: skip

# A round 1 of three cards each in which the learner takes no trick and the opponent chooses
# round 2's trump (the dog's-life lesson of knockout.py, the safe first round's of
# knockout_fixed.py).
TRICKLESS_ROUND_ONE = Deal(("2C 3C 4C", "AC KC QC"), turned="5S")
TRICKLESS_ROUND_ONE_SCRIPT = ("0 play 2C", "1 play AC", "1 play KC", "0 play 3C", "1 play QC",
                              "0 play 4C")  # fmt: skip


def first_trick(
    slug: str,
    texts: Texts,
    hands: tuple[str, ...],
    turned: str,
    dealer: int = 0,
    stock: str = "",
    **task: Any,
) -> Lesson:
    """A task in round 1 (seat 0 deals unless `dealer` says; `stock`, the top of the stock,
    for the exchange); the players are as many as the hands."""
    return _lesson(slug, texts, (Deal(hands, turned, stock),), dealer, **task)


def next_round(
    slug: str, texts: Texts, deals: tuple[Deal, ...], dealer: int = 1, **task: Any
) -> Lesson:
    """A task in a later round (round 2, or the round of the last deal), seat 1 dealing
    round 1 unless `dealer` says: the script plays the rounds before it out, and that round
    up to the task."""
    return _lesson(slug, texts, deals, dealer, **task)


def _lesson(
    slug: str,
    texts: Texts,
    deals: tuple[Deal, ...],
    dealer: int,
    *,
    script: tuple[str, ...],
    right: str,
    wrong: dict[str, Wrong],
    options: dict[str, Any] | None = None,
    **more: Any,
) -> Lesson:
    """`texts`: the title, the explanation, the task and what the right answer says."""
    title, explain, task, right_says = texts
    return Lesson(
        slug=slug, game="knockout", players=len(deals[0].hands),
        options={"start_cards": 3, **(options or {})},
        title=title, explain=explain, task=task, right=right, right_says=right_says,
        deals=deals, dealer=dealer, script=script, wrong=wrong, **more,
    )  # fmt: skip
