"""Security: HTTPS, cookies, trusted proxies, the content policy and the login throttle."""

from datetime import timedelta

from django.utils.csp import CSP

from whistsite.settings.core import DEBUG
from whistsite.settings.environment import env_bool, env_float, env_int, env_networks

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
WHIST_STAFF_IDLE = env_int("WHIST_STAFF_IDLE", 3600)
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", not DEBUG)
# The reverse proxies (addresses or networks, comma-separated) whose X-Forwarded-For and
# X-Forwarded-Proto are believed: the client address and scheme of a request from one of
# them are those it names (uvicorn's ProxyHeadersMiddleware, in whistsite/asgi.py); from any
# other peer the headers mean nothing. Daphne's own --proxy-headers believes any peer and is
# not used.
WHIST_TRUSTED_PROXIES = env_networks("WHIST_TRUSTED_PROXIES")
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
AXES_FAILURE_LIMIT = env_int("WHIST_LOGIN_FAILURES", 10)
AXES_COOLOFF_TIME = timedelta(seconds=env_float("WHIST_LOGIN_COOLOFF", 900))
# A lockout ends a cool-off after the last failure; attempts while locked out still count
# (against the address too: a locked account does not shield the addresses that attack it).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = True
AXES_USERNAME_CALLABLE = "accounts.throttle.login_username"
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.throttle.lockout_response"
AXES_ENABLE_ADMIN = False
# Failed logins of one account from anywhere: past this many within the window, its password
# is taken only from a browser that logged in to it before (accounts/login_guard.py).
WHIST_ACCOUNT_FAILURES = env_int("WHIST_ACCOUNT_FAILURES", 20)
WHIST_ACCOUNT_FAILURE_WINDOW = env_int("WHIST_ACCOUNT_FAILURE_WINDOW", 3600)
WHIST_KNOWN_DEVICE_DAYS = env_int("WHIST_KNOWN_DEVICE_DAYS", 365)
# The second factor of staff (accounts.two_factor): the app's label, and no key or QR code in
# the admin's pages of the devices (nobody may copy a colleague's app).
OTP_TOTP_ISSUER = "Whist"
OTP_ADMIN_HIDE_SENSITIVE_DATA = True
