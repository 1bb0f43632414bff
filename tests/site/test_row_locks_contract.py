"""The contract apps-lock-own-rows (tests/contracts/row_locks.py, run by `make lint`): a
module locking rows of another app's model is found, its own app's and a library's are not."""

from tests.contracts.row_locks import foreign_locks

APPS = {"games", "rankings", "records", "social"}


def test_a_lock_on_another_apps_model_breaks_the_contract():
    source = (
        "from games.models import Table\n"
        "def score(pk):\n"
        "    Table.objects.select_for_update().defer('record').get(pk=pk)\n"
    )
    assert foreign_locks("rankings.services.bookkeeping", source, APPS) == [
        (3, "games.models.Table")
    ]


def test_a_lock_reached_through_a_filter_is_found_too():
    source = (
        "from records.models import GameRecord as Stored\n"
        "Stored.objects.filter(pk=1).select_for_update().first()\n"
    )
    assert foreign_locks("rankings.services.annul", source, APPS) == [(2, "records.models.Stored")]


def test_a_lock_on_the_apps_own_model_or_a_librarys_keeps_it():
    source = (
        "from friendship.models import FriendshipRequest\n"
        "from social.models import Invitation\n"
        "Invitation.objects.select_for_update().filter(pk=1)\n"
        "FriendshipRequest.objects.select_for_update().filter(pk=1)\n"
    )
    assert foreign_locks("social.services.friends", source, APPS) == []


def test_the_code_keeps_the_contract():
    """Every module of the apps, as `make lint` reads them."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    apps = {"games", "accounts", "records", "rankings", "social", "tournaments", "runtime",
            "legal", "privacy", "fairplay", "clubs"}  # fmt: skip
    found = []
    for app in sorted(apps):
        for path in (root / app).rglob("*.py"):
            module = ".".join(path.relative_to(root).with_suffix("").parts)
            found += [(module, *f) for f in foreign_locks(module, path.read_text(), apps)]
    assert found == []
