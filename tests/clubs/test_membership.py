"""The rules of who is in a club (issue 44 item 5): joining an open club, a club by request
and a club by invitation; owners and moderators answering, inviting and removing; leaving;
roles named by owners."""

from __future__ import annotations

from typing import Any

import pytest

from clubs import selectors, services
from clubs.models import Membership

from .conftest import club_of

pytestmark = pytest.mark.django_db


def test_the_maker_of_a_club_is_its_owner(people: Any) -> None:
    (ann,) = people("ann")
    club = services.club_create(ann, name="  Hearts   Club ", about="Tuesdays.")
    assert club.name == "Hearts Club" and club.slug == "hearts-club"
    assert selectors.membership_of(club, ann).role == Membership.Role.OWNER


def test_two_clubs_cannot_share_a_name(people: Any) -> None:
    ann, bob = people("ann", "bob")
    services.club_create(ann, name="Hearts Club")
    with pytest.raises(services.ServiceError) as refused:
        services.club_create(bob, name="hearts club")
    assert refused.value.code == "name_taken"


def test_a_club_name_that_reads_like_another_is_taken(people: Any) -> None:
    ann, bob = people("ann", "bob")
    services.club_create(ann, name="Hearts Club")
    for name in ("HEARTS  CLUB", "\u0397earts Club", "Hearts Cl\u200bub"):  # Greek Eta; a ZWSP
        with pytest.raises(services.ServiceError) as refused:
            services.club_create(bob, name=name)
        assert refused.value.code == "name_taken", name


def test_invisible_and_control_characters_are_taken_out_of_a_club_and_its_wall(
    people: Any,
) -> None:
    (ann,) = people("ann")
    club = services.club_create(ann, name="Spades\u202e Club", about="Line one\u200b\nLine two")
    assert (club.name, club.about) == ("Spades Club", "Line one\nLine two")
    post = services.post_add(ann, club.pk, "Hi\u202e there\x07")
    assert post.text == "Hi there"


def test_a_club_needs_a_name_of_three_to_sixty_characters(people: Any) -> None:
    (ann,) = people("ann")
    for name in ("ab", "x" * 61, "!!!"):
        with pytest.raises(services.ServiceError) as refused:
            services.club_create(ann, name=name)
        assert refused.value.code == "bad_name"


def test_a_player_owns_at_most_five_clubs(people: Any) -> None:
    (ann,) = people("ann")
    for i in range(services.clubs.MAX_OWNED):
        services.club_create(ann, name=f"Club {i}")
    with pytest.raises(services.ServiceError) as refused:
        services.club_create(ann, name="One too many")
    assert refused.value.code == "too_many_clubs"


def test_an_open_club_takes_a_player_at_once(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann)
    services.member_join(bob, club.pk)
    assert selectors.is_member(club.pk, bob)


def test_a_club_by_request_waits_for_an_owner_or_moderator(people: Any) -> None:
    ann, mo, bob, cy = people("ann", "mo", "bob", "cy")
    club = club_of(ann, joining="request", moderators=[mo])
    services.member_join(bob, club.pk)
    services.member_join(cy, club.pk)
    assert not selectors.is_member(club.pk, bob)
    with pytest.raises(services.ServiceError):  # a request is not answered by the asker
        services.request_answer(cy, club.pk, bob.pk, True)
    services.request_answer(mo, club.pk, bob.pk, True)
    services.request_answer(ann, club.pk, cy.pk, False)
    assert selectors.is_member(club.pk, bob)
    assert selectors.membership_of(club, cy) is None


def test_a_club_by_invitation_takes_only_invited_players(people: Any) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    club = club_of(ann, joining="invitation")
    with pytest.raises(services.ServiceError) as refused:
        services.member_join(bob, club.pk)
    assert refused.value.code == "invitation_only"
    services.member_invite(ann, club.pk, bob)
    services.member_invite(ann, club.pk, cy)
    assert not selectors.is_member(club.pk, bob)
    services.invitation_answer(bob, club.pk, True)
    services.invitation_answer(cy, club.pk, False)
    assert selectors.is_member(club.pk, bob)
    assert selectors.membership_of(club, cy) is None


