"""Reads of the card room: its rows (`queries`), what is sent of them (`messages`) and what the
lobby lists (`lobby`)."""
