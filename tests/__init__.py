"""Test suite of the Whist card room."""
