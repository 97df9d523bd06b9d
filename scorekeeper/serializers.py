"""One home for each JSON shape the app speaks (hand-format.md and the OpenAPI document):

- the error body, ``{"error", "field", "side", "meld"}`` (its shape: core.error_pages.error_body), with
  where a rule is broken (:func:`violation_body`);
- a game's state (``Game`` in the OpenAPI document) and a hand as written (``HandWritten``);
- where a game stands, as a phone keeps it to enter hands offline (:func:`phone_state`);
- a stored hand as a hand-format record (the JSON Lines export, which import reads back).

The breakdown's parts come from the engine's ``Breakdown`` (``Breakdown.as_dict``), never a list
written out here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.error_pages import error_body
from scorekeeper.hand_scoring import stored_sides
from scorekeeper.i18n import explain
from scorekeeper.models import Game
from scorekeeper.rules import Ruleset, RuleViolation
from scorekeeper.rules.live import side_after
from scorekeeper.selectors import GameState, HandRow


def violation_body(violation: RuleViolation) -> dict[str, Any]:
    """A rule the record breaks, with where it is: the side, the meld and the field."""
    return error_body(
        explain(violation),
        field=violation.field or None,
        side=violation.side,
        meld=violation.meld,
    )


def game_json(state: GameState, url: str) -> dict[str, Any]:
    game = state.game
    return {
        "id": game.id,
        "variant": game.variant,
        "players": game.players,
        "rules": game.rules,
        "target": state.ruleset.target,
        "version": game.version,
        "url": url,
        "sides": [
            {
                "name": s.name,
                "players": s.player_names,
                "total": s.total,
                "opening_minimum": s.opening_minimum,
            }
            for s in state.sides
        ],
        "hands": [hand_row_json(h) for h in state.hands],
        "finished": state.finished,
        "winner": state.winner,
    }


def phone_state(state: GameState) -> dict[str, Any]:
    """Where a game stands, as a phone keeps it (queue.mjs ``seen``): the game's version, the next
    hand's number, each side's total and the opening it needs in that hand. Every page of the
    game where hands are entered carries it, and so does every save's answer, for the phone to
    keep the latest it saw: a page the service worker shows offline is an older copy, and the
    hands entered on it are numbered and scored from what the phone knows, not from the copy."""
    return {
        "version": state.game.version,
        "number": state.next_number,
        "before": list(state.totals),
        "opening": [side.opening_minimum for side in state.sides],
    }


def hand_row_json(row: HandRow) -> dict[str, Any]:
    sides = []
    for i, (total, breakdown, after) in enumerate(
        zip(row.scores, row.breakdowns, row.running, strict=True)
    ):
        side: dict[str, Any] = {"total": total, "breakdown": breakdown, "score_after": after}
        found = row.adjustments[i] if i < len(row.adjustments) else None
        if found:
            side["adjustment"] = found
        sides.append(side)
    return {"number": row.number, "version": row.version, "sides": sides}


def hand_written_json(
    game: Game,
    number: int,
    version: int,
    result: dict[str, Any],
    names: Sequence[str],
    score_after: Sequence[int],
    ruleset: Ruleset,
) -> dict[str, Any]:
    """A hand as written, from the write itself (no read of the game's other hands)."""
    return {
        "number": number,
        "version": version,
        "sides": [
            {"name": name, **side_after(side, after, ruleset, number + 1)}
            for name, side, after in zip(names, result["sides"], score_after, strict=True)
        ],
        "finished": game.ended_at is not None,
        "winner": game.winner,
    }


def hand_record_json(
    game: Game, names: Sequence[str], record: dict[str, Any], before: Sequence[int]
) -> dict[str, Any]:
    """A stored hand as a hand-format record: names and score_before from the game."""
    return {
        "variant": game.variant,
        "players": game.players,
        "rules": game.engine_rules,
        "sides": [
            {"name": names[j], **side, "score_before": before[j]}
            for j, side in enumerate(stored_sides(record))
        ],
    }
