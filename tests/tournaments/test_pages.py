"""The event pages: the list, an event's page, signing up, private events, the live poll."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.staff import staff_client
from tests.tournaments.conftest import all_present, event_with, play_round
from tournaments import services
from tournaments.forms import EventForm
from tournaments.models import Entry, Event, Placement

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def coming(staff: Any, **kwargs: Any) -> Any:
    start = timezone.now() + timedelta(hours=1)
    fields = {"name": "Friday Knockout", "game": "knockout", "rounds": 3, "table_size": 4}
    return services.event_create(staff, starts_at=start, **{**fields, **kwargs})


def test_the_list_shows_coming_running_and_past_events(staff: Any, players: Any) -> None:
    coming(staff)
    page = Client().get(reverse("events"))
    assert page.status_code == 200
    assert b"Friday Knockout" in page.content and b'data-testid="coming-events"' in page.content


def test_a_player_signs_up_on_the_event_page_and_sees_the_rules(staff: Any, players: Any) -> None:
    (ann,) = players(1)
    event = coming(staff)
    client = client_of(ann)
    page = client.get(reverse("event", args=[event.pk]))
    assert b"placement points" in page.content and b'data-testid="join-event"' in page.content
    client.post(reverse("event_join", args=[event.pk]))
    assert Entry.objects.filter(event=event, user=ann).exists()
    assert b'data-testid="leave-event"' in client.get(reverse("event", args=[event.pk])).content


@pytest.mark.parametrize(
    "language, join, leave", [("de", "Anmelden", "Abmelden"), ("nl", "Inschrijven", "Uitschrijven")]
)
def test_the_event_pages_sign_up_is_entering_the_event_not_making_an_account(
    staff: Any, players: Any, language: str, join: str, leave: str
) -> None:
    """The walk under make run: a German event page's button read "Registrieren", the site's
    word for making an account (the header's "Sign up"), beside "Du bist angemeldet" and
    "Abmelden" once entered."""
    (ann,) = players(1)
    event = coming(staff)
    client = client_of(ann)
    client.cookies["django_language"] = language
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert re.search(rf'data-testid="join-event">{join}</button>', page)
    client.post(reverse("event_join", args=[event.pk]))
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert re.search(rf'data-testid="leave-event">{leave}</button>', page)


def test_a_private_event_is_hidden_without_its_invite_link(players: Any) -> None:
    ann, bob = players(2)
    event = coming(ann, private=True)
    url = reverse("event", args=[event.pk])
    assert client_of(bob).get(url).status_code == 404
    page = client_of(ann).get(url)
    assert event.invite_token.encode() in page.content  # its creator sees the link
    invited = client_of(bob)
    assert invited.get(url, {"invite": event.invite_token}).status_code == 200
    invited.post(reverse("event_join", args=[event.pk]), {"invite": event.invite_token})
    assert Entry.objects.filter(event=event, user=bob).exists()


def test_a_player_who_is_not_staff_is_offered_no_public_event_and_makes_a_private_one(
    players: Any,
) -> None:
    """The form had a Private box for everyone, ticked; untick it and the form said "only
    staff create public events": a choice that was none."""
    (ann,) = players(1)
    client = client_of(ann)
    assert b'name="private"' not in client.get(reverse("event_create")).content
    start = (timezone.now() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    form = {
        "name": "Mine", "game": "knockout", "kind": "swiss", "table_size": 4, "rounds": 2,
        "starts_at": start, "round_minutes": 10, "time_limit": 60, "bot_level": "club",
    }  # fmt: skip
    assert client.post(reverse("event_create"), form).status_code == 302
    assert Event.objects.get(name="Mine").private


def test_staff_choose_whether_an_event_is_private(staff: Any) -> None:
    assert b'name="private"' in staff_client(staff).get(reverse("event_create")).content


@pytest.mark.django_db(transaction=True)
def test_the_running_page_shows_the_tables_then_results_with_record_links(
    staff: Any, players: Any
) -> None:
    users = players(4)
    event = event_with(staff, users, rounds=1, table_size=4)
    all_present(event)
    services.event_tick()
    client = client_of(users[0])
    page = client.get(reverse("event", args=[event.pk]))
    assert b'data-testid="my-table"' in page.content and b"watch" in page.content
    version = client.get(reverse("event_live", args=[event.pk])).json()["version"]
    play_round(event, 1)
    assert client.get(reverse("event_live", args=[event.pk])).json()["version"] > version
    services.event_tick()
    page = client.get(reverse("event", args=[event.pk]))
    assert b"/replay/" in page.content and b"Results" in page.content


@pytest.mark.parametrize(
    ("game", "asked", "size"), [("whist", 6, 4), ("german", 5, 2), ("knockout", 5, 5)]
)
def test_an_events_tables_have_the_games_own_size_when_it_has_one(game, asked, size):
    form = EventForm({
        "name": "Tuesday", "game": game, "kind": "swiss", "table_size": asked, "rounds": 3,
        "starts_at": "2026-12-24T18:00", "round_minutes": 15, "time_limit": 60,
        "bot_level": "club",
    })  # fmt: skip
    assert form.is_valid(), form.errors
    assert form.event_fields()["table_size"] == size


@pytest.mark.parametrize("rounds", ["", "99"])
def test_an_elimination_events_form_takes_no_rounds(rounds: str) -> None:
    """An elimination plays until one table is left: the page hides the rounds field while
    it is chosen (static/js/event_form.js), so whatever that field held is no error."""
    form = EventForm({
        "name": "Cup", "game": "knockout", "kind": "elimination", "table_size": 4,
        "rounds": rounds, "through": 1, "starts_at": "2026-12-24T18:00", "round_minutes": 15,
        "time_limit": 60, "bot_level": "club",
    })  # fmt: skip
    assert form.is_valid(), form.errors
    assert form.event_fields()["rounds"] == form.fields["rounds"].initial


def test_a_refusal_is_said_once_on_the_event_page(staff: Any) -> None:
    """The page's header lists the refusal (base.html); the event page said it again."""
    event = coming(staff)
    page = client_of(staff).post(reverse("event_cancel", args=[event.pk]), follow=True)
    assert page.content.decode().count("Tick the box to confirm the cancellation.") == 1


def round_sides(page: str, number: int) -> list[list[str]]:
    """Each side of the round's tables, as the page shows it: its players' names."""
    table = page.split(f'data-testid="round-{number}"', 1)[1].split("</table>", 1)[0]
    side = r'<span class="round-side" data-testid="side">(.*?)</span>(?= <span class="help">|</td>)'
    sides = re.findall(side, table, re.S)
    bare = [re.sub(r'<span class="badge">[^<]*</span>', "", s) for s in sides]
    return [[name.strip() for name in s.split("&amp;")] for s in bare]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["swiss", "drive"])
def test_a_whist_rounds_tables_show_their_sides(staff: Any, players: Any, kind: str) -> None:
    users = players(4)
    extra = {"movement": "progressive"} if kind == "drive" else {}
    event = event_with(staff, users, game="whist", kind=kind, rounds=1, **extra)
    all_present(event)
    services.event_tick()
    seats = {p.seat: str(p.entry.user) for p in
             Placement.objects.filter(round__event=event, entry__isnull=False)}  # fmt: skip
    page = client_of(users[0]).get(reverse("event", args=[event.pk])).content.decode()
    assert round_sides(page, 1) == [[seats[0], seats[2]], [seats[1], seats[3]]]
    assert "against" in page.split('data-testid="round-1"', 1)[1]


@pytest.mark.django_db(transaction=True)
def test_a_game_without_partnerships_shows_no_sides(staff: Any, players: Any) -> None:
    users = players(4)
    event = event_with(staff, users, rounds=1, table_size=4)
    all_present(event)
    services.event_tick()
    page = client_of(users[0]).get(reverse("event", args=[event.pk])).content.decode()
    assert 'data-testid="side"' not in page


def test_a_coming_event_shows_no_next_round_due(staff: Any, players: Any) -> None:
    """Before the start no round is due: the page tells the start in its rules instead."""
    (ann,) = players(1)
    event = coming(staff)
    page = client_of(ann).get(reverse("event", args=[event.pk])).content.decode()
    assert 'data-testid="next-round"' not in page
    assert event.starts_at.strftime("%Y-%m-%d %H:%M UTC") in page


def test_a_coming_drive_says_when_it_starts(staff: Any, players: Any) -> None:
    (ann,) = players(1)
    event = coming(staff, game="whist", kind="drive", rounds=12, movement="progressive")
    page = client_of(ann).get(reverse("event", args=[event.pk])).content.decode()
    assert 'data-testid="next-round"' not in page
    start = event.starts_at.strftime("%Y-%m-%d %H:%M UTC")
    assert re.search(rf'data-testid="drive-start">[^<]*{start}', page)


def test_a_drives_page_shows_no_whist_rules_it_ignores(staff: Any, players: Any) -> None:
    """The form hides the Whist rules a drive ignores (3186a27), but the drive's page still
    listed "Points for a game: 1" (de "Punkte für ein Spiel: 1") under its rules: a drive
    scores each hand's tricks, no game's points."""
    (ann,) = players(1)
    event = coming(staff, game="whist", kind="drive", rounds=4, movement="progressive")
    page = client_of(ann).get(reverse("event", args=[event.pk])).content.decode()
    assert 'data-testid="drive-rules"' in page
    assert 'data-testid="house-rules"' not in page and "Points for a game" not in page


def test_an_event_cancelled_at_its_start_for_want_of_players_says_so(
    staff: Any, players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """One player signed up: at its start the event is cancelled; its page and a notice say
    why (the page said only "cancelled", and nobody heard of it)."""
    from social.models import Notification
    from social.texts import text
    from tournaments.services.rounds import event_tick

    (ann,) = players(1)
    event = coming(staff)
    services.entry_join(ann, event.pk)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        event_tick()
    event.refresh_from_db()
    assert event.status == Event.Status.CANCELLED
    page = client_of(ann).get(reverse("event", args=[event.pk])).content.decode()
    assert "an event needs at least 2 players signed up, and fewer had." in page
    notice = Notification.objects.get(user=ann, data__what="cancelled_few")
    assert text(notice.kind, notice.data) == (
        "Friday Knockout was cancelled at its start: fewer than two players had signed up."
    )
    german = client_of(ann)
    german.cookies["django_language"] = "de"  # called off, not "zurückgezogen" (withdrawn)
    page = german.get(reverse("event", args=[event.pk])).content.decode()
    assert '<span data-testid="event-status">abgesagt</span>' in page
    services.event_cancel(staff, coming(staff).pk)  # its organiser's cancelling: no such line
    page = client_of(ann).get(reverse("event", args=[event.pk + 1])).content.decode()
    assert 'data-testid="cancelled-why"' not in page


KINDS_SAID = {
    "en": ("Swiss", "Duplicate", "Whist drive", "Elimination"),
    "de": ("Schweizer System", "Duplicate", "Whist-Drive", "K.-o.-Turnier"),
    "nl": ("Zwitsers systeem", "Duplicate", "Whistdrive", "Knock-out"),
}


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_kinds_help_says_what_each_kind_is(staff: Any, language: str) -> None:
    """It began "A whist drive: ..." whichever kind was chosen."""
    client = client_of(staff)
    client.cookies["django_language"] = language
    html = client.get("/events/new/").content.decode()
    help_of = html.split('data-field="kind"')[1].split("</div>")[0]
    lines = re.findall(r'<span class="kind-help" data-kind="(\w+)"><strong>([^<]*)</', help_of)
    assert lines == list(zip(["swiss", "duplicate", "drive", "elimination"], KINDS_SAID[language],
                             strict=True))  # fmt: skip
