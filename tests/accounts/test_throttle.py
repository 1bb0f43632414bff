"""Login throttling (django-axes, one throttle for the site's and the admin's login) and the
rate limits of sign-up, password reset and table creation."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Table
from tests.accounts.hashers import CountingMD5PasswordHasher

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-pass-2024"


@pytest.fixture(autouse=True)
def _counting_hasher(settings) -> None:
    settings.PASSWORD_HASHERS = ["tests.accounts.hashers.CountingMD5PasswordHasher"]


def make_user(username: str, **extra) -> object:
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


def admin_login(username: str, password: str, address: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.post("/admin/login/?next=/admin/", {"username": username, "password": password})
    return client


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def site_login(username: str, password: str, address: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.post("/accounts/login/", {"username": username, "password": password})
    return client


def test_100_wrong_admin_passwords_from_4_addresses_lock_those_addresses_not_the_account(
    settings,
) -> None:
    make_user("root", is_staff=True, is_superuser=True)
    make_user("mod", is_staff=True)
    owner = site_login("root", PASSWORD, "192.0.2.50")  # the owner's own browser, earlier
    owner.post("/accounts/logout/")
    attackers = ["198.51.100.1", "198.51.100.2", "203.0.113.7", "2001:db8:1:2::10"]
    for attempt in range(100):
        admin_login("root", f"guess-{attempt}", attackers[attempt % 4])

    # The owner, who knows the password, gets in from their browser: admin and site (the
    # account takes its password only from known browsers now: accounts.login_guard).
    owner.post("/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD})
    assert logged_in(owner)
    owner.post("/accounts/logout/")
    owner.post("/accounts/login/", {"username": "root", "password": PASSWORD})
    assert logged_in(owner)
    # The attacking addresses stay locked out, for that account and for any other one.
    for address in attackers:
        assert not logged_in(admin_login("root", PASSWORD, address))
        assert not logged_in(admin_login("mod", PASSWORD, address))
        assert site_login("mod", PASSWORD, address).session.get("_auth_user_id") is None


def test_a_failure_every_few_minutes_from_elsewhere_never_locks_the_owner_out(settings) -> None:
    make_user("root", is_staff=True, is_superuser=True)
    owner = site_login("root", PASSWORD, "192.0.2.7")  # the owner's browser, earlier
    owner.post("/accounts/logout/")
    for attempt in range(3 * settings.AXES_FAILURE_LIMIT):
        site_login("root", "wrong", f"198.51.100.{attempt % 3 + 1}")
    owner.post("/accounts/login/", {"username": "root", "password": PASSWORD})
    assert logged_in(owner)


def test_a_success_from_an_address_does_not_reset_its_count_against_another_account(
    settings,
) -> None:
    make_user("root")
    make_user("mine")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        site_login("root", "wrong", "198.51.100.1")
    assert logged_in(site_login("mine", PASSWORD, "198.51.100.1"))  # resets the address count
    site_login("root", "wrong", "198.51.100.1")

    assert not logged_in(site_login("root", PASSWORD, "198.51.100.1"))
    assert logged_in(site_login("root", PASSWORD, "198.51.100.2"))


def test_a_locked_out_login_is_refused_before_any_password_is_hashed(settings) -> None:
    make_user("ann")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        Client().post("/accounts/login/", {"username": "ann", "password": "wrong"})
    CountingMD5PasswordHasher.hashes = 0

    for _ in range(5):
        response = Client().post("/accounts/login/", {"username": "ann", "password": PASSWORD})
        assert response.status_code == 429
    assert CountingMD5PasswordHasher.hashes == 0


def test_the_sites_login_and_the_admins_count_in_one_throttle(settings) -> None:
    make_user("ann", is_staff=True)
    half = settings.AXES_FAILURE_LIMIT // 2
    for _ in range(half):
        Client().post("/accounts/login/", {"username": "ann", "password": "wrong"})
    for _ in range(settings.AXES_FAILURE_LIMIT - half):
        admin_login("ann", "wrong", "127.0.0.1")

    response = Client().post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()


def test_the_account_counts_whatever_the_letter_case_of_the_username(settings) -> None:
    make_user("ann")
    for n in range(settings.AXES_FAILURE_LIMIT):
        name = "ANN" if n % 2 else "Ann"
        Client(REMOTE_ADDR="192.0.2.1").post(
            "/accounts/login/", {"username": name, "password": "wrong"}
        )
    assert not logged_in(site_login("ann", PASSWORD, "192.0.2.1"))
    assert logged_in(site_login("ann", PASSWORD, "192.0.2.200"))


def test_ipv6_addresses_count_per_64_network(settings) -> None:
    make_user("ann")
    make_user("bob")
    for n in range(settings.AXES_FAILURE_LIMIT):
        Client(REMOTE_ADDR=f"2001:db8:aa:bb::{n + 1:x}").post(
            "/accounts/login/", {"username": f"nobody{n}", "password": "wrong"}
        )
    same_network = Client(REMOTE_ADDR="2001:db8:aa:bb:ffff::1")
    same_network.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    other_network = Client(REMOTE_ADDR="2001:db8:aa:bc::1")
    other_network.post("/accounts/login/", {"username": "bob", "password": PASSWORD})

    assert not logged_in(same_network)
    assert logged_in(other_network)


def test_a_lockout_ends_after_the_cool_off(settings) -> None:
    from datetime import timedelta

    # 5 s, not 1: on a busy machine (load average 10) the five failures and the locked try
    # took more than a second, and the lockout had ended before it was checked.
    settings.AXES_COOLOFF_TIME = timedelta(seconds=5)
    make_user("ann")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        Client().post("/accounts/login/", {"username": "ann", "password": "wrong"})
    locked = Client().post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert locked.status_code == 429

    time.sleep(5.5)
    client = Client()
    client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert logged_in(client)


def test_sign_ups_are_limited_per_address(settings) -> None:
    settings.WHIST_RATE_SIGNUP = "2/h"
    codes = []
    for n in range(3):
        data = {"username": f"new{n}", "password1": PASSWORD, "password2": PASSWORD,
                "accept_terms": "on"}  # fmt: skip
        codes.append(Client(REMOTE_ADDR="192.0.2.1").post("/accounts/signup/", data).status_code)
    other = Client(REMOTE_ADDR="192.0.2.2").post(
        "/accounts/signup/",
        {"username": "new9", "password1": PASSWORD, "password2": PASSWORD, "accept_terms": "on"},
    )

    assert codes == [302, 302, 429]
    assert other.status_code == 302
    assert not get_user_model().objects.filter(username="new2").exists()


def test_password_resets_are_limited_per_address_and_per_e_mail_from_it(
    settings, mailoutbox, django_capture_on_commit_callbacks
) -> None:
    settings.WHIST_RATE_RESET = "2/h"
    make_user("ann", email="ann@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        codes = [
            Client(REMOTE_ADDR="192.0.2.1")
            .post("/accounts/password_reset/", {"email": "ANN@example.org"})
            .status_code
            for n in range(3)
        ]
    assert codes == [302, 302, 429]
    assert len(mailoutbox) == 2
    for n in range(2):
        Client(REMOTE_ADDR="198.51.100.9").post(
            "/accounts/password_reset/", {"email": f"x{n}@example.org"}
        )
    answer = Client(REMOTE_ADDR="198.51.100.9").post(
        "/accounts/password_reset/", {"email": "y@example.org"}
    )
    assert answer.status_code == 429


def table_form(**changes: str) -> dict[str, str]:
    data = {"game": "german", "players": "2", "preset": "classic", "time_limit": "60",
            "start_cards": "7", "dogs_life": "once_per_game", "lead": "left_of_dealer",
            "trump": "chosen", "target": "5", "games": "1", "seat_0": "me",
            "seat_1": "open"}  # fmt: skip
    return data | changes


def test_table_creation_is_limited_per_user_and_per_address(settings) -> None:
    settings.WHIST_RATE_TABLES, settings.WHIST_RATE_TABLES_ADDRESS = "2/h", "3/h"
    settings.WHIST_MAX_OPEN_TABLES = 100
    ann, bob = make_user("ann"), make_user("bob")
    first = Client(REMOTE_ADDR="192.0.2.1")
    first.force_login(ann)
    answers = [first.post("/tables/new/", table_form()).status_code for _ in range(3)]
    assert answers == [302, 302, 200]  # the third: the form again, with the reason
    second = Client(REMOTE_ADDR="192.0.2.1")
    second.force_login(bob)
    assert second.post("/tables/new/", table_form()).status_code == 302
    page = second.post("/tables/new/", table_form())
    assert "opened many tables" in page.content.decode()
    assert Table.objects.count() == 3


def test_a_user_has_at_most_a_few_unfinished_tables(settings, client: Client) -> None:
    settings.WHIST_MAX_OPEN_TABLES = 2
    client.force_login(make_user("ann"))
    for _ in range(3):
        client.post("/tables/new/", table_form())
    response = client.post("/tables/play-now/", follow=True)

    assert Table.objects.count() == 2
    assert "unfinished tables" in response.content.decode()
