"""Clean user-written text (chat lines, display names): no bidi overrides or isolates, no
zero-width or other invisible format characters, no control characters, no lone surrogates
(JSON can carry them, UTF-8 and the database cannot)."""

from __future__ import annotations

import re
import unicodedata

# Bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069), the marks (U+200E,
# U+200F, U+061C), zero-width space/joiners (U+200B-200D), word joiner and invisible
# operators (U+2060-2064), the Mongolian vowel separator and the zero-width no-break space.
INVISIBLE = re.compile("[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
BOT_NAME = re.compile(r"^bot(?![a-z0-9])")


def clean_text(text: str) -> str:
    """`text` without invisible direction or width characters, control characters and lone
    surrogates, trimmed."""
    text = INVISIBLE.sub("", text)
    return "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cs")).strip()


def name_key(name: str) -> str:
    """What a name looks like to a reader: its confusable skeleton (Unicode TS #39, by
    disarm: NFKC, case folded, each look-alike character as its prototype, 1/l/I and 0/O
    as one), cleaned, with runs of spaces as one; so "Ａnn", "ANN" and "ann" are one name,
    and so are "Pat" and "Pаt" (a Cyrillic а), "Bot" and "Bоt" or "B0t"."""
    from disarm import skeleton_key  # here, not at each Django start (benchmarks)

    key = " ".join(skeleton_key(clean_text(name), digit_policy="tr39").split())
    return key[:150]  # the column's length (NFKC can lengthen a name many times)


def looks_like_bot(name: str) -> bool:
    """Whether a name reads as one of the card room's bots ("Bot (Expert)", "bot")."""
    return bool(BOT_NAME.match(name_key(name)))
