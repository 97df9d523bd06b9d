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


# Games (database): created through the services, as the app does.

NS_OUT_WITH_KINGS = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}]  # 670 / 0
BIG_HAND = [  # 2110 / -50: two natural canastas, 4 red threes, out
    {
        "melds": [{"rank": "K", "naturals": 7}, {"rank": "A", "naturals": 7}],
        "red_threes": 4,
        "went_out": True,
    },
    {"hand": {"points": 50}},
]


def new_game(
    variant: str = "classic",
    players: int = 4,
    names: tuple[str, ...] = ("NS", "EW"),
    rules: dict | None = None,
):
    from scorekeeper.services import game_create

    return game_create(
        variant=variant, players=players, sides=[{"name": n} for n in names], rules=rules
    )


def play_hands(game, count: int, sides: list | None = None) -> None:
    from scorekeeper.services import Author, hand_add

    for _ in range(count):
        hand_add(
            game_id=game.id,
            sides=sides or [{"melds": [{"rank": "5", "naturals": 3}]}, {}],
            author=Author("test"),
        )


def open_edit_link(client, game, token: str) -> str:
    """Open the game's edit link as a phone does: it keeps the token in a cookie and goes on to
    the edit page, whose URL (without the token) it returns."""
    from django.urls import reverse

    response = client.get(reverse("play", args=[game.id, token]))
    assert response.status_code == 302
    assert response["Location"] == reverse("edit", args=[game.id])
    return response["Location"]
