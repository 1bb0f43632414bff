"""The rules engine: Knockout Whist, Whist and German Whist as a pure standard-library library."""

from .actions import Action, IllegalAction, action_from_event
from .cards import card_str, parse_card, parse_cards
from .deals import ScriptedSource, SeededSource
from .engine import (
    apply,
    apply_by_player,
    can_resign,
    legal_actions,
    may_act,
    new_game,
    stand_in_to_act,
    takes_part,
)
from .result import GameResult, game_result, places
from .rules import RulesError, Ruleset, make_rules
from .state import State

__all__ = [
    "Action", "GameResult", "IllegalAction", "Ruleset", "RulesError", "ScriptedSource",
    "SeededSource", "State", "action_from_event", "apply", "apply_by_player", "card_str",
    "can_resign", "game_result", "legal_actions", "make_rules", "may_act", "new_game",
    "parse_card", "parse_cards", "places", "stand_in_to_act", "takes_part",
]  # fmt: skip
