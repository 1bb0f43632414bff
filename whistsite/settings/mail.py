"""Outgoing mail: SMTP when DJANGO_EMAIL_HOST is set, else the console."""

import os

from whistsite.settings.environment import env_bool, env_float, env_int

# Django 6.1's MAILERS replaces the deprecated EMAIL_* settings. With DJANGO_EMAIL_HOST set,
# mail goes out by SMTP (password-reset links); otherwise to the console.
_EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
if _EMAIL_HOST:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _EMAIL_HOST,
                "port": env_int("DJANGO_EMAIL_PORT", 587, minimum=1),
                "username": os.environ.get("DJANGO_EMAIL_USER", ""),
                "password": os.environ.get("DJANGO_EMAIL_PASSWORD", ""),
                "use_tls": env_bool("DJANGO_EMAIL_USE_TLS", True),
                "use_ssl": env_bool("DJANGO_EMAIL_USE_SSL", False),
                "timeout": env_float("DJANGO_EMAIL_TIMEOUT", 10),
            },
        }
    }
else:
    MAILERS = {
        "default": {
            "BACKEND": os.environ.get("DJANGO_EMAIL_BACKEND", "accounts.console_mail.EmailBackend")
        }
    }
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "whist@localhost")
# Links in mail (accounts.mail.absolute_url) start with this, and mail names the site so.
WHIST_SITE_URL = os.environ.get("WHIST_SITE_URL", "http://127.0.0.1:8000")
WHIST_SITE_NAME = os.environ.get("WHIST_SITE_NAME", "Whist card room")
# Notification mails (social/services/mailing.py): at most this many a player a day, at
# once and digests together; the daily digest goes out from this hour (TIME_ZONE) on.
WHIST_NOTICE_MAILS_PER_DAY = env_int("WHIST_NOTICE_MAILS_PER_DAY", 10, minimum=1)
WHIST_DIGEST_HOUR = min(env_int("WHIST_DIGEST_HOUR", 18, minimum=0), 23)
