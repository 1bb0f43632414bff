"""Mail to players, for every app: each message worded in its reader's language, with a
plain-text part and an HTML part made from the same template, sent after the commit by a
background task (accounts.tasks.deliver, in the bookkeeping lane); `can_mail` says whether
a player may be mailed at all.

A mail is a template pair under templates/mail/: `<name>.subject.txt` and `<name>.txt`
(and `<name>.html` where plain paragraphs are not enough). The context always has `user`,
`site_url` and `site_name`; a link is `{{ site_url }}{{ path }}` or `absolute_url(path)`.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.template import Context, TemplateDoesNotExist, engines
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import linebreaks, urlize
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from accounts.time_zones import chosen
from runtime.scheduling import run_later

log = logging.getLogger(__name__)


def can_mail(user: Any) -> bool:
    """Whether the player may be mailed: an active account with a confirmed address. An
    address not confirmed yet (or an account waiting for its deletion) receives nothing but
    the mails about the address itself (`send(..., to=...)`)."""
    return bool(user is not None and user.is_active and user.email)


def language_of(user: Any) -> str:
    """The language the player chose last (or signed up in), else the site's default."""
    codes = {code for code, _name in settings.LANGUAGES}
    language = getattr(user, "language", "") or ""
    return language if language in codes else settings.LANGUAGE_CODE


def site_name() -> str:
    """The site's name in the active language: the operator's WHIST_SITE_NAME if set (the same
    in every language), else the name its pages, title and installed app use ("Whist card
    room", "Whist-Kartensalon", "Whist-kaartzaal")."""
    return settings.WHIST_SITE_NAME or gettext("Whist card room")


def absolute_url(path: str) -> str:
    """`path` on the site as mail readers reach it (WHIST_SITE_URL)."""
    return settings.WHIST_SITE_URL.rstrip("/") + path


def render(
    name: str, context: dict[str, Any], language: str, zone: str | None = None
) -> dict[str, str]:
    """The subject, plain text and HTML of mail `name`, worded in `language`, its times in
    `zone` (the reader's chosen zone, accounts.time_zones.chosen; None: UTC), named."""
    with translation.override(language), timezone.override(zone):
        context = {"site_url": settings.WHIST_SITE_URL.rstrip("/"), "site_name": site_name(),
                   **context}  # fmt: skip
        subject = " ".join(_plain(f"mail/{name}.subject.txt", context).split())
        text = _plain(f"mail/{name}.txt", context).strip() + "\n"
        try:
            body = render_to_string(f"mail/{name}.html", context)
        except TemplateDoesNotExist:  # paragraphs of the plain text
            body = mark_safe(linebreaks(urlize(text, autoescape=True)))  # noqa: S308
        html = render_to_string(
            "mail/layout.html", {**context, "body": body, "subject": subject, "lang": language}
        )
    return {"subject": subject, "text": text, "html": html, "language": language}


def _plain(template: str, context: dict[str, Any]) -> str:
    """A template rendered as plain text: nothing escaped for HTML."""
    engine = engines["django"].engine
    return engine.get_template(template).render(Context(context, autoescape=False))


def send(
    user: Any,
    name: str,
    context: dict[str, Any] | None = None,
    *,
    to: str = "",
    headers: dict[str, str] | None = None,
) -> bool:
    """Mail `name` to the player in their language, after the current transaction commits.

    Without `to`, it goes to their confirmed address, and only if `can_mail(user)`; the
    answer says whether a mail was queued. `to` names the address a mail is *about* (its
    confirmation link, the notice to an address just replaced): it goes there whatever
    `can_mail` says, so use it for nothing else. `headers` are added to the mail's own
    (List-Unsubscribe, for instance).
    """
    address = to or (user.email if can_mail(user) else "")
    if not address:
        return False
    context = {"user": user, **(context or {})}
    message: dict[str, Any] = render(name, context, language_of(user), chosen(user))
    message["to"] = address
    message["kind"] = name
    message["headers"] = dict(headers or {})
    transaction.on_commit(partial(run_later, "accounts.tasks.deliver", (message,)), robust=True)
    return True
