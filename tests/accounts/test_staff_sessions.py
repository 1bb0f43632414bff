"""Staff sessions end after an idle hour (settings.WHIST_STAFF_IDLE); players keep Django's
two weeks."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from tests.staff import staff_client

pytestmark = pytest.mark.django_db


def logged_in(**extra) -> Client:
    user = get_user_model().objects.create_user("someone", password="pw", **extra)
    return staff_client(user)


def test_a_staff_session_lives_an_idle_hour_from_the_last_request():
    client = logged_in(is_staff=True, is_superuser=True)
    assert client.get("/admin/").status_code == 200
    assert client.session.get_expiry_age() == settings.WHIST_STAFF_IDLE == 3600


def test_a_staff_session_idle_for_over_an_hour_is_logged_out():
    client = logged_in(is_staff=True, is_superuser=True)
    client.get("/admin/")
    session = client.session
    session["staff_seen"] = int(time.time()) - settings.WHIST_STAFF_IDLE - 1
    session.save()
    response = client.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert "_auth_user_id" not in client.session


def test_a_players_session_keeps_the_default_age():
    client = logged_in()
    assert client.get("/lobby/").status_code == 200
    assert client.session.get_expiry_age() == settings.SESSION_COOKIE_AGE
