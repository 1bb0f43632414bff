"""Events a club runs itself (issue 44 item 2): the event form has the create-table form's
presets and house rules; the organiser cancels or moves an event from its page and everyone
entered hears; staff edits of events and standings in the admin are audited."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import AuditEntry
from games.engine.rules import PRESETS
from social.models import Kind, Notification
from tests.staff import staff_client
from tournaments import services
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _form(game: str, **options: Any) -> dict[str, Any]:
    start = (timezone.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    data = {"name": "Club night", "game": game, "kind": "swiss", "table_size": 4, "rounds": 3,
            "starts_at": start, "round_minutes": 15, "time_limit": 60, "bot_level": "club",
            "private": "on"}  # fmt: skip
    for name, value in options.items():
        if value is True:
            data[name] = "on"
        elif value is not False:
            data[name] = value
    return data


def _knockout_form(**options: Any) -> dict[str, Any]:
    """The Knockout options as the create-table page posts them: every one, booleans on
    only when true."""
    defaults = {"start_cards": 7, "dogs_life": "once_per_game", "lead": "left_of_dealer",
                "trump": "chosen"}  # fmt: skip
    return _form("knockout", **{**defaults, **options})


def test_the_event_form_creates_a_knockout_event_with_the_dutch_rules(players: Any) -> None:
    (ann,) = players(1)
    page = client_of(ann).post(reverse("event_create"), _knockout_form(**PRESETS["dutch"]))
    event = Event.objects.get()
    assert page.status_code == 302 and event.preset == "dutch"
    assert {k: event.options[k] for k in PRESETS["dutch"]} == PRESETS["dutch"]
    shown = client_of(ann).get(reverse("event", args=[event.pk])).content.decode()
    assert 'data-testid="event-preset"' in shown


def test_the_event_form_creates_a_whist_event_to_7_points_as_a_rubber(players: Any) -> None:
    (ann,) = players(1)
    client_of(ann).post(reverse("event_create"), _form("whist", target=7, rubber=True))
    event = Event.objects.get()
    assert event.options["target"] == 7 and event.options["rubber"] is True


def test_the_event_form_refuses_rules_the_engine_refuses(players: Any) -> None:
    (ann,) = players(1)
    data = {**_knockout_form(start_cards=8), "table_size": 7}
    page = client_of(ann).post(reverse("event_create"), data)
    assert page.status_code == 200 and not Event.objects.exists()
    assert "do not fit in one deck" in page.content.decode()


def test_the_event_form_shows_every_option_of_the_create_table_form(players: Any) -> None:
    (ann,) = players(1)
    event_page = client_of(ann).get(reverse("event_create")).content.decode()
    table_page = client_of(ann).get(reverse("table_create")).content.decode()
    for name in ("start_cards", "dogs_life", "sweep_wins", "target", "honours", "rubber",
                 "games", "data-preset=\"dutch\""):  # fmt: skip
        assert name in table_page and name in event_page, name


def _coming(staff: Any, users: list[Any]) -> Event:
    event = services.event_create(
        staff, name="Friday drive", game="knockout", rounds=2, table_size=4,
        starts_at=timezone.now() + timedelta(hours=2),
    )  # fmt: skip
    for user in users:
        services.entry_join(user, event.pk)
    return event


def test_the_organiser_cancels_from_the_event_page_and_everyone_entered_hears(
    staff: Any, players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    users = players(3)
    event = _coming(staff, users)
    client = client_of(staff)
    assert (
        'data-testid="cancel-event"'
        in client.get(reverse("event", args=[event.pk])).content.decode()
    )
    client.post(reverse("event_cancel", args=[event.pk]))  # without the box: nothing
    assert Event.objects.get(pk=event.pk).status == Event.Status.COMING
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("event_cancel", args=[event.pk]), {"confirm": "1"})
    assert Event.objects.get(pk=event.pk).status == Event.Status.CANCELLED
    told = Notification.objects.filter(kind=Kind.EVENT, data__what="cancelled")
    assert sorted(told.values_list("user_id", flat=True)) == sorted(u.pk for u in users)


def test_the_organiser_moves_the_start_and_everyone_entered_hears(
    staff: Any, players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    users = players(2)
    event = _coming(staff, users)
    later = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    with django_capture_on_commit_callbacks(execute=True):
        client_of(staff).post(
            reverse("event_reschedule", args=[event.pk]),
            {"starts_at": later.strftime("%Y-%m-%dT%H:%M")},
        )
    assert Event.objects.get(pk=event.pk).starts_at == later
    told = Notification.objects.filter(kind=Kind.EVENT, data__what="moved")
    assert told.count() == 2 and Entry.objects.filter(event=event).count() == 2
    page = client_of(staff).post(reverse("event_reschedule", args=[event.pk]), {"starts_at": "x"})
    assert page.status_code == 302 and Event.objects.get(pk=event.pk).starts_at == later


def test_only_the_organiser_or_staff_cancel_or_move_an_event(staff: Any, players: Any) -> None:
    (ann,) = players(1)
    event = _coming(staff, [ann])
    client = client_of(ann)
    assert (
        'data-testid="cancel-event"'
        not in client.get(reverse("event", args=[event.pk])).content.decode()
    )
    client.post(reverse("event_cancel", args=[event.pk]), {"confirm": "1"})
    with pytest.raises(services.ServiceError):
        services.event_reschedule(ann, event.pk, timezone.now() + timedelta(days=1))
    assert Event.objects.get(pk=event.pk).status == Event.Status.COMING


@pytest.fixture
def root(db: Any) -> Any:
    return get_user_model().objects.create_superuser("root", "root@example.org", "pw")


def test_an_admin_edit_of_an_entrys_standing_is_audited(
    root: Any, staff: Any, players: Any
) -> None:
    (ann,) = players(1)
    event = _coming(staff, [ann])
    entry = Entry.objects.get(event=event)
    url = reverse("admin:tournaments_entry_change", args=[entry.pk])
    data = {"event": event.pk, "user": ann.pk, "absences": 0, "points": 3.5,
            "opponents_points": 0, "wins": 0, "games": 0}  # fmt: skip
    page = staff_client(root).post(url, data)
    assert page.status_code == 302, page.context["adminform"].form.errors
    audit = AuditEntry.objects.get(action=AuditEntry.Action.CHANGED, target_user=ann)
    assert audit.details["fields"]["points"] == [0.0, 3.5]


def test_an_admin_cancellation_of_an_event_is_audited(root: Any, staff: Any, players: Any) -> None:
    event = _coming(staff, players(1))
    staff_client(root).post(reverse("admin:tournaments_event_changelist"),
                         {"action": "cancel_events", "_selected_action": [event.pk]})  # fmt: skip
    assert Event.objects.get(pk=event.pk).status == Event.Status.CANCELLED
    assert AuditEntry.objects.filter(target=f"event {event.pk}", actor=root).exists()
