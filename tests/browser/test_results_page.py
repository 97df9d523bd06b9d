"""The results page of issue 29's evenings in Debian's chromium: on a phone (390×844) nothing is
cut or scrolled sideways, on the wall's screen (1920×1080) the rounds read as tables, and printed
(the browser's print to A4) it keeps the results and drops the site's header, footer and links.
Screenshots and the printed PDF: test-artifacts/browser/results-*."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.phones import picture, screen_page
from tests.browser.test_club_evening import fits_the_phone
from tests.browser.test_every_page import PAGES, check_page
from tests.factories import club_event, round_played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WALL = {"width": 1920, "height": 1080}


@pytest.mark.parametrize(
    ("kind", "count", "sitting"),
    [("swiss", 11, 1), ("mitchell", 9, 1), ("knockout", 8, 0), ("individual", 13, 1)],
)
def test_the_results_page_fits_a_phone_a_wall_and_a_sheet_of_paper(
    browser, live_server, django_user_model, kind, count, sitting
) -> None:
    from tournaments.services.rounds import round_close

    director = django_user_model.objects.create_user("dora")
    # An odd field: a bye (a sit-out) each round; every round played, the event finished.
    tournament = club_event(kind, director, count=count)
    while not tournament.rounds or tournament.round_set.count() < tournament.rounds:
        last = round_played(tournament)  # a knockout's rounds are known once round 1 is drawn
        tournament.refresh_from_db()
    round_close(round_id=last.id)
    rounds = tournament.rounds
    url = f"{live_server.url}/t/{tournament.id}/results/"
    problems: list[str] = []
    refused: list[str] = []
    for name, viewport in (("phone", PHONE), ("wall", WALL)):
        page = screen_page(browser, viewport)
        if name == "phone":  # one h1, touch-sized links, readable contrast, no CSP refusal
            PAGES.mkdir(parents=True, exist_ok=True)
            page.on("console", lambda m: refused.append(m.text) if "Content" in m.text else None)
            check_page(page, url, f"results-{kind}", problems, refused)
            assert not problems, problems
        page.goto(url)
        expect(page.get_by_test_id("final")).to_be_visible()
        expect(page.get_by_test_id("results-round")).to_have_count(rounds)
        expect(page.get_by_test_id("sat-out")).to_have_count(rounds * sitting)
        fits_the_phone(page)  # nothing wider than the page, nothing cut in a table
        picture(page, path=str(ARTIFACTS / f"results-{kind}-{name}.png"), full_page=True)
        if name == "wall":
            page.emulate_media(media="print")
            for hidden in ("header.bar", "footer", ".t-nav"):
                expect(page.locator(hidden)).to_be_hidden()
            expect(page.get_by_test_id("results-round").first).to_be_visible()
            page.pdf(path=str(ARTIFACTS / f"results-{kind}-printed.pdf"), format="A4")
