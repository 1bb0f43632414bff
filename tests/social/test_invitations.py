"""Invitations: sent by name to a table, accepted (seated) or declined,
expiring, limited per sender, and never between players where one blocks the other."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.utils import timezone, translation

from accounts.services import block_add
from games import labels
from games import services as games
from games.models import Seat
from social import services, texts
from social.models import Invitation, Kind, Notification
from social.services import ServiceError
from tests.site.test_security import JUNK

pytestmark = pytest.mark.django_db


def test_an_invitation_is_stored_and_notifies_the_invitee(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    note = Notification.objects.get(user=bob)
    assert note.kind == Kind.INVITATION and note.data["invitation"] == invitation.pk
    assert note.data["table_id"] == table.pk and not note.read


def test_accepting_seats_the_invitee(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    seated = services.invitation_accept(bob, invitation.pk, SessionStore())
    assert seated.pk == table.pk
    assert Seat.objects.get(table=table, index=1).user == bob
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.ACCEPTED
    assert Notification.objects.get(user=bob).read


def test_accepting_an_invitation_to_a_private_table_lets_the_invitee_in(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = games.table_create(ann, "german", private=True)
    invitation = services.invitation_send(ann, bob, table.pk)
    session = SessionStore()
    services.invitation_accept(bob, invitation.pk, session)
    assert Seat.objects.get(table=table, index=1).user == bob


def test_a_declined_invitation_cannot_be_accepted(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    services.invitation_decline(bob, invitation.pk)
    with pytest.raises(ServiceError) as refused:
        services.invitation_accept(bob, invitation.pk, SessionStore())
    assert refused.value.code == "answered"
    assert Seat.objects.get(table=table, index=1).user is None


def test_an_expired_invitation_cannot_be_accepted(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    Invitation.objects.filter(pk=invitation.pk).update(expires=timezone.now() - timedelta(1))
    with pytest.raises(ServiceError) as refused:
        services.invitation_accept(bob, invitation.pk, SessionStore())
    assert refused.value.code == "expired"
    assert Seat.objects.get(table=table, index=1).user is None


def test_expired_invitations_are_marked_by_the_watchdog(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    assert services.invitations_expire(invitation.expires + timedelta(seconds=1)) == 1
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.EXPIRED


def test_only_the_invitee_may_answer(open_table, make_user):
    table, ann = open_table
    bob, cat = make_user("bob"), make_user("cat")
    invitation = services.invitation_send(ann, bob, table.pk)
    with pytest.raises(ServiceError) as refused:
        services.invitation_accept(cat, invitation.pk, SessionStore())
    assert refused.value.code == "no_invitation"


@pytest.mark.parametrize("who_blocks", ["sender", "recipient"])
def test_a_blocked_or_blocking_player_cannot_be_invited(open_table, make_user, who_blocks):
    table, ann = open_table
    bob = make_user("bob")
    owner, other = (ann, bob) if who_blocks == "sender" else (bob, ann)
    block_add(owner, other)
    with pytest.raises(ServiceError) as refused:
        services.invitation_send(ann, bob, table.pk)
    assert refused.value.code == "blocked"
    assert not Notification.objects.filter(user=bob).exists()


def test_a_block_cancels_pending_invitations_between_the_two(
    open_table, make_user, django_capture_on_commit_callbacks
):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        block_add(bob, ann)
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.CANCELLED


def test_pending_invitations_are_limited_per_sender(make_user, settings):
    settings.WHIST_INVITES_PENDING = 2
    ann = make_user("ann")
    table = games.table_create(ann, "knockout", players=4)
    for name in ("bob", "cat"):
        services.invitation_send(ann, make_user(name), table.pk)
    with pytest.raises(ServiceError) as refused:
        services.invitation_send(ann, make_user("dan"), table.pk)
    assert refused.value.code == "too_many_invitations"


def test_invitations_sent_are_rate_limited_per_user(open_table, make_user, settings):
    settings.WHIST_RATE_INVITE = "2/h"
    table, ann = open_table
    make_user("bob")
    client = Client()
    client.force_login(ann)
    answers = [
        client.post("/invitations/send/", {"table": table.pk, "username": "bob"}, follow=True)
        for _ in range(3)
    ]
    assert "Too many invitations" in answers[-1].content.decode()
    assert "Too many invitations" not in answers[0].content.decode()


def test_only_a_player_at_an_open_table_with_a_free_seat_invites(open_table, make_user):
    table, ann = open_table
    bob, cat = make_user("bob"), make_user("cat")
    with pytest.raises(ServiceError) as refused:
        services.invitation_send(bob, cat, table.pk)
    assert refused.value.code == "not_seated"
    games.seat_take(bob, table.pk)
    with pytest.raises(ServiceError) as refused:
        services.invitation_send(ann, cat, table.pk)
    assert refused.value.code == "seat_taken"


def test_inviting_by_name_from_the_table_page(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    client = Client()
    client.force_login(ann)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'data-testid="table-invite"' in page
    answer = client.post("/invitations/send/", {"table": table.pk, "username": "BOB"})
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    assert Invitation.objects.filter(sender=ann, recipient=bob, table=table).exists()
    unknown = client.post("/invitations/send/", {"table": table.pk, "username": "nobody"},
                          follow=True)  # fmt: skip
    assert "There is no player called" in unknown.content.decode()


def test_inviting_from_a_players_page_opens_a_new_table(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    client = Client()
    client.force_login(ann)
    page = client.get("/accounts/players/bob/").content.decode()
    assert 'data-testid="invite-form"' in page
    answer = client.post("/invitations/to/bob/", {"game": "whist"})
    invitation = Invitation.objects.get(sender=ann, recipient=bob)
    assert answer["Location"] == f"/tables/{invitation.table_id}/"
    assert invitation.table.game == "whist" and invitation.table.created_by == ann


def test_accepting_through_the_page_goes_to_the_table(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    client = Client()
    client.force_login(bob)
    answer = client.post(f"/invitations/{invitation.pk}/accept/")
    assert answer["Location"] == f"/tables/{table.pk}/"
    assert Seat.objects.get(table=table, index=1).user == bob


def test_an_answer_is_accept_or_decline_and_nothing_else(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    invitation = services.invitation_send(ann, bob, table.pk)
    client = Client()
    client.force_login(bob)
    assert client.post(f"/invitations/{invitation.pk}/maybe/").status_code == 404
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.PENDING


def test_an_invitation_names_the_tables_house_rules_in_the_invitees_language(make_user):
    """Every non-default option named on the invitation too: its live
    notice (one text per language), the notification centre and the friends page."""
    ann, bob = make_user("ann"), make_user("bob")
    options = {"start_cards": 1, "dogs_life": "off"}
    table = games.table_create(ann, "knockout", 3, options=options, bot_levels=[None, None, "club"])
    services.invitation_send(ann, bob, table.pk)
    note = Notification.objects.get(user=bob)
    english = "House rules: Cards in the first round: 1, Dog's life: Off."
    assert texts.texts(note.kind, note.data)["en"].endswith(english)
    with translation.override("de"):
        german = ", ".join(labels.house_rules("knockout", options))
    assert german and german in texts.texts(note.kind, note.data)["de"]
    client = Client()
    client.force_login(bob)
    for page in ("/notifications/", "/friends/"):
        shown = client.get(page).content.decode().replace("&#x27;", "'")
        assert "Cards in the first round: 1" in shown and "Dog's life: Off" in shown, page


def test_an_invitation_to_a_table_of_the_default_rules_names_none(open_table, make_user):
    table, ann = open_table
    bob = make_user("bob")
    services.invitation_send(ann, bob, table.pk)
    note = Notification.objects.get(user=bob)
    assert "House rules" not in texts.texts(note.kind, note.data)["en"]


def test_invitations_are_limited_per_recipient_counting_cancelled_and_resent_ones(
    open_table, make_user, settings
):
    table, ann = open_table
    bob, cat = make_user("bob"), make_user("cat")
    for _ in range(settings.WHIST_INVITES_PER_RECIPIENT):
        services.invitation_send(ann, bob, table.pk)  # each re-send cancels the one before
    with pytest.raises(ServiceError) as refused:
        services.invitation_send(ann, bob, table.pk)
    assert refused.value.code == "invited_often"
    assert Notification.objects.filter(user=bob).count() == settings.WHIST_INVITES_PER_RECIPIENT
    services.invitation_send(ann, cat, table.pk)  # another player is not concerned


@pytest.mark.parametrize("value", JUNK)
def test_junk_table_in_an_invitation_form_is_never_a_server_error(make_user, value):
    ann, bob = make_user("ann"), make_user("bob")
    client = Client()
    client.force_login(ann)
    sent = client.post("/invitations/send/", {"table": value, "username": bob.username})
    assert sent.status_code < 500
    to = client.post(f"/invitations/to/{bob.username}/", {"table": value, "game": value})
    assert to.status_code < 500
