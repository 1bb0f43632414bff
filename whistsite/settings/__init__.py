"""Django settings for the Whist card room, read from environment variables; safe when unset."""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from whistsite.patches.channel_layer import layer_host

BASE_DIR = Path(__file__).resolve().parents[2]


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no environment variable ("1", "true", "yes", "on" mean yes)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable as a list of non-empty items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def redis_db_url(url: str, db: int) -> str:
    """Return the Redis URL pointing at database number `db` (replacing any path given)."""
    return urlsplit(url)._replace(path=f"/{db}").geturl()


# Fail closed: debugging is off unless asked for, and without it the process refuses to
# start on a missing, short or development ("django-insecure-...") key (`make run` sets both).
DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not DEBUG and (len(SECRET_KEY) < 50 or SECRET_KEY.startswith("django-insecure")):
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is missing, shorter than 50 characters or a development key, and "
        "DJANGO_DEBUG is off. Set DJANGO_SECRET_KEY to a long random value, e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`, or run a development "
        "setup with DJANGO_DEBUG=true (as `make run` does)."
    )
SECRET_KEY = SECRET_KEY or "django-insecure-dev-only-key-never-use-in-production"
# The deal secret: a table's deck seed is HMAC(this, its stored seed) (games.models.Table
# .deal_seed), so that the database (and any staff page) alone does not give the hands.
# Every process must have the same value, and it must not change while games run; it is
# separate from DJANGO_SECRET_KEY so that rotating that key leaves the games alone.
WHIST_DEAL_SECRET = os.environ.get("WHIST_DEAL_SECRET", "")
if not DEBUG and len(WHIST_DEAL_SECRET) < 32:
    raise ImproperlyConfigured(
        "WHIST_DEAL_SECRET is missing or shorter than 32 characters, and DJANGO_DEBUG is off. "
        "Set it to a long random value, the same in every process, e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(32))'`, or run a development "
        "setup with DJANGO_DEBUG=true (as `make run` does)."
    )
WHIST_DEAL_SECRET = WHIST_DEAL_SECRET or "dev-only-deal-secret-never-use-in-production"
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # Daphne first, so that its runserver replaces Django's.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    "accounts",
    "games",
    "records",
    "rankings",
    # Friend requests and friendships (FriendshipRequest, Friend): social's friends.
    "friendship",
    "social",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The client address for security-log lines of this request (accounts/security_log.py).
    "accounts.security_log.ClientAddressMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After WhiteNoise: pages get the policy; static files are answered before it.
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "accounts.middleware.StaffIdleMiddleware",
    "accounts.middleware.BanMiddleware",
    "accounts.middleware.NoticeMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "whistsite.urls"
WSGI_APPLICATION = "whistsite.wsgi.application"
ASGI_APPLICATION = "whistsite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "whistsite.context_processors.site",
                "social.context_processors.notices",
            ],
        },
    },
]

# DATABASE_URL (PostgreSQL) if set, else the embedded SQLite file for `make run`.
DATABASE_URL = os.environ.get("DATABASE_URL")
if DATABASE_URL:
    # Persistent connections (one per server thread, checked before reuse): a new
    # PostgreSQL connection per call cost Daphne about a tenth of its time (issue 14).
    # Channels' database_sync_to_async closes only connections older than this.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=int(os.environ.get("WHIST_DB_CONN_MAX_AGE", "600")),
            conn_health_checks=True,
        )
    }
    # Prepared statements (issue 21): with server-side binding psycopg prepares a statement
    # on its connection from its fifth use, so PostgreSQL parses and plans each of the few
    # statements a move makes once per connection, not once per move. WHIST_DB_PREPARED=0
    # turns it off, for a pooler in transaction mode (docs/deployment.md, "Capacity").
    if os.environ.get("WHIST_DB_PREPARED", "1") != "0":
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=5
        )
