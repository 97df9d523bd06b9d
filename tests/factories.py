"""A small named cast of test data: plain functions that build hand records (hand-format.md)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import HandScore, score_record


def meld(rank: str, naturals: int = 0, twos: int = 0, jokers: int = 0, **extra: Any) -> dict:
    return {"rank": rank, "naturals": naturals, "twos": twos, "jokers": jokers, **extra}


def kings_canasta() -> dict:
    """Seven natural kings: 70 points + 500."""
    return meld("K", 7)


def mixed_nines() -> dict:
    """Five nines, a two and a joker: 120 points + 300."""
    return meld("9", 5, twos=1, jokers=1)


def record(
    variant: str, *sides: dict, players: int | None = None, rules: dict | None = None
) -> dict:
    out: dict[str, Any] = {"variant": variant, "sides": list(sides)}
    if players is not None:
        out["players"] = players
    if rules is not None:
        out["rules"] = rules
    return out


def going_out(*melds: dict, **side: Any) -> dict:
    return {"melds": list(melds), "went_out": True, **side}


def totals(hand: dict) -> list[int]:
    score: HandScore = score_record(hand)
    return [side.total for side in score.sides]


def breakdown(hand: dict, side: int = 0) -> dict[str, int]:
    b = score_record(hand).sides[side].breakdown
    return {
        "cards": b.cards,
        "hand": b.hand,
        "canastas": b.canastas,
        "red_threes": b.red_threes,
        "going_out": b.going_out,
        "other": b.other,
    }
