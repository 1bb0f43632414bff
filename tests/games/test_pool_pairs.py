"""Partners in the quick-play pool (games/services/pool_pairs.py): one invites, the other
accepts, and the two are seated on one side of a table (the game's partnerships, from its
descriptor) against another pair, two players alone or bots; when one of them leaves, the
other's wait ends too. The lobby socket's frames: tests/games/test_pool_pair_socket.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import Block
from games import services
from games.engine.descriptors import side_of
from games.models import PoolEntry, Seat, Table
from games.reads.lobby import pool_counts
from games.services.errors import ServiceError
from games.services.pool_pairs import pool_pair_accept, pool_pair_decline, pool_pair_invite

pytestmark = pytest.mark.django_db


def people(make_user: Any, *names: str) -> list[Any]:
    return [make_user(name) for name in names]


def pair(inviter: Any, partner: Any, game: str = "whist", **wish: Any) -> None:
    pool_pair_invite(inviter, f"c-{inviter.username}", partner.username, game, **wish)
    pool_pair_accept(partner, f"c-{partner.username}", inviter.pk)


def seats(table: Table) -> dict[int, int | None]:
    """Each seat's user id (None: a bot)."""
    return {s.index: s.user_id for s in Seat.objects.filter(table=table)}


def side(table: Table, user: Any) -> int:
    (seat,) = [i for i, u in seats(table).items() if u == user.pk]
    return side_of(table.game, seat)


def test_a_pair_is_seated_as_partners_against_another_pair(make_user):
    ann, bob, cy, dee = people(make_user, "ann", "bob", "cy", "dee")
    for _ in range(5):  # seats are drawn at random: partners are partners every time
        pair(ann, bob)
        pair(cy, dee)
        table = Table.objects.get(seats__user=ann)
        assert side(table, ann) == side(table, bob) != side(table, cy) == side(table, dee)
        Table.objects.all().delete()


def test_a_pair_is_seated_against_two_players_alone(make_user):
    ann, bob, cy, dee = people(make_user, "ann", "bob", "cy", "dee")
    services.pool_join(cy, "c-cy", "whist")
    pair(ann, bob)
    assert not Table.objects.exists()  # three people: no table yet
    services.pool_join(dee, "c-dee", "whist")
    table = Table.objects.get(seats__user=ann)
    assert side(table, ann) == side(table, bob) != side(table, cy) == side(table, dee)
    assert not PoolEntry.objects.exists()


def test_an_accepted_pair_is_matched_when_its_bot_wait_falls_due(make_user, queued):
    ann, bob = people(make_user, "ann", "bob")
    pair(ann, bob, bots_after=15, bot_level="expert")
    due = [delay for (name, _args), delay in zip(queued, queued.delays, strict=True)
           if name == "pool_match"]  # fmt: skip
    assert due and 15 <= min(due) < 16


def test_a_pair_whose_bot_wait_passed_plays_against_two_bots(make_user):
    ann, bob = people(make_user, "ann", "bob")
    pair(ann, bob, bots_after=15, bot_level="expert")
    assert services.pool_sweep() == 0
    PoolEntry.objects.update(joined=timezone.now() - timedelta(seconds=16))
    assert services.pool_sweep() == 1
    table = Table.objects.get(seats__user=ann)
    assert side(table, ann) == side(table, bob)
    bots = [s for s in Seat.objects.filter(table=table) if s.user_id is None]
    assert len(bots) == 2 and {s.bot for s in bots} == {"expert"}
    assert {side_of("whist", s.index) for s in bots} == {1 - side(table, ann)}


def test_a_pair_is_never_split_to_fill_a_table(make_user):
    ann, bob, cy, dee, eve = people(make_user, "ann", "bob", "cy", "dee", "eve")
    for user in (cy, dee, eve):
        services.pool_join(user, f"c-{user.username}", "whist")
    pair(ann, bob)  # five people: one table of four, the pair at it whole or not at all
    table = Table.objects.get()
    at_table = set(seats(table).values())
    assert {ann.pk, bob.pk} <= at_table
    assert side(table, ann) == side(table, bob)


def test_an_open_invitation_is_never_matched_nor_counted(make_user):
    ann, bob, cy, dee, eve = people(make_user, "ann", "bob", "cy", "dee", "eve")
    pool_pair_invite(ann, "c-ann", "bob", "whist")
    for user in (cy, dee, eve):
        services.pool_join(user, f"c-{user.username}", "whist")
    assert not Table.objects.exists()
    assert pool_counts()[0]["waiting"] == 3


def test_when_one_partner_leaves_the_pool_the_pair_leaves(make_user):
    ann, bob, cy = people(make_user, "ann", "bob", "cy")
    pair(ann, bob)
    services.pool_join(cy, "c-cy", "whist")
    assert services.pool_leave(bob.pk)
    assert list(PoolEntry.objects.values_list("user_id", flat=True)) == [cy.pk]


