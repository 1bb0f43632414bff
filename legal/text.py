"""The small text format of the legal pages, so that an operator writes them without HTML:
a line starting "# " or "## " is a heading, lines starting "- " a list, a blank line ends a
paragraph; web and mail addresses become links. Everything else is escaped."""

from __future__ import annotations

from django.utils.html import escape, urlize
from django.utils.safestring import SafeString, mark_safe


def _inline(text: str) -> str:
    return urlize(text, autoescape=True)


def to_html(body: str) -> SafeString:
    """The page's HTML: headings (h2, h3), paragraphs, lists, links."""
    out: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if paragraph:
            out.append("<p>" + "<br>".join(_inline(line) for line in paragraph) + "</p>")
            paragraph.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for raw in body.replace("\r\n", "\n").split("\n"):
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## ") or line.startswith("# "):
            flush()
            level = 3 if line.startswith("## ") else 2
            out.append(f"<h{level}>{escape(line.lstrip('#').strip())}</h{level}>")
        elif line.startswith("- "):
            if paragraph:
                flush()
            items.append(line[2:].strip())
        else:
            if items:
                flush()
            paragraph.append(line)
    flush()
    return mark_safe("\n".join(out))  # noqa: S308  (every piece escaped above)
