"""Every change the site makes to a library's behaviour (Daphne, autobahn, Twisted, kombu,
channels, channels_redis, asgiref), one module per patch, each naming the library code it
relies on in `PINNED` (tests/site/test_library_guards.py fails when that code changes).
Nothing outside this package reaches into those libraries' internals (pyproject.toml's
import contract `patches-in-their-package`)."""
