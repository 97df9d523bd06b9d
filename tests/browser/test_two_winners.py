"""A two-winner Mitchell (North-South and East-West ranked apart) as its players see it in Debian's
chromium: the standings page on a phone (390×844) with a table and a winner for each direction,
the wall (1920×1080) with a panel for each. Screenshots: test-artifacts/browser/two-winners-*."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import phone_page, picture, screen_page
from tests.integration.test_tournament_directions import mitchell_of_eight

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_two_winner_mitchell_on_a_phone_and_on_the_wall(browser, live_server) -> None:
    event = mitchell_of_eight()
    base = live_server.url
    phone = phone_page(browser)
    phone.goto(f"{base}{reverse('tournament-standings', args=[event.id])}")
    body = phone.locator("main")
    expect(body).to_contain_text("North–South")
    expect(body).to_contain_text("East–West")
    expect(body).to_contain_text("Pair 1")
    expect(body).to_contain_text("Pair 2")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # both tables fit the phone
    picture(phone, path=str(ARTIFACTS / "two-winners-390.jpg"), quality=80, full_page=True)

    wall = screen_page(browser, {"width": 1920, "height": 1080})
    wall.goto(f"{base}{reverse('tournament-screen', args=[event.id])}?cycle=2")
    for direction, winner in (("North–South", "Pair 1"), ("East–West", "Pair 2")):
        panel = wall.locator(".panel[data-panel=standings]:not([hidden])").filter(
            has_text=direction
        )
        expect(panel).to_contain_text(winner, timeout=30_000)
        picture(wall, path=str(ARTIFACTS / f"two-winners-wall-{winner[-1]}.jpg"), quality=80)
