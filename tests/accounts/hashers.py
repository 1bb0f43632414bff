"""A real password hasher for tests that counts how many passwords it hashed."""

from django.contrib.auth.hashers import MD5PasswordHasher


class CountingMD5PasswordHasher(MD5PasswordHasher):
    """Django's MD5 hasher (fast, for tests) counting every hash it computes (checking a
    password hashes it too, as does Django's dummy check of an unknown username)."""

    hashes = 0

    def encode(self, password: str, salt: str) -> str:
        type(self).hashes += 1
        return super().encode(password, salt)