else:
    # Set up for concurrent use (issue 26): WAL lets readers go on beside the writer; a
    # write transaction takes the lock when it begins (IMMEDIATE), so a second writer waits
    # (up to `timeout` seconds) instead of failing at once with "database is locked".
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("WHIST_SQLITE_PATH", BASE_DIR / "db.sqlite3"),
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
# On PostgreSQL, sockets' database work and each change's views run in any thread of a
# pool, not all in one (games/sockets/frames.py db_call, games/broadcast.py); not with SQLite,
# whose writer would lock the other threads out.
WHIST_DB_THREADS = bool(DATABASE_URL)
# Named explicitly: ChannelsLiveServerTestCase under pytest-django otherwise connects to
# "test_test_<name>" (docs/stack-notes.md §2.3, django/channels#2176).
DATABASES["default"]["TEST"] = {
    "NAME": (
        f"test_{DATABASES['default']['NAME']}" if DATABASE_URL else BASE_DIR / "test_db.sqlite3"
    )
}

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German")), ("nl", _("Dutch"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# Django 6.1's MAILERS replaces the deprecated EMAIL_* settings. With DJANGO_EMAIL_HOST set,
# mail goes out by SMTP (password-reset links); otherwise to the console.
_EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
if _EMAIL_HOST:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _EMAIL_HOST,
                "port": int(os.environ.get("DJANGO_EMAIL_PORT", "587")),
                "username": os.environ.get("DJANGO_EMAIL_USER", ""),
                "password": os.environ.get("DJANGO_EMAIL_PASSWORD", ""),
                "use_tls": env_bool("DJANGO_EMAIL_USE_TLS", True),
                "use_ssl": env_bool("DJANGO_EMAIL_USE_SSL", False),
                "timeout": float(os.environ.get("DJANGO_EMAIL_TIMEOUT", "10")),
            },
        }
    }
else:
    MAILERS = {
        "default": {
            "BACKEND": os.environ.get(
                "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
            )
        }
    }
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "whist@localhost")

# REDIS_URL: channel layer on Redis database 1, Celery's broker on database 0
# (docs/stack-notes.md §2.11).
# Without it: in-process channel layer and Celery tasks run eagerly, in the request.
REDIS_URL = os.environ.get("REDIS_URL")
if REDIS_URL:
    # WHIST_CHANNEL_LAYER: "core" (channels_redis' lists, one per socket) or "pubsub"
    # (one Redis publish per group message, relayed by each server to its own sockets).
    WHIST_CHANNEL_LAYER = os.environ.get("WHIST_CHANNEL_LAYER", "pubsub")
    # Its connections: no idle timeout, a pool of 1,000, a dropped connection retried.
    LAYER_HOST = layer_host(redis_db_url(REDIS_URL, 1))
    if WHIST_CHANNEL_LAYER == "pubsub":
        CHANNEL_LAYERS = {
            "default": {
                # channels_redis' PubSub layer that tells the sockets when Redis is back.
                "BACKEND": "whistsite.patches.channel_layer.ReconnectingPubSubLayer",
                "CONFIG": {"hosts": [LAYER_HOST]},
            }
        }
    elif WHIST_CHANNEL_LAYER == "core":
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": [LAYER_HOST],
                    # The default of 100 drops messages silently in a burst
                    # (docs/stack-notes.md §2.12).
                    "capacity": 1000,
                    "expiry": 60,
                },
            }
        }
    else:
        raise ImproperlyConfigured(
            f"WHIST_CHANNEL_LAYER must be core or pubsub, not {WHIST_CHANNEL_LAYER!r}"
        )
    CELERY_BROKER_URL = redis_db_url(REDIS_URL, 0)
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = TIME_ZONE

