"""Template tags of the social app: its part of a player's profile (friendship, invitation,
statistics per game, notification settings) and the table's invitation form, so the pages
of the apps below need one line each."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Table
from rankings.selectors import GAMES
from social import selectors, stats
from social.models import Kind, Mail
from social.services import pushing

register = template.Library()


@register.inclusion_tag("social/profile.html", takes_context=True)
def social_profile(context: dict[str, Any], player: Any) -> dict[str, Any]:
    viewer = context["request"].user
    own = viewer.is_authenticated and viewer.pk == player.pk
    out: dict[str, Any] = {
        "player": player, "own": own, "viewer": viewer, "request": context["request"],
        "stats": stats.player_stats(player, viewer, ratings=False), "games": GAMES,
    }  # fmt: skip
    if viewer.is_authenticated and not own:
        out |= {
            "friends": selectors.are_friends(viewer.pk, player.pk),
            "asked": selectors.request_pending(viewer.pk, player.pk),
            "asked_me": selectors.request_pending(player.pk, viewer.pk),
            "blocked": selectors.blocked_between(viewer.pk, player.pk),
            "my_tables": selectors.open_tables_of(viewer),
        }
    if own:
        row = selectors.settings_of(player.pk)
        out["kinds"] = [
            (k, label, not selectors.kind_off(row, k), (row.mail or {}).get(k, Mail.NONE),
             k not in (row.push_muted or []))
            for k, label in Kind.choices
        ]  # fmt: skip
        out["push_key"] = pushing.public_key()
        out["push_devices"] = player.push_devices.count() if out["push_key"] else 0
        out["mail_choices"] = Mail.choices
        out["confirmed_address"] = bool(player.email)
    return out


@register.inclusion_tag("social/table_invite.html", takes_context=True)
def social_table_invite(context: dict[str, Any], table: Table) -> dict[str, Any]:
    """The "invite a player" form of an open table, for a player seated at it."""
    user = context["request"].user
    shown = (
        user.is_authenticated
        and table.status == Table.Status.OPEN
        and table.seats.filter(user=user).exists()
    )
    friends = [r for r in selectors.friends_of(user) if r.online] if shown else []
    return {"shown": shown, "table": table, "friends": friends, "request": context["request"]}


@register.filter
def percent(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)} %"
