"""Puzzles cut from finished games: the pure search for them (cut, themes), and the Django side
(the job, the rating, the daily puzzle and the streak) in the modules beside them."""
