"""An uploaded record can be analysed as a stored game can: its replay page
offers the analysis, a logged-in player asks for it, it runs in the analysis lane and is
served; it shares the line and each player's limits with games' analyses."""

from __future__ import annotations

import io
import json
import re
import time

import pytest
from django.test import Client

from games.engine import make_rules
from games.engine.simulate import random_game
from records.analysis_service import AnalysisRefused, analysis_request
from records.models import RecordAnalysis, UploadAnalysis, UploadedRecord

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _upload() -> UploadedRecord:
    record = random_game(make_rules("german"), seed=4)
    page = client_for().post(
        "/games/upload/", {"file": io.BytesIO(json.dumps(record).encode())}, format="multipart"
    )
    assert page.status_code == 302
    return UploadedRecord.objects.get()


def test_an_uploaded_record_is_analysed_and_served(make_user):
    ann = make_user("ann")
    upload = _upload()
    html = client_for(ann).get(f"/games/upload/{upload.token}/").content.decode()
    data = json.loads(re.search(r'id="replay-data" type="application/json">(.*?)</script>', html,
                                re.S).group(1))  # fmt: skip
    urls = data["analysis"]
    assert urls["can_start"] and urls["status"] == f"/games/upload/{upload.token}/analysis.json"
    assert client_for().get(urls["status"]).json() == {"status": "none"}
    assert client_for().post(urls["start"]).status_code == 403  # log in to ask
    started = client_for(ann).post(urls["start"]).json()
    assert started["status"] in ("queued", "running", "done")
    deadline = time.monotonic() + 90
    while (body := client_for().get(urls["status"]).json())["status"] != "done":
        assert time.monotonic() < deadline and body["status"] in ("queued", "running"), body
        time.sleep(0.1)
    positions = body["result"]["positions"]
    assert positions and {e["measure"] for e in positions.values()} <= {
        "tricks",
        "win_chance_tricks",
    }
    client_for(ann).post(urls["start"])
    assert UploadAnalysis.objects.count() == 1 and not RecordAnalysis.objects.exists()


def test_an_unknown_upload_has_no_analysis():
    assert client_for().get("/games/upload/nope/analysis.json").status_code == 404
    assert client_for().post("/games/upload/nope/analysis/").status_code == 404


def test_upload_analyses_count_toward_the_players_limits(make_user, settings):
    settings.WHIST_ANALYSIS_ACTIVE = 1
    ann = make_user("ann")
    upload = _upload()
    UploadAnalysis.objects.create(upload=upload, requested_by=ann)  # queued, in the line
    second = UploadedRecord.objects.create(token="t" * 24, game="german", record=upload.record)
    with pytest.raises(AnalysisRefused):
        analysis_request(second, ann, "upload")
