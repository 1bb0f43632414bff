"""Lessons: a short interactive course per game, each lesson a scripted deal the engine checks."""
