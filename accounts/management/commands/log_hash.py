"""`manage.py log_hash VALUE...`: the security log's keyed hash of a client address (as
`addr=`) or a typed login name (as `name_hash=`), to search the log for it."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.security_log import keyed_hash
from accounts.throttle import address_of
from runtime.command_errors import OneLineErrors


class Command(OneLineErrors, BaseCommand):
    help = "Print the security log's hash of client addresses (addr=) or login names."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("values", nargs="+", help="client addresses or login names")

    def handle(self, *args: Any, **options: Any) -> None:
        for value in options["values"]:
            # The site's forms are UTF-8: bytes that are not (a Latin-1 terminal's) name
            # nothing it logged, and could not be hashed.
            try:
                value.encode()
            except UnicodeEncodeError:
                raise CommandError(
                    f"{os.fsencode(value)!r}: not UTF-8 text", returncode=2
                ) from None
        for value in options["values"]:
            address = address_of(value)
            if address != "unknown":
                self.stdout.write(f"{value} addr={keyed_hash(address)}")
            else:
                self.stdout.write(f"{value} name_hash={keyed_hash(value.strip().casefold())}")
