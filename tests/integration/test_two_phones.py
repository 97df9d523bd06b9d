"""Two phones, one game: a save against a game that changed is never a silent duplicate or
overwrite. The page shows the other phone's hand beside this entry, and saves only on a choice."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scorekeeper.models import Hand
from scorekeeper.services import Author, hand_delete, hand_revise
from tests.factories import BIG_HAND, NS_OUT_WITH_KINGS, new_game, open_edit_link, play_hands

pytestmark = pytest.mark.django_db

QUEENS = [{"melds": [{"rank": "Q", "naturals": 4}]}, {}]  # 40 / 0
ACES_OUT = [{}, {"melds": [{"rank": "A", "naturals": 7}], "went_out": True}]  # 0 / 740


def totals_of(game) -> list[int]:
    game.refresh_from_db()
    return list(game.totals)


def post_new(client, game, sides, **fields):
    return client.post(
        reverse("hand-new", args=[game.id]),
        {"record": json.dumps(sides), "entry_key": "k" * 32, **fields},
    )


def test_a_new_hand_after_another_phones_save_shows_both_and_saves_nothing(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)  # the other phone saved hand 1 meanwhile
    page = post_new(client, game, QUEENS, number=1)
    assert page.status_code == 409
    html = page.content.decode()
    assert "Another phone saved hand 1 first" in html
    assert 'data-testid="theirs-0">+670<' in html and 'data-testid="mine-0">+40<' in html
    assert "It is the next hand: save it as hand 2" in html
    assert '"rank": "Q"' in html  # what this phone entered is still there
    assert '<input type="hidden" name="number" value="1">' in html  # a plain Save asks again
    assert Hand.objects.count() == 1
    again = post_new(client, game, QUEENS, number=1)
    assert again.status_code == 409 and Hand.objects.count() == 1


def test_both_entries_show_each_score_with_its_sign_and_a_true_minus(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 1, BIG_HAND)  # the other phone: 2110 / -50
    html = post_new(client, game, QUEENS, number=1).content.decode()
    shown = {key: value for key, value in re.findall(r'data-testid="(\w+-\d)">([^<]*)<', html)}
    assert shown == {"theirs-0": "+2110", "mine-0": "+40", "theirs-1": "\u221250", "mine-1": "0"}


def test_the_same_hand_drops_the_entry(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    page = post_new(client, game, NS_OUT_WITH_KINGS, number=1, choice="drop", next_number=2)
    assert page.status_code == 302 and page["Location"] == reverse("edit", args=[game.id])
    assert Hand.objects.count() == 1 and totals_of(game) == [670, 0]


def test_the_next_hand_saves_the_entry_after_the_other_phones(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    page = post_new(client, game, QUEENS, number=1, choice="next", next_number=2)
    assert page.status_code == 302
    assert [h.number for h in Hand.objects.order_by("number")] == [1, 2]
    assert totals_of(game) == [710, 0]


def test_the_next_hand_meets_a_third_phone_and_asks_again(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 2, NS_OUT_WITH_KINGS)  # two hands saved elsewhere
    page = post_new(client, game, QUEENS, number=1, choice="next", next_number=2)
    assert page.status_code == 409
    html = page.content.decode()
    assert "Another phone saved hand 2 first" in html and "save it as hand 3" in html
    assert Hand.objects.count() == 2


def test_a_hand_that_ended_the_game_leaves_only_the_same_hand_choice(client) -> None:
    game, token = new_game(rules={"target": 1500})
    open_edit_link(client, game, token)
    play_hands(game, 3, NS_OUT_WITH_KINGS)  # 2010: the game is over
    page = post_new(client, game, QUEENS, number=3)
    html = page.content.decode()
    assert page.status_code == 409 and 'data-testid="game-over"' in html
    assert 'value="next"' not in html


def test_a_correction_after_another_phones_correction_shows_both_versions(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    shown = Hand.objects.get().version
    hand_revise(
        game_id=game.id, number=1, sides=ACES_OUT, author=Author("other"), expected_version=shown
    )
    url = reverse("hand-edit", args=[game.id, 1])
    page = client.post(url, {"record": json.dumps(QUEENS), "version": shown})
    assert page.status_code == 409
    html = page.content.decode()
    assert "Hand 1 was corrected on another phone" in html
    assert 'data-testid="theirs-1">+740<' in html and 'data-testid="mine-0">+40<' in html
    assert totals_of(game) == [0, 740]  # nothing saved without a choice

    theirs = client.post(url, {"record": json.dumps(QUEENS), "version": shown, "choice": "drop"})
    assert theirs.status_code == 302 and totals_of(game) == [0, 740]

    current = Hand.objects.get().version
    mine = client.post(
        url,
        {
            "record": json.dumps(QUEENS),
            "version": shown,
            "choice": "keep",
            "current_version": current,
        },
    )
    assert mine.status_code == 302 and totals_of(game) == [40, 0]


def test_keep_mine_does_not_overwrite_a_third_version(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    first = Hand.objects.get().version
    hand_revise(
        game_id=game.id, number=1, sides=ACES_OUT, author=Author("b"), expected_version=first
    )
    second = Hand.objects.get().version
    hand_revise(
        game_id=game.id, number=1, sides=QUEENS, author=Author("c"), expected_version=second
    )
    url = reverse("hand-edit", args=[game.id, 1])
    page = client.post(
        url,
        {
            "record": json.dumps(NS_OUT_WITH_KINGS),
            "version": first,
            "choice": "keep",
            "current_version": second,
        },
    )
    assert page.status_code == 409 and totals_of(game) == [40, 0]


def test_undo_is_offered_only_while_the_delete_is_the_last_change(client) -> None:
    game, token = new_game()
    board_url = open_edit_link(client, game, token)
    play_hands(game, 4, NS_OUT_WITH_KINGS)
    hand = Hand.objects.get(number=4)
    hand_delete(game_id=game.id, number=4, author=Author("t"), expected_version=hand.version)
    assert 'data-testid="undo"' in client.get(board_url).content.decode()
    play_hands(game, 1, QUEENS)  # a new hand 4
    assert 'data-testid="undo"' not in client.get(board_url).content.decode()
    page = client.post(reverse("hand-undo", args=[game.id]), follow=True)
    assert "can no longer be undone" in page.content.decode()
    assert [h.record["sides"] for h in Hand.objects.filter(number=4)] == [QUEENS]
    assert Hand.objects.count() == 4


def test_the_scoreboard_of_an_ended_game_asks_no_opening_minimum(client) -> None:
    game, token = new_game(rules={"target": 1500})
    board_url = open_edit_link(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    assert "to open" in client.get(board_url).content.decode()
    play_hands(game, 2, NS_OUT_WITH_KINGS)
    html = client.get(board_url).content.decode()
    assert 'data-testid="winner"' in html and "to open" not in html
