"""A hand as a table enters it, scored for its game: the same code on the server and on the phone.

The server's services and live preview call these functions, and so does the phone's browser,
where this package runs in Pyodide (static/scorekeeper/engine-worker.mjs): a score worked out
with the connection off is the server's score, by construction. The game is given as plain data
(:class:`Table`), since the browser has no database.

A table enters a hand's sides without ``name`` and ``score_before``: the game holds both
(hand-format.md, "sides"). The record built here adds them and the hand's number as the record
gives it (a tie-break hand of a game of hands keeps the last hand's number: VARIANTS-families.md
2.9, 2.10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.adjustments import Adjustment, split_adjustments
from scorekeeper.rules.errors import RuleViolation, gettext_noop
from scorekeeper.rules.game import game_outcome
from scorekeeper.rules.house_rules import Ruleset, ruleset_for
from scorekeeper.rules.opening import game_hand_number, next_opening
from scorekeeper.rules.scoring import HandScore, score_record

FROM_THE_GAME = ("name", "score_before")  # keys a hand's side takes from the game, never the table


@dataclass(frozen=True)
class Table:
    """What the engine needs of a game to score its hands: its rules and its sides' names."""

    variant: str
    players: int
    rules: Mapping[str, Any]  # the game's house rules as the engine reads them
    names: tuple[str, ...]  # one per side, for the record and for messages
    hands: int | None = None  # an event's round: the game is its hands (Ruleset.with_hands)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        """The table as the entry page sends it to the phone's engine."""
        return cls(
            data["variant"],
            data["players"],
            data["rules"] or {},
            tuple(data["names"]),
            data.get("hands"),
        )

    def to_json(self) -> dict[str, Any]:
        """The table as the pages give it to the phone's engine (:meth:`from_json` reads it)."""
        return {
            "variant": self.variant,
            "players": self.players,
            "rules": dict(self.rules),
            "names": list(self.names),
            "hands": self.hands,
        }

    @property
    def ruleset(self) -> Ruleset:
        rules = ruleset_for(self.variant, self.players, dict(self.rules), len(self.names))
        return rules.with_hands(self.hands)


def hand_record(
    table: Table, sides: object, score_before: Sequence[int], number: int
) -> dict[str, Any]:
    """The hand-format record of hand ``number`` as entered (``sides``, unchecked input); a
    RuleViolation names what is wrong with its shape."""
    if not isinstance(sides, list):
        raise RuleViolation(
            gettext_noop("sides must be a list, one object per side"), field="sides"
        )
    if len(sides) != len(table.names):
        raise RuleViolation(
            gettext_noop("this game has %(n)s sides, not %(given)s"),
            field="sides",
            n=len(table.names),
            given=len(sides),
        )
    for i, side in enumerate(sides, 1):
        if not isinstance(side, dict):
            raise RuleViolation(gettext_noop("%(key)s must be an object"), key="side", side=i)
        for key in FROM_THE_GAME:
            if key in side:
                raise RuleViolation(
                    gettext_noop("%(key)s comes from the game: leave it out"),
                    key=key,
                    side=i,
                    field=key,
                )
    return {
        "variant": table.variant,
        "players": table.players,
        "rules": dict(table.rules),
        "hand_number": game_hand_number(table.ruleset, number),
        "sides": [
            {**side, "name": table.names[i], "score_before": score_before[i]}
            for i, side in enumerate(sides)
        ],
    }


def result_of(score: HandScore, adjustments: Sequence[Adjustment | None] = ()) -> dict[str, Any]:
    """A scored hand as the game stores it: each side's total and breakdown, and who won. A
    side's adjustment (adjustments.py) is added to its total and kept beside the breakdown."""
    sides = []
    for i, s in enumerate(score.sides):
        found = adjustments[i] if i < len(adjustments) else None
        side: dict[str, Any] = {"total": s.total, "breakdown": s.breakdown.as_dict()}
        if found is not None:
            side["total"] += found.points
            side["adjustment"] = found.as_dict()
        sides.append(side)
    return {
        "sides": sides,
        "wins_game": score.wins_game,
    }


def side_after(
    side: Mapping[str, Any], after: int, ruleset: Ruleset, next_hand: int
) -> dict[str, Any]:
    """A side's score in a hand, its total after it and the opening minimum it then needs in
    hand ``next_hand`` (by score, or by the hand's number where the preset goes by it)."""
    return {
        "total": side["total"],
        "breakdown": side["breakdown"],
        "score_after": after,
        "opening_minimum": next_opening(
            ruleset.variant, after, game_hand_number(ruleset, next_hand)
        ),
        **({"adjustment": side["adjustment"]} if "adjustment" in side else {}),
    }


def preview(
    table: Table, sides: object, score_before: Sequence[int], number: int
) -> dict[str, Any]:
    """The live score of hand ``number`` being entered: each side's total, breakdown, score
    after and next opening minimum, who wins outright with it, and whether the game ends with it
    and who wins then (nothing is saved)."""
    plain, adjustments = split_adjustments(sides)
    result = result_of(score_record(hand_record(table, plain, score_before, number)), adjustments)
    ruleset = table.ruleset
    after = [score_before[i] + side["total"] for i, side in enumerate(result["sides"])]
    # Whether the game ends with this hand, as the server decides it once the hand is saved
    # (the target reached, the last hand of a game of hands, an outright win): the phone says so
    # with the connection off.
    outcome = game_outcome(ruleset, after, result["wins_game"], hands_played=number)
    return {
        "sides": [
            side_after(side, after[i], ruleset, number + 1)
            for i, side in enumerate(result["sides"])
        ],
        "wins_game": result["wins_game"],
        "outcome": {"finished": outcome.finished, "winner": outcome.winner},
    }
