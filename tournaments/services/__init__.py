"""Writes of the tournaments app, one function per `<entity>_<action>`."""

from games.services.errors import ServiceError
from tournaments.services import daily
from tournaments.services.daily import daily_get, daily_play, days_back, days_close
from tournaments.services.events import (
    entry_join,
    entry_leave,
    event_cancel,
    event_create,
    event_reschedule,
)
from tournaments.services.pairs import (
    entry_partner_accept,
    entry_partner_ask,
    entry_partner_decline,
    entry_partner_part,
)
from tournaments.services.results import table_done
from tournaments.services.rounds import event_tick, round_start

__all__ = [
    "ServiceError", "daily", "daily_get", "daily_play", "days_back", "days_close", "entry_join",
    "entry_leave", "entry_partner_accept", "entry_partner_ask", "entry_partner_decline",
    "entry_partner_part",
    "event_cancel", "event_create", "event_reschedule",
    "event_tick", "round_start", "table_done",
]  # fmt: skip
