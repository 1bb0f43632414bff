"""Web Push (docs/deployment.md §"Push"): a notification reaches every device the player
allowed, as a push signed with the site's VAPID key (RFC 8292) and encrypted for the device
(RFC 8291, aes128gcm), by pywebpush. The push carries the notice's own words and link and
nothing else (never a card). A device whose push service answers 404 or 410 has gone: it is
removed. Nothing is pushed to a player online at that moment (the live notice shows), and
nothing at all without WHIST_VAPID_PRIVATE_KEY.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts import mail
from accounts.time_zones import chosen
from games.services.errors import ServiceError
from games.sockets.limits import online
from social import texts
from social.models import Notification, PushDevice
from social.selectors import push_wanted, settings_of

if TYPE_CHECKING:
    from py_vapid import Vapid

log = logging.getLogger(__name__)
GONE = (404, 410)  # the push service no longer knows the subscription (RFC 8030, section 7.3)
TTL = 12 * 3600  # seconds a push service keeps a notice for a device that is off


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_private_key() -> str:
    """A new VAPID private key, 32 bytes in base64url (WHIST_VAPID_PRIVATE_KEY)."""
    from cryptography.hazmat.primitives.asymmetric import ec  # not at each Django start

    key = ec.generate_private_key(ec.SECP256R1())
    return _b64(key.private_numbers().private_value.to_bytes(32, "big"))


@lru_cache(maxsize=4)
def _vapid(private: str) -> Vapid:
    from py_vapid import Vapid

    return Vapid.from_string(private)


@lru_cache(maxsize=4)
def public_key_of(private: str) -> str:
    """The public key of a VAPID private key, as browsers take it (applicationServerKey)."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    point = _vapid(private).public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return _b64(point)


def enabled() -> bool:
    return bool(settings.WHIST_VAPID_PRIVATE_KEY)


def public_key() -> str:
    """The site's VAPID public key, or "" when the site has no push."""
    return public_key_of(settings.WHIST_VAPID_PRIVATE_KEY) if enabled() else ""


def _key_of_length(text: Any, length: int) -> bool:
    if not isinstance(text, str) or len(text) > 200:
        return False
    try:
        return len(_unb64(text)) == length
    except (binascii.Error, ValueError):
        return False


def device_save(user: Any, endpoint: Any, p256dh: Any, auth: Any) -> PushDevice:
    """Allow push on a device: the browser's PushSubscription (its endpoint and keys). A
    player keeps at most WHIST_PUSH_DEVICES: the oldest goes."""
    if not enabled():
        raise ServiceError("no_push", _("This site sends no push notifications."))
    schemes = ["https", "http"] if settings.WHIST_PUSH_HTTP else ["https"]
    try:
        if not isinstance(endpoint, str) or len(endpoint) > 1000:
            raise ValidationError("too long")
        URLValidator(schemes=schemes)(endpoint)
    except ValidationError:
        raise ServiceError(
            "bad_subscription", _("Your browser sent no usable push address.")
        ) from None
    point_ok = _key_of_length(p256dh, 65) and _unb64(p256dh)[0] == 4
    if not point_ok or not _key_of_length(auth, 16):
        raise ServiceError("bad_subscription", _("Your browser sent no usable push keys."))
    with transaction.atomic():
        device, _created = PushDevice.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
        )
        keep = PushDevice.objects.filter(user=user).order_by("-created", "-pk")
        extra = list(keep.values_list("pk", flat=True)[settings.WHIST_PUSH_DEVICES :])
        PushDevice.objects.filter(pk__in=extra).delete()
    return device


def device_remove(user: Any, endpoint: Any) -> bool:
    """Stop push on a device (the player turned it off there)."""
    if not isinstance(endpoint, str):
        return False
    return PushDevice.objects.filter(user=user, endpoint=endpoint).delete()[0] > 0


def wanted(user_id: int, kind: str) -> bool:
    """Whether a notice of this kind is to be pushed to the player's devices, if any."""
    return enabled() and push_wanted(settings_of(user_id), kind) and (
        PushDevice.objects.filter(user_id=user_id).exists()
    )  # fmt: skip


def users_with_devices(user_ids: list[int]) -> set[int]:
    """Which of these players allowed push on some device (none without push)."""
    if not enabled() or not user_ids:
        return set()
    return set(PushDevice.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True))


def payload(note: Notification) -> dict[str, str]:
    """What a push carries: the notice's words in its reader's language and chosen time
    zone (else UTC, named), and its link."""
    language = mail.language_of(note.user)
    with translation.override(language), timezone.override(chosen(note.user)):
        return {
            "title": mail.site_name(), "body": texts.text(note.kind, note.data),
            "url": texts.link(note.kind, note.data), "tag": f"{note.kind}-{note.pk}",
            "lang": language,
        }  # fmt: skip


def notice_push(note_id: int) -> int:
    """Push one notification to every device of its player (unless it was read meanwhile,
    the player turned the kind's push off or is online). How many devices took it."""
    note = Notification.objects.select_related("user").filter(pk=note_id).first()
    if note is None or note.read or not enabled():
        return 0
    if not push_wanted(settings_of(note.user_id), note.kind) or online([note.user_id]):
        return 0
    data = json.dumps(payload(note))
    return sum(_send(device, data) for device in PushDevice.objects.filter(user_id=note.user_id))


def _send(device: PushDevice, data: str) -> bool:
    # pywebpush and requests (with aiohttp under them) only where a push is sent: imported
    # with the module, they were a tenth of every process's start (Daphne, each test worker).
    import requests
    from pywebpush import WebPushException, webpush

    subscription = {
        "endpoint": device.endpoint,
        "keys": {"p256dh": device.p256dh, "auth": device.auth},
    }
    try:
        webpush(
            subscription, data, vapid_private_key=_vapid(settings.WHIST_VAPID_PRIVATE_KEY),
            vapid_claims={"sub": settings.WHIST_VAPID_SUBJECT}, ttl=TTL, timeout=10,
        )  # fmt: skip
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in GONE:
            device.delete()
            log.info("push device %s gone (%s): removed", device.pk, status)
        else:
            log.warning("push to device %s refused: %s", device.pk, status)
        return False
    except requests.RequestException as exc:
        log.warning("push to device %s failed: %s", device.pk, type(exc).__name__)
        return False
    return True
