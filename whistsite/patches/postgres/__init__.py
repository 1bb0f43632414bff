"""Django's PostgreSQL backend, with the connection's health checked only after it sat idle
(ENGINE "whistsite.patches.postgres": the DatabaseWrapper of base.py).

With CONN_HEALTH_CHECKS Django checks a persistent connection (a `SELECT 1`) before the first
query of every request cycle, and each socket's database call is one (channels' database
sync_to_async closes old connections around it): one more round trip for every move,
beat and opening (15% of a Daphne's samples while 800 sockets opened at once:
docs/benchmarks.md, the storm). A connection used less than HEALTH_IDLE seconds ago is
taken as healthy; one that broke since fails its next query, which the socket answers as
"unavailable", and Django closes it after that call (`errors_occurred`), as without the
check."""

PINNED = {
    ("django.db.backends.base.base", "BaseDatabaseWrapper.close_if_health_check_failed"):
        "7b5969b7cac5164a",
    ("django.db.backends.base.base", "BaseDatabaseWrapper.close_if_unusable_or_obsolete"):
        "b9472cdc66703666",
}  # fmt: skip
