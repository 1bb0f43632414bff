"""What an operator watches: the metrics endpoint's token (docs/deployment.md §"Metrics"),
the log format and error reports; and how a serving process's collector runs."""

from whistsite.settings.environment import env_bool, env_str, problem

# The bearer token Prometheus sends for a Daphne process's /metrics; unset: /metrics is off
# (404). Celery workers serve theirs on WHIST_METRICS_BIND:WHIST_METRICS_PORT instead, a
# private address (whistsite/celery_metrics.py).
WHIST_METRICS_TOKEN = env_str("WHIST_METRICS_TOKEN", "")
if WHIST_METRICS_TOKEN and len(WHIST_METRICS_TOKEN) < 16:
    problem("WHIST_METRICS_TOKEN", "(hidden)", "must be at least 16 characters, or unset")
    WHIST_METRICS_TOKEN = ""
# Error reports to Sentry when set (sentry-sdk; no personal data: whistsite/error_reports.py).
WHIST_SENTRY_DSN = env_str("WHIST_SENTRY_DSN", "")
# Daphne freezes what the site's imports made, so that the cycle collector's full
# collections no longer walk it (runtime/collector.py); false: Python's collector as it is.
WHIST_GC_FREEZE = env_bool("WHIST_GC_FREEZE", True)
