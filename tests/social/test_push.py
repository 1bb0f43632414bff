"""Web Push (issue 45 item 2): a notice reaches every device the player allowed, signed
with the site's VAPID key and encrypted for each device (RFC 8291), decrypted here by the
tests' own push service (tests/push_receiver.py); an expired subscription (404/410) is
removed; a push carries the notice's words and link and nothing hidden."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.sockets import limits
from social import services
from social.models import Kind, PushDevice
from social.services import pushing
from tests.push_receiver import push_service  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()


def player(name: str, language: str = "en"):
    return User.objects.create_user(name, password="x", language=language)


def allow(client: Client, device) -> int:
    body = json.dumps(device.subscription())
    return client.post(
        "/notifications/push/allow/", body, content_type="application/json"
    ).status_code


def test_a_notice_reaches_every_device_allowed_decrypted_in_the_players_language(
    push_service,  # noqa: F811
):
    greta = player("greta", "de")
    client = Client()
    client.force_login(greta)
    phone, laptop = push_service.device("phone"), push_service.device("laptop")
    assert allow(client, phone) == 200 and allow(client, laptop) == 200

    services.notify(greta.pk, Kind.FRIEND_REQUEST, {"name": "Bob"})
    for name in ("phone", "laptop"):
        (push,) = push_service.received(name)
        assert push.headers["content-encoding"] == "aes128gcm"
        assert push.signed_by(pushing.public_key(), push_service.base)
        note = greta.notifications.get()
        assert push.json() == {
            "title": "Whist-Kartensalon", "body": "Bob möchte mit dir befreundet sein.",
            "url": "/friends/", "tag": f"friend_request-{note.pk}", "lang": "de",
        }  # fmt: skip


def test_a_push_carries_no_hidden_information(push_service):  # noqa: F811
    ann = player("ann")
    device = push_service.device("phone")
    pushing.device_save(ann, device.endpoint, device.p256dh, device.auth)
    data = {"sender": "Bob", "game": "german", "table_id": 7, "invitation": 3, "hand": ["AS"],
            "expires": "2030-01-01T00:00:00"}  # fmt: skip
    services.notify(ann.pk, Kind.INVITATION, data)
    (push,) = push_service.received("phone")
    assert set(push.json()) == {"title", "body", "url", "tag", "lang"}
    assert "AS" not in push.text() and "hand" not in push.text()


def test_an_expired_subscription_is_removed(push_service):  # noqa: F811
    ann = player("ann")
    for name in ("old", "gone", "phone"):
        device = push_service.device(name)
        pushing.device_save(ann, device.endpoint, device.p256dh, device.auth)
    push_service.answers.update(old=410, gone=404)
    services.notify(ann.pk, Kind.LEVEL_UP, {"level": 3})
    assert [d.endpoint.rsplit("/", 1)[-1] for d in PushDevice.objects.filter(user=ann)] == ["phone"]
    assert len(push_service.received("phone")) == 1


def test_nothing_is_pushed_to_a_player_online_or_for_a_kind_turned_off(push_service):  # noqa: F811
    ann, bob = player("ann"), player("bob")
    for user, name in ((ann, "ann-phone"), (bob, "bob-phone")):
        device = push_service.device(name)
        pushing.device_save(user, device.endpoint, device.p256dh, device.auth)
    limits.socket_close(ann.pk, "a-page-just-left")
    services.settings_save(bob, [], push_muted=[Kind.LEVEL_UP])
    services.notify(ann.pk, Kind.LEVEL_UP, {"level": 3})
    services.notify(bob.pk, Kind.LEVEL_UP, {"level": 3})
    assert push_service.received("ann-phone") == push_service.received("bob-phone") == []


def test_a_bad_subscription_is_refused_and_stop_removes_the_device(push_service):  # noqa: F811
    ann = player("ann")
    client = Client()
    client.force_login(ann)
    phone = push_service.device("phone")
    bad = {"endpoint": "ftp://x/y", "keys": {"p256dh": phone.p256dh, "auth": phone.auth}}
    answer = client.post("/notifications/push/allow/", bad, content_type="application/json")
    assert answer.status_code == 400
    answer = client.post("/notifications/push/allow/", "[", content_type="application/json")
    assert answer.status_code == 400
    assert allow(client, phone) == 200
    stop = json.dumps({"endpoint": phone.endpoint})
    client.post("/notifications/push/stop/", stop, content_type="application/json")
    assert not PushDevice.objects.exists()


def test_without_a_vapid_key_the_site_offers_no_push(settings):
    settings.WHIST_VAPID_PRIVATE_KEY = ""
    ann = player("ann")
    client = Client()
    client.force_login(ann)
    page = client.get("/accounts/profile/", follow=True).content.decode()
    assert 'data-testid="notification-settings"' in page and "push-device" not in page


def test_an_events_news_for_many_players_is_pushed_too(push_service):  # noqa: F811
    ann, bob = player("ann"), player("bob")
    device = push_service.device("phone")
    pushing.device_save(ann, device.endpoint, device.p256dh, device.auth)
    news = {"what": "table_dealt", "title": "Friday cup", "round": 2, "url": "/tables/5/"}
    services.notify_many(Kind.EVENT, [(ann.pk, news), (bob.pk, news)])
    (push,) = push_service.received("phone")
    assert push.json()["url"] == "/tables/5/"
    assert push.json()["body"] == "Friday cup, round 2: your next table is dealt."
