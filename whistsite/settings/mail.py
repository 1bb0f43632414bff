"""Outgoing mail: SMTP when DJANGO_EMAIL_HOST is set, else the console; and Web Push when
WHIST_VAPID_PRIVATE_KEY is set, else none."""

import base64
import binascii
import os
from email.utils import parseaddr

from whistsite.settings.environment import env_bool, env_float, env_int, problem

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
# Unset: the site's own name in each reader's language (accounts.mail.site_name).
WHIST_SITE_NAME = os.environ.get("WHIST_SITE_NAME", "").strip()
# Notification mails (social/services/mailing.py): at most this many a player a day, at
# once and digests together; the daily digest goes out from this hour (TIME_ZONE) on.
WHIST_NOTICE_MAILS_PER_DAY = env_int("WHIST_NOTICE_MAILS_PER_DAY", 10, minimum=1)
WHIST_DIGEST_HOUR = min(env_int("WHIST_DIGEST_HOUR", 18, minimum=0), 23)

# Web Push (social/services/pushing.py; docs/deployment.md §"Push"): the site's VAPID private
# key, a P-256 key as 32 bytes in base64url (`manage.py vapid_key` makes one; the public key
# the browsers need is derived from it). Unset: no push, and the settings offer none.
WHIST_VAPID_PRIVATE_KEY = os.environ.get("WHIST_VAPID_PRIVATE_KEY", "").strip()
if WHIST_VAPID_PRIVATE_KEY:
    try:
        _raw = base64.urlsafe_b64decode(
            WHIST_VAPID_PRIVATE_KEY + "=" * (-len(WHIST_VAPID_PRIVATE_KEY) % 4)
        )
    except (binascii.Error, ValueError):
        _raw = b""
    if len(_raw) != 32:
        problem(
            "WHIST_VAPID_PRIVATE_KEY", "...", "must be 32 bytes in base64url (manage.py vapid_key)"
        )
        WHIST_VAPID_PRIVATE_KEY = ""
# Whom the push services may contact about the site's pushes: a mailto: or https: address.
_FROM = parseaddr(DEFAULT_FROM_EMAIL)[1] or "whist@localhost"
WHIST_VAPID_SUBJECT = os.environ.get("WHIST_VAPID_SUBJECT", "") or f"mailto:{_FROM}"
if WHIST_VAPID_PRIVATE_KEY and not WHIST_VAPID_SUBJECT.startswith(("mailto:", "https://")):
    problem("WHIST_VAPID_SUBJECT", WHIST_VAPID_SUBJECT, "must be a mailto: or https:// address")
# Push addresses must be https (as every browser's push service is); the tests' receiver is
# plain http on 127.0.0.1.
WHIST_PUSH_HTTP = False
# Devices one player may allow at most (the newest replaces the oldest).
WHIST_PUSH_DEVICES = env_int("WHIST_PUSH_DEVICES", 10, minimum=1)
