"""The entry page's script sends the entry itself and asks for JSON, so that a send that fails
keeps the entry: it is told where to go once the entry is saved, a rule's refusal as the
preview's JSON, and gets the other answers as the pages a plain form gets."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scorekeeper.models import Hand
from scorekeeper.services import game_lock
from tests.factories import NS_OUT_WITH_KINGS, new_game, open_edit_link, play_hands

pytestmark = pytest.mark.django_db

SCRIPT = {"HTTP_ACCEPT": "application/json"}  # what hand/main.mjs sends
BROWSER = {"HTTP_ACCEPT": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
ONE_FOUR = [{"melds": [{"rank": "4", "naturals": 1}]}, {}]  # a meld of one card: refused
FOUR_QUEENS = [{"melds": [{"rank": "Q", "naturals": 4}]}, {}]  # 40 / 0
KEY = "e" * 32


@pytest.fixture
def game(client):
    game, token = new_game()
    open_edit_link(client, game, token)
    return game


def send(client, game, sides, key: str = KEY, headers=None, **fields):
    form = {"record": json.dumps(sides), "number": 1, "entry_key": key, **fields}
    return client.post(reverse("hand-new", args=[game.id]), form, **(headers or SCRIPT))


def test_a_saved_entry_answers_the_scoreboard_address_and_the_scoreboard_says_saved(
    client, game
) -> None:
    answer = send(client, game, NS_OUT_WITH_KINGS)
    assert answer.status_code == 200
    game.refresh_from_db()
    assert answer.json() == {
        "location": reverse("edit", args=[game.id]),
        "entry": "saved",
        # Where the game now stands, for the phone to keep (queue.mjs seen): a hand sent from
        # the phone's queue leaves no page of the game behind it.
        "game": {"version": game.version, "number": 2, "before": [670, 0], "opening": [50, 50]},
    }
    assert Hand.objects.get().result["sides"][0]["total"] == 670
    board = client.get(answer.json()["location"]).content.decode()
    assert "Hand 1 saved." in board  # the message waits for the scoreboard, as after a redirect


def test_a_resend_whose_first_answer_was_lost_saves_nothing_more(client, game) -> None:
    send(client, game, NS_OUT_WITH_KINGS)  # saved; its answer never reached the phone
    client.get(reverse("edit", args=[game.id]))  # (its message is shown and gone)
    again = send(client, game, NS_OUT_WITH_KINGS)
    assert again.json()["entry"] == "saved"  # the script clears its draft: the hand is there
    assert Hand.objects.count() == 1
    assert "Hand 1 was already saved." in client.get(again.json()["location"]).content.decode()
    other = send(client, game, NS_OUT_WITH_KINGS, key="f" * 32, number=2)
    assert other.json()["entry"] == "saved" and Hand.objects.count() == 2  # a new key, a new hand


def test_a_refused_entry_answers_400_with_the_rule_and_where_and_saves_nothing(
    client, game
) -> None:
    answer = send(client, game, ONE_FOUR)
    assert answer.status_code == 400
    assert answer["Content-Type"] == "application/json"
    body = answer.json()
    assert "a meld needs at least" in body["error"]
    assert (body["side"], body["meld"]) == (1, 1)
    assert Hand.objects.count() == 0
    # The same entry fixed, under the same key, saves: a refusal does not use the key up.
    assert send(client, game, NS_OUT_WITH_KINGS).json()["entry"] == "saved"
    assert Hand.objects.count() == 1


def test_a_plain_form_post_gets_the_pages_it_always_got(client, game) -> None:
    refused = send(client, game, ONE_FOUR, headers=BROWSER)
    assert refused.status_code == 400 and refused["Content-Type"].startswith("text/html")
    assert "a meld needs at least" in refused.content.decode()
    saved = send(client, game, NS_OUT_WITH_KINGS, headers=BROWSER)
    assert saved.status_code == 302 and saved["Location"] == reverse("edit", args=[game.id])
    assert Hand.objects.count() == 1


def test_another_phones_save_still_answers_the_choice_page(client, game) -> None:
    play_hands(game, 1, NS_OUT_WITH_KINGS)  # the other phone saved hand 1 meanwhile
    answer = send(client, game, FOUR_QUEENS)
    assert answer.status_code == 409 and answer["Content-Type"].startswith("text/html")
    assert "Another phone saved hand 1 first" in answer.content.decode()
    assert Hand.objects.count() == 1
    nxt = send(client, game, FOUR_QUEENS, choice="next", next_number=2)
    assert nxt.json()["entry"] == "saved" and Hand.objects.count() == 2


def test_dropping_the_entry_answers_dropped(client, game) -> None:
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    answer = send(client, game, NS_OUT_WITH_KINGS, choice="drop", next_number=2)
    assert answer.json()["location"] == reverse("edit", args=[game.id])
    assert answer.json()["entry"] == "dropped"
    assert answer.json()["game"]["number"] == 2  # the other phone's hand 1 is the game's
    assert Hand.objects.count() == 1


def test_a_settled_table_answers_refused_and_the_scoreboard_says_why(client, game) -> None:
    game_lock(game_id=game.id, locked=True)
    answer = send(client, game, NS_OUT_WITH_KINGS)
    assert answer.json() == {
        "location": reverse("edit", args=[game.id]),
        "entry": "refused",
        "message": "This table's result is settled: ask the director",  # kept with the hand
    }
    assert Hand.objects.count() == 0
    assert "result is settled" in client.get(answer.json()["location"]).content.decode()


def test_a_correction_answers_saved(client, game) -> None:
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    version = Hand.objects.get().version
    one_red_three_more = [{**NS_OUT_WITH_KINGS[0], "red_threes": 1}, {}]  # 670 + 100
    form = {"record": json.dumps(one_red_three_more), "version": version}
    answer = client.post(reverse("hand-edit", args=[game.id, 1]), form, **SCRIPT)
    assert answer.json()["location"] == reverse("edit", args=[game.id])
    assert answer.json()["entry"] == "saved"
    assert answer.json()["game"]["before"] == [770, 0]  # the phone keeps the corrected totals
    assert Hand.objects.get().result["sides"][0]["total"] == 770
    assert "Hand 1 corrected." in client.get(answer.json()["location"]).content.decode()
