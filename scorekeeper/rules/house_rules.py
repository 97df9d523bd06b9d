"""House rules: the values VARIANTS.md marks "(decision)", plus the target, overridable by name.

A :class:`Ruleset` is what a hand is scored under: a preset after its house-rule overrides
(``dataclasses.replace``) and the :class:`Seating` of the player count and sides, after its own
overrides. Names and values are validated here; docs/house-rules.md documents them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.family_rules import FAMILY_RULES
from scorekeeper.rules.presets import get_variant
from scorekeeper.rules.rule_values import (
    Choice,
    Flag,
    HouseRule,
    Whole,
    on_bonus,
    on_seating,
    on_variant,
    seating_value,
    variant_value,
)
from scorekeeper.rules.threes import RedThreesAgainst, RedThreeScale
from scorekeeper.rules.variants import (
    BlackThreeMeld,
    CanastaTiers,
    GoingOutNeed,
    OnTie,
    Seating,
    Variant,
    WildLimit,
)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A preset with its house rules, at one player count."""

    variant: Variant  # the preset as played at this seating, house rules applied
    seating: Seating
    overrides: tuple[tuple[str, Any], ...] = ()  # the validated house rules, as given
    # Melds read under this variant (melds.read_detailed): a batch repeats the same few hundred
    # melds, and a ruleset of a preset as it stands is shared (_preset_ruleset). Not part of
    # the ruleset's value: a copy (replace) starts its own.
    readings: dict[tuple[Any, ...], Any] = field(
        init=False, default_factory=dict, compare=False, repr=False
    )
    # Tables the hot path derives from the ruleset, filled on first use: the deck's limits
    # (checks._deck_tables), canasta bonuses by kind and red-three values (scoring.py).
    tables: dict[str, Any] = field(init=False, default_factory=dict, compare=False, repr=False)

    @property
    def packs(self) -> int:
        return self.seating.packs

    @property
    def target(self) -> int | None:
        """The score that ends the game; None in a game of a number of hands."""
        return self.seating.target

    @property
    def layout(self) -> tuple[int, ...]:
        return self.seating.layout

    def holders(self, number: int, went_out: bool) -> int:
        """The players of side ``number`` (1-based) who hold cards at the end: the one who went
        out holds none."""
        return self.seating.layout[number - 1] - (1 if went_out else 0)

    def is_house_rule(self, name: str) -> bool:
        """Whether the table changed this value from the preset's."""
        return any(given == name for given, _ in self.overrides)

    def with_hands(self, hands: int | None) -> Ruleset:
        """This ruleset in a game of ``hands`` hands, whatever end its own rules give: an
        event's round decides when its tables' games end, in every family (the round is the
        event's, not a house rule of the game: VARIANTS-families.md 6 lists no ``hands`` for
        samba, bolivia or modern-american, and a club's target must not outlast the round).
        The highest total after the last hand wins, a tie as ``on_tie`` says (2.10). None: this
        ruleset as it is."""
        if hands is None:
            return self
        return replace(self, seating=replace(self.seating, hands=hands, target=None))


def _sequences_played(variant: Variant, seating: Seating, value: bool) -> tuple[Variant, Seating]:
    return replace(variant, sequences=variant.sequences.with_played(value)), seating


def _game_of_hands(variant: Variant, seating: Seating, value: int) -> tuple[Variant, Seating]:
    """A game of ``value`` hands, with no target; a target given with it ends the game at that
    score instead (applied after it: _build_ruleset)."""
    return variant, replace(seating, hands=value, target=None)


def house_rule_defaults(variant: Variant, seating: Seating) -> dict[str, Any]:
    """Each applicable house rule's value as the preset has it at this seating."""
    return {
        name: rule.read(variant, seating)
        for name, rule in HOUSE_RULES.items()
        if rule.offered_to(variant)
    }


