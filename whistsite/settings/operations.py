"""What an operator watches: the metrics endpoint's token (docs/deployment.md §"Metrics"),
the log format and error reports."""

from whistsite.settings.environment import env_choice, env_str, problem

# The bearer token Prometheus sends for a Daphne process's /metrics; unset: /metrics is off
# (404). Celery workers serve theirs on WHIST_METRICS_BIND:WHIST_METRICS_PORT instead, a
# private address (whistsite/celery_metrics.py).
WHIST_METRICS_TOKEN = env_str("WHIST_METRICS_TOKEN", "")
if WHIST_METRICS_TOKEN and len(WHIST_METRICS_TOKEN) < 16:
    problem("WHIST_METRICS_TOKEN", "(hidden)", "must be at least 16 characters, or unset")
    WHIST_METRICS_TOKEN = ""
# plain: one line of text per record; json: one JSON object per line, with the request or
# socket id, the user id's hash and the table id where there is one (whistsite/log_context.py).
WHIST_LOG_FORMAT = env_choice("WHIST_LOG_FORMAT", "plain", ("plain", "json"))
# Error reports to Sentry when set (sentry-sdk; no personal data: whistsite/error_reports.py).
WHIST_SENTRY_DSN = env_str("WHIST_SENTRY_DSN", "")