# Celery: a task is acknowledged after it ran, so a killed worker's task comes back
# (bot tasks are idempotent); beat runs the watchdog that re-queues overdue turns
# (docs/stack-notes.md §2.16).
CELERY_TASK_ACKS_LATE = True
# Three queues, so that no bulk work can delay a turn (runtime/scheduling.py;
# docs/deployment.md §"Queues and workers"): turns (bot moves, time limits, away checks,
# the watchdog) on the default queue, WHIST_CELERY_QUEUE; bookkeeping and analysis on
# `<it>.bookkeeping` and `<it>.analysis`. Tests give a worker of their own queues of its own.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("WHIST_CELERY_QUEUE", "celery")
CELERY_TASK_ROUTES = {
    "games.tasks.*": {"queue": CELERY_TASK_DEFAULT_QUEUE},
    "rankings.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.bookkeeping"},
    "tournaments.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.bookkeeping"},
    "records.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.analysis"},
}
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The watchdog's period (beat's, and the embedded server's own timer): a lost turn is
# played again within about this plus WHIST_WATCHDOG_SLACK seconds.
WHIST_WATCHDOG_EVERY = float(os.environ.get("WHIST_WATCHDOG_EVERY", "5"))
# A player's analyses: at most this many in the line or running at once, and this many
# asked for an hour (records.analysis_service).
WHIST_ANALYSIS_ACTIVE = int(os.environ.get("WHIST_ANALYSIS_ACTIVE", "3"))
WHIST_ANALYSIS_HOURLY = int(os.environ.get("WHIST_ANALYSIS_HOURLY", "30"))
# How much lower the CPU priority of the embedded server's analysis process is (nice).
WHIST_ANALYSIS_NICE = int(os.environ.get("WHIST_ANALYSIS_NICE", "10"))
# Threads of the embedded server's turns lane (runtime/scheduling.py).
WHIST_TURN_THREADS = 2
CELERY_BEAT_SCHEDULE = {
    "games-watchdog": {"task": "games.tasks.watchdog", "schedule": WHIST_WATCHDOG_EVERY},
}

# Live play: a bot's pause before acting (min, max seconds), the extra pause after a trick,
# the level of the bot standing in for an away player, the grace period of a disconnected
# player before it, and how late a turn may be before the watchdog queues it again.
_BOT_DELAY = [float(x) for x in os.environ.get("WHIST_BOT_DELAY", "0.8,1.5").split(",")]
WHIST_BOT_DELAY = (_BOT_DELAY[0], _BOT_DELAY[-1])
WHIST_TRICK_PAUSE = float(os.environ.get("WHIST_TRICK_PAUSE", "1.0"))
WHIST_STANDIN_BOT = "club"
# Events (tournaments/): a signed-up player not seen on the event page (nor at a table) for
# this many seconds at a round's start is absent: seated, a bot plays for them; absent for
# WHIST_EVENT_ABSENCES rounds in a row, they are withdrawn (docs/rules.md §5.5).
WHIST_EVENT_PRESENT = float(os.environ.get("WHIST_EVENT_PRESENT", "90"))
WHIST_EVENT_ABSENCES = 2
# The daily challenge's bots: everyone plays the day's boards against this level.
WHIST_DAILY_BOT = os.environ.get("WHIST_DAILY_BOT", "club")
WHIST_AWAY_GRACE = float(os.environ.get("WHIST_AWAY_GRACE", "30"))
WHIST_WATCHDOG_SLACK = 5.0
# A player whose last socket closed is online this many seconds more: going from one page to
# the next closes the old page's socket before the new page's opens, and a friend's list
# read in between said "offline" (a browser run of 2026-12-04).
WHIST_ONLINE_GRACE = float(os.environ.get("WHIST_ONLINE_GRACE", "15"))
# A server refreshes its open sockets every BEAT seconds; a socket not refreshed for STALE
# seconds belonged to a server that died, and the watchdog drops it.
WHIST_PRESENCE_BEAT = float(os.environ.get("WHIST_PRESENCE_BEAT", "30"))
WHIST_PRESENCE_STALE = float(os.environ.get("WHIST_PRESENCE_STALE", "90"))
# Each server process keeps a key in the shared cache, refreshed every PROCESS_BEAT seconds
# and gone PROCESS_TTL seconds after its last refresh: the socket counts and presence rows
# of a process killed outright stop counting then (runtime/processes.py).
WHIST_PROCESS_BEAT = float(os.environ.get("WHIST_PROCESS_BEAT", "2"))
WHIST_PROCESS_TTL = float(os.environ.get("WHIST_PROCESS_TTL", "6"))
# An open table none of whose players has been at it for this many seconds is closed.
WHIST_OPEN_ABANDON = float(os.environ.get("WHIST_OPEN_ABANDON", "600"))
# An open table whose last seated player stood up stays open this many seconds (an invited
# guest may still come), then it is closed.
WHIST_OPEN_EMPTY_GRACE = float(os.environ.get("WHIST_OPEN_EMPTY_GRACE", "120"))
# The quick-play pool for people (games/services/pool.py): the waits a player may choose
# before bots fill the empty seats (seconds; "keep waiting" is always offered too), and the
# rating spread a player accepts: BASE points, widening by PER_SECOND points per second waited.
WHIST_POOL_WAITS = tuple(int(x) for x in os.environ.get("WHIST_POOL_WAITS", "15,30,60").split(","))
_POOL_RANGE = [float(x) for x in os.environ.get("WHIST_POOL_RANGE", "100,20").split(",")]
WHIST_POOL_RANGE = (_POOL_RANGE[0], _POOL_RANGE[-1])
# Frames one socket may send in a window of seconds before it gets `rate_limited` errors.
WHIST_WS_RATE = (30, 10.0)
# Of those, `resync` (and the lobby's `list`) frames one socket may send in a window of
# seconds (games/sockets/resync_limit.py): a page asks only when it missed something.
WHIST_WS_RESYNC_RATE = (5, 10.0)
# ...and all sockets of one client address on one server process together.
WHIST_WS_RESYNC_RATE_PER_ADDRESS = (20, 10.0)

