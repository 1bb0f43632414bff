"""Exact searches of a deal's rest, shared by the claims (claims.py proves a claim with them),
the bots (the Expert's end play) and the analysis: the search of any number of known hands
(`exact.py`), the two-hand solver of German Whist's second half (`two_hand.py`), and the quick
playouts both use for bounds and the bots for their estimates (`playout.py`)."""
