"""Every write of rankings: the bookkeeping of a finished game, annulling one, and a player's
card designs."""

from rankings.services.annul import game_score_annul
from rankings.services.bookkeeping import game_score_create, game_scores_overdue
from rankings.services.cards import CardChoiceError, card_choice_set

__all__ = [
    "CardChoiceError",
    "card_choice_set",
    "game_score_annul",
    "game_score_create",
    "game_scores_overdue",
]