def test_joining_alone_ends_the_pair(make_user):
    ann, bob = people(make_user, "ann", "bob")
    pair(ann, bob)
    services.pool_join(ann, "c-ann-2", "whist")
    (entry,) = PoolEntry.objects.all()
    assert entry.user_id == ann.pk and entry.partner_id is None


def test_a_dead_servers_partner_takes_the_other_partner_out_too(make_user):
    ann, bob = people(make_user, "ann", "bob")
    pair(ann, bob)
    PoolEntry.objects.filter(user=bob).update(process="gone-server")
    services.pool_sweep()
    assert not PoolEntry.objects.exists()


def test_declining_ends_the_inviters_wait(make_user):
    ann, bob = people(make_user, "ann", "bob")
    pool_pair_invite(ann, "c-ann", "bob", "whist")
    assert pool_pair_decline(bob, ann.pk)
    assert not PoolEntry.objects.exists()
    assert not pool_pair_decline(bob, ann.pk)


def test_leaving_withdraws_the_invitation(make_user):
    ann, bob = people(make_user, "ann", "bob")
    pool_pair_invite(ann, "c-ann", "bob", "whist")
    services.pool_leave(ann.pk)
    with pytest.raises(ServiceError) as refused:
        pool_pair_accept(bob, "c-bob", ann.pk)
    assert refused.value.code == "no_invitation"


@pytest.mark.parametrize(
    ("game", "partner", "code"),
    [
        ("knockout", "bob", "no_partners"),
        ("german", "bob", "no_partners"),
        ("whist", "nobody", "bad_partner"),
        ("whist", "ann", "bad_partner"),
        ("whist", "  ", "bad_partner"),
        ("whist", "b\x00b", "bad_partner"),
    ],
)
def test_an_invitation_that_cannot_be_is_refused(make_user, game, partner, code):
    ann, _bob = people(make_user, "ann", "bob")
    with pytest.raises(ServiceError) as refused:
        pool_pair_invite(ann, "c-ann", partner, game)
    assert refused.value.code == code and refused.value.message
    assert not PoolEntry.objects.exists()


@pytest.mark.parametrize("owner", ["ann", "bob"])
def test_players_of_whom_one_blocks_the_other_are_never_partners(make_user, owner):
    ann, bob = people(make_user, "ann", "bob")
    blocker, blocked = (ann, bob) if owner == "ann" else (bob, ann)
    Block.objects.create(owner=blocker, blocked=blocked)
    with pytest.raises(ServiceError) as refused:
        pool_pair_invite(ann, "c-ann", "BOB", "whist")  # any letter case
    assert refused.value.code == "blocked"


def test_a_rated_pair_from_one_address_is_refused(make_user):
    ann, bob = people(make_user, "ann", "bob")
    pool_pair_invite(ann, "c-ann", "bob", "whist", rated=True, address="203.0.113.5")
    with pytest.raises(ServiceError) as refused:
        pool_pair_accept(bob, "c-bob", ann.pk, address="203.0.113.5")
    assert refused.value.code == "same_place"
    assert not PoolEntry.objects.filter(user=bob).exists()


def test_a_casual_pair_may_play_from_one_address(make_user):
    ann, bob = people(make_user, "ann", "bob")
    pool_pair_invite(ann, "c-ann", "bob", "whist", address="203.0.113.5")
    pool_pair_accept(bob, "c-bob", ann.pk, address="203.0.113.5")
    assert PoolEntry.objects.filter(pending=False).count() == 2


def test_an_anonymous_visitor_can_neither_accept_nor_decline(make_user):
    from django.contrib.auth.models import AnonymousUser

    ann, bob = people(make_user, "ann", "bob")
    pool_pair_invite(ann, "c-ann", "bob", "whist")
    with pytest.raises(ServiceError) as refused:
        pool_pair_accept(AnonymousUser(), "c-x", ann.pk)
    assert refused.value.code == "login_required"
    assert not pool_pair_decline(AnonymousUser(), ann.pk)
    assert PoolEntry.objects.filter(pending=True).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_player_invited_is_told_on_any_page_leading_to_the_lobby(make_user):
    from social.models import Notification
    from social.texts import link, text

    ann, bob = people(make_user, "ann", "bob")
    pool_pair_invite(ann, "c-ann", "bob", "whist")
    notice = Notification.objects.get(user=bob)
    assert text(notice.kind, notice.data).startswith("Ann invites you to play Whist as partners")
    assert link(notice.kind, notice.data) == "/lobby/#pool"


@pytest.mark.django_db(transaction=True)
def test_pool_partner_invitations_are_limited_as_table_invitations_are(make_user, settings):
    settings.WHIST_RATE_INVITE = "2/h"
    from social.models import Notification

    ann, bob = people(make_user, "ann", "bob")
    for _ in range(2):
        pool_pair_invite(ann, "c-ann", "bob", "whist")
    with pytest.raises(ServiceError) as refused:
        pool_pair_invite(ann, "c-ann", "bob", "whist")
    assert refused.value.code == "rate_limited" and "Too many invitations" in refused.value.message
    assert Notification.objects.filter(user=bob).count() == 2
