"""The pages through the test client: new game, hand entry, edit, delete and undo, exports."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scorekeeper.models import Game, Hand
from scorekeeper.services import game_recompute
from tests.factories import BIG_HAND, NS_OUT_WITH_KINGS, new_game, play_hands

pytestmark = pytest.mark.django_db


def play_url(game, token: str) -> str:
    return reverse("play", args=[game.id, token])


def test_home_and_lookup_pages_need_no_login(client) -> None:
    assert client.get("/").status_code == 200
    page = client.get("/opening/?variant=italiana&score=7000&players=4")
    assert "Needs 160 to open" in page.content.decode()
    variants = client.get("/variants/").content.decode()
    for name in ("Classic Canasta", "Canasta all&#x27;italiana", "Canasta-Origen", "12000"):
        assert name in variants


def test_opening_page_shows_a_complete_canasta_and_refuses_a_bad_player_count(client) -> None:
    assert (
        "Needs a complete canasta"
        in client.get("/opening/?variant=classic-fr&score=5000&players=4").content.decode()
    )
    page = client.get("/opening/?variant=origen&score=0&players=3").content.decode()
    assert "origen is played by 2, 4, 6 players, not 3" in page


def test_new_game_form_creates_the_game_and_opens_its_edit_link(client) -> None:
    response = client.post(
        "/new/",
        {
            "variant": "classic",
            "players": 4,
            "sides": 2,
            "side_1": "Anna & Ben",
            "side_2": "Carla & Dan",
            "target": 7000,
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"].startswith(f"/g/{game.id}/play/")
    assert (game.target, [s.name for s in game.sides.all()]) == (
        7000,
        ["Anna & Ben", "Carla & Dan"],
    )
    board = client.get(response["Location"]).content.decode()
    assert "needs 50 to open" in board and "Enter hand 1" in board


def test_new_game_form_takes_house_rules_and_refuses_bad_ones(client) -> None:
    client.post("/new/", {"variant": "ducale", "players": 4, "sides": 2, "wild_limit": "none"})
    assert Game.objects.get().rules == {"wild_limit": "none"}
    refused = client.post(
        "/new/", {"variant": "classic", "players": 4, "sides": 2, "sequences": "true"}
    )
    assert refused.status_code == 400
    assert "does not apply to classic" in refused.content.decode()
    assert Game.objects.count() == 1


def test_six_players_in_three_pairs_get_three_sides(client) -> None:
    client.post(
        "/new/",
        {
            "variant": "classic",
            "players": 6,
            "sides": 3,
            "side_1": "A",
            "side_2": "B",
            "side_3": "C",
        },
    )
    assert Game.objects.get().sides.count() == 3


def test_hand_form_saves_the_hand_and_redirects_to_the_scoreboard(client) -> None:
    game, token = new_game()
    response = client.post(
        reverse("hand-new", args=[game.id, token]),
        {"record": json.dumps(NS_OUT_WITH_KINGS), "number": 1},
    )
    assert response.status_code == 302
    board = client.get(response["Location"]).content.decode()
    assert "Hand 1 saved." in board
    assert '<div class="total" data-testid="total-0">670</div>' in board


def test_an_impossible_hand_is_shown_again_with_the_engine_message(client) -> None:
    game, token = new_game()
    sides = [{"melds": [{"rank": "K", "naturals": 1, "twos": 2}]}, {}]
    response = client.post(
        reverse("hand-new", args=[game.id, token]), {"record": json.dumps(sides), "number": 1}
    )
    assert response.status_code == 400
    assert (
        "side 1 (NS), meld 1 (K): a meld needs at least 2 natural cards"
        in response.content.decode()
    )
    assert Hand.objects.count() == 0


def test_editing_a_hand_changes_the_totals_and_keeps_a_revision(client) -> None:
    game, token = new_game()
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    response = client.post(
        reverse("hand-edit", args=[game.id, token, 1]),
        {"record": json.dumps(BIG_HAND), "version": 1},
    )
    assert response.status_code == 302
    board = client.get(play_url(game, token)).content.decode()
    assert '<div class="total" data-testid="total-0">2110</div>' in board
    history = client.get(reverse("history", args=[game.id])).content.decode()
    assert "Edited" in history and "Entered" in history


def test_delete_and_undo_from_the_scoreboard(client) -> None:
    game, token = new_game()
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    play_hands(game, 1, BIG_HAND)
    client.post(reverse("hand-delete", args=[game.id, token, 1]), {"version": 1})
    board = client.get(play_url(game, token)).content.decode()
    assert '<div class="total" data-testid="total-0">2110</div>' in board
    assert "Undo: put hand 1 back" in board
    client.post(reverse("hand-undo", args=[game.id, token]))
    assert list(Hand.objects.values_list("number", "result__sides__0__total")) == [
        (1, 670),
        (2, 2110),
    ]


def test_the_share_link_is_read_only_and_a_wrong_edit_link_is_not_a_page(client) -> None:
    game, _ = new_game()
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    shared = client.get(reverse("game", args=[game.id])).content.decode()
    assert "read only" in shared and "Enter hand" not in shared and "Delete" not in shared
    assert client.get(reverse("play", args=[game.id, "guess"])).status_code == 404
    assert (
        client.post(reverse("hand-new", args=[game.id, "guess"]), {"record": "[]"}).status_code
        == 404
    )


def test_club_users_see_and_edit_their_own_games(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("club", password="secret-Pa55")
    client.force_login(user)
    client.post(
        "/new/",
        {"variant": "classic", "players": 4, "sides": 2, "side_1": "Mine", "side_2": "Theirs"},
    )
    game = Game.objects.get()
    assert game.owner == user
    assert "Mine" in client.get("/games/").content.decode()
    assert client.get(reverse("play", args=[game.id, "mine"])).status_code == 200
    client.logout()
    assert client.get(reverse("play", args=[game.id, "mine"])).status_code == 404


def test_winner_banner_when_the_game_ends(client) -> None:
    game, token = new_game(rules={"target": 2000})
    play_hands(game, 1, BIG_HAND)
    board = client.get(play_url(game, token)).content.decode()
    assert "NS wins!" in board and "Enter hand" not in board


def test_exports_and_import_round_trip(client) -> None:
    game, _ = new_game(variant="italiana")
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    play_hands(game, 1, BIG_HAND)
    jsonl = b"".join(client.get(reverse("export-jsonl", args=[game.id])).streaming_content).decode()
    records = [json.loads(line) for line in jsonl.splitlines()]
    assert [r["sides"][0]["score_before"] for r in records] == [0, 670]
    assert all(r["variant"] == "italiana" for r in records)
    csv_text = b"".join(
        client.get(reverse("export-csv", args=[game.id])).streaming_content
    ).decode()
    assert csv_text.splitlines()[0].startswith("hand,NS cards,")
    assert csv_text.splitlines()[2].endswith(",-50,-50")
    response = client.post("/import/", {"text": jsonl})
    assert response.status_code == 302
    imported = Game.objects.exclude(id=game.id).get()
    assert (imported.variant, imported.hands.count()) == ("italiana", 2)
    assert [s.name for s in imported.sides.all()] == ["NS", "EW"]


def test_import_of_a_paper_game_entered_as_totals(client) -> None:
    lines = [
        {
            "variant": "classic",
            "sides": [
                {
                    "name": "Us",
                    "melded": {"points": 250},
                    "canastas": {"natural": 1},
                    "went_out": True,
                },
                {"name": "Them", "melded": {"points": 90}, "hand": {"points": 40}},
            ],
        },
        {
            "variant": "classic",
            "sides": [
                {"melded": {"points": 60}},
                {"melded": {"points": 300}, "canastas": {"mixed": 1}, "went_out": True},
            ],
        },
    ]
    response = client.post("/import/", {"text": "\n".join(json.dumps(line) for line in lines)})
    assert response.status_code == 302
    totals = client.get(f"/api/v1/games/{Game.objects.get().id}").json()["sides"]
    assert [s["total"] for s in totals] == [850 + 60, 50 + 700]


def test_a_bad_import_says_which_line_and_saves_nothing(client) -> None:
    lines = [
        json.dumps({"variant": "classic", "sides": [{}, {}]}),
        json.dumps(
            {"variant": "classic", "sides": [{"melds": [{"rank": "K", "naturals": 2}]}, {}]}
        ),
    ]
    response = client.post("/import/", {"text": "\n".join(lines)})
    assert response.status_code == 400
    assert "line 2: side 1" in response.content.decode()
    assert Game.objects.count() == 0


def test_recompute_restores_results_from_the_records() -> None:
    game, _ = new_game()
    play_hands(game, 2, NS_OUT_WITH_KINGS)
    Hand.objects.update(
        result={
            "sides": [{"total": 1, "breakdown": {}}, {"total": 2, "breakdown": {}}],
            "wins_game": None,
        }
    )
    game_recompute(game_id=game.id)
    assert list(Hand.objects.values_list("result__sides__0__total", flat=True)) == [670, 670]


@pytest.mark.parametrize("hands", [5, 50])
def test_scoreboard_query_count_does_not_grow_with_hands(
    client, django_assert_num_queries, hands: int
) -> None:
    game, token = new_game()
    play_hands(game, hands)
    url = play_url(game, token)
    client.get(url)  # warm the session and the template caches
    with django_assert_num_queries(5):
        page = client.get(url)
    assert page.content.decode().count('data-hand="') == hands


def test_deleting_a_hand_that_is_gone_says_so(client) -> None:
    game, token = new_game()
    page = client.post(reverse("hand-delete", args=[game.id, token, 3]), follow=True)
    assert "That hand is no longer there." in page.content.decode()


def test_a_stale_delete_is_refused_and_explained(client) -> None:
    game, token = new_game()
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    client.post(
        reverse("hand-edit", args=[game.id, token, 1]),
        {"record": json.dumps(BIG_HAND), "version": 1},
    )
    page = client.post(
        reverse("hand-delete", args=[game.id, token, 1]), {"version": 1}, follow=True
    )
    assert "changed from another device" in page.content.decode()
    assert Hand.objects.count() == 1


def test_a_hand_entered_on_two_phones_at_once_keeps_the_second_phones_entry(client) -> None:
    game, token = new_game()
    play_hands(game, 1, NS_OUT_WITH_KINGS)  # the other phone saved hand 1 meanwhile
    mine = [{"melds": [{"rank": "Q", "naturals": 4}]}, {}]
    page = client.post(
        reverse("hand-new", args=[game.id, token]), {"record": json.dumps(mine), "number": 1}
    )
    assert page.status_code == 409
    html = page.content.decode()
    assert "this is hand 2" in html and "Check and save again." in html
    assert '"rank": "Q"' in html  # what this phone entered is still there
    assert '<input type="hidden" name="number" value="2">' in html
    assert Hand.objects.count() == 1


def test_play_again_starts_a_new_game_with_the_same_players_and_rules(client) -> None:
    game, token = new_game(
        variant="ducale", names=("Anna", "Ben"), rules={"target": 2000, "wild_limit": "none"}
    )
    play_hands(game, 1, BIG_HAND)
    board = client.get(play_url(game, token)).content.decode()
    assert "Play again" in board
    response = client.post(reverse("game-rematch", args=[game.id, token]))
    again = Game.objects.exclude(id=game.id).get()
    assert response["Location"].startswith(f"/g/{again.id}/play/")
    assert (again.variant, again.target, again.rules) == ("ducale", 2000, {"wild_limit": "none"})
    assert [s.name for s in again.sides.all()] == ["Anna", "Ben"]
    assert again.hands.count() == 0
