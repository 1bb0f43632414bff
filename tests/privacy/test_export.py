"""A player's export (issue 40 item 2): one archive of JSON files with every kind of data the
site holds about them, built by a Celery task, its link shown and mailed; nobody else's."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client

from games.models import Table
from privacy.models import Export
from tests.mail_server import link_in
from tests.privacy.conftest import PASSWORD, Full

KINDS = {
    "ratings": "data/rankings.Rating.json",
    "ratings history": "data/rankings.SeatResult.json",
    "XP": "data/rankings.Progress.json",
    "friends": "data/friendship.Friend.json",
    "friend requests": "data/friendship.FriendshipRequest.json",
    "invitations": "data/social.Invitation.json",
    "notifications": "data/social.Notification.json",
    "notification settings": "data/social.SocialSettings.json",
    "chat lines": "data/games.ChatMessage.json",
    "reports made": "data/accounts.Report.json",
    "sanctions": "data/accounts.Mute.json",
    "blocked players": "data/accounts.Block.json",
    "terms accepted": "data/legal.Acceptance.json",
    "sessions": "data/accounts.SessionInfo.json",
    "clubs": "data/clubs.Membership.json",
    "wall lines": "data/clubs.Post.json",
}


def export_of(full: Full, django_capture_on_commit_callbacks) -> dict[str, object]:
    with django_capture_on_commit_callbacks(execute=True):
        assert full.client.post("/accounts/data/export/").status_code == 302
    page = full.client.get("/accounts/data/").content.decode()
    export = Export.objects.get(user=full.ann)
    assert export.status == Export.Status.READY and export.token in page
    download = full.client.get(f"/accounts/data/export/{export.token}/")
    assert download["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(download.content)) as zf:
        return {n: zf.read(n).decode() for n in zf.namelist()}


def test_an_export_holds_every_kind_of_the_players_data(
    full_player: Full, django_capture_on_commit_callbacks, mail_server
) -> None:
    files = export_of(full_player, django_capture_on_commit_callbacks)
    missing = [kind for kind, name in KINDS.items() if name not in files]
    assert not missing, sorted(files)

    profile = json.loads(files["profile.json"])
    assert (profile["display_name"], profile["email"]) == ("Zqx Display", "zqx@example.org")
    assert profile["unlocked_designs"] and "auto_play" in profile and "hide_ratings" in profile
    (game,) = json.loads(files["games.json"])
    assert game["game_id"] == full_player.table_id and game["record"]["deals"]
    chat = json.loads(files["data/games.ChatMessage.json"])
    assert [line["text"] for line in chat] == ["hello from zqxann"]  # theirs only
    (report,) = json.loads(files["data/accounts.Report.json"])
    assert report["reporter"] == "you" and report["reported"] == "bob"  # not bob's about ann
    (mute,) = json.loads(files["data/accounts.Mute.json"])
    assert mute["created_by"] == "a moderator" and mute["reason"] == "rude"
    (line,) = json.loads(files["data/clubs.Post.json"])  # theirs only
    assert line["text"] == "my first line on the wall" and line["author"] == "you"
    (mailed,) = mail_server.to("zqx@example.org")
    assert "/accounts/data/" in link_in(mailed, "/accounts/data/")


def test_an_export_holds_no_secret(full_player: Full, django_capture_on_commit_callbacks):
    text = "".join(export_of(full_player, django_capture_on_commit_callbacks).values())
    assert full_player.ann.password not in text and '"password": "md5' not in text
    for table in Table.objects.exclude(status=Table.Status.FINISHED):
        assert table.invite_token not in text or not table.invite_token
        assert f"{table.seed}" not in text  # the seed of a deal still in play


def test_nobody_else_downloads_a_players_export(
    full_player: Full, django_capture_on_commit_callbacks
) -> None:
    export_of(full_player, django_capture_on_commit_callbacks)
    token = Export.objects.get(user=full_player.ann).token
    bob = Client()
    bob.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert bob.get(f"/accounts/data/export/{token}/").status_code == 404
    assert Client().get(f"/accounts/data/export/{token}/").status_code == 302  # log in first


@pytest.mark.parametrize("token", ["x" * 43, "../../etc", "%00"])
def test_a_bad_export_address_is_a_404(full_player: Full, token: str) -> None:
    assert full_player.client.get(f"/accounts/data/export/{token}/").status_code == 404


@pytest.mark.django_db
def test_asking_without_a_confirmed_address_promises_no_mail() -> None:
    """The walk under make run: a player who never gave an address was told "we mail it to
    you" (accounts.mail.can_mail: mail goes only to a confirmed address)."""
    user = get_user_model().objects.create_user("eve", password=PASSWORD)
    client = Client()
    client.force_login(user)
    asked = client.post("/accounts/data/export/")
    (told,) = [str(m) for m in get_messages(asked.wsgi_request)]
    assert "this page shows the link" in told and "mail" not in told
