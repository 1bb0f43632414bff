"""Players' data: how long a closed account waits before its erasure, how long an export and
a deleted account's name are kept, how often one may ask for an export, and the operator's
GeoIP2 city database that names a session's place (none: places are not shown)."""

import os

WHIST_DELETION_GRACE_DAYS = int(os.environ.get("WHIST_DELETION_GRACE_DAYS", "14"))
WHIST_EXPORT_DAYS = int(os.environ.get("WHIST_EXPORT_DAYS", "7"))
WHIST_NAME_RESERVED_DAYS = int(os.environ.get("WHIST_NAME_RESERVED_DAYS", "90"))
WHIST_RATE_EXPORTS = os.environ.get("WHIST_RATE_EXPORTS", "3/d")  # per user
WHIST_GEOIP_PATH = os.environ.get("WHIST_GEOIP_PATH", "")
