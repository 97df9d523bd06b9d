"""A whole game on a phone (390×844): create, three hands at three entry levels, edit, delete,
undo. Screenshots go to test-artifacts/browser/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shot(page: Page, name: str) -> None:
    picture(page, path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def totals(page: Page) -> tuple[str, str]:
    return page.get_by_test_id("total-0").inner_text(), page.get_by_test_id("total-1").inner_text()


@pytest.mark.slow
def test_a_whole_game_on_a_phone(phone: Page, live_server) -> None:
    page = phone
    page.goto(live_server.url + "/")
    page.get_by_test_id("new-game").click()
    page.get_by_label("Side 1", exact=True).fill("Anna & Ben")
    page.get_by_label("Side 2", exact=True).fill("Carla & Dan")
    shot(page, "01-new-game")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("needs-0")).to_have_text("needs 50 to open")
    shot(page, "02-empty-scoreboard")

    # Hand 1, detailed melds: seven kings and out (670); three queens (30).
    page.get_by_test_id("enter-hand").click()
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-K").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("7")
    page.get_by_test_id("side-0-went-out").check()
    page.get_by_test_id("side-1-add-meld").click()
    page.get_by_test_id("side-1-rank-Q").click()
    expect(page.get_by_test_id("side-0-live")).to_have_text("+670 → 670")
    shot(page, "03-hand-1-melds")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-0")).to_have_text("670")
    assert totals(page) == ("670", "30")

    # Hand 2, card-class counts: 3 high + 3 low (45); seven aces as a natural canasta, out (740).
    page.get_by_test_id("enter-hand").click()
    page.get_by_test_id("side-0-mode-counts").click()
    page.get_by_test_id("side-0-melded-high").fill("3")
    page.get_by_test_id("side-0-melded-low").fill("3")
    page.get_by_test_id("side-1-mode-counts").click()
    page.get_by_test_id("side-1-melded-aces").fill("7")
    page.get_by_test_id("side-1-canastas-natural-plus").click()
    page.get_by_test_id("side-1-went-out").check()
    expect(page.get_by_test_id("side-1-live")).to_have_text("+740 → 770")
    shot(page, "04-hand-2-counts")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-1")).to_have_text("770")
    assert totals(page) == ("715", "770")

    # Hand 3, totals: 800 melded points, a natural and a mixed canasta, out (1700); 60 in hand.
    page.get_by_test_id("enter-hand").click()
    page.get_by_test_id("side-0-mode-totals").click()
    page.get_by_test_id("side-0-melded-points").fill("800")
    page.get_by_test_id("side-0-canastas-natural").fill("1")
    page.get_by_test_id("side-0-canastas-mixed").fill("1")
    page.get_by_test_id("side-0-went-out").check()
    page.get_by_test_id("side-1-hand-mode-points").click()
    page.get_by_test_id("side-1-hand-points").fill("60")
    expect(page.get_by_test_id("side-0-live")).to_have_text("+1700 → 2415")
    shot(page, "05-hand-3-totals")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-0")).to_have_text("2415")
    assert totals(page) == ("2415", "710")
    expect(page.get_by_test_id("needs-0")).to_have_text("needs 90 to open")
    expect(page.get_by_test_id("needs-1")).to_have_text("needs 50 to open")
    expect(page.get_by_test_id("chart")).to_be_visible()
    shot(page, "06-scoreboard-after-three-hands")

    # An impossible hand is caught before saving, next to the meld, with the engine's words.
    page.get_by_test_id("enter-hand").click()
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-4").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("1")
    expect(page.get_by_test_id("error")).to_contain_text("a meld needs at least")
    shot(page, "07-impossible-hand")
    page.go_back()

    # Edit hand 1: two red threes more (+200).
    page.get_by_test_id("edit-1").click()
    page.get_by_test_id("side-0-red-threes-plus").click()
    page.get_by_test_id("side-0-red-threes-plus").click()
    expect(page.get_by_test_id("side-0-live")).to_have_text("+870 → 870")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-0")).to_have_text("2615")
    assert totals(page) == ("2615", "710")
    shot(page, "08-hand-1-edited")

    # Delete hand 2 (the page asks first, showing the hand), then undo.
    page.get_by_test_id("delete-2").click()
    expect(page.get_by_test_id("hand-scores")).to_contain_text("+740")
    shot(page, "09a-delete-hand-2")
    page.get_by_test_id("confirm-delete").click()
    expect(page.get_by_test_id("total-1")).to_have_text("\u221230")
    assert totals(page) == ("2570", "\u221230")
    expect(page.get_by_test_id("needs-1")).to_have_text("needs 15 to open")
    shot(page, "09-hand-2-deleted")
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("total-1")).to_have_text("710")
    assert totals(page) == ("2615", "710")
    expect(page.locator("table.hands tbody tr")).to_have_count(3)
    shot(page, "10-hand-2-restored")

    # The device remembers the game on the home page.
    page.goto(live_server.url + "/")
    expect(page.get_by_test_id("device-game")).to_contain_text("Anna & Ben")
    shot(page, "11-home-resume")


def test_pages_fit_a_phone_without_sideways_scrolling(phone: Page, live_server) -> None:
    for path in ("/", "/new/", "/opening/?variant=classic&score=3000&players=4", "/variants/"):
        phone.goto(live_server.url + path)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)


# The layout shifts the page made by itself since it began loading (not those a tap caused), as
# Lighthouse sums them into its cumulative layout shift.
LAYOUT_SHIFTS = """() => { const seen = new PerformanceObserver(() => {});
  seen.observe({type: "layout-shift", buffered: true});
  const shifts = seen.takeRecords().filter(e => !e.hadRecentInput).map(e => e.value);
  seen.disconnect(); return shifts; }"""


@pytest.mark.parametrize(
    "query", ["", "?variant=hand-and-foot&players=4", "?variant=classic&score=3000&players=4"]
)
def test_the_opening_page_does_not_move_once_shown(phone: Page, live_server, query: str) -> None:
    """The field the chosen preset does not ask for came hidden by the page's script after
    load: everything below it moved up 132 px (a layout shift of 0.048 in Lighthouse). The page
    as sent shows what the script would: the page before its script runs is the page after."""
    url = f"{live_server.url}/opening/{query}"
    shown = (
        "() => ['#id_score', '#id_hand'].map(s => document.querySelector(s).offsetParent !== null)"
    )
    phone.route("**/opening.js", lambda route: route.abort())
    phone.goto(url)
    as_sent = phone.evaluate(shown)
    phone.unroute("**/opening.js")
    phone.goto(url)
    phone.wait_for_load_state("networkidle")
    assert (
        phone.evaluate(shown)
        == as_sent
        == ([False, True] if "hand-and" in query else [True, False])
    )
    assert phone.evaluate(LAYOUT_SHIFTS) == []
    score, hand = phone.locator("#id_score"), phone.locator("#id_hand")
    by_hand = "hand-and-foot" in query
    phone.locator("#id_variant").select_option("classic" if by_hand else "hand-and-foot")
    expect(score if by_hand else hand).to_be_visible()  # the script follows the choice
    expect(hand if by_hand else score).to_be_hidden()


def test_new_game_shows_the_preset_values_of_the_house_rules(phone: Page, live_server) -> None:
    page = phone
    page.goto(live_server.url + "/new/")
    page.get_by_text("Canasta all'italiana").click()
    expect(page.locator("#id_target")).to_have_attribute("placeholder", "12000")
    expect(page.locator("#id_black_three_meld option").first).to_have_text("as the preset (never)")
    page.get_by_text("Canasta, variante española").click()
    page.locator("#id_players").select_option("6")
    expect(page.locator("#id_packs")).to_have_attribute("placeholder", "8")
    expect(page.locator("#id_sequences option").first).to_have_text("as the preset (no)")
    expect(page.locator("#id_side_3")).to_be_hidden()
    shot(page, "12-new-game-espanola-house-rules")


def test_a_hand_being_entered_survives_a_reload(phone: Page, live_server) -> None:
    from scorekeeper.services import game_create

    game, token = game_create(variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}])
    page = phone
    page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")  # the edit link: kept in a cookie
    page.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    page.get_by_test_id("side-1-add-meld").click()
    page.get_by_test_id("side-1-rank-J").click()
    page.get_by_test_id("side-1-meld-0-naturals").fill("5")
    expect(page.get_by_test_id("side-1-live")).to_have_text("+50 → 50")
    page.reload()
    expect(page.get_by_test_id("side-1-meld-0-rank")).to_have_value("J")
    expect(page.get_by_test_id("side-1-meld-0-naturals")).to_have_value("5")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-1")).to_have_text("50")
    page.get_by_test_id("enter-hand").click()  # hand 2 starts empty: the draft went with the save
    expect(page.get_by_test_id("side-1-meld-0-rank")).to_have_count(0)


def test_a_player_out_alone_is_not_asked_for_cards_left(phone: Page, live_server) -> None:
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=2, sides=[{"name": "Ann"}, {"name": "Bob"}]
    )
    page = phone
    page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")  # the edit link: kept in a cookie
    page.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    expect(page.get_by_test_id("side-0-hand-mode-points")).to_be_visible()
    page.get_by_test_id("side-0-went-out").check()
    expect(page.get_by_test_id("side-0-hand-mode-points")).to_have_count(0)
    expect(page.get_by_test_id("side-1-hand-mode-points")).to_be_visible()


# The text of each button of the entry page's mode switch (melds, card counts, totals), as the
# number of lines it is laid out on, and where the button's row starts.
MODE_LINES = """bs => bs.map(b => { const r = document.createRange(); r.selectNodeContents(b);
  return [b.textContent, r.getClientRects().length, Math.round(b.getBoundingClientRect().top)]; })"""


@pytest.mark.parametrize("language", ["en", "fr", "es", "it", "de", "pt-br", "nl"])
def test_the_entry_modes_fit_one_line_of_a_phone(phone: Page, live_server, language: str) -> None:
    """A mode's name on two lines (Dutch "Aantallen kaarten") made its row taller than the
    others' and split the word a player looks for."""
    from scorekeeper.services import game_create

    game, token = game_create(variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}])
    page = phone
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")  # the edit link: kept in a cookie
    page.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    modes = page.get_by_test_id("side-0-mode-melds").locator("xpath=..").locator("button")
    expect(modes).to_have_count(3)
    shot(page, f"entry-modes-{language}")
    laid = modes.evaluate_all(MODE_LINES)
    assert [lines for _text, lines, _top in laid] == [1, 1, 1], laid
    assert len({top for _text, _lines, top in laid}) == 1, laid  # one row
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_phone_not_about_the_engine_is_refused_its_files_and_an_engines_phone_is_not(
    phone: Page, browser, live_server
) -> None:
    """The cookie every phone but the engine's holds (tests/browser/phones.py) refuses it the
    engine's files, by its pages' requests as by its service worker's (they carry its cookies)."""
    from pathlib import Path

    from tests.browser.phones import engine_phone

    vendor = Path(__file__).resolve().parents[2] / "static" / "vendor" / "pyodide"
    licence = next(vendor.glob("*/LICENSE.txt")).relative_to(vendor)
    asked = f"fetch('/static/vendor/pyodide/{licence}').then(answer => answer.status)"
    phone.goto(live_server.url + "/")
    assert phone.evaluate(asked) == 404
    engines = engine_phone(browser, live_server.url, first_start=True)
    engines.goto(live_server.url + "/")
    assert engines.evaluate(asked) == 200
