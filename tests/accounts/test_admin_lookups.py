"""The admin's list pages refuse lookups on hidden fields, for every model admin, by one rule
(accounts.admin_lookups): secrets for everyone, and whatever a role is not shown; each refusal
answers 400 and writes an audit row."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.admin_lookups import SECRET_FIELDS, GuardedLookups
from accounts.models import AuditEntry
from accounts.moderators import ACCOUNTS_PERMISSIONS
from games import services
from tests.staff import made_moderator, staff_client

pytestmark = pytest.mark.django_db
GAMES_PERMISSIONS = ["view_table", "view_chatmessage", "change_chatmessage"]


def make_user(name: str, **extra):
    return get_user_model().objects.create_user(name, password="pw", **extra)


@pytest.fixture
def moderator() -> Client:
    permissions = {"accounts": ACCOUNTS_PERMISSIONS, "games": GAMES_PERMISSIONS}
    return staff_client(made_moderator(make_user("mod"), permissions))


def refused(client: Client, url: str, lookup: str) -> bool:
    before = AuditEntry.objects.filter(action=AuditEntry.Action.LOOKUP_REFUSED).count()
    response = client.get(url)
    entries = AuditEntry.objects.filter(action=AuditEntry.Action.LOOKUP_REFUSED)
    logged = entries.count() == before + 1 and entries.latest("pk").details["lookup"] == lookup
    assert (response.status_code == 400) == logged, (url, response.status_code)
    return logged


def test_a_moderator_cannot_filter_players_by_email(moderator):
    make_user("root", is_staff=True, is_superuser=True, email="root@example.org")
    url = "/admin/accounts/user/?username=root&email__regex=^r"
    assert refused(moderator, url, "email__regex")
    assert refused(moderator, "/admin/accounts/user/?username=root&password__startswith=p",
                   "password__startswith")  # fmt: skip
    entry = AuditEntry.objects.latest("pk")
    assert entry.actor_name == "mod" and entry.target == "accounts.user list"


def test_a_superuser_may_filter_players_by_the_email_the_list_shows_them():
    root = make_user("root", is_staff=True, is_superuser=True, email="root@example.org")
    client = staff_client(root)
    assert not refused(client, "/admin/accounts/user/?email__regex=^r", "email__regex")
    assert refused(client, "/admin/accounts/user/?password__regex=^p", "password__regex")


def test_a_moderator_cannot_filter_tables_by_invite_token(moderator):
    table = services.table_create(make_user("ann"), "german", private=True)
    url = f"/admin/games/table/?id={table.pk}&invite_token__startswith={table.invite_token[0]}"
    assert refused(moderator, url, "invite_token__startswith")
    assert refused(moderator, "/admin/games/table/?seed__gte=0", "seed__gte")


def test_a_lookup_across_a_relation_to_a_hidden_field_is_refused(moderator):
    assert refused(moderator, "/admin/games/table/?created_by__email__regex=^a",
                   "created_by__email__regex")  # fmt: skip
    assert refused(moderator, "/admin/accounts/report/?reporter__password__regex=^p",
                   "reporter__password__regex")  # fmt: skip


def test_the_moderators_own_filters_still_work(moderator):
    assert moderator.get("/admin/accounts/report/?status__exact=open").status_code == 200
    assert moderator.get("/admin/games/chatmessage/?id=1").status_code == 200
    assert moderator.get("/admin/accounts/user/?is_staff__exact=1").status_code == 200


def test_every_registered_model_admin_refuses_lookups_on_hidden_fields(rf):
    """Each admin on the site has the rule; on each, a superuser's lookup on a secret or on a
    field the admin does not show is refused (and audited), and one it filters by is not."""
    request = rf.get("/admin/")
    request.user = make_user("root", is_staff=True, is_superuser=True)
    walked = 0
    for model, model_admin in admin.site._registry.items():
        assert isinstance(model_admin, GuardedLookups), model
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        shown = model_admin.shown_fields(request)
        secret = [f for f in fields if f.name in SECRET_FIELDS]
        unshown = [f for f in fields if f.name not in shown and f not in secret]
        for field in secret + unshown[:2]:
            with pytest.raises(DisallowedModelAdminLookup):
                model_admin.lookup_allowed(f"{field.name}__isnull", "False", request)
            walked += 1
        for item in model_admin.get_list_filter(request):
            if isinstance(item, str) and "__" not in item:
                assert model_admin.lookup_allowed(f"{item}__exact", "1", request), (model, item)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.LOOKUP_REFUSED).count() == walked
    assert walked > 10
