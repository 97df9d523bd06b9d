"""The federation pages (issue 33) at phone size (390×844) in every language of the site, as
test_every_page checks the others: one h1, no sideways scrolling, nothing refused by the
Content-Security-Policy, no target under 44×44 px, text contrast AA; and the ranking and the
calendar on a projector (1920×1080). Screenshots in test-artifacts/pages/federation-*.png, to
be looked at by eye. The season is tests/federation_season.py's: three clubs' sanctioned events,
members linked across clubs."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import Page

from federations.models import Ranking
from tests.browser.phones import picture, screen_page
from tests.browser.test_club_pages import signed_in
from tests.browser.test_every_page import PAGES, check_page
from tests.federation_season import record

# Pages checked in seven languages, the same whichever database the server reads: run once, on
# the PostgreSQL pass of `make test`, which ended a minute and a half before the SQLite pass and
# its other browser tests (tests/browser/conftest.py).
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.one_pass]


def officer_pages(season: dict) -> dict[str, str]:
    fibur, anna = season["fibur"].id, season["members"]["Anna"].id
    return {
        "home": "/f/",
        "federation": f"/f/{fibur}/",
        "calendar": f"/f/{fibur}/calendar/",
        "ranking": f"/f/{fibur}/ranking/",
        "rating": f"/f/{fibur}/rating/",
        "member": f"/f/{fibur}/members/{anna}/",
        "members": f"/f/{fibur}/members/",
        "settings": f"/f/{fibur}/settings/",
    }


def director_pages(season: dict) -> dict[str, str]:
    lucca = season["Lucca"]
    return {
        "club": f"/f/club/{lucca.id}/",
        "player": f"/c/{lucca.id}/players/{record(lucca, 'Anna').id}/",
    }


@pytest.mark.slow
def test_the_federation_pages_on_a_phone(phone: Page, live_server, season_played) -> None:
    """Every language on one season (made once: a season of five events is most of a test's
    time; one phone goes through the languages)."""
    PAGES.mkdir(parents=True, exist_ok=True)
    Ranking.objects.filter(federation=season_played["fibur"]).update(rating=True)
    base = live_server.url
    problems: list[str] = []
    refused: list[str] = []  # the console's Content-Security-Policy refusals
    phone.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    for language in (code for code, _name in settings.LANGUAGES):
        for who, pages in (("fiona", officer_pages), ("lia", director_pages), ("carla", None)):
            phone.context.clear_cookies()
            phone.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
            signed_in(phone, base, season_played[who])
            shown = pages(season_played) if pages else {"consent": "/f/"}
            for name, path in shown.items():
                check_page(
                    phone,
                    base + path,
                    f"federation-{language}-{name}",
                    problems,
                    refused,
                    whole=language == "en",
                )
                assert phone.locator("html").get_attribute("lang") == language, name
        # Carla is asked three times whether the clubs' records are hers.
        assert phone.get_by_test_id("consents").locator("li").count() == 3, language
    assert not problems, "\n".join(problems)


def test_the_ranking_and_calendar_on_a_projector(browser, live_server, season_played) -> None:
    page = screen_page(browser, {"width": 1920, "height": 1080})
    PAGES.mkdir(parents=True, exist_ok=True)
    for name in ("ranking", "calendar"):
        page.goto(live_server.url + officer_pages(season_played)[name])
        picture(page, path=str(PAGES / f"federation-projector-{name}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920, name
    page.goto(live_server.url + officer_pages(season_played)["ranking"])
    ranking = page.get_by_test_id("ranking").inner_text()
    assert ranking.index("Bruno") < ranking.index("Anna") < ranking.index("Dario")
