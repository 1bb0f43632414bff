"""An event round that starts more than a minute after it was due is counted late
(runtime/metrics.py); one on time is not."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from prometheus_client import REGISTRY

from tournaments import services
from tournaments.models import Event

from .conftest import event_with


def late_rounds() -> float:
    return REGISTRY.get_sample_value("whist_event_rounds_late_total") or 0.0


def test_a_round_started_minutes_after_due_is_counted_late(
    staff, players, django_capture_on_commit_callbacks
):
    event = event_with(staff, players(4))
    before = late_rounds()
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(minutes=5))
    with django_capture_on_commit_callbacks(execute=True):
        assert services.event_tick() == 1
    assert late_rounds() == before + 1


def test_a_round_started_on_time_is_not_counted_late(
    staff, players, django_capture_on_commit_callbacks
):
    event = event_with(staff, players(4))
    before = late_rounds()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.event_tick() == 1
    assert Event.objects.get(pk=event.pk).current_round == 1
    assert late_rounds() == before
