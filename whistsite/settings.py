"""Django settings for the Whist card room, read from environment variables with dev defaults."""

import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


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


SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "django-insecure-dev-only-key-never-use-in-production"
)
DEBUG = env_bool("DJANGO_DEBUG", True)
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
    "accounts",
    "games",
    "guide",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
            ],
        },
    },
]

# DATABASE_URL (PostgreSQL) if set, else the embedded SQLite file for `make run`.
DATABASE_URL = os.environ.get("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL)}
else:
    DATABASES = {
        "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}
    }
# Named explicitly: ChannelsLiveServerTestCase under pytest-django otherwise connects to
# "test_test_<name>" (stack-notes pitfall 3, django/channels#2176).
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

# Django 6.1's MAILERS replaces the deprecated EMAIL_* settings.
MAILERS = {
    "default": {
        "BACKEND": os.environ.get(
            "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
        )
    }
}
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "whist@localhost")

# REDIS_URL: channel layer on Redis database 1, Celery's broker on database 0 (pitfall 11).
# Without it: in-process channel layer and Celery tasks run eagerly, in the request.
REDIS_URL = os.environ.get("REDIS_URL")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": redis_db_url(REDIS_URL, 1),
                        # redis-py 8's default of 5 s kills idle sockets (pitfall 2).
                        "socket_timeout": None,
                        # redis-py 8 caps a pool at 100 connections (pitfall 10).
                        "max_connections": 1000,
                    }
                ],
                # The default of 100 drops messages silently in a burst (pitfall 12).
                "capacity": 1000,
                "expiry": 60,
            },
        }
    }
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
# (bot tasks are idempotent); beat runs the watchdog that re-queues overdue turns (pitfall 16).
CELERY_TASK_ACKS_LATE = True
# Tests give a worker of their own a queue of its own, so that no other worker takes its tasks.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("WHIST_CELERY_QUEUE", "celery")
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULE = {
    "games-watchdog": {"task": "games.tasks.watchdog", "schedule": 10.0},
}

# Live play: a bot's pause before acting (min, max seconds), the extra pause after a trick,
# the level of the bot standing in for an away player, the grace period of a disconnected
# player before it, and how late a turn may be before the watchdog queues it again.
_BOT_DELAY = [float(x) for x in os.environ.get("WHIST_BOT_DELAY", "0.8,1.5").split(",")]
WHIST_BOT_DELAY = (_BOT_DELAY[0], _BOT_DELAY[-1])
WHIST_TRICK_PAUSE = float(os.environ.get("WHIST_TRICK_PAUSE", "1.0"))
WHIST_STANDIN_BOT = "club"
WHIST_AWAY_GRACE = float(os.environ.get("WHIST_AWAY_GRACE", "30"))
WHIST_WATCHDOG_SLACK = 5.0
# A server refreshes its open sockets every BEAT seconds; a socket not refreshed for STALE
# seconds belonged to a server that died, and the watchdog drops it.
WHIST_PRESENCE_BEAT = float(os.environ.get("WHIST_PRESENCE_BEAT", "30"))
WHIST_PRESENCE_STALE = float(os.environ.get("WHIST_PRESENCE_STALE", "90"))
# An open table none of whose players has been at it for this many seconds is closed.
WHIST_OPEN_ABANDON = float(os.environ.get("WHIST_OPEN_ABANDON", "600"))
# An open table whose last seated player stood up stays open this many seconds (an invited
# guest may still come), then it is closed.
WHIST_OPEN_EMPTY_GRACE = float(os.environ.get("WHIST_OPEN_EMPTY_GRACE", "120"))
# Frames one socket may send in a window of seconds before it gets `rate_limited` errors.
WHIST_WS_RATE = (30, 10.0)
