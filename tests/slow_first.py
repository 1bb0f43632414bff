"""The slowest test modules first, so that pytest-xdist's workers finish together: `make test`
hands tests out one at a time in collection order (--dist loadgroup; an xdist_group whole,
and the groups first), so a long test collected last (tests/tournaments, tests/site) can
run on one worker while the others have nothing left. Modules listed here keep their tests' order
and go first, longest single test first: the longest-processing-time-first order. The list
comes from `make test` runs' `--durations=0` (the longest test of each module, at a load
average of 20-30: 15 s or more in the unit run, 45 s in the browser run); a module missing
from it only runs later.
An unknown entry changes nothing, and the order changes no test's outcome."""

from __future__ import annotations

import pytest

SLOW_MODULES = (
    "tests/tournaments/test_held_boards.py",
    "tests/faults/test_dead_process.py",
    "tests/site/test_make_test.py",
    "tests/engine/test_analysis.py",
    # 34 s in fresh clones' runs of 2026-12-06 (before df3b0171); unlisted, it came last.
    "tests/tournaments/test_event_pairs.py",
    "tests/tournaments/test_duplicate.py",
    "tests/tournaments/test_daily.py",
    "tests/faults/test_stop_under_load.py",
    "tests/tournaments/test_swiss.py",
    "tests/tournaments/test_worker.py",
    "tests/games/test_pool_servers.py",
    "tests/games/test_moderation.py",
    "tests/records/test_pages.py",
    "tests/faults/test_faults.py",
    "tests/site/test_xdist_groups.py",
    "tests/site/test_security.py",
    "tests/site/test_worker_databases.py",
    "tests/rankings/test_annul.py",
    "tests/faults/test_readiness.py",
    "tests/tournaments/test_drives.py",
    "tests/engine/test_properties.py",
    "tests/rankings/test_exactly_once.py",
    "tests/site/test_settings_checks.py",
    "tests/records/test_analysis_worker.py",
    "tests/records/test_store.py",
    "tests/games/test_versions.py",
    "tests/games/test_socket_fuzz.py",
    "tests/records/test_texts.py",
    "tests/games/test_task_registry.py",
    "tests/records/test_queries.py",
    "tests/site/test_translations.py",
    "tests/games/test_protocol_guards.py",
    "tests/games/test_visibility.py",
    "tests/tournaments/test_between_rounds.py",
    "tests/engine/test_record_check.py",
    "tests/records/test_bot_names.py",
    "tests/records/test_analysis_limits.py",
    "tests/games/test_log_context.py",
    "tests/tournaments/test_standings.py",
    "tests/tournaments/test_movements.py",
    "tests/fairplay/test_scan.py",
    "tests/site/test_body_limit.py",
    "tests/deployment/test_nginx.py",
    "tests/social/test_invitation_locks.py",
    # The browser run (its own pytest process, also --dist loadgroup): 45 s or more at load 20-30.
    "tests/e2e/test_club_drive.py",
    "tests/e2e/test_accessibility.py",
    "tests/e2e/test_drive.py",
    "tests/e2e/test_claims.py",
    "tests/e2e/test_fair_play.py",
    "tests/e2e/test_forced_cards.py",
    "tests/e2e/test_pages_narrow.py",
    "tests/e2e/test_records_replay.py",
    "tests/e2e/test_presentation_text.py",
    "tests/e2e/test_account_life.py",
    "tests/e2e/test_event.py",
    "tests/e2e/test_table_texts.py",
    "tests/e2e/test_knockout_with_bots.py",
    "tests/e2e/test_fairplay_queue.py",
    "tests/e2e/test_rankings_progression.py",
    "tests/e2e/test_lobby_and_names.py",
    "tests/e2e/test_round_summary.py",
    "tests/e2e/test_table_layout.py",
    "tests/e2e/test_event_form.py",
    "tests/e2e/test_table_seat_control.py",
    "tests/e2e/test_annul.py",
    "tests/e2e/test_moderation.py",
    "tests/e2e/test_german_two_humans.py",
    "tests/e2e/test_invite_friend.py",
    "tests/e2e/test_small_things.py",
    "tests/e2e/test_notification_settings.py",
    "tests/e2e/test_hints.py",
)
RANK = {path: rank for rank, path in enumerate(SLOW_MODULES)}


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Listed modules first, in the list's order; every module's tests in their own order."""
    last = len(RANK)
    items.sort(key=lambda item: RANK.get(item.nodeid.split("::", 1)[0], last))
