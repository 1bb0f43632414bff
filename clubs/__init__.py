"""Clubs: groups of players with their own page, members, wall, events and leaderboard."""
