"""A notification in words: its text and where it leads, in the active language, from the
kind and data stored with it (so each reader reads it in their own language)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import dateformat, timezone, translation
from django.utils.translation import gettext as _

from accounts.middleware import notice_text
from games.labels import game_name, house_rules
from rankings.achievements import BY_CODE
from social.models import Kind


def text(kind: str, data: dict[str, Any]) -> str:
    """What the notification says, in the active language."""
    return str(_WORDING.get(kind, _unknown)(data))


def link(kind: str, data: dict[str, Any]) -> str:
    """Where the notification leads (a table, a profile, the friends page)."""
    if "table_id" in data and kind in (Kind.INVITATION, Kind.TABLE_STARTED, Kind.TURN):
        return reverse("table", args=[data["table_id"]])
    if kind == Kind.INVITATION and data.get("pool"):
        return reverse("lobby") + "#pool"
    if kind in (Kind.FRIEND_REQUEST, Kind.FRIEND_ONLINE):
        return reverse("social_friends")
    events = (Kind.EVENT, Kind.EVENT_START, Kind.CLUB_EVENT)
    if kind in events and str(data.get("url", "")).startswith("/"):
        return data["url"]  # the event's page or the table dealt, as the event gave it
    if kind in (Kind.AWARD, Kind.LEVEL_UP) and data.get("username"):
        return reverse("profile", args=[data["username"]])
    return reverse("social_notifications")


def texts(kind: str, data: dict[str, Any]) -> dict[str, str]:
    """The text in every language of the site: a live notice is worded once, and each open
    socket shows it in its own page's language (games/sockets/frames.py `user_notice`)."""
    words = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            words[code] = text(kind, data)
    return words


def _invitation(data: dict[str, Any]) -> str:
    game = game_name(data.get("game", ""))
    if data.get("pool"):  # to wait in the quick-play pool as partners
        return _("%(name)s invites you to play %(game)s as partners: the lobby holds the "
                 "invitation.") % {"name": data.get("sender", ""), "game": game}  # fmt: skip
    if data.get("private"):
        words = _("%(name)s invites you to a private table of %(game)s.") % {
            "name": data.get("sender", ""), "game": game,
        }  # fmt: skip
    else:
        words = _("%(name)s invites you to a table of %(game)s.") % {
            "name": data.get("sender", ""), "game": game,
        }  # fmt: skip
    rules = house_rules(data.get("game", ""), data.get("options"))
    if rules:  # the table's non-default options, as the lobby row and the table name them
        words += " " + _("House rules: %(rules)s.") % {"rules": ", ".join(rules)}
    return words


def _friend(data: dict[str, Any]) -> str:
    name = data.get("name", "")
    if data.get("accepted"):
        return _("%(name)s accepted your friend request.") % {"name": name}
    return _("%(name)s asks to be your friend.") % {"name": name}


def _table_started(data: dict[str, Any]) -> str:
    return _("Your friend %(name)s started a game of %(game)s.") % {
        "name": data.get("name", ""), "game": game_name(data.get("game", "")),
    }  # fmt: skip


def _award(data: dict[str, Any]) -> str:
    names = [str(BY_CODE[c].name) for c in data.get("achievements", []) if c in BY_CODE]
    if names:
        return _("Achievement earned: %(names)s.") % {"names": ", ".join(names)}
    return _("You unlocked new card designs.")


def _level_up(data: dict[str, Any]) -> str:
    return _("You reached level %(level)s.") % {"level": data.get("level", "")}


def _moderation(data: dict[str, Any]) -> str:
    if data.get("what") == "report_handled":
        return _("A moderator handled your report about %(name)s. Thank you.") % {
            "name": data.get("name", "")
        }
    return notice_text(data.get("notice") or {})


def _event(data: dict[str, Any]) -> str:
    title, what = data.get("title", ""), data.get("what")
    if what == "table_dealt" and data.get("board"):
        return _("%(event)s, round %(round)s: your next board is dealt.") % {
            "event": title, "round": data.get("round", ""),
        }  # fmt: skip
    if what == "table_dealt":
        return _("%(event)s, round %(round)s: your next table is dealt.") % {
            "event": title, "round": data.get("round", ""),
        }  # fmt: skip
    if what == "cancelled":
        return _("%(event)s has been cancelled.") % {"event": title}
    if what == "cancelled_few":
        return _("%(event)s was cancelled at its start: fewer than two players had signed up.") % {
            "event": title
        }
    if what == "partner_asked":
        return _("%(name)s asks you to enter %(event)s as their partner.") % {
            "name": data.get("name", ""), "event": title,
        }  # fmt: skip
    if what == "partner_declined":
        return _("%(name)s declined to enter %(event)s as your partner.") % {
            "name": data.get("name", ""), "event": title,
        }  # fmt: skip
    if what == "partner_taken":
        return _("%(name)s entered %(event)s with another partner: your request lapsed.") % {
            "name": data.get("name", ""), "event": title,
        }  # fmt: skip
    if what == "moved":
        return _("%(event)s now starts at %(time)s.") % {
            "event": title, "time": _local(data.get("starts_at", "")),
        }  # fmt: skip
    return _("News of %(event)s.") % {"event": title}


def _local(iso: object) -> str:
    """A stored time in the reader's zone, named (accounts/time_zones.py): the notice
    centre's reader, or, for a live notice, mail or push, the zone its reader chose (else
    UTC), named."""
    try:
        when = datetime.fromisoformat(str(iso))
    except ValueError:
        return str(iso)
    if timezone.is_naive(when):
        when = timezone.make_aware(when, UTC)
    return dateformat.format(timezone.localtime(when), "Y-m-d H:i T")


def _event_start(data: dict[str, Any]) -> str:
    if data.get("what") == "started":
        return _("%(event)s has started.") % {"event": data.get("title", "")}
    if data.get("starts_at"):  # told once within 10 minutes of it: at the sign-up, sooner
        return _("%(event)s starts at %(time)s.") % {
            "event": data.get("title", ""), "time": _local(data["starts_at"]),
        }  # fmt: skip
    return _("%(event)s starts in 10 minutes.") % {"event": data.get("title", "")}


def _club_event(data: dict[str, Any]) -> str:
    return _("%(club)s announced an event: %(event)s.") % {
        "club": data.get("club", ""), "event": data.get("title", ""),
    }  # fmt: skip


def _turn(data: dict[str, Any]) -> str:
    return _("It is your turn at your table of %(game)s.") % {
        "game": game_name(data.get("game", ""))
    }


def _friend_online(data: dict[str, Any]) -> str:
    return _("Your friend %(name)s is online.") % {"name": data.get("name", "")}


def _unknown(data: dict[str, Any]) -> str:
    return _("Something happened.")


_WORDING = {
    Kind.INVITATION: _invitation,
    Kind.FRIEND_REQUEST: _friend,
    Kind.TABLE_STARTED: _table_started,
    Kind.AWARD: _award,
    Kind.LEVEL_UP: _level_up,
    Kind.MODERATION: _moderation,
    Kind.EVENT: _event,
    Kind.EVENT_START: _event_start,
    Kind.TURN: _turn,
    Kind.FRIEND_ONLINE: _friend_online,
    Kind.CLUB_EVENT: _club_event,
}
