"""Admin registrations of the card room (none yet)."""