HOUSE_RULES: dict[str, HouseRule] = {
    rule.name: rule
    for rule in (
        HouseRule(
            "target",
            gettext_noop("Target"),
            gettext_noop("Score that ends the game (2.10)."),
            Whole(500, 100_000, 5),
            on_seating("target"),
            seating_value("target"),
        ),
        HouseRule(
            "hands",
            gettext_noop("Hands in a game"),
            gettext_noop(
                "The game is this many hands; the highest total after the last wins (2.10)."
            ),
            Whole(1, 20),
            _game_of_hands,
            seating_value("hands"),
        ),
        HouseRule(
            "wild_limit",
            gettext_noop("Wild cards per meld"),
            gettext_noop(
                "Wild cards a meld may hold: three, naturals (no more than its naturals), "
                "none (no cap) (2.3)."
            ),
            Choice(WildLimit, offered=("three", "naturals", "none")),
            on_variant("wild_limit"),
            variant_value("wild_limit"),
        ),
        HouseRule(
            "black_three_meld",
            gettext_noop("Black-three melds"),
            gettext_noop(
                "Black-three melds: going_out (3 or 4, going out only), canasta (a canasta, "
                "wins the game), never (2.3)."
            ),
            Choice(BlackThreeMeld, offered=("going_out", "canasta", "never")),
            on_variant("black_three_meld"),
            variant_value("black_three_meld"),
        ),
        HouseRule(
            "red_three_scale",
            gettext_noop("Red threes"),
            gettext_noop(
                "Value of n red threes: double_from_four, plus_500_from_four, 500_for_all, "
                "800_for_all (2.5)."
            ),
            Choice(
                RedThreeScale,
                offered=("double_from_four", "plus_500_from_four", "500_for_all", "800_for_all"),
            ),
            on_variant("red_three_scale"),
            variant_value("red_three_scale"),
        ),
        HouseRule(
            "red_threes_against",
            gettext_noop("Red threes count against a side with"),
            gettext_noop(
                "Red threes count against a side with no_meld, with no_canasta, or with "
                "no_meld_another_out (no meld, and another side went out) (2.5)."
            ),
            Choice(
                RedThreesAgainst,
                offered=("no_meld", "no_canasta", "no_meld_another_out"),
            ),
            on_variant("red_threes_against"),
            variant_value("red_threes_against"),
        ),
        HouseRule(
            "going_out_canastas",
            gettext_noop("Canastas to go out"),
            gettext_noop("Canastas a side needs to go out (2.6)."),
            Whole(1, 3),
            on_seating("going_out_canastas"),
            seating_value("going_out_canastas"),
            lambda preset: preset.going_out_need is GoingOutNeed.CANASTAS,
        ),
        HouseRule(
            "opening_below_zero",
            gettext_noop("Opening minimum below zero"),
            gettext_noop("Opening minimum of a side whose score is below zero (2.9)."),
            Whole(0, 500, 5),
            on_variant("opening_below_zero"),
            variant_value("opening_below_zero"),
        ),
        HouseRule(
            "on_tie",
            gettext_noop("A tie at the end"),
            gettext_noop(
                "An exact tie for the highest total at the end: another_hand or draw (2.10)."
            ),
            Choice(OnTie),
            on_variant("on_tie"),
            variant_value("on_tie"),
        ),
        HouseRule(
            "packs",
            gettext_noop("Packs"),
            gettext_noop("Packs in play; sets the deck limits and “all the red threes” (2.1)."),
            Whole(1, 8),
            on_seating("packs"),
            seating_value("packs"),
            lambda preset: preset.deck.fixed_packs is None,  # not a deck of its own (origen)
        ),
        HouseRule(
            "cards_dealt",
            gettext_noop("Cards dealt"),
            gettext_noop("Cards dealt to each player (2.1)."),
            Whole(7, 20),
            on_seating("cards_dealt"),
            seating_value("cards_dealt"),
        ),
        HouseRule(
            "wild_melds",
            gettext_noop("Melds of wild cards"),
            gettext_noop("All-wild melds of 5 to 7 cards, a canasta at 7 (2.3)."),
            Flag(),
            on_variant("wild_melds"),
            variant_value("wild_melds"),
            lambda preset: preset.wild_melds,
        ),
        HouseRule(
            "concealed_canasta_bonus",
            gettext_noop("Concealed canasta bonus"),
            gettext_noop(
                "Bonus of a canasta laid down whole from the hand, instead of 500/300 (2.4)."
            ),
            Whole(0, 5000, 5),
            on_bonus("concealed"),
            lambda variant, _seating: variant.canasta_bonus.concealed,
            lambda preset: preset.canasta_bonus.concealed is not None,
        ),
        HouseRule(
            "canasta_tiers",
            gettext_noop("Canasta-count tiers"),
            gettext_noop(
                "Canasta-count tiers: only the highest tier reached, or cumulative (2.4)."
            ),
            Choice(CanastaTiers),
            on_variant("canasta_tier_mode"),
            variant_value("canasta_tier_mode"),
            lambda preset: bool(preset.canasta_tiers),
        ),
        HouseRule(
            "sequences",
            gettext_noop("Sequences"),
            gettext_noop("Sequences of 7 in a suit (1500) and the whole suit 4 to A (4000) (2.4)."),
            Flag(),
            _sequences_played,
            lambda variant, _seating: variant.sequences.played,
            lambda preset: preset.sequences.switchable,
        ),
        *FAMILY_RULES,
    )
}


