"""On a phone (390×844) and a projector (1920×1080): the chart's numbers are legible, Correct and
Delete are 44 px targets apart, the history fits the width. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from scorekeeper.services import EDIT_LINK, Author, hand_revise
from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import picture, screen_page
from tests.factories import BIG_HAND, NS_OUT_WITH_KINGS, new_game, play_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHART_TEXT = """() => {
  const svg = document.querySelector('[data-testid=chart] svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].map(
    t => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
}"""
BOXES = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];
})"""


def a_game_with_an_edit(live_server) -> tuple[str, str]:
    game, token = new_game(names=("Anna & Ben", "Carla & Dan"))
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    play_hands(game, 2, BIG_HAND)
    play_hands(game, 1, [{"hand": {"points": 50}}, BIG_HAND[0]])
    hand_revise(
        game_id=game.id, number=2, sides=NS_OUT_WITH_KINGS, author=Author(EDIT_LINK),
        expected_version=2,
    )  # fmt: skip
    return (
        live_server.url + reverse("play", args=[game.id, token]),
        live_server.url + reverse("history", args=[game.id]),
    )


def check_board_and_history(page: Page, play: str, history: str, name: str) -> None:
    page.goto(play)
    texts = page.evaluate(CHART_TEXT)
    assert {"1", "2", "3", "4", "0", "1000", "target 5000"} <= {t for t, _ in texts}
    assert all(size >= 11 for _, size in texts), texts
    edit, delete = page.evaluate(BOXES, "[data-testid=edit-1], [data-testid=delete-1]")
    for left, top, right, bottom in (edit, delete):
        assert right - left >= 44 and bottom - top >= 44
    apart = max(delete[0] - edit[2], delete[1] - edit[3], edit[0] - delete[2])
    assert apart >= 8, (edit, delete)
    picture(page, path=str(ARTIFACTS / f"chart-{name}.png"), full_page=True)

    page.goto(history)
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    table = page.evaluate(BOXES, "[data-testid=revisions]")[0]
    wrap = page.evaluate(BOXES, ".table-wrap")[0]
    assert table[2] <= wrap[2] + 0.5 <= width  # nothing clipped by the scrolling wrapper
    for cell in page.evaluate(BOXES, "[data-testid=revisions] td"):
        assert cell[2] <= table[2] + 0.5
    assert "→" in page.get_by_test_id("revisions").inner_text()
    picture(page, path=str(ARTIFACTS / f"history-{name}.png"), full_page=True)


def test_chart_rows_and_history_on_a_phone(phone: Page, live_server) -> None:
    play, history = a_game_with_an_edit(live_server)
    check_board_and_history(phone, play, history, "phone")


def test_chart_rows_and_history_on_a_projector(browser, live_server) -> None:
    play, history = a_game_with_an_edit(live_server)
    page = screen_page(browser, {"width": 1920, "height": 1080})
    check_board_and_history(page, play, history, "projector")


def test_the_games_chart_labels_are_whole_inside_it(phone: Page, live_server) -> None:
    """A total of −1100 gives the chart a "−2000" tick, and a bolivia game's target 15000 a
    "16000": each label is drawn inside the chart (the minus or the first digit fell off its left
    edge)."""
    from tests.browser.test_club_pages import TICK_LABELS

    caught = [NS_OUT_WITH_KINGS[0], {"red_threes": 4, "hand": {"points": 300}}]  # 670 / −1100
    for variant, sides, longest in (("classic", caught, "−2000"), ("bolivia", None, "16000")):
        game, token = new_game(variant)
        play_hands(game, 1, sides)
        phone.goto(live_server.url + reverse("play", args=[game.id, token]))
        labels = phone.locator("[data-testid=chart] svg").evaluate(TICK_LABELS)
        assert longest in {text for text, *_ in labels}, labels
        for text, left, right, width in labels:
            assert left >= 0 and right <= width, (variant, text, left, right)
        picture(phone.locator("[data-testid=chart]"), path=str(ARTIFACTS / f"chart-{variant}.png"))
