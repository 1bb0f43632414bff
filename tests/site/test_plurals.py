"""Plurals (issue 45 item 6): wherever a count meets a noun the text has a singular and a
plural form (ngettext, `{% blocktranslate count %}`), so nobody reads "1 cards", "Game to 1
points" or "game(s)", in any of the three languages. Read from the catalogues, which hold
every text of the code (tests/site/test_translations.py keeps them current)."""

from __future__ import annotations

import ast
import re

from tests.site.test_translations import LANGUAGES, ROOT

NOUNS = (
    r"cards?|points?|games?|tricks?|rounds?|deals?|players?|seconds?|minutes?|hours?|days?|"
    r"tables?|moves?|matchpoints?|boards?|bots?|friends?|notifications?|achievements?|wins?|"
    r"times?|seats?|events?|entries|reports?|weeks?|levels?|places?|rubbers?|humans?|"
    r"messages?|analys[ie]s|spectators?|sockets?|tabs?|characters?|lines?|positions?|"
    r"nodes?|decisions?|mails?|e-mails?|devices?|ties|partners"
)
COUNT_NOUN = re.compile(
    r"(%\(\w+\)s|\{\{ ?\w+ ?\}\}|%s|%d) (more |rated |new |unread |open |unfinished )?"
    rf"({NOUNS})\b|\w\(s\)",
    re.I,
)
# Texts where a number meets a noun but is never 1, or is no count: each with its reason.
NEVER_ONE = {
    "deal %(deal)s: the record says seat %(recorded)s deals, the rules say seat %(computed)s": (
        "'deals' is a verb"
    ),
    "%(deal)s: %(name)s deals": "'deals' is a verb",
    "%(name)s wins the trick.": "'wins' is a verb (a lesson's trick)",
    "seat %(seat)s: a name or bot of more than %(max)s characters": "a fixed limit",
    "%(game)s is for %(span)s players, not %(players)s": "a range of players (2-7)",
    "%(players)s players with %(cards)s cards each (start_cards) do not fit in a pack: "
    "%(players)s × %(cards)s + 1 = %(needed)s > 52": "at least 2 players and 8 cards",
    "%(n)s players": "a table seats 2 to 7",
    "%(game)s (%(players)s players)": "a table seats 2 to 7",
    "at most %(count)s messages in %(seconds)s seconds": "the chat's fixed rate",
    "at most %(most)s characters, not %(length)s": "a fixed limit",
    "wait %(choices)s seconds for bots, or keep waiting": "a list of choices",
    "%(levels)s bot levels for %(seats)s seats": "more levels than seats, 2 seats or more",
    "the time limit is 0 (none) or %(low)s-%(high)s seconds per move": "a range",
    "send JSON text frames of at most %(most)s characters": "a fixed limit",
    "the message is nested too deeply (at most %(most)s levels)": "a fixed limit",
    "The reason is too long (at most %(max)s characters).": "a fixed limit",
    "%(mp)s matchpoints": "a decimal number",
    "%(n)s seats per table; seats that people cannot fill get bots, whose results do not "
    "count.": "a table seats 2 to 7",
    "%(s)s seconds per move.": "an event's time limit, 10 seconds or more",
    "%(n)s of %(max)s characters": "agrees with the fixed limit",
    "%(n)s of %(max)s characters: %(over)s too many to send.": "agrees with the fixed limit",
    "Waiting for players: %(taken)s of %(n)s seats taken": "agrees with the table's seats",
    "Game %(n)s of a match of up to %(games)s games.": "shown for a match of 2 games or more",
    "Last deal: %(a)s – %(b)s tricks, %(pa)s – %(pb)s points": "a score of two numbers",
    "Analysing: %(done)s of %(total)s positions": "an analysis has many positions",
}
PREFIXES = {  # long help texts whose numbers are the site's timings (tens of seconds)
    "If the time for your move runs out": "the site's timings",
    "Until a table starts, any player may stand up": "the site's timings",
    "Today's boards are the same for everyone": "'against %(level)s bots' names a bot level",
    "Dealing: everyone got %(n)s cards.": "the guided game's first round, 7 cards",
}


def singular_msgids(path) -> list[str]:
    """The msgids of a catalogue's entries without a plural form."""
    found = []
    for block in path.read_text().split("\n\n"):
        if "msgid_plural" in block or block.lstrip().startswith("#~"):
            continue
        match = re.search(r'^msgid (".*"(?:\n".*")*)', block, re.M)
        if match:
            found.append("".join(ast.literal_eval(line) for line in match.group(1).split("\n")))
    return [m for m in found if m]


def test_every_count_before_a_noun_has_a_plural_form() -> None:
    for language in LANGUAGES:
        for domain in ("django", "djangojs"):
            path = ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
            wrong = [
                m for m in singular_msgids(path)
                if COUNT_NOUN.search(m) and m not in NEVER_ONE
                and not any(m.startswith(p) for p in PREFIXES)
            ]  # fmt: skip
            assert not wrong, f"{path.name} ({language}): use ngettext for {wrong}"


def test_the_exceptions_are_still_in_the_catalogue() -> None:
    """An exception whose text changed or went is taken off the list."""
    texts = set(singular_msgids(ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"))
    texts |= set(singular_msgids(ROOT / "locale" / "de" / "LC_MESSAGES" / "djangojs.po"))
    assert not [m for m in NEVER_ONE if m not in texts]
    assert all(any(t.startswith(p) for t in texts) for p in PREFIXES)
