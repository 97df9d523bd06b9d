"""Every phone live (issue 19): a scoreboard, an entry page and a tournament table's page follow
what other phones save within seconds, without the player reloading (each asks a version the
server answers 304 while nothing changed)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

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


def test_an_entry_page_is_told_of_another_phones_save_of_its_hand(phone: Page, live_server) -> None:
    game = a_game_on(phone, live_server.url)
    phone.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    expect(phone.locator("#hand-title")).to_have_text("Hand 1")
    another_phone_saves(game)
    # Never moved on by itself (the player may be entering that same hand): told, and offered
    # the next hand while nothing is typed.
    expect(phone.get_by_test_id("other-saved")).to_contain_text("saved hand 1", timeout=SOON)
    expect(phone.locator("#hand-title")).to_have_text("Hand 1")
    phone.get_by_test_id("other-saved-next").click()
    expect(phone.locator("#hand-title")).to_have_text("Hand 2")
    phone.get_by_test_id("side-1-add-meld").click()
    phone.get_by_test_id("side-1-rank-K").click()
    another_phone_saves(game)
    expect(phone.get_by_test_id("other-saved")).to_contain_text(
        "Another phone has just saved hand 2", timeout=SOON
    )
    expect(phone.get_by_test_id("side-1-meld-0-rank")).to_have_value("K")  # the entry stays
    expect(phone.get_by_test_id("other-saved-next")).to_be_hidden()  # begun: Save will ask


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
    phone.evaluate("window.stillTheSamePage = true")
    result_submit(match_id=match.id, by="ew", ns_score=300, ew_score=900)
    expect(phone.get_by_test_id("table-state")).to_contain_text("sent its result", timeout=SOON)
    # The pair begins typing its own figures; another change then waits for a tap.
    phone.locator("input[name=ns_score]").fill("300")
    result_submit(match_id=match.id, by="ew", ns_score=310, ew_score=900)
    expect(phone.get_by_test_id("follow-note")).to_be_visible(timeout=SOON)
    expect(phone.locator("input[name=ns_score]")).to_have_value("300")
