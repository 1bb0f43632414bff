"""What the site is: its secrets and hosts, apps, middleware, templates, users, languages and
static files."""

from django.utils.translation import gettext_lazy as _

from whistsite.settings.environment import BASE_DIR, PROBLEMS, env_bool, env_list, env_str

# Fail closed: debugging is off unless asked for, and without it the process refuses to
# start on a missing, short or development ("django-insecure-...") key (`make run` sets both).
DEBUG = env_bool("DJANGO_DEBUG", False)
# Under DEBUG too a missing page shows the site's 404 page (whistsite/patches/debug_404.py);
# true: Django's technical one, with the URL patterns it tried.
WHIST_DEBUG_404 = env_bool("WHIST_DEBUG_404", False)
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "")
if not DEBUG and (len(SECRET_KEY) < 50 or SECRET_KEY.startswith("django-insecure")):
    PROBLEMS.append(
        "DJANGO_SECRET_KEY is missing, shorter than 50 characters or a development key, and "
        "DJANGO_DEBUG is off: set it to a long random value, e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`, or run a development "
        "setup with DJANGO_DEBUG=true (as `make run` does)"
    )
SECRET_KEY = SECRET_KEY or "django-insecure-dev-only-key-never-use-in-production"
# The deal secret: a table's deck seed is HMAC(this, its stored seed) (games.models.Table
# .deal_seed), so that the database (and any staff page) alone does not give the hands.
# Every process must have the same value, and it must not change while games run; it is
# separate from DJANGO_SECRET_KEY so that rotating that key leaves the games alone.
WHIST_DEAL_SECRET = env_str("WHIST_DEAL_SECRET", "")
if not DEBUG and len(WHIST_DEAL_SECRET) < 32:
    PROBLEMS.append(
        "WHIST_DEAL_SECRET is missing or shorter than 32 characters, and DJANGO_DEBUG is off: "
        "set it to a long random value, the same in every process, e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(32))'`, or run a development "
        "setup with DJANGO_DEBUG=true (as `make run` does)"
    )
WHIST_DEAL_SECRET = WHIST_DEAL_SECRET or "dev-only-deal-secret-never-use-in-production"
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # Daphne first, so that its runserver replaces Django's (whistsite/daphne_app.py: Daphne's
    # app without its server imported at every start).
    "whistsite.daphne_app.DaphneConfig",
    # Django's admin on a site that refuses lookups on hidden fields (accounts.admin_lookups).
    "accounts.admin_apps.GuardedAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    # The second factor of staff and moderators (accounts.two_factor).
    "django_otp",
    "accounts.otp_apps.AppCodesConfig",  # django_otp.plugins.otp_totp, named for staff
    "accounts.otp_apps.RecoveryCodesConfig",  # django_otp.plugins.otp_static
    "accounts",
    "games",
    "records",
    "rankings",
    # Friend requests and friendships (FriendshipRequest, Friend): social's friends.
    "social.friendship_apps.FriendshipsConfig",  # friendship, named for staff
    "social",
    # Clubs: members, owners and moderators, a wall, their events and leaderboards.
    "clubs",
    "tournaments",
    # The legal pages (imprint, privacy notice, terms) and players' data (export, deletion).
    "legal",
    "privacy",
    # Process-level helpers every app may use; its commands: `manage.py ready` (health).
    "runtime",
    # Fair-play signals from stored games and the moderators' queue (docs/fairplay.md).
    "fairplay",
    # Lessons: a short interactive course per game, its deals checked by the engine.
    "learning",
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
    # The player's time zone made current: their choice, else their browser's
    # (accounts/time_zones.py).
    "accounts.time_zones.TimeZoneMiddleware",
    # The request's id and its user's hash on its log lines (whistsite/request_ids.py).
    "whistsite.request_ids.RequestIds",
    # Each logged-in session's device, place and last sight, and the browser's one cookie
    # (accounts/sessions.py, accounts/devices.py).
    "accounts.sessions.SessionInfoMiddleware",
    # user.is_verified(): the session passed the second factor; staff pages ask for it.
    "django_otp.middleware.OTPMiddleware",
    "accounts.two_factor.SecondFactorMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "accounts.middleware.StaffIdleMiddleware",
    "accounts.middleware.BanMiddleware",
    "accounts.middleware.NoticeMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    # An action opened as a page (GET of a POST-only address): a page, not an empty 405.
    "whistsite.not_allowed.NotAllowedPage",
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
                "accounts.staff_pages.header",
            ],
        },
    },
]

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
FORMAT_MODULE_PATH = ["whistsite.formats"]  # English dates in 24 hours, never m/d/Y
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
