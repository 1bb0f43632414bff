"""django-friendship's rows in the admin read in the staff member's language (its app and
models, their columns and fields), as django-otp's apps do (accounts/otp_apps.py); its
following and blocking models, which the site does not use (a block is accounts.Block), are
not offered beside the site's blocks."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from friendship.models import FriendshipRequest

from tests.staff import staff_client

pytestmark = pytest.mark.django_db

NAMES = {
    "en": ("Friendships", "Friendship Requests"),  # django-friendship's own English
    "de": ("Freundschaften", "Freundschaftsanfragen"),
    "nl": ("Vriendschappen", "Vriendschapsverzoeken"),
}
FIELDS = {
    "en": ("From", "To", "Message", "Sent", "Declined", "Seen"),
    "de": ("Von", "An", "Nachricht", "Gesendet", "Abgelehnt", "Gesehen"),
    "nl": ("Van", "Aan", "Bericht", "Verstuurd", "Afgewezen", "Gezien"),
}
ENGLISH = ("Friendship Request", "Friendship", "Following Relationship", "Blocked Relationship")


def _staff():
    return staff_client(get_user_model().objects.create_superuser("boss", "b@example.org", "pw"))


@pytest.mark.parametrize("language", sorted(NAMES))
def test_the_admin_index_names_the_friendship_app_and_models_in_the_readers_language(
    language: str,
) -> None:
    page = _staff().get("/admin/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    app, requests = NAMES[language]
    assert f">{app}</a>" in page
    assert f">{requests}</a>" in page
    if language != "en":
        for english in ENGLISH:
            assert f">{english}" not in page


@pytest.mark.parametrize("language", sorted(FIELDS))
def test_a_friend_request_in_the_admin_labels_its_fields_in_the_readers_language(
    language: str,
) -> None:
    ann, bob = (get_user_model().objects.create_user(n, password="pw") for n in ("ann", "bob"))
    asked = FriendshipRequest.objects.create(from_user=ann, to_user=bob, message="hi")
    client = _staff()
    form = client.get(f"/admin/friendship/friendshiprequest/{asked.pk}/change/",
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()  # fmt: skip
    listing = client.get("/admin/friendship/friendshiprequest/",
                         HTTP_ACCEPT_LANGUAGE=language).content.decode()  # fmt: skip
    for label in FIELDS[language]:
        assert f">{label}:</label>" in form or f">{label}:</legend>" in form  # a date and time
    for label in FIELDS[language][:2] + FIELDS[language][3:4]:
        assert f">{label}</a>" in listing or f"<span>{label}</span>" in listing
    assert "friendship requested" not in listing  # the rows' English __str__


def test_the_unused_following_and_blocking_models_are_not_in_the_admin() -> None:
    client = _staff()
    for model in ("follow", "block"):
        assert client.get(f"/admin/friendship/{model}/").status_code == 404
