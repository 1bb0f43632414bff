"""Bad arguments on a command line: one line and exit status 2 (docs/development.md, bad
input), not argparse's usage block; `call_command` still raises CommandError, as Django's."""

from __future__ import annotations

import sys
from typing import Any, NoReturn


class OneLineErrors:
    """A management command mixin (before BaseCommand) whose argument errors are one line."""

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> Any:
        parser = super().create_parser(prog_name, subcommand, **kwargs)  # type: ignore[misc]
        if getattr(parser, "called_from_command_line", False):

            def error(message: str) -> NoReturn:
                sys.stderr.write(f"{subcommand}: {message}\n")
                sys.exit(2)

            parser.error = error
        return parser
