"""What the legal pages do when accounts says so: a new player accepted the current terms."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from accounts.signals import user_signed_up
from legal.models import Kind
from legal.services import accept


@receiver(user_signed_up, dispatch_uid="legal-terms-accepted")
def terms_accepted(sender: Any, user: Any, **kwargs: Any) -> None:
    accept(user, Kind.TERMS)
