"""Notifications by mail (issue 45 item 1): at once or in a daily digest, per kind; in the
player's language with a plain-text part; a one-click unsubscribe that needs no login
(RFC 8058); nothing to an unconfirmed address or to a player online; a bound per day.
Every mail goes through a real SMTP server (tests/mail_server.py)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games.sockets import limits
from social import services
from social.models import Kind, Mail, SocialSettings
from social.services import mailing
from tests.mail_server import text_of

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()


def player(name: str, language: str = "en", email: bool = True, **mail: str):
    user = User.objects.create_user(
        name, password="x", email=f"{name}@example.org" if email else "", language=language
    )
    services.settings_save(user, [], mail)
    return user


def friend_request(user, name: str = "Bob") -> None:
    services.notify(user.pk, Kind.FRIEND_REQUEST, {"name": name})


def unsubscribe_link(message) -> str:
    (link,) = re.findall(r"<([^>]+)>", message["List-Unsubscribe"])
    return link[link.index("/notifications/") :]


def test_a_notice_by_mail_at_once_is_in_the_players_language_with_a_plain_text_part(
    mail_server,
):
    greta = player("greta", "de", friend_request=Mail.NOW)
    friend_request(greta)
    (message,) = mail_server.to("greta@example.org")
    assert message["Content-Language"] == "de"
    assert message["Subject"] == "Bob möchte mit dir befreundet sein."
    assert "Bob möchte mit dir befreundet sein." in text_of(message)
    assert "/friends/" in text_of(message)
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_a_kind_without_mail_sends_none(mail_server):
    ann = player("ann", level_up=Mail.NOW)
    friend_request(ann)
    assert mail_server.to("ann@example.org") == []


def test_one_click_unsubscribe_is_a_post_without_login(mail_server):
    ann = player("ann", friend_request=Mail.NOW, level_up=Mail.NOW)
    friend_request(ann)
    (message,) = mail_server.to("ann@example.org")
    link = unsubscribe_link(message)
    assert link in text_of(message)

    response = Client().post(link, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert SocialSettings.objects.get(user=ann).mail == {"level_up": Mail.NOW}
    friend_request(ann, "Cy")
    assert len(mail_server.to("ann@example.org")) == 1


def test_the_unsubscribe_page_asks_first_and_refuses_a_forged_link(mail_server):
    ann = player("ann", friend_request=Mail.NOW)
    friend_request(ann)
    link = unsubscribe_link(mail_server.to("ann@example.org")[0])
    assert Client().get(link).status_code == 200  # a link checker's visit changes nothing
    assert SocialSettings.objects.get(user=ann).mail == {"friend_request": Mail.NOW}
    assert Client().post(link[:-4] + "xyz/").status_code == 400
    assert SocialSettings.objects.get(user=ann).mail == {"friend_request": Mail.NOW}


def test_nothing_goes_to_an_unconfirmed_address(mail_server):
    nina = player("nina", email=False, friend_request=Mail.NOW)
    nina.email_pending = "nina@example.org"
    nina.save()
    friend_request(nina)
    assert mail_server.messages == []


def test_nothing_goes_to_a_player_online_at_that_moment(mail_server):
    ann = player("ann", friend_request=Mail.NOW)
    limits.socket_close(ann.pk, "a-page-just-left")  # between two pages: online
    assert limits.online([ann.pk])
    friend_request(ann)
    assert mail_server.to("ann@example.org") == []


def test_mails_are_bounded_per_player_per_day(mail_server, settings):
    settings.WHIST_NOTICE_MAILS_PER_DAY = 2
    ann = player("ann", friend_request=Mail.NOW)
    for name in ("Bob", "Cy", "Di"):
        friend_request(ann, name)
    assert len(mail_server.to("ann@example.org")) == 2


def test_the_daily_digest_gathers_the_unseen_notices_once_a_day(mail_server, settings):
    settings.WHIST_DIGEST_HOUR = 18
    nina = player("nina", "nl", friend_request=Mail.DAILY, level_up=Mail.DAILY)
    friend_request(nina, "Bob")
    services.notify(nina.pk, Kind.LEVEL_UP, {"level": 4})
    friend_request(nina, "Cy")
    services.notifications_read(nina, [nina.notifications.get(data__name="Cy").pk])
    assert mail_server.to("nina@example.org") == []  # nothing at once

    # The evening after the next digest hour, whatever the wall clock says: 19:00 tomorrow
    # would miss notices of today before 18:00 (the first digest looks back one day).
    evening = mailing.digest_due(timezone.now()) + datetime.timedelta(days=1, hours=1)
    assert mailing.digests_send(evening) == 1
    (digest,) = mail_server.to("nina@example.org")
    assert digest["Content-Language"] == "nl"
    body = text_of(digest)
    assert "Bob wil je vriend zijn." in body and "Cy" not in body  # read: not repeated
    assert "2" in digest["Subject"]
    assert digest["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    assert mailing.digests_send(evening + datetime.timedelta(hours=1)) == 0  # once a day
    Client().post(unsubscribe_link(digest))
    assert SocialSettings.objects.get(user=nina).mail == {}


def test_the_profile_saves_each_kinds_mail_choice():
    ann = player("ann")
    client = Client()
    client.force_login(ann)
    data = {"kind": list(Kind.values), "mail-invitation": "now", "mail-award": "daily",
            "mail-level_up": "weekly"}  # fmt: skip
    client.post("/notifications/settings/", data)
    assert SocialSettings.objects.get(user=ann).mail == {"invitation": "now", "award": "daily"}
    page = client.get("/accounts/profile/", follow=True).content.decode()
    assert 'name="mail-invitation"' in page


def test_a_mailed_notice_names_its_times_in_the_zone_the_player_chose(mail_server):
    """issue 44 item 4: a moved start, mailed, in the profile's zone (named)."""
    ann = player("ann", event=Mail.NOW)
    ann.time_zone = "Europe/Amsterdam"
    ann.save(update_fields=["time_zone"])
    data = {"what": "moved", "title": "Winter cup", "starts_at": "2027-01-15T18:00:00+00:00",
            "url": "/events/1/"}  # fmt: skip
    services.notify(ann.pk, Kind.EVENT, data)
    (message,) = mail_server.to("ann@example.org")
    assert "Winter cup now starts at 2027-01-15 19:00 CET." in text_of(message)
