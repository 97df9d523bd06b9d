"""Whole games of the four families through the API (VARIANTS-families.md 2.9, 2.10, 5.4): a
hand-and-foot game is four hands and its opening goes by the hand; a dream hand ends a Modern
American game at once; a samba game tied at the target is drawn."""

from __future__ import annotations

import pytest

from scorekeeper.services import game_recompute
from tests.integration.test_api import post

pytestmark = pytest.mark.django_db

# Hand and Foot, side A goes out with two clean and two dirty books (HF8's melds under 2+2).
HF_OUT = [
    {
        "melds": [
            {"rank": "K", "naturals": 7},
            {"rank": "Q", "naturals": 7},
            {"rank": "9", "naturals": 5, "twos": 2},
            {"rank": "5", "naturals": 6, "jokers": 1},
        ],
        "went_out": True,
    },
    {"melds": [{"rank": "8", "naturals": 4}], "foot": {"high": 11}},
]
# A: 70 + 70 + 90 + 80 = 310 cards, 2x500 + 2x300 books, 100 out: 2010.
# B: 40 cards, an unplayed foot of 11 high cards -110: -70.


def create(client, variant: str, rules: dict | None = None) -> dict:
    body = {"variant": variant, "players": 4, "sides": [{"name": "A"}, {"name": "B"}]}
    if rules:
        body["rules"] = rules
    response = post(client, "/api/v1/games", body)
    assert response.status_code == 201, response.json()
    return response.json()


def add(client, game: dict, sides: list) -> dict:
    response = post(client, f"/api/v1/games/{game['id']}/hands", {"sides": sides}, game["token"])
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_hand_and_foot_game_is_four_hands_with_the_opening_by_hand(client) -> None:
    game = create(client, "hand-and-foot")
    assert game["target"] is None
    assert [s["opening_minimum"] for s in game["sides"]] == [50, 50]  # hand 1
    written = add(client, game, HF_OUT)
    assert [s["total"] for s in written["sides"]] == [2010, -70]
    assert [s["opening_minimum"] for s in written["sides"]] == [90, 90]  # hand 2, whatever score
    for _ in range(2):
        add(client, game, HF_OUT)
    state = client.get(f"/api/v1/games/{game['id']}").json()
    assert not state["finished"] and [s["opening_minimum"] for s in state["sides"]] == [150, 150]
    last = add(client, game, HF_OUT)
    assert last["finished"] and last["winner"] == 0  # after the 4th hand, the highest total
    refused = post(client, f"/api/v1/games/{game['id']}/hands", {"sides": HF_OUT}, game["token"])
    assert refused.status_code == 409


def test_a_hand_and_foot_game_may_be_shorter_or_played_to_a_target(client) -> None:
    short = create(client, "hand-and-foot", {"hands": 2})
    add(client, short, HF_OUT)
    assert add(client, short, HF_OUT)["finished"]
    to_target = create(client, "hand-and-foot", {"target": 5000})
    assert to_target["target"] == 5000
    for _ in range(2):
        assert not add(client, to_target, HF_OUT)["finished"]  # 4020 < 5000
    assert add(client, to_target, HF_OUT)["finished"]  # 6030


def test_a_dream_hand_ends_a_modern_american_game_at_once(client) -> None:
    game = create(client, "modern-american")
    written = add(client, game, [{"special_hand": "dream_4"}, {"hand": {"high": 1}}])
    assert [s["total"] for s in written["sides"]] == [8500, -10]
    assert written["finished"] and written["winner"] == 0
    # Under dream_hand_wins false it is 8500 points, and reaching the target ends the game.
    points_only = create(client, "modern-american", {"dream_hand_wins": False})
    written = add(client, points_only, [{"special_hand": "dream_5"}, {}])
    assert written["finished"] and written["winner"] == 0  # 8500 is the target itself


def test_a_samba_game_tied_at_the_target_is_drawn(client) -> None:
    game = create(client, "samba", {"target": 500})
    a = {"melds": [{"rank": "K", "naturals": 7}, {"rank": "Q", "naturals": 3}]}  # 100 + 500
    b = {"melds": [{"rank": "J", "naturals": 7}, {"rank": "10", "naturals": 3}]}  # the same
    written = add(client, game, [a, b])
    assert written["finished"] and written["winner"] is None  # OCL: a drawn game


def test_a_family_game_recomputes_to_the_same_totals(client) -> None:
    game = create(client, "hand-and-foot")
    add(client, game, HF_OUT)
    before = client.get(f"/api/v1/games/{game['id']}").json()
    game_recompute(game_id=game["id"])
    assert client.get(f"/api/v1/games/{game['id']}").json()["sides"] == before["sides"]


def test_a_key_of_another_family_is_refused_with_its_name(client) -> None:
    game = create(client, "samba")
    response = post(
        client,
        f"/api/v1/games/{game['id']}/hands",
        {"sides": [{"foot": {"high": 11}}, {}]},
        game["token"],
    )
    assert response.status_code in (400, 422)
    assert "foot has no use in samba" in response.json()["error"]


def test_a_tie_after_the_last_hand_plays_another_hand_with_the_last_opening(client) -> None:
    game = create(client, "hand-and-foot", {"hands": 2})
    for _ in range(2):
        written = add(client, game, [{}, {}])  # 0 to 0
    assert not written["finished"]  # on_tie another_hand: the tie is played off
    state = client.get(f"/api/v1/games/{game['id']}").json()
    assert [s["opening_minimum"] for s in state["sides"]] == [90, 90]  # hand 2's, the last value
    decider = add(client, game, HF_OUT)
    assert decider["finished"] and decider["winner"] == 0
    drawn = create(client, "hand-and-foot", {"hands": 1, "on_tie": "draw"})
    written = add(client, drawn, [{}, {}])
    assert written["finished"] and written["winner"] is None


def test_the_scoreboard_names_the_breakdowns_other_part_by_its_only_source(client) -> None:
    """Hand and Foot's "other" holds only exact pick-ups: the board says "pick-ups 100"; a
    classic game, whose "other" holds nothing, and Modern American, where it holds several
    things, keep the word "other" (rules/entry.py _other_part)."""

    from scorekeeper.rules.entry import entry_offer
    from scorekeeper.rules.presets import get_variant
    from tests.factories import new_game, open_edit_link, play_hands

    game, token = new_game(variant="hand-and-foot")
    sides = [{"melds": [{"rank": "K", "naturals": 4}], "exact_pickups": 1}, {}]
    play_hands(game, 1, sides)
    board = client.get(open_edit_link(client, game, token)).content.decode()
    assert "pick-ups 100" in board and "other 100" not in board
    assert entry_offer(get_variant("classic")).other_part == "other"
    assert entry_offer(get_variant("espanola")).other_part == "exact_cut"
    assert entry_offer(get_variant("modern-american")).other_part == "penalties"
    from scorekeeper.tables import breakdown_labels

    assert breakdown_labels("pickups", books=True)["canastas"] == "books"  # as its players say
