"""Command-line arguments of the benchmarks: one-line errors and whole-number options."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    """Bad arguments: one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def whole_number(low: int) -> Callable[[str], int]:
    """An argument type: a whole number of at least `low`, else a one-line error."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low:
            raise argparse.ArgumentTypeError(
                f"expected a whole number of at least {low}, not {text!r}"
            )
        return value

    return parse
