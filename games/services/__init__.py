"""Writes of the card room, one function per `<entity>_<action>`; pages and sockets call these."""

from games.services.chat import chat_hide, chat_post
from games.services.claim_offers import claim_answer, claim_offer
from games.services.errors import ServiceError, rated_refusal
from games.services.hints import hint_ask
from games.services.liveness import watchdog_run
from games.services.moves import bot_play, move_play, timeout_play
from games.services.pool import pool_join, pool_leave, pool_match, pool_sweep
from games.services.presence import (
    away_check,
    presence_publish,
    seat_back,
    seat_connect,
    seat_disconnect,
    seat_heartbeat,
    seat_open,
    seats_heartbeat,
)
from games.services.presence_drop import presence_drop_process, presence_sweep
from games.services.sanctions import seats_to_bots
from games.services.tables import (
    seat_leave,
    seat_take,
    table_close_abandoned,
    table_create,
    table_invite_accept,
    table_play_now,
    table_rematch,
    table_start,
)
from games.services.takebacks import takeback_answer, takeback_ask

__all__ = [
    "ServiceError", "away_check", "hint_ask", "bot_play", "chat_hide", "chat_post", "claim_answer",
    "claim_offer", "takeback_answer", "takeback_ask", "move_play", "pool_join", "pool_leave",
    "pool_match", "pool_sweep",
    "presence_drop_process", "presence_sweep", "rated_refusal", "seat_back", "seat_connect",
    "seat_disconnect", "seat_heartbeat", "seats_heartbeat", "seat_open", "presence_publish",
    "seat_leave", "seat_take", "seats_to_bots", "table_close_abandoned", "table_create",
    "table_invite_accept", "table_play_now", "table_rematch", "table_start",
    "timeout_play", "watchdog_run",
]  # fmt: skip