def test_only_owners_and_moderators_invite(people: Any) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    club = club_of(ann, members=[bob])
    with pytest.raises(services.ServiceError) as refused:
        services.member_invite(bob, club.pk, cy)
    assert refused.value.code == "forbidden"


def test_inviting_a_player_who_asked_takes_them_in(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, joining="request")
    services.member_join(bob, club.pk)
    services.member_invite(ann, club.pk, bob)
    assert selectors.is_member(club.pk, bob)


def test_a_player_who_blocked_someone_gets_no_invitation_from_them(people: Any) -> None:
    from accounts.models import Block

    ann, bob = people("ann", "bob")
    club = club_of(ann)
    Block.objects.create(owner=bob, blocked=ann)
    with pytest.raises(services.ServiceError) as refused:
        services.member_invite(ann, club.pk, bob)
    assert refused.value.code == "blocked"


def test_a_moderator_removes_members_but_not_owners_or_moderators(people: Any) -> None:
    ann, mo, mia, bob = people("ann", "mo", "mia", "bob")
    club = club_of(ann, moderators=[mo, mia], members=[bob])
    services.member_remove(mo, club.pk, bob.pk)
    assert not selectors.is_member(club.pk, bob)
    for other in (ann, mia):
        with pytest.raises(services.ServiceError) as refused:
            services.member_remove(mo, club.pk, other.pk)
        assert refused.value.code == "forbidden"


def test_an_owner_removes_moderators(people: Any) -> None:
    ann, mo = people("ann", "mo")
    club = club_of(ann, moderators=[mo])
    services.member_remove(ann, club.pk, mo.pk)
    assert selectors.membership_of(club, mo) is None


def test_a_member_removes_nobody(people: Any) -> None:
    ann, bob, cy = people("ann", "bob", "cy")
    club = club_of(ann, members=[bob, cy])
    with pytest.raises(services.ServiceError) as refused:
        services.member_remove(bob, club.pk, cy.pk)
    assert refused.value.code == "forbidden"


def test_a_member_leaves_but_the_last_owner_names_another_first(people: Any) -> None:
    ann, bob = people("ann", "bob")
    club = club_of(ann, members=[bob])
    with pytest.raises(services.ServiceError) as refused:
        services.member_leave(ann, club.pk)
    assert refused.value.code == "last_owner"
    services.member_role(ann, club.pk, bob.pk, "owner")
    services.member_leave(ann, club.pk)
    assert not selectors.is_member(club.pk, ann)


def test_only_owners_name_moderators(people: Any) -> None:
    ann, mo, bob = people("ann", "mo", "bob")
    club = club_of(ann, moderators=[mo], members=[bob])
    with pytest.raises(services.ServiceError) as refused:
        services.member_role(mo, club.pk, bob.pk, "moderator")
    assert refused.value.code == "forbidden"
    services.member_role(ann, club.pk, bob.pk, "moderator")
    assert selectors.is_club_staff(club.pk, bob)


def test_a_club_keeps_one_owner(people: Any) -> None:
    (ann,) = people("ann")
    club = club_of(ann)
    with pytest.raises(services.ServiceError) as refused:
        services.member_role(ann, club.pk, ann.pk, "member")
    assert refused.value.code == "last_owner"


def test_only_owners_change_the_club(people: Any) -> None:
    ann, mo = people("ann", "mo")
    club = club_of(ann, moderators=[mo])
    with pytest.raises(services.ServiceError):
        services.club_edit(mo, club.pk, about="Ours now", joining="open")
    services.club_edit(ann, club.pk, about="Thursdays.", joining="request")
    club.refresh_from_db()
    assert (club.about, club.joining) == ("Thursdays.", "request")
