"""The rules engine: Knockout Whist, Whist and German Whist as a pure standard-library library."""

from .actions import Action, IllegalAction, action_from_event
from .cards import card_str, parse_card, parse_cards
from .deals import ScriptedSource, SeededSource
from .engine import apply, can_resign, legal_actions, new_game
from .rules import RulesError, Ruleset, make_rules
from .state import State

__all__ = [
    "Action", "IllegalAction", "Ruleset", "RulesError", "ScriptedSource", "SeededSource", "State",
    "action_from_event", "apply", "card_str", "can_resign", "legal_actions", "make_rules",
    "new_game", "parse_card", "parse_cards",
]  # fmt: skip