# --- Security: HTTPS, cookies, CSP, the shared cache, login throttle, limits, logging. ---
# Every value comes from the environment; the defaults are safe whenever DEBUG is off.
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# The language menu's cookie travels as the session cookie does (Django leaves it without
# Secure and SameSite); no script reads it.
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
# A staff member's session ends after this many seconds without a request (players keep
# Django's two weeks): accounts.middleware.StaffIdleMiddleware.
WHIST_STAFF_IDLE = int(os.environ.get("WHIST_STAFF_IDLE", "3600"))
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", not DEBUG)
# The reverse proxies (addresses or networks, comma-separated) whose X-Forwarded-For and
# X-Forwarded-Proto are believed: the client address and scheme of a request from one of
# them are those it names (uvicorn's ProxyHeadersMiddleware, in whistsite/asgi.py); from any
# other peer the headers mean nothing. Daphne's own --proxy-headers believes any peer and is
# not used.
WHIST_TRUSTED_PROXIES = env_list("WHIST_TRUSTED_PROXIES", "")
# Only behind a proxy that sets X-Forwarded-Proto itself (and drops a client's own), where
# WHIST_TRUSTED_PROXIES cannot be used: Django believes this header from any peer.
if env_bool("DJANGO_TRUST_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Django's own Content-Security-Policy: nothing inline, nothing from elsewhere.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# The cache every process shares: Redis database 2 (0 is Celery's broker, 1 the channel
# layer); without REDIS_URL a single process's memory.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_db_url(REDIS_URL, 2),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # One process (make run): its memory is the whole shared cache.
    SILENCED_SYSTEM_CHECKS = ["axes.W001"]

# Logins (the site's form and the admin's): django-axes counts failures in that cache per
# account *from* one client address (IPv6 per /64) and per client address, and its backend
# refuses a locked-out attempt before the next backend hashes any password
# (docs/stack-notes.md §2.15). Never per account alone: failures from elsewhere must not
# lock the owner (or the admin) out, so the right password from another address gets in.
# The per-address count stops one address spraying many accounts; a success resets the
# address's count but not its count against another account. No site-wide bucket.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.ModerationBackend",
]
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_FAILURE_LIMIT = int(os.environ.get("WHIST_LOGIN_FAILURES", "10"))
AXES_COOLOFF_TIME = timedelta(seconds=float(os.environ.get("WHIST_LOGIN_COOLOFF", "900")))
# A lockout ends a cool-off after the last failure; attempts while locked out still count
# (against the address too: a locked account does not shield the addresses that attack it).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = True
AXES_USERNAME_CALLABLE = "accounts.throttle.login_username"
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.throttle.lockout_response"
AXES_ENABLE_ADMIN = False

