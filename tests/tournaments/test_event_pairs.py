"""Whist events entered as a pair: one asks, the other accepts on the event's page, and the
two sit as partners (one side of the table, by the game's partnerships) in every round;
formats that move partners take no pairs, and their pages say so. docs/rules.md §5.1."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.services import block_add
from games.engine.descriptors import side_of
from social.models import Notification
from social.texts import text
from tests.site.test_security import JUNK
from tests.tournaments.conftest import all_present, event_with, play_round
from tournaments import services
from tournaments.models import Entry, Event, Placement

pytestmark = pytest.mark.django_db(transaction=True)


def coming(staff: Any, **fields: Any) -> Event:
    values = {"name": "Pairs night", "game": "whist", "rounds": 2, "table_size": 4,
              "kind": "swiss", **fields}  # fmt: skip
    return services.event_create(staff, starts_at=timezone.now() + timedelta(hours=1), **values)


def pair(event: Event, a: Any, b: Any) -> None:
    services.entry_partner_ask(a, event.pk, b.username)
    services.entry_partner_accept(b, event.pk, a.pk)


def sides(event: Event, number: int) -> dict[int, tuple[int, int]]:
    """Each player's (table, side) in round `number`."""
    rows = Placement.objects.filter(round__event=event, round__number=number, entry__isnull=False)
    return {p.entry.user_id: (p.table_id, side_of("whist", p.seat))
            for p in rows.select_related("entry")}  # fmt: skip


def test_a_pair_sits_as_partners_in_every_round(staff: Any, players: Any) -> None:
    users = players(8)
    event = coming(staff, options={"target": 1})  # a game of one deal: the seating is the rule
    pair(event, users[0], users[5])
    pair(event, users[2], users[7])
    for user in users:
        if not Entry.objects.filter(event=event, user=user).exists():
            services.entry_join(user, event.pk)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    for number in (1, 2):
        all_present(event)
        services.event_tick()
        seated = sides(event, number)
        assert seated[users[0].pk] == seated[users[5].pk]
        assert seated[users[2].pk] == seated[users[7].pk]
        play_round(event, number)


def test_players_alone_sit_against_a_pair_as_partners_of_each_other(
    staff: Any, players: Any
) -> None:
    users = players(4)
    event = coming(staff)
    pair(event, users[0], users[1])
    for user in users[2:]:
        services.entry_join(user, event.pk)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    all_present(event)
    services.event_tick()
    seated = sides(event, 1)
    assert seated[users[0].pk] == seated[users[1].pk] != seated[users[2].pk]
    assert seated[users[2].pk] == seated[users[3].pk]


def test_the_player_asked_hears_it_and_the_pair_shows_on_the_page(
    staff: Any, players: Any, client: Any
) -> None:
    ann, bob = players(2)
    event = coming(staff)
    services.entry_partner_ask(ann, event.pk, bob.username)
    assert Entry.objects.filter(event=event, user=ann).exists()  # asking signs up
    notice = Notification.objects.get(user=bob)
    assert "asks you to enter Pairs night as their partner" in text(notice.kind, notice.data)
    client.force_login(bob)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="partner-asking"' in page
    client.post(f"/events/{event.pk}/partner/", {"asker": str(ann.pk)})
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="my-partner"' in page and 'data-testid="pairs-list"' in page
    assert Entry.objects.get(event=event, user=bob).partner.user == ann


def test_the_player_asked_declines_and_the_asker_hears_it(
    staff: Any, players: Any, client: Any
) -> None:
    ann, bob = players(2)
    event = coming(staff)
    services.entry_partner_ask(ann, event.pk, bob.username)
    client.force_login(bob)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="partner-decline"' in page
    client.post(f"/events/{event.pk}/partner/", {"asker": str(ann.pk), "decline": "1"})
    assert Entry.objects.get(event=event, user=ann).partner_asked is None  # ann stays entered
    assert not Entry.objects.filter(event=event, user=bob).exists()
    assert 'data-testid="partner-asking"' not in client.get(f"/events/{event.pk}/").content.decode()
    notice = Notification.objects.get(user=ann)
    assert "P1 declined to enter Pairs night as your partner" in text(notice.kind, notice.data)
    with pytest.raises(services.ServiceError) as refused:  # declined: no longer open
        services.entry_partner_accept(bob, event.pk, ann.pk)
    assert refused.value.code == "no_invitation"


def test_an_older_request_lapses_when_the_player_asked_pairs_with_another(
    staff: Any, players: Any, client: Any
) -> None:
    ann, bob, cy = players(3)
    event = coming(staff)
    services.entry_partner_ask(bob, event.pk, cy.username)  # the older request
    pair(event, ann, cy)
    assert Entry.objects.get(event=event, user=bob).partner_asked is None
    client.force_login(cy)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="partner-asking"' not in page and 'data-testid="my-partner"' in page
    notice = Notification.objects.get(user=bob)
    assert "P2 entered Pairs night with another partner" in text(notice.kind, notice.data)


def test_a_request_to_the_asker_lapses_when_their_own_is_accepted(staff: Any, players: Any) -> None:
    ann, bob, cy = players(3)
    event = coming(staff)
    services.entry_partner_ask(cy, event.pk, ann.username)  # to ann, who asks bob
    pair(event, ann, bob)
    assert Entry.objects.get(event=event, user=cy).partner_asked is None
    assert Notification.objects.filter(user=cy).count() == 1


