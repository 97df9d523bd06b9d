"""At the table, Save keeps the entry until the server has it: no Wi-Fi, a lost answer or a
server that does not answer leaves the entry on the page, and Save again saves it once. In
Debian's chromium at phone size; with `make pictures`, pictures go to test-artifacts/browser/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import ARTIFACTS, console_errors
from tests.browser.phones import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DRAFTS = "Object.keys(sessionStorage).filter(k => k.startsWith('canasta.draft.'))"


def shot(page: Page, name: str, full_page: bool = True) -> None:
    """``full_page=False``: what the phone shows, where the sticky Save bar really is."""
    picture(page, path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def open_hand_1(page: Page, base: str):
    """A new game, this phone holding its edit link, on the entry page of hand 1."""
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    page.goto(f"{base}/g/{game.id}/play/{token}/")  # the edit link: kept in a cookie
    page.goto(f"{base}/g/{game.id}/edit/hand/")
    return game


def enter_four_queens(page: Page) -> None:
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-Q").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("4")
    expect(page.get_by_test_id("side-0-live")).to_have_text("+40 → 40")


QUEUED = "window.canastaQueue.list().then(items => items.map(i => [i.number, i.state]))"


def expect_kept_on_the_phone(page: Page, game) -> None:
    """The hand waits on this phone (IndexedDB) and the entry moves on to hand 2."""
    expect(page.get_by_test_id("send-status")).to_contain_text("Hand 1 is kept on this phone")
    expect(page.get_by_test_id("queued-1")).to_contain_text("waiting to send")
    expect(page.locator("#hand-title")).to_have_text("Hand 2")
    expect(page.get_by_test_id("side-0-meld-0-rank")).to_have_count(0)  # hand 2 starts blank
    expect(page.get_by_test_id("save")).to_be_enabled()
    assert page.evaluate(QUEUED) == [[1, "waiting"]]
    assert page.evaluate(DRAFTS) == []  # the hand is in the queue, not in a draft


def expect_sent_once(page: Page, game) -> None:
    """Back online, the hand kept on the phone is saved once, and the phone forgets it."""
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.get_by_test_id("queued")).to_be_hidden(timeout=60_000)
    assert page.evaluate(QUEUED) == []
    assert game.hands.count() == 1
    page.goto(f"{page.url.split('/g/')[0]}/g/{game.id}/edit/")
    expect(page.get_by_test_id("total-0")).to_have_text("40")
    expect(page.locator("table.hands tbody tr")).to_have_count(1)


def test_a_save_without_wifi_keeps_the_hand_on_the_phone_and_saves_it_once_back_online(
    phone: Page, live_server
) -> None:
    page = phone
    game = open_hand_1(page, live_server.url)
    enter_four_queens(page)
    page.context.set_offline(True)
    page.get_by_test_id("save").click()
    expect_kept_on_the_phone(page, game)
    expect(page.get_by_test_id("offline-note")).to_contain_text("No connection")
    assert game.hands.count() == 0
    shot(page, "25-save-offline-kept", full_page=False)

    page.context.set_offline(False)
    expect_sent_once(page, game)
    shot(page, "26-save-offline-saved-once")


def test_a_save_whose_answer_was_lost_is_not_saved_twice(phone: Page, live_server) -> None:
    page = phone
    game = open_hand_1(page, live_server.url)
    enter_four_queens(page)

    def lose_the_answer(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        route.fetch()  # the server saves the hand...
        route.abort()  # ...and its answer never reaches the phone

    url = f"**/g/{game.id}/edit/hand/"
    page.route(url, lose_the_answer)
    page.get_by_test_id("save").click()
    expect_kept_on_the_phone(page, game)
    assert game.hands.count() == 1  # it was saved all the same
    shot(page, "27-save-answer-lost", full_page=False)

    page.unroute(url)
    expect_sent_once(page, game)  # sent again with the same key: "already saved", not twice


def test_a_server_that_does_not_answer_keeps_the_hand_through_a_reload(
    phone: Page, live_server
) -> None:
    page = phone
    game = open_hand_1(page, live_server.url)
    enter_four_queens(page)
    url = f"**/g/{game.id}/edit/hand/"
    page.route(url, lambda route: route.fulfill(status=503, body="Service Unavailable"))
    page.get_by_test_id("save").click()
    expect_kept_on_the_phone(page, game)
    shot(page, "28-save-server-did-not-answer", full_page=False)
    page.reload()  # the hand is kept through it, and the entry goes on after it
    expect(page.locator("#hand-title")).to_have_text("Hand 2")
    expect(page.get_by_test_id("queued-1")).to_contain_text("waiting to send")
    assert game.hands.count() == 0
    page.unroute(url)
    expect_sent_once(page, game)


def test_a_hand_the_rules_refuse_stays_on_the_page_with_the_reason(
    phone: Page, live_server
) -> None:
    page = phone
    game = open_hand_1(page, live_server.url)
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-4").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("1")
    page.get_by_test_id("save").click()  # the server checks again, whatever the preview said
    expect(page.get_by_test_id("send-status")).to_contain_text("Not saved: Side 1 (Us), meld 1")
    expect(page.locator(".has-error .field-error")).to_contain_text("a meld needs at least")
    expect(page.get_by_test_id("side-0-meld-0-naturals")).to_have_value("1")
    expect(page.get_by_test_id("save")).to_be_enabled()
    assert game.hands.count() == 0


def test_a_phone_where_the_engine_cannot_load_says_so_and_logs_no_error(
    phone: Page, live_server
) -> None:
    """From a new player (issue 29): an uncaught "Failed to fetch" in the console where Pyodide
    could not load. Every page that starts the engine handles its failure, and says this phone
    cannot score offline; offline, the entry page keeps the hand all the same."""
    page = phone  # its Pyodide files are refused (conftest.phone_page)
    errors = console_errors(page)
    game = open_hand_1(page, live_server.url)
    unavailable = "Offline scoring unavailable on this phone"
    expect(page.get_by_test_id("offline-scoring")).to_have_text(unavailable)
    page.goto(f"{live_server.url}/g/{game.id}/edit/")
    expect(page.get_by_test_id("offline-scoring")).to_have_text(unavailable)
    page.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    page.context.set_offline(True)
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-Q").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("4")
    expect(page.get_by_test_id("preview")).to_contain_text("the score shows when the connection")
    page.get_by_test_id("save").click()
    expect_kept_on_the_phone(page, game)
    assert errors == []


def test_a_hand_the_rules_refuse_as_typed_is_no_error_in_the_console(
    phone: Page, live_server
) -> None:
    """From a new player (issue 29): each tap of a hand the rules refuse so far (a meld of one
    card, on the way to four) logged the server's preview as a failed request."""
    page = phone  # no engine: the server scores the preview
    errors = console_errors(page)
    open_hand_1(page, live_server.url)
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-K").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("1")
    expect(page.get_by_test_id("preview")).to_contain_text("a meld needs at least")
    expect(page.locator(".has-error .field-error")).to_contain_text("a meld needs at least")
    page.get_by_test_id("side-0-meld-0-naturals").fill("4")
    expect(page.get_by_test_id("side-0-live")).to_have_text("+40 → 40")
    assert errors == []
