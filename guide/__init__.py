"""How to play: a guided first game of each of the three games, against bots."""
