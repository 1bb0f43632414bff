"""Database models of the card room (none yet)."""
