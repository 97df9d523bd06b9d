"""A game begun on paper, imported from a phone (390×844): the form fits the screen, its rows
grow, and the scoreboard shows the paper's totals. The form's pictures go to
test-artifacts/browser/ to be looked at by eye (`make pictures`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import picture
from tests.browser.test_every_page import SMALL_TARGETS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HANDS = [(1235, -120), (90, 500), (-300, 2210)]


def total_box(page: Page, row: int, side: int):  # type: ignore[no-untyped-def]
    return page.locator(f"[name=hands-{row}-total_{side}]")


def test_a_paper_game_imported_on_a_phone(phone: Page, live_server) -> None:
    page = phone
    page.goto(live_server.url + "/import/")
    page.get_by_label("Side 1", exact=True).fill("Us")
    page.get_by_label("Side 2", exact=True).fill("Them")
    expect(page.locator(".hand-head [data-side-name='1']")).to_have_text("Us")
    for row, (us, them) in enumerate(HANDS):
        total_box(page, row, 1).fill(str(us))
        total_box(page, row, 2).fill(str(them))
    page.locator("#hand-2 summary").click()  # the parts of hand 2, unfolded
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(SMALL_TARGETS) == []
    picture(page, path=ARTIFACTS / "import-paper-390.png", full_page=True)
    page.locator("#hand-2 summary").click()

    page.get_by_test_id("more-rows").click()  # no script needed: the page comes back, longer
    expect(page.locator(".hand-row")).to_have_count(8)
    expect(total_box(page, 2, 2)).to_have_value("2210")

    page.get_by_test_id("import-paper").click()
    expect(page.get_by_test_id("total-0")).to_have_text("1025")
    expect(page.get_by_test_id("total-1")).to_have_text("2590")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_columns_follow_the_table_chosen(phone: Page, live_server) -> None:
    page = phone
    page.goto(live_server.url + "/import/")
    expect(total_box(page, 0, 3)).to_be_hidden()
    expect(total_box(page, 0, 3)).to_be_disabled()  # not sent: paper_forms.row_cap counts on it
    page.get_by_label("Players", exact=True).select_option("6")
    page.get_by_label("Sides", exact=True).select_option("3")
    expect(total_box(page, 0, 3)).to_be_visible()
    expect(total_box(page, 0, 3)).to_be_enabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    picture(page, path=str(ARTIFACTS / "import-paper-three-sides.png"), full_page=True)
