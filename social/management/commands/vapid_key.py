"""manage.py vapid_key: a new VAPID key pair for Web Push (docs/deployment.md §"Push"): the
line to put in the environment, and the public key it implies (shown to browsers)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from runtime.command_errors import OneLineErrors
from social.services.pushing import new_private_key, public_key_of


class Command(OneLineErrors, BaseCommand):
    help = "Print a new VAPID private key for WHIST_VAPID_PRIVATE_KEY (Web Push)."

    def handle(self, *args: Any, **options: Any) -> None:
        key = new_private_key()
        self.stdout.write(f"WHIST_VAPID_PRIVATE_KEY={key}")
        self.stdout.write(f"# public key (browsers get it from the site): {public_key_of(key)}")
