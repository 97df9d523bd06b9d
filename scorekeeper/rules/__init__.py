"""The Canasta rules engine: pure Python, no Django.

Source of truth: ``../shared/rules/VARIANTS.md`` (the seven presets) and
``../shared/rules/hand-format.md`` (the JSON hand record). Frozen dataclasses in and out.

Entry points:

- :func:`score_record` takes a hand record (a parsed JSON object) and returns a :class:`HandScore`.
- :func:`opening_minimum` tells the initial-meld minimum for a ruleset and a score.
- :func:`game_outcome` tells whether a game has ended and who won.
"""

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.game import GameOutcome, game_outcome
from scorekeeper.rules.house_rules import HOUSE_RULES, Ruleset, ruleset_for
from scorekeeper.rules.jsonform import score_json, score_to_json
from scorekeeper.rules.opening import CANASTA, Minimum, opening_minimum
from scorekeeper.rules.presets import PRESETS, get_variant
from scorekeeper.rules.records import HandRecord, parse_record
from scorekeeper.rules.scoring import Breakdown, HandScore, SideScore, score_hand, score_record
from scorekeeper.rules.variants import Variant

__all__ = [
    "CANASTA",
    "HOUSE_RULES",
    "PRESETS",
    "Breakdown",
    "GameOutcome",
    "HandRecord",
    "HandScore",
    "Minimum",
    "RuleViolation",
    "Ruleset",
    "SideScore",
    "Variant",
    "game_outcome",
    "get_variant",
    "opening_minimum",
    "parse_record",
    "ruleset_for",
    "score_hand",
    "score_json",
    "score_record",
    "score_to_json",
]
