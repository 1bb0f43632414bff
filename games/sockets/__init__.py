"""The card room's live sockets: the table and lobby consumers and what they stand on (frames,
limits, heartbeats, the shutdown, the caches and messages of the lobby socket)."""
