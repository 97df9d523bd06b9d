"""What a device keeps: the games it opened (home page), and the edit link to add a phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import NS_OUT_WITH_KINGS, new_game, open_edit_link, play_hands

pytestmark = pytest.mark.django_db


def test_home_lists_the_games_of_this_device_with_totals_and_status(client) -> None:
    first, first_token = new_game(names=("Anna", "Ben"))
    second, second_token = new_game(names=("Carla", "Dan"), rules={"target": 1000})
    play_hands(first, 1, NS_OUT_WITH_KINGS)
    play_hands(second, 2, NS_OUT_WITH_KINGS)  # 1340: Carla wins
    assert 'data-testid="on-this-device"' not in client.get("/").content.decode()
    open_edit_link(client, first, first_token)
    open_edit_link(client, second, second_token)
    html = client.get("/").content.decode()
    assert html.index("Carla") < html.index("Anna")  # the latest opened first
    assert '<strong>Anna</strong> <span class="game-card-total">670</span>' in html
    assert "hand 2 next" in html and "Carla won" in html
    client.post(reverse("game-forget", args=[second.id]))
    html = client.get("/").content.decode()
    assert "Carla" not in html and "Anna" in html


def test_the_home_list_ignores_a_forged_cookie(client) -> None:
    client.cookies["recent_games"] = "nope.<script>.x" + "9" * 40
    assert client.get("/").status_code == 200


def test_add_a_phone_shows_the_edit_link_and_its_qr_code(client) -> None:
    game, token = new_game()
    board = open_edit_link(client, game, token)
    html = client.get(board).content.decode()
    link = f"http://testserver/g/{game.id}/play/{token}/"
    assert f'value="{link}"' in html and "<svg" in html and "Keep this link" in html
    other = client.__class__()
    shared = other.get(reverse("game", args=[game.id])).content.decode()
    assert token not in shared and 'data-testid="add-phone"' not in shared
    # The link on the page is the real key: another phone opening it may edit.
    assert other.get(link.removeprefix("http://testserver")).status_code == 302
    assert other.get(board).status_code == 200


def test_the_deal_rotates_from_the_first_dealer_chosen(client) -> None:
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic",
        players=4,
        sides=[{"name": "Us", "players": "Ann & Ben"}, {"name": "Them", "players": "Cy, Di"}],
    )
    board = open_edit_link(client, game, token)
    assert "Hand 1: <strong>Ann</strong> deals" in client.get(board).content.decode()
    client.post(reverse("game-dealer", args=[game.id]), {"seat": 3})  # Ann, Cy, Ben, Di
    assert "Hand 1: <strong>Di</strong> deals" in client.get(board).content.decode()
    play_hands(game, 2)
    assert "Hand 3: <strong>Cy</strong> deals" in client.get(board).content.decode()
    refused = client.post(reverse("game-dealer", args=[game.id]), {"seat": 4}, follow=True)
    assert "the first dealer is a seat from 1 to 4" in refused.content.decode().lower()


def test_seats_alternate_sides_and_name_players_by_number_when_names_do_not_fit() -> None:
    from scorekeeper.seats import dealer_of, seat_names

    seats = seat_names([("NS", "Ann"), ("EW", "Bo and Cy")], (2, 2))
    assert seats == ["NS, player 1", "Bo", "NS, player 2", "Cy"]
    assert seat_names([("A", ""), ("B", "Bea"), ("C", "")], (1, 1, 1)) == ["A", "Bea", "C"]
    assert seat_names([("X", "Al, Bo"), ("Y", "Cy, Di e Ed")], (2, 3)) == [
        "Al",
        "Cy",
        "Bo",
        "Di",
        "Ed",
    ]
    assert [dealer_of(["a", "b", "c"], 2, n) for n in (1, 2, 3, 4)] == ["c", "a", "b", "c"]
