from django.apps import AppConfig


class FlushConfig(AppConfig):
    """The tests' `flush` (tests/flush/management/commands/flush.py) in place of Django's."""

    name = "tests.flush"
    label = "tests_flush"
