"""Every phone live (issue 19): a scoreboard, an entry page and a tournament table's page follow
what other phones save within seconds, without the player reloading (each asks a version the
server answers 304 while nothing changed)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, console_errors
from tests.browser.phones import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SOON = 40_000  # ms: the pages look every 5 s (a few looks, on a slow machine)


def a_game_on(page: Page, base: str):
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    page.goto(f"{base}/g/{game.id}/play/{token}/")
    return game


def another_phone_saves(game, naturals: int = 4) -> None:
    from scorekeeper.services import Author, hand_add

    hand_add(
        game_id=game.id,
        sides=[{"melds": [{"rank": "Q", "naturals": naturals}]}, {}],
        author=Author("b"),
    )


def test_the_scoreboard_follows_another_phones_hand_without_a_reload(
    phone: Page, live_server
) -> None:
    game = a_game_on(phone, live_server.url)
    expect(phone.get_by_test_id("total-0")).to_have_text("0")
    phone.evaluate("window.stillTheSamePage = true")
    another_phone_saves(game)
    expect(phone.get_by_test_id("total-0")).to_have_text("40", timeout=SOON)
    expect(phone.get_by_test_id("enter-hand")).to_contain_text("Enter hand 2")
    assert phone.evaluate("window.stillTheSamePage") is True  # in place, not reloaded


def save_queens(page: Page, base: str, game, number: int) -> None:
    """This phone enters hand ``number`` (four queens for Us) and saves it."""
    page.goto(f"{base}/g/{game.id}/edit/hand/")
    expect(page.locator("#hand-title")).to_have_text(f"Hand {number}")
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-Q").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("4")
    expect(page.get_by_test_id("side-0-live")).to_have_text(re.compile("^\\+40 "))
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-0")).to_be_visible()  # on the scoreboard: saved


def test_a_blank_entry_moves_on_when_another_phone_saves_its_hand_and_a_begun_one_is_told(
    phone: Page, second_phone: Page, live_server
) -> None:
    """From a new player (issue 29): the entry page of the second phone kept "another phone has
    just saved hand 1" and stayed on hand 1. Untouched, it moves on by itself and says why;
    begun, it stays and says what Save will ask; touched but still blank, it also offers the
    next hand."""
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    errors = console_errors(second_phone)
    for page in (phone, second_phone):  # two phones at the table, each from the edit link
        page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")
    second_phone.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    expect(second_phone.locator("#hand-title")).to_have_text("Hand 1")

    save_queens(phone, live_server.url, game, 1)
    expect(second_phone.locator("#hand-title")).to_have_text("Hand 2", timeout=SOON)
    expect(second_phone.get_by_test_id("other-saved")).to_contain_text(
        "Another phone saved hand 1: this is the next hand."
    )
    expect(second_phone.get_by_test_id("other-saved-next")).to_be_hidden()
    picture(second_phone, path=str(ARTIFACTS / "66-entry-moved-on.png"))

    second_phone.get_by_test_id("side-1-add-meld").click()  # begun: a meld of kings for Them
    second_phone.get_by_test_id("side-1-rank-K").click()
    save_queens(phone, live_server.url, game, 2)
    expect(second_phone.get_by_test_id("other-saved")).to_contain_text(
        "Another phone has just saved hand 2. When you save, you choose whether this entry is "
        "the same hand or the next one.",
        timeout=SOON,
    )
    expect(second_phone.locator("#hand-title")).to_have_text("Hand 2")
    expect(second_phone.get_by_test_id("side-1-meld-0-rank")).to_have_value("K")
    expect(second_phone.get_by_test_id("other-saved-next")).to_be_hidden()
    picture(second_phone, path=str(ARTIFACTS / "67-entry-begun-told.png"))
    assert errors == []
    second_phone.get_by_test_id("save").click()  # Save asks, as the page said
    expect(second_phone.get_by_test_id("next-hand")).to_have_text(
        "It is the next hand: save it as hand 3"
    )
    errors.clear()  # the server answered that save 409 (another phone's hand): the choice

    second_phone.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    expect(second_phone.locator("#hand-title")).to_have_text("Hand 3")
    second_phone.get_by_test_id("side-0-add-meld").click()  # touched, then left blank
    second_phone.get_by_test_id("side-0-rank-cancel").click()
    save_queens(phone, live_server.url, game, 3)
    expect(second_phone.get_by_test_id("other-saved")).to_contain_text(
        "Another phone has just saved hand 3", timeout=SOON
    )
    expect(second_phone.locator("#hand-title")).to_have_text("Hand 3")
    second_phone.get_by_test_id("other-saved-next").click()
    expect(second_phone.locator("#hand-title")).to_have_text("Hand 4")
    assert errors == []


def test_a_table_page_shows_the_other_pairs_result_as_it_comes(phone: Page, live_server) -> None:
    from django.contrib.auth.models import User

    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create
    from tournaments.table_keys import table_token

    director = User.objects.create_user("dora", password="x")
    tournament = tournament_create(name="Tuesday", format="swiss", rounds=1, director=director)
    entries_add(tournament_id=tournament.id, entries=[{"name": "Pair A"}, {"name": "Pair B"}])
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    match = drawn.matches.get(table=1)
    phone.goto(f"{live_server.url}/t/table/{table_token(match.game, 'ns')}/")
    expect(phone.get_by_test_id("table-state")).to_contain_text("Playing")
    # The pair enters its hands on this phone next: the engine starts here (refused to this
    # test's phone, which then says so).
    expect(phone.get_by_test_id("offline-scoring")).to_have_text(
        "Offline scoring unavailable on this phone"
    )
    phone.evaluate("window.stillTheSamePage = true")
    result_submit(match_id=match.id, by="ew", ns_score=300, ew_score=900)
    expect(phone.get_by_test_id("table-state")).to_contain_text("sent their result", timeout=SOON)
    # The pair begins typing its own figures; another change then waits for a tap.
    phone.locator("input[name=ns_score]").fill("300")
    result_submit(match_id=match.id, by="ew", ns_score=310, ew_score=900)
    expect(phone.get_by_test_id("follow-note")).to_be_visible(timeout=SOON)
    expect(phone.locator("input[name=ns_score]")).to_have_value("300")
