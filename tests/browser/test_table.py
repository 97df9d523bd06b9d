"""At the table, in Debian's chromium at phone size: two phones on one game, the concealed box,
undo, a blank hand, an import with errors. Screenshots go to test-artifacts/browser/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shot(page: Page, name: str) -> None:
    picture(page, path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def join(page: Page, base: str, game, token: str) -> None:
    page.goto(f"{base}/g/{game.id}/play/{token}/")  # the edit link: kept in a cookie


def queens(page: Page, side: int, naturals: str = "4") -> None:
    page.get_by_test_id(f"side-{side}-add-meld").click()
    page.get_by_test_id(f"side-{side}-rank-Q").click()
    page.get_by_test_id(f"side-{side}-meld-0-naturals").fill(naturals)


@pytest.mark.slow
def test_two_phones_enter_the_same_hand_and_the_next_one(
    phone: Page, second_phone: Page, live_server
) -> None:
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    base = live_server.url
    a, b = phone, second_phone
    for page in (a, b):
        join(page, base, game, token)
        page.get_by_test_id("enter-hand").click()

    # Both enter hand 1; phone B saves first, and phone A's entry meets it, shown side by side.
    # (Phone A has entered its melds before B saves: a blank entry page moves on by itself when
    # another phone saves its hand, which a slow machine could otherwise let it do first.)
    queens(b, 0, "5")
    queens(a, 1, "4")
    expect(a.get_by_test_id("side-1-live")).to_have_text("+40 → 40")
    b.get_by_test_id("save").click()
    expect(b.get_by_test_id("total-0")).to_have_text("50")
    a.get_by_test_id("save").click()
    expect(a.get_by_test_id("conflict")).to_contain_text("Another phone saved hand 1 first")
    expect(a.get_by_test_id("theirs-0")).to_have_text("+50")
    expect(a.get_by_test_id("mine-1")).to_have_text("+40")
    expect(a.get_by_test_id("save")).to_be_hidden()  # nothing is saved without a choice
    shot(a, "20-two-phones-new-hand")
    a.get_by_test_id("next-hand").click()
    expect(a.get_by_test_id("total-1")).to_have_text("40")
    expect(a.locator("table.hands tbody tr")).to_have_count(2)

    # Both enter hand 3, the same real hand: phone A drops its copy.
    for page in (a, b):
        page.get_by_test_id("enter-hand").click()
        expect(page.locator("#hand-title")).to_be_visible()  # the entry page, loaded
    b.reload()  # phone B was still on the scoreboard of hand 1
    queens(b, 0, "6")
    queens(a, 0, "6")  # entered before B saves, as above
    b.get_by_test_id("save").click()
    expect(b.get_by_test_id("total-0")).to_have_text("110")
    a.get_by_test_id("save").click()
    expect(a.get_by_test_id("mine-0")).to_have_text("+60")
    a.get_by_test_id("same-hand").click()
    expect(a.get_by_test_id("total-0")).to_have_text("110")
    expect(a.locator("table.hands tbody tr")).to_have_count(3)

    # Both correct hand 1: phone A sees both versions and keeps its own.
    for page in (a, b):
        page.goto(f"{base}/g/{game.id}/edit/hand/1/")
    b.get_by_test_id("side-0-red-threes-plus").click()
    expect(b.get_by_test_id("side-0-live")).to_have_text("+150 → 150")
    b.get_by_test_id("save").click()
    expect(b.get_by_test_id("total-0")).to_have_text("210")
    a.get_by_test_id("side-0-red-threes-plus").click()
    a.get_by_test_id("side-0-red-threes-plus").click()
    expect(a.get_by_test_id("side-0-live")).to_have_text("+250 → 250")
    a.get_by_test_id("save").click()
    expect(a.get_by_test_id("conflict")).to_contain_text("Hand 1 was corrected on another phone")
    expect(a.get_by_test_id("theirs-0")).to_have_text("+150")
    expect(a.get_by_test_id("mine-0")).to_have_text("+250")
    shot(a, "21-two-phones-correction")
    a.get_by_test_id("keep-mine").click()
    expect(a.get_by_test_id("total-0")).to_have_text("310")
    expect(a.get_by_test_id("total-1")).to_have_text("40")


def test_espanolas_laid_down_whole_box_shows_the_stored_value(phone: Page, live_server) -> None:
    from scorekeeper.services import game_create

    game, token = game_create(variant="espanola", players=4, sides=[{"name": "A"}, {"name": "B"}])
    page = phone
    join(page, live_server.url, game, token)
    page.get_by_test_id("enter-hand").click()
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-9").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("7")
    page.get_by_test_id("side-0-meld-0-concealed").check()
    page.get_by_test_id("side-0-add-meld").click()  # a redraw
    page.get_by_test_id("side-0-rank-K").click()
    expect(page.get_by_test_id("side-0-meld-0-concealed")).to_be_checked()
    page.reload()
    expect(page.get_by_test_id("side-0-meld-0-concealed")).to_be_checked()
    expect(page.get_by_test_id("side-0-meld-1-concealed")).not_to_be_checked()
    expect(page.get_by_test_id("side-0-live")).to_have_text("+1100 → 1100")
    page.get_by_test_id("save").click()
    page.get_by_test_id("edit-1").click()
    expect(page.get_by_test_id("side-0-meld-0-concealed")).to_be_checked()
    shot(page, "22-espanola-concealed-kept")


def test_undo_goes_once_something_else_is_saved(phone: Page, live_server) -> None:
    from scorekeeper.services import Author, game_create, hand_add

    game, token = game_create(variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}])
    for _ in range(4):
        hand_add(
            game_id=game.id,
            sides=[{"melds": [{"rank": "5", "naturals": 3}]}, {}],
            author=Author("t"),
        )
    page = phone
    join(page, live_server.url, game, token)
    page.get_by_test_id("delete-4").click()
    page.get_by_test_id("confirm-delete").click()
    expect(page.get_by_test_id("undo")).to_be_visible()
    page.get_by_test_id("enter-hand").click()
    queens(page, 0)
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-0")).to_have_text("85")
    expect(page.get_by_test_id("undo")).to_have_count(0)


def test_a_blank_hand_is_asked_about_before_saving(phone: Page, live_server) -> None:
    from scorekeeper.services import game_create

    game, token = game_create(variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}])
    page = phone
    join(page, live_server.url, game, token)
    page.get_by_test_id("enter-hand").click()
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("blank-confirm")).to_be_visible()
    shot(page, "23-blank-hand-asked")
    page.get_by_test_id("blank-back").click()
    expect(page.get_by_test_id("blank-confirm")).to_be_hidden()
    assert game.hands.count() == 0
    page.get_by_test_id("save").click()
    page.get_by_test_id("blank-save").click()
    expect(page.get_by_test_id("total-0")).to_have_text("0")
    assert game.hands.count() == 1


def test_ticking_went_out_for_a_side_says_the_other_is_no_longer_out(
    phone: Page, live_server
) -> None:
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    page = phone
    join(page, live_server.url, game, token)
    page.get_by_test_id("enter-hand").click()
    page.get_by_test_id("side-0-went-out").check()
    page.get_by_test_id("side-1-went-out").check()
    expect(page.get_by_test_id("side-1-notice")).to_contain_text("Us are no longer marked as out")
    expect(page.get_by_test_id("side-0-went-out")).not_to_be_checked()
    expect(page.get_by_test_id("side-1-went-out")).to_be_focused()  # focus kept on redraw


def test_an_import_with_errors_names_the_line_and_saves_nothing(phone: Page, live_server) -> None:
    from scorekeeper.models import Game

    page = phone
    page.goto(live_server.url + "/import/")
    good = '{"variant": "classic", "sides": [{"name": "Us"}, {"name": "Them"}]}'
    page.locator("textarea").fill(good + "\n\n{broken")
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator(".errorlist")).to_contain_text("Line 3 is not JSON.")
    page.locator("textarea").fill(good + '\n{"variant": "classic", "rules": 5, "sides": [{}, {}]}')
    # The page already shows an error: wait for the answer to this import, never read the last
    # one's (on a loaded machine the answer can take longer than an expect's wait).
    with page.expect_navigation(timeout=90_000):
        page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator(".errorlist")).to_contain_text("Line 2: rules must be an object")
    shot(page, "24-import-error")
    assert Game.objects.count() == 0
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.goto(live_server.url + "/import/")
    page.locator("textarea").fill(good + "\n[1]")
    page.get_by_role("button", name="Importer", exact=True).click()
    expect(page.locator(".errorlist")).to_contain_text("Ligne 2")
    assert Game.objects.count() == 0
