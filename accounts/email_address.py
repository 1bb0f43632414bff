"""A player's e-mail address: one given at sign-up or on the profile waits until the signed
link mailed to it is followed; the address it replaces is told; and no page says whether an
address is in use (the mail to that address says it, to its owner)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse

from accounts import mail
from accounts.models import User

SALT = "accounts.email-address"
LINK_VALID = timedelta(days=3)


def normalized(address: str) -> str:
    return User.objects.normalize_email((address or "").strip())


def masked(address: str) -> str:
    """`a***@example.org`: enough for its owner to know it, little for anyone else."""
    local, _at, domain = address.partition("@")
    return f"{local[:1]}***@{domain}" if domain else "***"


def confirm_link(user: Any, address: str) -> str:
    token = signing.dumps({"u": user.pk, "e": address.lower()}, salt=SALT, compress=True)
    return mail.absolute_url(reverse("email_confirm", args=[token]))


def send_confirmation(user: Any) -> bool:
    """Mail the address waiting on `user`: its confirmation link or, if another account has
    confirmed it, a word to that account's owner that someone asked for it (the page that
    asked says the same in both cases)."""
    address = user.email_pending
    if not address:
        return False
    owner = User.objects.filter(email__iexact=address).exclude(pk=user.pk).first()
    if owner is not None:
        return mail.send(owner, "address_in_use", {"asker": user}, to=address)
    return mail.send(user, "confirm_address", {"link": confirm_link(user, address)}, to=address)


def address_change(user: Any, address: str) -> str:
    """The player gives `address` (empty: no address). Say what happens next: "same" (nothing
    changes), "removed" (no address now; the old one is told), "pending" (a mail went to it;
    the confirmed address, if any, stays until the link is followed)."""
    address = normalized(address)
    if address.lower() == user.email.lower():
        if user.email_pending:
            User.objects.filter(pk=user.pk).update(email_pending="")
            user.email_pending = ""
        return "same"
    if not address:
        old = user.email
        User.objects.filter(pk=user.pk).update(email="", email_pending="")
        user.email = user.email_pending = ""
        if old:
            mail.send(user, "address_changed", {"new": ""}, to=old)
        return "removed"
    User.objects.filter(pk=user.pk).update(email_pending=address)
    user.email_pending = address
    send_confirmation(user)
    return "pending"


def address_confirm(token: str) -> tuple[Any, str]:
    """Follow a confirmation link: (the player, "") once its address is theirs, else
    (the player or None, why not: "invalid", "expired", "used", "taken")."""
    try:
        data = signing.loads(token, salt=SALT, max_age=LINK_VALID)
    except signing.SignatureExpired:
        return None, "expired"
    except signing.BadSignature:
        return None, "invalid"
    try:
        with transaction.atomic():
            user = User.objects.select_for_update().filter(pk=data.get("u")).first()
            if user is None or not user.email_pending or user.email_pending.lower() != data["e"]:
                return user, "used"
            if User.objects.filter(email__iexact=data["e"]).exclude(pk=user.pk).exists():
                return user, "taken"
            old, user.email, user.email_pending = user.email, user.email_pending, ""
            user.save(update_fields=["email", "email_pending"])
    except IntegrityError:  # confirmed by another account in the same instant
        return None, "taken"
    if old and old.lower() != user.email.lower():
        mail.send(user, "address_changed", {"new": masked(user.email)}, to=old)
    return user, ""