# Rate limits (django-ratelimit's counters in the same cache): "count/period" with the
# period s, m, h or d, per client address (IPv6 per /64) and per user. Its core is used
# without its app: the app's system check calls Django's own RedisCache "not officially
# supported" (it increments atomically), which would fail `check --deploy` at WARNING.
# Invitations to tables and friend requests a player may send (per user).
WHIST_RATE_INVITE = os.environ.get("WHIST_RATE_INVITE", "30/h")
WHIST_RATE_FRIEND = os.environ.get("WHIST_RATE_FRIEND", "30/h")
# How long an invitation waits for its answer, in seconds, and how many of a player's may
# wait at once.
WHIST_INVITE_TTL = int(os.environ.get("WHIST_INVITE_TTL", "600"))
WHIST_INVITES_PENDING = int(os.environ.get("WHIST_INVITES_PENDING", "10"))
WHIST_RATE_SIGNUP = os.environ.get("WHIST_RATE_SIGNUP", "10/h")  # per address
# Sign-up form submissions per address, checked before the form says a name or e-mail
# address is taken (so one address cannot test many e-mail addresses).
WHIST_RATE_SIGNUP_ATTEMPTS = os.environ.get("WHIST_RATE_SIGNUP_ATTEMPTS", "30/h")
# Per address, and per e-mail address from one client address (so requests from elsewhere
# never block the owner's own reset).
WHIST_RATE_RESET = os.environ.get("WHIST_RATE_RESET", "5/h")
# Checks of a logged-in user's current password (password change, e-mail change), per user.
WHIST_RATE_PASSWORD_CHECKS = os.environ.get("WHIST_RATE_PASSWORD_CHECKS", "10/h")
WHIST_RATE_TABLES = os.environ.get("WHIST_RATE_TABLES", "30/h")  # per user
WHIST_RATE_TABLES_ADDRESS = os.environ.get("WHIST_RATE_TABLES_ADDRESS", "60/h")
WHIST_RATE_REPORTS = os.environ.get("WHIST_RATE_REPORTS", "20/h")  # per user
WHIST_RATE_UPLOADS = os.environ.get("WHIST_RATE_UPLOADS", "20/h")  # per address, and per user
# Record uploads kept at most (the newest; older ones are deleted as new ones come).
WHIST_UPLOADS_KEPT = int(os.environ.get("WHIST_UPLOADS_KEPT", "5000"))
# The largest request body accepted, in bytes (a record upload is at most 1 MB plus its
# form); a larger one gets 413 before it is read whole (whistsite/body_limit.py).
WHIST_MAX_BODY = int(os.environ.get("WHIST_MAX_BODY", str(2 * 1024 * 1024)))
# At most this many unfinished tables created by one user, and open sockets of one user.
WHIST_MAX_OPEN_TABLES = int(os.environ.get("WHIST_MAX_OPEN_TABLES", "3"))
WHIST_MAX_SOCKETS = int(os.environ.get("WHIST_MAX_SOCKETS", "8"))
# Open sockets of one client address (anonymous ones too): games/sockets/limits.py.
WHIST_MAX_SOCKETS_PER_ADDRESS = int(os.environ.get("WHIST_MAX_SOCKETS_PER_ADDRESS", "64"))

# Logs on standard error (and DJANGO_LOG_FILE if set): requests that failed (4xx, 5xx),
# security events, failed logins and lockouts (axes), moderator actions (accounts.audit),
# and the security log (accounts.security: one key=value line per login, failure, lockout,
# logout, refused ban and moderator action; accounts/security_log.py).
# The key of the security log's address hashes (default: derived from DJANGO_SECRET_KEY;
# set it to keep hashes comparable across a change of the secret key).
WHIST_LOG_KEY = os.environ.get("WHIST_LOG_KEY", "")
_LOG_HANDLERS = ["console"] + (["file"] if os.environ.get("DJANGO_LOG_FILE") else [])
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        **(
            {
                "file": {
                    "class": "logging.handlers.WatchedFileHandler",
                    "filename": os.environ["DJANGO_LOG_FILE"],
                    "formatter": "plain",
                }
            }
            if "file" in _LOG_HANDLERS
            else {}
        ),
    },
    "root": {"handlers": _LOG_HANDLERS, "level": "WARNING"},
    "loggers": {
        "django": {"handlers": _LOG_HANDLERS, "level": "WARNING", "propagate": False},
        "django.request": {"level": "WARNING"},
        "django.security": {"level": "INFO"},
        "axes": {"level": "WARNING"},  # failed logins and lockouts (successes are INFO)
        "accounts": {"level": "INFO"},
        "games": {"level": "INFO"},
    },
}
