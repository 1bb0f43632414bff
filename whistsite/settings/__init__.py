"""Django settings for the Whist card room, read from environment variables; safe when unset.

One module per concept, each reading its own variables; a module that needs another's value
(core's DEBUG, shared's REDIS_URL) imports it from there, so their order here does not matter."""

from whistsite.settings.core import *  # noqa: F403
from whistsite.settings.database import *  # noqa: F403
from whistsite.settings.environment import *  # noqa: F403
from whistsite.settings.environment import stop_on_problems  # noqa: E402
from whistsite.settings.limits import *  # noqa: F403
from whistsite.settings.logs import *  # noqa: F403
from whistsite.settings.mail import *  # noqa: F403
from whistsite.settings.operations import *  # noqa: F403
from whistsite.settings.play import *  # noqa: F403
from whistsite.settings.privacy import *  # noqa: F403
from whistsite.settings.security import *  # noqa: F403
from whistsite.settings.shared import *  # noqa: F403
from whistsite.settings.tasks import *  # noqa: F403

stop_on_problems()  # one line per unusable setting, then exit status 2

from whistsite.error_reports import install as _reports  # noqa: E402

_reports(WHIST_SENTRY_DSN)  # noqa: F405  (off unless set: whistsite/error_reports.py)
