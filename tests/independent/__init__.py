"""Independent replay checker for whist-record/1 game records, written from the docs only."""
