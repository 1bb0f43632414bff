"""A broadcast's table parts (games/reads/messages.py `state_messages`): the players' part is
the spectator's own object unless the players see what the spectator does not (a private
table's invite), so that its text is written once (games/reads/state_text.py)."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Table
from games.reads import messages
from games.reads.queries import INVITES_SESSION_KEY, table_seats
from games.reads.state_text import state_texts

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("private", [False, True])
def test_the_players_share_the_spectators_table_part_unless_they_see_an_invite(make_user, private):
    ann, bob = make_user("ann"), make_user("bob")
    created = services.table_create(ann, "german", private=private)
    session = {INVITES_SESSION_KEY: {str(created.pk): created.invite_token}}
    services.seat_take(bob, created.pk, 1, session=session)  # type: ignore[arg-type]
    table = services.table_start(ann, created.pk)
    table = Table.objects.get(pk=table.pk)
    spectator, seated = messages.state_messages(table, table_seats(table.pk))
    parts = [message["table"] for _, message in seated]
    assert spectator["table"]["invite"] is None
    for part in parts:
        assert part["invite"] == (table.invite_token if private else None)
        assert (part is spectator["table"]) is not private
        assert {**part, "invite": None} == spectator["table"]
    sent = [spectator, *(message for _, message in seated)]
    assert state_texts(sent) == [json.dumps(m) for m in sent]
