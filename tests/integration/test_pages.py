"""The pages through the test client: new game, hand entry, edit, delete and undo, exports."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorekeeper.models import Game, Hand
from scorekeeper.services import game_recompute
from tests.factories import BIG_HAND, NS_OUT_WITH_KINGS, new_game, open_edit_link, play_hands

pytestmark = pytest.mark.django_db


opened = open_edit_link


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
    assert "Origen is played by 2, 4, 6 players, not 3" in page


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
    assert response["Location"] == f"/g/{game.id}/edit/"  # the token stays in a cookie
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
    opened(client, game, token)
    response = client.post(
        reverse("hand-new", args=[game.id]),
        {"record": json.dumps(NS_OUT_WITH_KINGS), "number": 1},
    )
    assert response.status_code == 302
    board = client.get(response["Location"]).content.decode()
    assert "Hand 1 saved." in board
    assert '<div class="total" data-testid="total-0">670</div>' in board


def test_an_impossible_hand_is_shown_again_with_the_engine_message(client) -> None:
    game, token = new_game()
    opened(client, game, token)
    sides = [{"melds": [{"rank": "K", "naturals": 1, "twos": 2}]}, {}]
    response = client.post(
        reverse("hand-new", args=[game.id]), {"record": json.dumps(sides), "number": 1}
    )
    assert response.status_code == 400
    assert (
        "Side 1 (NS), meld 1 (K): a meld needs at least 2 natural cards"
        in response.content.decode()
    )
    assert Hand.objects.count() == 0


def test_editing_a_hand_changes_the_totals_and_keeps_a_revision(client) -> None:
    game, token = new_game()
    edit_url = opened(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    response = client.post(
        reverse("hand-edit", args=[game.id, 1]),
        {"record": json.dumps(BIG_HAND), "version": 1},
    )
    assert response.status_code == 302
    board = client.get(edit_url).content.decode()
    assert '<div class="total" data-testid="total-0">2110</div>' in board
    history = client.get(reverse("history", args=[game.id])).content.decode()
    assert "Edited" in history and "Entered" in history


def test_delete_and_undo_from_the_scoreboard(client) -> None:
    game, token = new_game()
    edit_url = opened(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    play_hands(game, 1, BIG_HAND)
    client.post(reverse("hand-delete", args=[game.id, 1]), {"version": 1})
    board = client.get(edit_url).content.decode()
    assert '<div class="total" data-testid="total-0">2110</div>' in board
    assert "Undo: put hand 1 back" in board
    client.post(reverse("hand-undo", args=[game.id]))
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
    assert client.get(reverse("edit", args=[game.id])).status_code == 404  # no edit cookie
    assert client.post(reverse("hand-new", args=[game.id]), {"record": "[]"}).status_code == 404
    client.cookies["edit_" + game.id] = "forged"
    assert client.get(reverse("edit", args=[game.id])).status_code == 404


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
    client.cookies.clear()  # no edit link on this device: the login alone opens the game
    client.force_login(user)
    assert client.get(reverse("edit", args=[game.id])).status_code == 200
    client.logout()
    assert client.get(reverse("edit", args=[game.id])).status_code == 404


def test_winner_banner_when_the_game_ends(client) -> None:
    game, token = new_game(rules={"target": 2000})
    edit_url = opened(client, game, token)
    play_hands(game, 1, BIG_HAND)
    board = client.get(edit_url).content.decode()
    assert "NS win!" in board and "Enter hand" not in board  # a side of two: the plural


def test_the_winners_verb_agrees_with_the_sides_players(client) -> None:
    pair, pair_token = new_game(names=("Anna & Ben", "Carl & Dee"), rules={"target": 2000})
    alone, alone_token = new_game(players=2, names=("Anna", "Ben"), rules={"target": 2000})
    for game, token, words in (
        (pair, pair_token, "Anna &amp; Ben win!"),
        (alone, alone_token, "Anna wins!"),
    ):
        play_hands(game, 1, BIG_HAND)
        assert words in client.get(opened(client, game, token)).content.decode()


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


def test_a_json_lines_file_keeps_the_names_its_lines_give(client) -> None:
    """A side named only from a later line keeps that name (later lines' names were dropped)."""
    lines = [
        {"variant": "classic", "sides": [{"name": "Anna & Ben", "melded": {"points": 90}}, {}]},
        {"variant": "classic", "sides": [{"name": "Anna & Ben"}, {"name": "Carla & Dan"}]},
    ]
    upload = SimpleUploadedFile("game.jsonl", "\n".join(map(json.dumps, lines)).encode())
    response = client.post("/import/", {"form": "file", "file": upload})
    assert response.status_code == 302
    state = client.get(f"/api/v1/games/{Game.objects.get().id}").json()
    assert [s["name"] for s in state["sides"]] == ["Anna & Ben", "Carla & Dan"]


def test_a_bad_import_says_which_line_and_saves_nothing(client) -> None:
    lines = [
        json.dumps({"variant": "classic", "sides": [{}, {}]}),
        json.dumps(
            {"variant": "classic", "sides": [{"melds": [{"rank": "K", "naturals": 2}]}, {}]}
        ),
    ]
    response = client.post("/import/", {"text": "\n".join(lines)})
    assert response.status_code == 400
    assert "Line 2: side 1" in response.content.decode()
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


@pytest.mark.parametrize(("hands", "shown"), [(5, range(1, 6)), (50, range(41, 51))])
def test_scoreboard_reads_a_fixed_number_of_rows_whatever_the_games_length(
    client, django_assert_num_queries, hands: int, shown: range
) -> None:
    """The latest page of hands (20 a page), totals from the game row, a sampled chart; the
    hands and chart come from the fragment cache while the game has not changed."""
    from django.core.cache import caches

    game, token = new_game(rules={"target": 100000})
    url = opened(client, game, token)
    play_hands(game, hands)
    client.get(url)  # warm the session and the template caches
    caches["fragments"].clear()
    # game, last delete, whether a pair holds a key (a table's day is its event's), dealer's
    # seats, sides, hands, chart (a tournament table's match is looked up only for a device
    # holding a pair's key)...
    with django_assert_num_queries(7):
        page = client.get(url).content.decode()
    with django_assert_num_queries(4):  # ...and with the board cached: game, last delete, keys,
        # seats
        again = client.get(url).content.decode()
    rows = slice(page.index('<div class="table-wrap">'), page.index("</table>"))
    assert again[rows] == page[rows]
    assert [int(n) for n in re.findall(r'data-hand="(\d+)"', page)] == list(shown)
    assert '<div class="total" data-testid="total-0">' + str(15 * hands) in page


def test_earlier_hands_are_a_page_away(client) -> None:
    game, _ = new_game(rules={"target": 100000})
    play_hands(game, 45)
    page = client.get(reverse("game", args=[game.id]) + "?page=1").content.decode()
    assert [int(n) for n in re.findall(r'data-hand="(\d+)"', page)] == list(range(1, 21))
    assert "Hands 1 to 20 of 45" in page and "Later hands" in page
    assert "Earlier hands" not in page


def test_deleting_a_hand_that_is_gone_says_so(client) -> None:
    game, token = new_game()
    opened(client, game, token)
    page = client.post(reverse("hand-delete", args=[game.id, 3]), follow=True)
    assert "That hand is no longer there." in page.content.decode()


def test_a_stale_delete_is_refused_and_explained(client) -> None:
    game, token = new_game()
    opened(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    client.post(
        reverse("hand-edit", args=[game.id, 1]),
        {"record": json.dumps(BIG_HAND), "version": 1},
    )
    page = client.post(reverse("hand-delete", args=[game.id, 1]), {"version": 1}, follow=True)
    assert "changed from another device" in page.content.decode()
    assert Hand.objects.count() == 1


def test_play_again_starts_a_new_game_with_the_same_players_and_rules(client) -> None:
    game, token = new_game(
        variant="ducale", names=("Anna", "Ben"), rules={"target": 2000, "wild_limit": "none"}
    )
    edit_url = opened(client, game, token)
    play_hands(game, 1, BIG_HAND)
    board = client.get(edit_url).content.decode()
    assert "Play again" in board
    response = client.post(reverse("game-rematch", args=[game.id]))
    again = Game.objects.exclude(id=game.id).get()
    assert response["Location"] == f"/g/{again.id}/edit/"
    assert client.get(response["Location"]).status_code == 200  # this phone may edit it
    assert (again.variant, again.target, again.rules) == ("ducale", 2000, {"wild_limit": "none"})
    assert [s.name for s in again.sides.all()] == ["Anna", "Ben"]
    assert again.hands.count() == 0


def test_six_handed_classic_in_two_teams_of_three_plays_to_10000(client) -> None:
    client.post("/new/", {"variant": "classic", "players": 6, "sides": 2})
    game = Game.objects.get()
    assert (game.target, game.sides.count()) == (10000, 2)


def test_espanola_four_players_each_for_themselves(client) -> None:
    names = {f"side_{i}": name for i, name in enumerate(("Ana", "Bea", "Carlos", "Dani"), 1)}
    client.post("/new/", {"variant": "espanola", "players": 4, "sides": 4, **names})
    game = Game.objects.get()
    assert [s.name for s in game.sides.all()] == ["Ana", "Bea", "Carlos", "Dani"]


def test_rules_page_names_origens_cards_and_the_french_opening(client) -> None:
    page = client.get("/variants/").content.decode()
    origen = page[page.index('id="origen"') :]
    for words in ("its own 108-card deck", "DIVA 50", "GENTLEMAN 20", "DETENER", "SOL"):
        assert words in origen, words
    french = page[page.index('id="classic-fr"') : page.index('id="classic-es"')]
    assert "Only cards from the hand count toward the opening" in french
    # Once in each preset whose opening counts only the hand's cards: classic-fr, and
    # modern-american (CLA: the pile's top card does not count), each in its own section.
    assert page.count("Only cards from the hand count toward the opening") == 2
    american = page[page.index('id="modern-american"') : page.index('id="samba"')]
    assert "Only cards from the hand count toward the opening" in american
    lookup = client.get("/opening/?variant=classic-fr&score=0&players=5").content.decode()
    assert "Needs 50 to open" in lookup
    assert 'data-testid="hand-only"' in lookup
    classic = client.get("/opening/?variant=classic&score=0&players=4").content.decode()
    assert 'data-testid="hand-only"' not in classic


def test_origen_hand_entry_uses_the_rulebooks_card_names(client) -> None:
    game, token = new_game("origen")
    opened(client, game, token)
    page = client.get(reverse("hand-new", args=[game.id])).content.decode()
    config = json.loads(page.split('id="hand-config" type="application/json">')[1].split("<")[0])
    assert config["card_names"] == {
        "jokers": "DIVA",
        "twos": "GENTLEMAN",
        "black_threes": "DETENER",
        "red_threes": "SOL",
    }
    classic, classic_token = new_game()
    opened(client, classic, classic_token)
    page = client.get(reverse("hand-new", args=[classic.id])).content.decode()
    assert '"card_names": {}' in page


def test_a_refusal_on_the_page_uses_real_plurals_in_french(client) -> None:
    game, token = new_game(players=2, names=("Anne", "Ben"))
    opened(client, game, token)
    sides = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}]
    page = client.post(
        reverse("hand-new", args=[game.id]),
        {"record": json.dumps(sides)},
        HTTP_ACCEPT_LANGUAGE="fr",
    ).content.decode()
    assert "il faut 2 canastas à 2 joueurs pour sortir, faites : 1" in page
