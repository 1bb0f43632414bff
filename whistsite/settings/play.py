"""Live play: bots' pauses, presence and process beats, open tables, the pool, socket rates."""

from whistsite.settings.environment import env_choice, env_float, env_numbers, problem

# Live play: a bot's pause before acting (min, max seconds), the extra pause after a trick,
# the level of the bot standing in for an away player, the grace period of a disconnected
# player before it, and how late a turn may be before the watchdog queues it again.
_BOT_DELAY = env_numbers("WHIST_BOT_DELAY", "0.8,1.5", (1, 2))
WHIST_BOT_DELAY = (_BOT_DELAY[0], _BOT_DELAY[-1])
WHIST_TRICK_PAUSE = env_float("WHIST_TRICK_PAUSE", 1.0)
WHIST_STANDIN_BOT = "club"
# Events (tournaments/): a signed-up player not seen on the event page (nor at a table) for
# this many seconds at a round's start, or whose last table of the event was played wholly
# for them, is absent: seated, a bot plays for them; absent for
# WHIST_EVENT_ABSENCES rounds in a row, they are withdrawn (docs/rules.md §5.5).
WHIST_EVENT_PRESENT = env_float("WHIST_EVENT_PRESENT", 90)
WHIST_EVENT_ABSENCES = 2
# The bots' levels (games.engine.bots.LEVELS; tests/site/test_settings_checks.py keeps them
# equal), read here without importing the engine into every process's start.
BOT_LEVELS = ("beginner", "club", "expert")
# The daily challenge's bots: everyone plays the day's boards against this level.
WHIST_DAILY_BOT = env_choice("WHIST_DAILY_BOT", "club", BOT_LEVELS)
WHIST_AWAY_GRACE = env_float("WHIST_AWAY_GRACE", 30)
WHIST_WATCHDOG_SLACK = 5.0
# A player whose last socket closed is online this many seconds more: going from one page to
# the next closes the old page's socket before the new page's opens, and a friend's list
# read in between said "offline".
WHIST_ONLINE_GRACE = env_float("WHIST_ONLINE_GRACE", 15)
# A server refreshes its open sockets every BEAT seconds; a socket not refreshed for STALE
# seconds belonged to a server that died, and the watchdog drops it.
WHIST_PRESENCE_BEAT = env_float("WHIST_PRESENCE_BEAT", 30)
WHIST_PRESENCE_STALE = env_float("WHIST_PRESENCE_STALE", 90)
if WHIST_PRESENCE_STALE <= WHIST_PRESENCE_BEAT:
    problem("WHIST_PRESENCE_STALE", WHIST_PRESENCE_STALE, "must be longer than WHIST_PRESENCE_BEAT")
# Each server process keeps a key in the shared cache, refreshed every PROCESS_BEAT seconds
# and gone PROCESS_TTL seconds after its last refresh: the socket counts and presence rows
# of a process killed outright stop counting then (runtime/processes.py).
WHIST_PROCESS_BEAT = env_float("WHIST_PROCESS_BEAT", 2)
WHIST_PROCESS_TTL = env_float("WHIST_PROCESS_TTL", 6)
if WHIST_PROCESS_TTL <= WHIST_PROCESS_BEAT:
    problem("WHIST_PROCESS_TTL", WHIST_PROCESS_TTL, "must be longer than WHIST_PROCESS_BEAT")
# Each server process looks every this many seconds, in one read, whether a table it has
# sockets of and heard nothing of since its last look has a newer version in the database: a
# publish lost with the process that committed it (games/sockets/lost_publishes.py).
WHIST_LOST_PUBLISH_EVERY = env_float("WHIST_LOST_PUBLISH_EVERY", 2, minimum=0.1)
# An open table none of whose players has been at it for this many seconds is closed.
WHIST_OPEN_ABANDON = env_float("WHIST_OPEN_ABANDON", 600)
# An open table whose last seated player stood up stays open this many seconds (an invited
# guest may still come), then it is closed.
WHIST_OPEN_EMPTY_GRACE = env_float("WHIST_OPEN_EMPTY_GRACE", 120)
# The quick-play pool for people (games/services/pool.py): the waits a player may choose
# before bots fill the empty seats (seconds; "keep waiting" is always offered too), and the
# rating spread a player accepts: BASE points, widening by PER_SECOND points per second waited.
WHIST_POOL_WAITS = tuple(env_numbers("WHIST_POOL_WAITS", "15,30,60", (1, 6), whole=True))
_POOL_RANGE = env_numbers("WHIST_POOL_RANGE", "100,20", (1, 2))
WHIST_POOL_RANGE = (_POOL_RANGE[0], _POOL_RANGE[-1])
# The pool's rated tables skip players who finished fewer than this percentage of their last
# N games (docs/rules.md §4.4): "percent,N"; 0 turns it off.
_COMPLETION = env_numbers("WHIST_POOL_MIN_COMPLETION", "0,20", (1, 2), whole=True) + [20]
if _COMPLETION[0] > 100 or _COMPLETION[1] < 1:
    problem("WHIST_POOL_MIN_COMPLETION", _COMPLETION, "must be a percentage 0 to 100, then a "
            "count of games of at least 1, e.g. 80,20")  # fmt: skip
    _COMPLETION = [0, 20]
WHIST_POOL_MIN_COMPLETION = (_COMPLETION[0], _COMPLETION[1])
# Frames one socket may send in a window of seconds before it gets `rate_limited` errors.
WHIST_WS_RATE = (30, 10.0)
# Of those, `resync` (and the lobby's `list`) frames one socket may send in a window of
# seconds (games/sockets/resync_limit.py): a page asks only when it missed something.
WHIST_WS_RESYNC_RATE = (5, 10.0)
# ...and all sockets of one client address on one server process together.
WHIST_WS_RESYNC_RATE_PER_ADDRESS = (20, 10.0)
# Hints at casual tables (games/services/hints.py): at most this many per player and game,
# one per turn; each costs one Expert decision (games/engine/bots/expert.py BUDGET).
WHIST_HINTS_PER_GAME = 5
