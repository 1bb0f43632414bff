"""Events: Swiss tournaments, duplicate boards and the daily challenge, above records."""
