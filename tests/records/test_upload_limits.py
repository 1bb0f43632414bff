"""Uploads are bounded: only the normalised record is stored (an uploader's
extra fields are dropped), uploads are limited per client address and per user, and at most
WHIST_UPLOADS_KEPT are kept (the oldest go)."""

from __future__ import annotations

import copy
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.engine import make_rules
from games.engine.record_check import check
from games.engine.simulate import random_game
from records.models import UploadedRecord

pytestmark = pytest.mark.django_db

GERMAN = random_game(make_rules("german"), seed=3)


def post(client: Client, record: dict) -> object:
    data = json.dumps(record).encode()
    return client.post("/games/upload/", {"file": io.BytesIO(data)}, format="multipart")


def test_only_the_normalised_record_is_stored() -> None:
    padded = copy.deepcopy(GERMAN)
    padded["junk"] = "x" * 500_000
    padded["seats"][0]["avatar"] = "y" * 1000
    padded["deals"][0]["note"] = {"anything": ["at", "all"]}
    padded["result"]["extra"] = 1

    assert post(Client(), padded).status_code == 302
    stored = UploadedRecord.objects.get().record
    assert stored == GERMAN  # the record the engine writes, field for field
    assert len(json.dumps(stored)) < 100_000
    check(stored)


def test_uploads_are_limited_per_address(settings) -> None:
    settings.WHIST_RATE_UPLOADS = "2/h"
    codes = [post(Client(REMOTE_ADDR="192.0.2.1"), GERMAN).status_code for _ in range(3)]
    other = post(Client(REMOTE_ADDR="192.0.2.2"), GERMAN)

    assert codes == [302, 302, 429]
    assert other.status_code == 302
    assert UploadedRecord.objects.count() == 3


def test_uploads_are_limited_per_user_whatever_the_address(settings) -> None:
    settings.WHIST_RATE_UPLOADS = "2/h"
    ann = get_user_model().objects.create_user("ann", password="a-Long-pass-2024")
    codes = []
    for n in range(3):
        client = Client(REMOTE_ADDR=f"198.51.100.{n + 1}")
        client.force_login(ann)
        codes.append(post(client, GERMAN).status_code)
    page = post(Client(REMOTE_ADDR="198.51.100.9"), GERMAN)  # not logged in: its own address

    assert codes == [302, 302, 429]
    assert page.status_code == 302


def test_a_refused_upload_says_why(settings) -> None:
    settings.WHIST_RATE_UPLOADS = "1/h"
    client = Client(REMOTE_ADDR="192.0.2.1")
    post(client, GERMAN)
    page = post(client, GERMAN)
    assert page.status_code == 429
    assert 'data-code="too_many"' in page.content.decode()
    assert "too many uploads" in page.content.decode()


def test_at_most_the_newest_uploads_are_kept(settings) -> None:
    settings.WHIST_UPLOADS_KEPT = 3
    tokens = []
    for n in range(5):
        response = post(Client(REMOTE_ADDR=f"192.0.2.{n}"), GERMAN)
        tokens.append(response["Location"])

    assert UploadedRecord.objects.count() == 3
    assert [Client().get(url).status_code for url in tokens] == [404, 404, 200, 200, 200]
