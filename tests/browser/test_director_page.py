"""The director's page of issue 29's four club events, mid-evening, at 1366×768 (a club's laptop)
and 390×844 (a phone): the round's work comes first (what to do next, the round's tables and
their results, the buttons), the standings are within the first two screens of the laptop, the
pairs list is folded once the event runs, and nothing is cut on the phone. Screenshots:
test-artifacts/browser/director-*.png; the figures are printed (pytest -s)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.phones import picture, screen_page
from tests.browser.test_club_evening import fits_the_phone
from tests.browser.test_club_pages import signed_in
from tests.factories import club_event, round_played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
# Where the page's parts start, from the top of the page, in CSS pixels.
MEASURE = """() => {
  const top = (id) => {
    const e = document.querySelector(`[data-testid="${id}"]`);
    return e ? Math.round(e.getBoundingClientRect().top + window.scrollY) : null;
  };
  return {height: document.documentElement.scrollHeight, next: top("next-step"),
          round: top("round"), standings: top("standings-state"), pairs: top("pairs")};
}"""


def evening(kind: str, director) -> int:
    """The event mid-evening: the rounds before played, the current one half played, and a
    table the two pairs disagree on where the round has one to spare."""
    from tournaments.services.results import result_submit

    tournament = club_event(kind, director)
    before = {"swiss": 2, "mitchell": 1, "knockout": 1, "individual": 1}[kind]
    for _ in range(before):
        round_played(tournament)
    current = round_played(tournament, settle=1)
    open_tables = current.matches.filter(ew__isnull=False, result__isnull=True)
    if open_tables.count() > 1:
        disputed = open_tables.order_by("-table").first()
        result_submit(match_id=disputed.id, by="ns", ns_score=900, ew_score=300)
        result_submit(match_id=disputed.id, by="ew", ns_score=300, ew_score=900)
    return tournament.id


@pytest.mark.parametrize("kind", ["swiss", "mitchell", "knockout", "individual"])
def test_the_round_comes_first_and_the_standings_within_two_screens(
    browser, live_server, django_user_model, settings, kind
) -> None:
    settings.LOCAL_ADDRESSES = []  # the live server answers on this machine only
    director = django_user_model.objects.create_user("dora")
    tournament = evening(kind, director)
    url = f"{live_server.url}/t/{tournament}/director/"
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page: Page = screen_page(browser, viewport)
        signed_in(page, live_server.url, director)
        page.goto(url)
        expect(page.get_by_test_id("round")).to_be_visible()
        figures = page.evaluate(MEASURE)
        print(f"{kind} {name} {viewport['width']}×{viewport['height']}: {figures}")
        picture(page, path=str(ARTIFACTS / f"director-{kind}-{name}.png"), full_page=True)
        screen = viewport["height"]
        # What to do next and the round's tables open the page.
        assert figures["next"] < screen / 2 and figures["round"] < screen, figures
        if name == "laptop":
            assert figures["standings"] < 2 * screen, figures
        else:
            fits_the_phone(page)


def test_the_pairs_lead_while_setting_up_and_the_final_papers_once_finished(
    browser, live_server, django_user_model, settings
) -> None:
    from tournaments.services.rounds import round_close

    settings.LOCAL_ADDRESSES = []
    director = django_user_model.objects.create_user("dora")
    tournament = club_event("mitchell", director)
    url = f"{live_server.url}/t/{tournament.id}/director/"
    page: Page = screen_page(browser, LAPTOP)
    signed_in(page, live_server.url, director)
    page.goto(url)
    # Setting up: the pairs list open, the draw button above it, both on the first screen.
    expect(page.locator("details[data-testid=pairs][open]")).to_be_visible()
    figures = page.evaluate(MEASURE)
    print(f"mitchell set-up laptop: {figures}")
    assert figures["pairs"] < LAPTOP["height"], figures
    expect(page.get_by_test_id("generate")).to_be_in_viewport()
    picture(page, path=str(ARTIFACTS / "director-setup-laptop.png"), full_page=True)
    for _ in range(3):
        last = round_played(tournament)
    round_close(round_id=last.id)
    page.goto(url)
    finished = page.get_by_test_id("finished")
    expect(finished).to_be_in_viewport()
    expect(finished.get_by_test_id("final-pdf")).to_have_attribute(
        "href", f"/t/{tournament.id}/standings.pdf"
    )
    expect(finished.get_by_role("link", name="Every table's result")).to_be_visible()
    expect(page.locator("details[data-testid=pairs]:not([open])")).to_be_visible()
    figures = page.evaluate(MEASURE)
    print(f"mitchell finished laptop: {figures}")
    assert figures["standings"] < LAPTOP["height"], figures
    picture(page, path=str(ARTIFACTS / "director-finished-laptop.png"), full_page=True)
