"""A corpus of simulated records across every game, player count and option combination."""
