"""Logging filters of the site's LOGGING (whistsite/settings/logs.py)."""

from __future__ import annotations

import logging


class NoTracebackBelow500(logging.Filter):
    """A refused request (a 4xx: a private table's page without its invite, a page that does
    not exist) keeps its one line in the log, without the traceback of the exception that
    answered it (Django logs PermissionDenied and Http404 with it): anyone could fill the
    log with 33 lines a request. A 5xx keeps its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
