"""Login throttling in the cache: per account, per address and overall, with a cool-off."""

from __future__ import annotations

from django.core.cache import cache

WINDOW = 300  # seconds a failure counts; also the cool-off (never a lock-out without expiry)
LIMITS = {"user": 10, "addr": 30, "all": 300}


def _keys(username: str, address: str) -> dict[str, str]:
    return {
        "user": f"login-fail:user:{username.strip().lower()}",
        "addr": f"login-fail:addr:{address}",
        "all": "login-fail:all",
    }


def login_allowed(username: str, address: str) -> bool:
    """Whether a login attempt may be checked now (False after too many recent failures)."""
    counts = cache.get_many(list(_keys(username, address).values()))
    return all(counts.get(key, 0) < LIMITS[kind] for kind, key in _keys(username, address).items())


def login_failed(username: str, address: str) -> None:
    """Count one failed login against the account, the address and the whole site."""
    for key in _keys(username, address).values():
        cache.add(key, 0, WINDOW)
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, WINDOW)
