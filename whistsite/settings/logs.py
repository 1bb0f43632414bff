"""Logging: where log lines go and which loggers speak."""

import os

from whistsite.settings.environment import env_str, problem

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
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "filters": {"no_traceback_below_500": {"()": "whistsite.log_filters.NoTracebackBelow500"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        **(
            {
                "file": {
                    "class": "logging.handlers.WatchedFileHandler",
                    "filename": _LOG_FILE,
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
        "django.request": {"level": "WARNING", "filters": ["no_traceback_below_500"]},
        "django.security": {"level": "INFO"},
        "axes": {"level": "WARNING"},  # failed logins and lockouts (successes are INFO)
        "accounts": {"level": "INFO"},
        "games": {"level": "INFO"},
    },
}
