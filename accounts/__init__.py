"""Player accounts: the custom user model and, later, profiles and progress."""
