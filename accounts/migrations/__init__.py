"""Database migrations of the accounts app."""
