"""Each game's presentation as data: the panels, summaries and guide of the table page, the
score sheet of a stored game, the lobby's progress line, the replay's facts, as rows and
cells of texts with i18n keys (text.py). The one place that knows which game shows what:
everything else renders these generically (records.presenters and games/texts.py on the
server, static/js/present.js in the page; docs/architecture.md §3)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..descriptors import game_of
from . import german, knockout, whist
from .text import YOU, Text, gettext_noop, t

__all__ = ["YOU", "Text", "page_facts", "present", "present_views", "reason", "replay_rows",
           "score", "sheet", "stage_text"]  # fmt: skip

GAMES: dict[str, ModuleType] = {"knockout": knockout, "whist": whist, "german": german}


def present(view: dict[str, Any]) -> dict[str, Any]:
    """What the table page shows of a seat's (or a spectator's) view beyond the cards: the
    game's panels (`info`, `scores`: blocks), the `summary` of the stage that just ended
    (None, or a title and blocks; a new `stage` key is a new summary to show), the guide's
    `tip` for the viewer ([step, text] or None), the `notice` a screen reader reads when a
    deal starts, and the `turned` card shown beside the trump."""
    game = GAMES[view["game"]]
    seated = view["viewer"] is not None
    return {
        "info": game.info(view),
        "scores": game.scores(view),
        "summary": game.summary(view),
        "tip": game.tip(view) if seated and view["phase"] != "over" else None,
        "notice": game.notice(view),
        "turned": game.turned(view),
    }


def present_views(spectator: dict[str, Any], views: list[dict[str, Any]]) -> None:
    """`present` of a broadcast's views of one state (games.engine.views.table_views: the
    spectator's and seats'), set as each view's `present`: what only the public part decides
    (the panels, the summary, the notice, the turned card) built once, from the spectator's
    view, and shared; the guide's tip for each seat. tests/engine/test_present_views.py
    compares it with `present` of each view."""
    shared = spectator["present"] = present(spectator)
    tip = GAMES[spectator["game"]].tip
    over = spectator["phase"] == "over"
    for view in views:
        view["present"] = {**shared, "tip": None if over else tip(view)}


def page_facts(game: str) -> dict[str, Any]:
    """What a page's script reads of the game's presentation once: the name of its stages
    ("Round %(n)s"), of its turned card, and the guide's step of its own."""
    g = GAMES[game]
    return {
        "stage": g.STAGE,
        "turned": g.TURNED,
        "guide": {
            "step": g.STEP,
            "name": GUIDE_STEPS[g.STEP],
            "general": GUIDE_GENERAL[g.STEP],
            "deal": g.DEAL_TIP,
        },  # fmt: skip
    }


GUIDE_STEPS = {
    "dogs_life": gettext_noop("The dog's life"), "partners": gettext_noop("Partners"),
    "talon": gettext_noop("The talon"),
}  # fmt: skip
GUIDE_GENERAL = {
    "dogs_life": gettext_noop(
        "The dog's life: the first player who takes no trick in a round is not out yet. Next "
        "round they get a single card and may play it or knock (keep it for later); if it wins "
        "a trick they are back in."),
    "partners": gettext_noop(
        "Partners: you play with the player opposite you. Your tricks count together, so let "
        "your partner's winning card win."),
    "talon": gettext_noop(
        "The talon: in the first half the winner of each trick takes the face-up card, the "
        "loser the next one unseen. In the second half only the tricks count."),
}  # fmt: skip


def sheet(record: dict[str, Any]) -> dict[str, Any]:
    """A stored game's score sheet: `head` (cells), `rows` (each a `label`, `cells` and a
    `note`) and `totals` (cells, or None)."""
    made: dict[str, Any] = GAMES[record["game"]].sheet(record, len(record["seats"]))
    return made


def score(game: str, result: dict[str, Any], seat: int, place: int, players: int) -> Any:
    """A finished game's score from `seat`'s side, as a history row says it."""
    return GAMES[game].score(result, seat, place, players)


def stage_text(game: str, stage: dict[str, Any]) -> Text:
    """How far a game in play has got (the engine's `stage`), as the lobby says it."""
    text: Text = GAMES[game].stage_text(stage)
    return text


def replay_rows(game: str, frame: dict[str, Any]) -> list[list[Any]]:
    """The replay's [label, value] facts of a frame that are the game's own."""
    rows: list[list[Any]] = GAMES[game].replay_rows(frame)
    return rows


REASONS = {
    "last_player": gettext_noop("last player in"),
    "final_trick": gettext_noop("won the final trick"),
    "sweep": gettext_noop("took every trick"), "rainbow": gettext_noop("rainbow"),
    "target": gettext_noop("reached the target"), "rubber": gettext_noop("won the rubber"),
    "majority": gettext_noop("won more games"), "resign": gettext_noop("resignation"),
}  # fmt: skip


SECOND_HALF_WON = gettext_noop("took more tricks in the second half")


def reason(game: str, why: str, options: dict[str, Any]) -> Any:
    """How a game ended, in a few words; a match of one game (German Whist's default) is won
    on its second half's tricks, not on "more games"."""
    if why == "majority" and game_of(game).draws_from_talon and options.get("games", 1) == 1:
        return t(SECOND_HALF_WON)
    return t(REASONS[why]) if why in REASONS else why
