"""What a player's "Delete my account" POST costs (privacy.views.delete_account: the password
checked, the account closed, its sessions ended, its seats handed to bots, the mail queued):
CPU-seconds of this process and queries of the whole POST, beside one password check alone
(the site's hasher, Django's PBKDF2 as in production), alternated over fresh players each
with a session, a seat at an open table and a confirmed address.

Its own database, `whist_bench_deletion` (on the server of DATABASE_URL), migrated, dropped
at the end; the cache and channel layer in memory, tasks run in the call (bench/django_env.py).
Figures are printed, never asserted; the calibration (shuffles of 52 cards per CPU second,
bench/engine.py) is printed beside them.
Run: `.venv/bin/python bench/account_deletion.py [--rounds 7]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from capacity import drop_database  # noqa: E402
from django_env import bench_database, django_on  # noqa: E402
from engine import calibration  # noqa: E402

BENCH_DATABASE = "whist_bench_deletion"
PASSWORD = "a-Long-pass-2024"


def one_round(n: int) -> tuple[float, float, int]:
    """(CPU-s of the POST, CPU-s of one password check, queries of the POST) for a fresh
    player."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import services

    user = get_user_model().objects.create_user(f"gone{n}", email=f"gone{n}@example.org",
                                                password=PASSWORD)  # fmt: skip
    services.table_create(user, "knockout", players=3)
    client = Client()
    client.force_login(user)
    client.get("/lobby/", secure=True)  # production settings: HTTPS only
    start = time.process_time()
    user.check_password(PASSWORD)
    check = time.process_time() - start
    with CaptureQueriesContext(connection) as queries:
        start = time.process_time()
        response = client.post("/accounts/delete/", {"password": PASSWORD}, secure=True)
        post = time.process_time() - start
    assert response.status_code == 200, response.status_code
    return post, check, len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="players deleted")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    url = bench_database(BENCH_DATABASE)
    try:
        django_on(url)
        from django.conf import settings

        one_round(-1)  # warm: templates, URL resolvers, regexes
        rounds = [one_round(n) for n in range(args.rounds)]
        posts, checks, queries = zip(*rounds, strict=True)
        print(
            f"hasher {settings.PASSWORD_HASHERS[0].rsplit('.', 1)[1]}; "
            f"calibration {calibration(1.0, time.process_time):,.0f} shuffles per CPU second"
        )
        print(
            f"  delete POST     median {statistics.median(posts):.3f} CPU-s "
            f"(min {min(posts):.3f}, max {max(posts):.3f}); queries {sorted(set(queries))}"
        )
        print(
            f"  password check  median {statistics.median(checks):.3f} CPU-s "
            f"(min {min(checks):.3f}, max {max(checks):.3f})"
        )
        share = statistics.median(c / p for p, c, _ in rounds)
        print(f"  the check's share of the POST: median {share:.0%}")
    finally:
        drop_database(url)


if __name__ == "__main__":
    main()
