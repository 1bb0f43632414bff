"""Logging: where log lines go and which loggers speak."""

import os

from whistsite.settings.environment import env_choice, env_str, problem

# Logs on standard error (and DJANGO_LOG_FILE if set): requests that failed (4xx, 5xx),
# security events, failed logins and lockouts (axes), moderator actions (accounts.audit),
# and the security log (accounts.security: one key=value line per login, failure, lockout,
# logout, refused ban and moderator action; accounts/security_log.py).
# The key of the security log's address hashes (default: derived from DJANGO_SECRET_KEY;
# set it to keep hashes comparable across a change of the secret key).
WHIST_LOG_KEY = env_str("WHIST_LOG_KEY", "")
_LOG_FILE = env_str("DJANGO_LOG_FILE", "")
if _LOG_FILE and not os.path.isdir(os.path.dirname(os.path.abspath(_LOG_FILE))):
    problem("DJANGO_LOG_FILE", _LOG_FILE, "its folder does not exist")
    _LOG_FILE = ""
_LOG_HANDLERS = ["console"] + (["file"] if _LOG_FILE else [])
# plain: a line of text per record; json: one JSON object per line, with the request or socket
# id, the user id's hash and the table id where there is one (runtime/log_context.py;
# docs/deployment.md §"Logs").
WHIST_LOG_FORMAT = env_choice("WHIST_LOG_FORMAT", "plain", ("plain", "json"))
# DEBUG: a line for each frame, move, state sent, task queued and task started, with their ids.
WHIST_LOG_LEVEL = env_choice("WHIST_LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING"))
# Celery's workers log through these handlers too when the lines are JSON.
CELERY_WORKER_HIJACK_ROOT_LOGGER = WHIST_LOG_FORMAT != "json"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
        "json": {"()": "runtime.log_context.JsonFormatter"},
    },
    "filters": {
        "no_traceback_below_500": {"()": "whistsite.log_filters.NoTracebackBelow500"},
        "context": {"()": "runtime.log_context.ContextFilter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": WHIST_LOG_FORMAT,
            "filters": ["context"],
        },
        **(
            {
                "file": {
                    "class": "logging.handlers.WatchedFileHandler",
                    "filename": _LOG_FILE,
                    "formatter": WHIST_LOG_FORMAT,
                    "filters": ["context"],
                }
            }
            if "file" in _LOG_HANDLERS
            else {}
        ),
    },
    "root": {"handlers": _LOG_HANDLERS, "level": "WARNING"},
    "loggers": {
        "django": {"handlers": _LOG_HANDLERS, "level": "WARNING", "propagate": False},
        "django.request": {"level": "WARNING", "filters": ["no_traceback_below_500"]},
        "django.security": {"level": "INFO"},
        "axes": {"level": "WARNING"},  # failed logins and lockouts (successes are INFO)
        "accounts": {"level": "INFO"},
        "games": {"level": WHIST_LOG_LEVEL},
        "runtime": {"level": "DEBUG" if WHIST_LOG_LEVEL == "DEBUG" else "WARNING"},
        "whistsite.celery_context": {"level": WHIST_LOG_LEVEL},
    },
}
