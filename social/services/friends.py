"""Friends: ask, and the other accepts or declines (django-friendship's requests); either
may end it. A block either way refuses a request, and ends a friendship (receivers.py). One
player asks another at most WHIST_FRIEND_REQUESTS_PER_RECIPIENT times a day."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from friendship.exceptions import AlreadyExistsError, AlreadyFriendsError
from friendship.models import Friend, FriendshipRequest

from accounts.models import User
from games.services.errors import ServiceError
from social.models import Kind, SocialSettings
from social.selectors import blocked_between, friend_ids
from social.services.notifications import notify, notify_many


def friend_request(user: User, other: User) -> FriendshipRequest | None:
    """Ask `other` to be friends; if they had asked `user` already, this accepts it (None)."""
    if other is None or not other.is_active or other.pk == user.pk:
        raise ServiceError("bad_player", _("you cannot be friends with that player"))
    if blocked_between(user.pk, other.pk):
        raise ServiceError("blocked", _("you cannot ask this player: one of you blocks the other"))
    asked_key = f"social:friend-asked:{user.pk}:{other.pk}"
    if (cache.get(asked_key) or 0) >= settings.WHIST_FRIEND_REQUESTS_PER_RECIPIENT:
        raise ServiceError("asked_often", _("you have asked this player often today: wait "
                                            "until tomorrow"))  # fmt: skip
    theirs = FriendshipRequest.objects.filter(
        from_user=other, to_user=user, rejected__isnull=True
    ).first()
    if theirs is not None:
        friend_accept(user, theirs.pk)
        return None
    with transaction.atomic():
        try:
            request = Friend.objects.add_friend(user, other)
        except AlreadyFriendsError as exc:
            raise ServiceError("already_friends", _("you are friends already")) from exc
        except (AlreadyExistsError, ValidationError) as exc:
            raise ServiceError("already_asked", _("you have asked this player already")) from exc
        notify(other.pk, Kind.FRIEND_REQUEST, {"name": str(user), "username": user.username})
    # Counted in the shared cache: a withdrawn request leaves no row (friend_remove).
    cache.add(asked_key, 0, timeout=86400)
    cache.incr(asked_key)
    return request


def friend_accept(user: User, request_id: int) -> None:
    """Accept a friend request made to `user`."""
    with transaction.atomic():
        request = _request_to(user, request_id)
        if blocked_between(user.pk, request.from_user_id):
            raise ServiceError("blocked", _("one of you blocks the other"))
        request.accept()
        notify(
            request.from_user_id, Kind.FRIEND_REQUEST,
            {"name": str(user), "username": user.username, "accepted": True},
        )  # fmt: skip


def friend_decline(user: User, request_id: int) -> None:
    """Decline a friend request made to `user` (the asker is not told)."""
    with transaction.atomic():
        _request_to(user, request_id).reject()


def _request_to(user: User, request_id: object) -> FriendshipRequest:
    request = (
        FriendshipRequest.objects.select_for_update()
        .select_related("from_user", "to_user")
        .filter(pk=request_id, to_user=user, rejected__isnull=True)
        .first()
    )
    if request is None:
        raise ServiceError("no_request", _("there is no such friend request"))
    return request


def friend_remove(user: User, other: User) -> bool:
    """End a friendship (both sides); a request either way is withdrawn too."""
    with transaction.atomic():
        FriendshipRequest.objects.filter(from_user=user, to_user=other).delete()
        FriendshipRequest.objects.filter(from_user=other, to_user=user).delete()
        return Friend.objects.remove_friend(user, other)


def friends_told(user_id: int) -> int:
    """A player came online: their friends who turned that kind on are told (it is off by
    default: social.models.OFF_BY_DEFAULT). How many."""
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return 0
    friends = friend_ids(user_id)
    rows = SocialSettings.objects.filter(user_id__in=friends).values_list("user_id", "enabled")
    wanting = [friend for friend, enabled in rows if Kind.FRIEND_ONLINE in (enabled or [])]
    data = {"name": str(user), "username": user.username}
    return len(notify_many(Kind.FRIEND_ONLINE, [(friend, data) for friend in wanting]))