def standings_partners(page: str) -> dict[str, str | None]:
    """Each standings row's player (username) and the partner its row names, if any."""
    table = page.split('data-testid="standings"', 1)[1].split("</table>", 1)[0]
    rows = {}
    for row in table.split("<tr")[2:]:  # after the head's row
        player = re.search(r'href="/accounts/players/([^/"]+)/"', row)
        partner = re.search(r'data-testid="pair" data-partner="([^"]+)"', row)
        assert player is not None
        rows[player.group(1)] = partner.group(1) if partner else None
    return rows


def test_the_standings_mark_a_pair_entered_together(staff: Any, players: Any, client: Any) -> None:
    users = players(4)
    event = coming(staff)
    pair(event, users[0], users[3])
    for user in users[1:3]:
        services.entry_join(user, event.pk)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    all_present(event)
    services.event_tick()
    play_round(event, 1)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert standings_partners(page) == {"p00": "p03", "p03": "p00", "p01": None, "p02": None}
    assert "pair with P3" in page and "pair with P0" in page


def test_a_pair_parts_before_the_start_and_both_stay_entered(staff: Any, players: Any) -> None:
    ann, bob = players(2)
    event = coming(staff)
    pair(event, ann, bob)
    services.entry_partner_part(bob, event.pk)
    assert list(Entry.objects.filter(event=event).values_list("partner", flat=True)) == [None] * 2


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"kind": "drive", "movement": "progressive"}, "moves partners every hand"),
        ({"kind": "elimination", "through": 2}, "does not keep partners"),
        ({"game": "knockout", "options": {"start_cards": 3}}, None),
    ],
)
def test_formats_that_move_partners_take_no_pairs_and_say_so(
    staff: Any, players: Any, client: Any, fields: dict, says: str | None
) -> None:
    ann, bob = players(2)
    event = coming(staff, **fields)
    with pytest.raises(services.ServiceError) as refused:
        services.entry_partner_ask(ann, event.pk, bob.username)
    assert refused.value.code == "no_pairs" and refused.value.message
    page = client.get(f"/events/{event.pk}/").content.decode()
    if says:  # a Whist event: the page says why pairs do not enter
        assert 'data-testid="pairs-refusal"' in page and says in page
    else:  # a game not played in pairs: no partners section at all
        assert 'data-testid="event-pairs"' not in page


def test_bad_requests_are_refused_with_a_reason(staff: Any, players: Any, client: Any) -> None:
    ann, bob, cy = players(3)
    event = coming(staff)
    block_add(cy, ann)
    for name, code in (("nobody", "bad_partner"), (ann.username, "bad_partner"),
                       ("", "bad_partner"), (cy.username, "blocked")):  # fmt: skip
        with pytest.raises(services.ServiceError) as refused:
            services.entry_partner_ask(ann, event.pk, name)
        assert refused.value.code == code
    with pytest.raises(services.ServiceError) as refused:
        services.entry_partner_accept(bob, event.pk, ann.pk)
    assert refused.value.code == "no_invitation"
    client.force_login(bob)
    answer = client.post(f"/events/{event.pk}/partner/", {"asker": "x"}, follow=True)
    assert answer.status_code == 200 and "no longer open" in answer.content.decode()
    pair(event, ann, bob)
    with pytest.raises(services.ServiceError) as refused:
        services.entry_partner_ask(cy, event.pk, bob.username)
    assert refused.value.code == "paired"


def test_sign_up_closes_for_pairs_at_the_start(staff: Any, players: Any) -> None:
    ann, bob = players(2)
    event = event_with(staff, [ann, bob], game="whist")
    services.event_tick()
    with pytest.raises(services.ServiceError) as refused:
        services.entry_partner_ask(ann, event.pk, bob.username)
    assert refused.value.code == "started"


def test_partner_requests_are_limited_as_table_invitations_are(
    staff: Any, players: Any, client: Any, settings: Any
) -> None:
    settings.WHIST_RATE_INVITE = "2/h"
    ann, bob, cy = players(3)
    event = coming(staff)
    client.force_login(ann)
    for name in (bob.username, cy.username, bob.username):
        page = client.post(f"/events/{event.pk}/partner/", {"partner": name}, follow=True)
    assert "Too many invitations" in page.content.decode()
    assert Notification.objects.filter(user=bob).count() == 1
    assert Notification.objects.filter(user=cy).count() == 1


@pytest.mark.parametrize("value", JUNK)
def test_junk_in_the_partner_form_and_the_event_pages_is_never_a_server_error(
    staff: Any, players: Any, client: Any, value: str
) -> None:
    (ann,) = players(1)
    event = coming(staff)
    client.force_login(ann)
    for form in ({"asker": value}, {"partner": value}, {"asker": value, "decline": value}):
        assert client.post(f"/events/{event.pk}/partner/", form).status_code < 500
    for path, field in (("/events/new/", "club"), ("/events/after.json", "table"),
                        (f"/events/{event.pk}/", "card")):  # fmt: skip
        assert client.get(path, {field: value}).status_code < 500, path