def check_rules_agree(variant: Variant) -> None:
    """House rules that contradict each other (VARIANTS-families.md section 4)."""
    if (
        variant.going_out_need is GoingOutNeed.BOOKS
        and variant.going_out_books[2]
        and not (variant.wild_melds)
    ):
        raise RuleViolation(
            gettext_noop(
                "house rule going_out_books asks for wild books, but wild_books is off: no wild "
                "book can be made"
            ),
            field="rules",
            name="going_out_books",
        )


def ruleset_for(
    variant_id: object, players: object = 4, rules: object = None, sides: int | None = None
) -> Ruleset:
    """The ruleset of a preset id, a player count, house-rule overrides and (where a player count
    has two layouts) the number of sides, all validated."""
    if type(variant_id) is not str or type(players) is not int:
        return _build_ruleset(variant_id, players, rules, sides)
    if rules is None or rules == {}:
        return _preset_ruleset(variant_id, players, sides)
    key = _exact_key(rules)
    if key is None:  # not JSON: built and checked afresh
        return _build_ruleset(variant_id, players, rules, sides)
    found = _RULED.get((variant_id, players, key, sides))
    if found is None:  # a refusal raises here: only rulesets are kept
        found = _build_ruleset(variant_id, players, rules, sides)
        if len(_RULED) >= RULED_KEPT:
            _RULED.clear()
        _RULED[variant_id, players, key, sides] = found
    return found


# The rulesets of house rules met lately. A game's every hand is scored under its house rules:
# built anew each time, they were a fifth of a hand's scoring (a backup's 50,000 hands, 2.5 s of
# 24 s in its profile). Rulesets are frozen, so one serves every hand that names the same rules.
RULED_KEPT = 512
_RULED: dict[tuple[str, int, object, int | None], Ruleset] = {}


KEY_DEPTH = 4  # house rules nest a list in an object at most: anything deeper is checked afresh


def _exact_key(value: object, depth: int = 0) -> object:
    """``value`` (JSON: objects, arrays, strings, numbers, booleans, null) as a hashable key
    that tells every two values apart that the checks could tell apart: each scalar with its
    type (True is not 1, 2 is not 2.0), each object's keys in order of their names. None for
    anything else (a tuple, another mapping than a dict, a value nested deeper than any house
    rule's, which the checks refuse): built and checked afresh."""
    if depth > KEY_DEPTH:
        return None
    if type(value) is dict:
        if not all(type(k) is str for k in value):
            return None
        items = []
        for k in sorted(value):
            inner = _exact_key(value[k], depth + 1)
            if inner is None:
                return None
            items.append((k, inner))
        return ("object", tuple(items))
    if type(value) is list:
        inner_keys = [_exact_key(v, depth + 1) for v in value]
        return None if any(k is None for k in inner_keys) else ("array", tuple(inner_keys))
    if value is None or type(value) in (str, int, float, bool):
        return (type(value).__name__, value)
    return None


@lru_cache(maxsize=128)
def _preset_ruleset(variant_id: str, players: int, sides: int | None) -> Ruleset:
    # Hot path of batch scoring: most records use a preset as it stands, and its Ruleset is the
    # same every time (bench/instructions.py: 330k instructions a hand, 343k building it anew).
    return _build_ruleset(variant_id, players, None, sides)


def _build_ruleset(
    variant_id: object, players: object, rules: object, sides: int | None
) -> Ruleset:
    preset = get_variant(variant_id)
    if type(players) is not int:
        raise RuleViolation(gettext_noop("players must be a whole number"), field="players")
    seating = preset.seating(players, sides)
    variant = preset
    if seating.opening_steps is not None:
        variant = replace(variant, opening_steps=seating.opening_steps)
    if rules is None or rules == {}:
        return Ruleset(variant, seating)
    if not isinstance(rules, Mapping):
        raise RuleViolation(gettext_noop("rules must be an object"), field="rules")
    given = []
    # A target given with a number of hands ends the game at that score: it is applied last.
    for name, value in sorted(rules.items(), key=lambda item: item[0] == "target"):
        rule = HOUSE_RULES.get(name)
        if rule is None:
            raise RuleViolation(
                gettext_noop("unknown house rule %(name)r (known: %(known)s)"),
                field="rules",
                name=name,
                known=", ".join(HOUSE_RULES),
            )
        if not rule.offered_to(preset):
            raise RuleViolation(
                gettext_noop("house rule %(name)s does not apply to %(variant)s"),
                field="rules",
                name=name,
                variant=preset.id,
            )
        parsed = rule.parse(value, preset)
        variant, seating = rule.apply(variant, seating, parsed)
        given.append((name, tuple(value) if isinstance(value, list) else value))
    check_rules_agree(variant)
    return Ruleset(variant, seating, tuple(given))
