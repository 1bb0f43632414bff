"""Background work: Celery's queues and routes, the watchdog's beat, the analysis lane."""

from whistsite.settings.core import TIME_ZONE
from whistsite.settings.environment import env_float, env_int, env_str

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
CELERY_TASK_DEFAULT_QUEUE = env_str("WHIST_CELERY_QUEUE", "celery")
CELERY_TASK_ROUTES = {
    "games.tasks.*": {"queue": CELERY_TASK_DEFAULT_QUEUE},
    "rankings.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.bookkeeping"},
    "tournaments.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.bookkeeping"},
    "records.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.analysis"},
    "accounts.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.bookkeeping"},
    "privacy.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.bookkeeping"},
    "social.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.bookkeeping"},
    "fairplay.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.analysis"},
    "learning.tasks.*": {"queue": f"{CELERY_TASK_DEFAULT_QUEUE}.analysis"},
}
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The watchdog's period (beat's, and the embedded server's own timer): a lost turn is
# played again within about this plus WHIST_WATCHDOG_SLACK seconds.
WHIST_WATCHDOG_EVERY = env_float("WHIST_WATCHDOG_EVERY", 5)
# A player's analyses: at most this many in the line or running at once, and this many
# asked for an hour (records.analysis_service).
WHIST_ANALYSIS_ACTIVE = env_int("WHIST_ANALYSIS_ACTIVE", 3)
WHIST_ANALYSIS_HOURLY = env_int("WHIST_ANALYSIS_HOURLY", 30)
# How much lower the CPU priority of the embedded server's analysis process is (nice).
WHIST_ANALYSIS_NICE = env_int("WHIST_ANALYSIS_NICE", 10)
# Fair play (fairplay.rules): a player is flagged for hidden-card use once the evidence of
# cheating is this many to one against honest play, after at least this many judged
# positions; a pair for soft play this many standard errors apart, after this many Knockout
# Whist games together.
WHIST_FAIRPLAY_ODDS = env_float("WHIST_FAIRPLAY_ODDS", 1000.0)
WHIST_FAIRPLAY_MIN_POSITIONS = env_int("WHIST_FAIRPLAY_MIN_POSITIONS", 8, minimum=1)
WHIST_FAIRPLAY_SOFT_Z = env_float("WHIST_FAIRPLAY_SOFT_Z", 3.0)
WHIST_FAIRPLAY_SOFT_MEETINGS = env_int("WHIST_FAIRPLAY_SOFT_MEETINGS", 5, minimum=1)
# Threads of the embedded server's turns lane (runtime/scheduling.py).
WHIST_TURN_THREADS = 2
# Beat's scheduler notes each tick in the cache, for `manage.py ready beat` (runtime/beat.py).
CELERY_BEAT_SCHEDULER = "runtime.beat:PulsingScheduler"
CELERY_BEAT_SCHEDULE = {
    "games-watchdog": {"task": "games.tasks.watchdog", "schedule": WHIST_WATCHDOG_EVERY},
}
