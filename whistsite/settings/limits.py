"""Rate limits and size limits: invitations, sign-ups, resets, uploads, bodies, sockets."""

from whistsite.settings.environment import env_int, env_rate

# Rate limits (django-ratelimit's counters in the same cache): "count/period" with the
# period s, m, h or d, per client address (IPv6 per /64) and per user. Its core is used
# without its app: the app's system check calls Django's own RedisCache "not officially
# supported" (it increments atomically), which would fail `check --deploy` at WARNING.
# Invitations a player may send (per user): to tables, and to play as partners (the pool's
# and an event's, which share the count), and friend requests.
WHIST_RATE_INVITE = env_rate("WHIST_RATE_INVITE", "30/h")
WHIST_RATE_FRIEND = env_rate("WHIST_RATE_FRIEND", "30/h")
# How long an invitation waits for its answer, in seconds, and how many of a player's may
# wait at once.
WHIST_INVITE_TTL = env_int("WHIST_INVITE_TTL", 600)
WHIST_INVITES_PENDING = env_int("WHIST_INVITES_PENDING", 10)
# One player to another: invitations an hour, friend requests a day (withdrawn, cancelled and
# resent ones count).
WHIST_INVITES_PER_RECIPIENT = env_int("WHIST_INVITES_PER_RECIPIENT", 3)
WHIST_FRIEND_REQUESTS_PER_RECIPIENT = env_int("WHIST_FRIEND_REQUESTS_PER_RECIPIENT", 3)
WHIST_RATE_SIGNUP = env_rate("WHIST_RATE_SIGNUP", "10/h")  # per address
# Sign-up form submissions per address, checked before the form says a name or e-mail
# address is taken (so one address cannot test many e-mail addresses).
WHIST_RATE_SIGNUP_ATTEMPTS = env_rate("WHIST_RATE_SIGNUP_ATTEMPTS", "30/h")
# Per address, and per e-mail address from one client address (so requests from elsewhere
# never block the owner's own reset).
WHIST_RATE_RESET = env_rate("WHIST_RATE_RESET", "5/h")
# Checks of a logged-in user's current password (password change, e-mail change), per user.
WHIST_RATE_PASSWORD_CHECKS = env_rate("WHIST_RATE_PASSWORD_CHECKS", "10/h")
# Mails with an address's confirmation link a player may ask for again, per user.
WHIST_RATE_CONFIRM_MAILS = env_rate("WHIST_RATE_CONFIRM_MAILS", "5/h")
WHIST_RATE_TABLES = env_rate("WHIST_RATE_TABLES", "30/h")  # per user
WHIST_RATE_TABLES_ADDRESS = env_rate("WHIST_RATE_TABLES_ADDRESS", "60/h")
WHIST_RATE_REPORTS = env_rate("WHIST_RATE_REPORTS", "20/h")  # per user
WHIST_RATE_WALL = env_rate("WHIST_RATE_WALL", "20/h")  # club wall lines, per user
WHIST_RATE_UPLOADS = env_rate("WHIST_RATE_UPLOADS", "20/h")  # per address, and per user
# Record uploads kept at most (the newest; older ones are deleted as new ones come).
WHIST_UPLOADS_KEPT = env_int("WHIST_UPLOADS_KEPT", 5000)
# The largest request body accepted, in bytes (a record upload is at most 1 MB plus its
# form); a larger one gets 413 before it is read whole (whistsite/body_limit.py).
WHIST_MAX_BODY = env_int("WHIST_MAX_BODY", 2 * 1024 * 1024, minimum=1024)
# At most this many unfinished tables created by one user, and open sockets of one user.
WHIST_MAX_OPEN_TABLES = env_int("WHIST_MAX_OPEN_TABLES", 3)
WHIST_MAX_SOCKETS = env_int("WHIST_MAX_SOCKETS", 8)
# Private events one player may have coming or running, and create in a day (tournaments).
WHIST_MAX_PRIVATE_EVENTS = env_int("WHIST_MAX_PRIVATE_EVENTS", 3)
WHIST_PRIVATE_EVENTS_PER_DAY = env_int("WHIST_PRIVATE_EVENTS_PER_DAY", 6)
# Open sockets of one client address (anonymous ones too): games/sockets/limits.py.
WHIST_MAX_SOCKETS_PER_ADDRESS = env_int("WHIST_MAX_SOCKETS_PER_ADDRESS", 64)
