"""A timed 12-pair evening in Debian's chromium (issue 31), the server's clock moved by the test
(tests/conftest.py server_time): the director starts, pauses and resumes the round's clock and
gives one table five more minutes; "last hand" and "time" fall on two phones of a table and on
the wall without a reload (the phone that agreed buzzes), a hand begun after "last hand" is
refused with the reason, a phone offline for a minute shows the right time again, and a table
still playing at time is scored by the event's rule and marked over time in the results.
Screenshots (test-artifacts/browser/clock-*.jpg) at 390×844 and 1920×1080, to be judged."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from scorekeeper.services import Author, hand_add
from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import phone_page, picture, screen_page
from tests.browser.test_table import queens
from tests.factories import account, club_event, round_released
from tournaments.models import Match, Tournament
from tournaments.table_keys import table_token

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROJECTOR = {"width": 1920, "height": 1080}
HAND = [{"melds": [{"rank": "5", "naturals": 3}]}, {}]
# The phone's vibration, counted: headless chromium has no motor to feel.
BUZZ_COUNTER = (
    "window.__buzzes = 0; navigator.vibrate = () => { window.__buzzes += 1; return true; };"
)


def shot(page: Page, name: str) -> None:
    picture(page, path=str(ARTIFACTS / f"clock-{name}.jpg"), quality=80, full_page=True)


def table_page(browser, base: str, match: Match, side: str, counted: bool = False) -> Page:
    page = phone_page(browser)
    if counted:
        page.add_init_script(BUZZ_COUNTER)  # the page goes with the test; a kept phone stays
    page.goto(f"{base}{reverse('table', args=[table_token(match.game, side)])}")
    return page


def server_clock(event: Tournament, table: int | None = None) -> dict:
    url = reverse("tournament-clock", args=[event.id]) + (f"?table={table}" if table else "")
    return json.loads(Client().get(url).content)


def resync(*pages: Page) -> None:
    """What a phone does when its connection comes back: asks the server's clock at once. A
    page may be reloading itself just then (the wall follows the event, and a hand changes
    it): once loaded, it is told again."""
    for page in pages:
        for _attempt in range(3):
            try:
                page.evaluate("window.dispatchEvent(new Event('online'))")
                break
            except PlaywrightError as error:
                if "Execution context was destroyed" not in str(error):
                    raise
                page.wait_for_load_state()
        else:
            raise AssertionError(f"{page.url} kept reloading")


def test_a_timed_evening_keeps_every_table_in_step(browser, live_server, server_time) -> None:
    dora = account("dora")
    event = club_event("swiss", dora, count=12)
    Tournament.objects.filter(id=event.id).update(
        hands_per_round=2, round_minutes=25, last_hand_minutes=5, time_rule="counted"
    )
    tables = round_released(event)
    first, second, _third, fourth = tables[:4]
    base = live_server.url
    client = Client()
    client.force_login(dora)
    director = screen_page(browser, PROJECTOR)
    director.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    director.goto(f"{base}{reverse('director', args=[event.id])}")
    north = table_page(browser, base, first, "ns", counted=True)
    east = table_page(browser, base, first, "ew")
    table_two = table_page(browser, base, second, "ns")
    wall = screen_page(browser, PROJECTOR)
    # The wall asks for news every second (its ?poll=, 10 s by default): it reloads on the
    # director's decisions, and asks the clock afresh then.
    wall.goto(f"{base}{reverse('tournament-screen', args=[event.id])}?poll=1")
    expect(north.get_by_test_id("clock-signal")).to_have_text(
        "The clock starts when the director starts the round."
    )

    # The director starts the round's clock: every phone and the wall show the same time.
    expect(director.locator("#clock-minutes")).to_have_value("25")
    director.get_by_test_id("clock-start").click()
    running = re.compile(r"^2[45]:\d\d$")
    for page in (north, east, table_two):
        expect(page.get_by_test_id("clock-time")).to_have_text(running)
    expect(wall.get_by_test_id("clock-time")).to_have_text(running)

    # A pause shows on the phones (their table page follows the director's decisions); resumed.
    director.get_by_test_id("clock-pause").click()
    expect(north.get_by_test_id("clock-signal")).to_have_text("Paused by the director.")
    director.get_by_test_id("clock-resume").click()
    expect(north.get_by_test_id("clock-signal")).to_contain_text("Time left")

    # Five more minutes for table 2 alone.
    director.get_by_test_id("clock-table").select_option(str(second.table))
    director.get_by_test_id("clock-add").click()
    expect(table_two.get_by_test_id("clock-time")).to_have_text(re.compile(r"^(29|30):\d\d$"))
    expect(north.get_by_test_id("clock-time")).to_have_text(running)
    shot(director, "director-1920")

    # A phone offline for a minute shows the right time once back (the server's, not its own).
    east.context.set_offline(True)
    server_time.move(1)
    east.context.set_offline(False)
    resync(east)
    expect(east.get_by_test_id("clock-time")).to_have_text(re.compile(r"^2[34]:\d\d$"))

    # Table 1 plays a hand; at table 4 a phone opens the entry of hand 1, still being played.
    hand_add(game_id=first.game_id, sides=HAND, author=Author("table"))
    # Its table page follows the hand (it reloads itself once, before the signals below).
    expect(north.get_by_test_id("enter-hands")).to_contain_text("1 of 2 entered")
    entry = table_page(browser, base, fourth, "ns")
    entry.get_by_test_id("enter-hands").click()
    entry.get_by_test_id("enter-hand").click()
    expect(entry.locator("#hand-title")).to_be_visible()

    # The player at table 1 agrees to be buzzed; then the time runs to 5 s before "last hand".
    north.get_by_test_id("clock-alerts").click()
    expect(north.get_by_test_id("clock-alerts")).to_have_attribute("aria-pressed", "true")
    north.evaluate("window.__kept = true")  # gone if the page reloads
    server_time.move((server_clock(event)["until_last_hand"] - 5) / 60)
    resync(north, east, wall)  # the wall would ask by itself within 15 s (seen at the start)
    for page in (north, east):
        expect(page.get_by_test_id("clock-signal")).to_have_text(
            "Last hand: finish the hand you are playing, start no other."
        )
    expect(wall.get_by_test_id("clock-signal")).to_contain_text("Last hand")
    assert north.evaluate("window.__kept") is True  # the signal fell on the page as it was
    assert north.evaluate("window.__buzzes") >= 2  # the agreement's buzz, then the signal's
    shot(north, "last-hand-390")
    shot(wall, "last-hand-1920")

    # Table 4's hand in progress is saved; a hand begun after the signal is refused, and why.
    queens(entry, 0, "4")
    entry.get_by_test_id("save").click()
    expect(entry.get_by_test_id("table-stopped")).to_have_text(
        "Last hand was called: no new hand starts at this table after hand 1."
    )
    expect(entry.get_by_test_id("enter-hand")).to_have_count(0)
    entry.goto(f"{base}{reverse('hand-new', args=[fourth.game_id])}")
    queens(entry, 1, "4")
    entry.get_by_test_id("save").click()
    expect(entry.locator("body")).to_contain_text("no new hand starts at this table after hand 1")
    assert Match.objects.get(id=fourth.id).game.hand_count == 1

    # Time: the signal on the phones and the wall; table 2 still has its five minutes.
    server_time.move(5)
    resync(north, east, table_two, wall)
    for page in (north, east):
        expect(page.get_by_test_id("clock-signal")).to_contain_text("Time!")
    expect(table_two.get_by_test_id("clock-signal")).to_contain_text("Last hand")
    expect(wall.get_by_test_id("clock-signal")).to_contain_text("Time!")
    shot(north, "time-390")

    # Table 4 stopped after 1 hand of 2: scored by the rule (the hands entered count), sent and
    # confirmed from both links, and marked over time in the results.
    for side in ("ns", "ew"):
        entry.goto(f"{base}{reverse('table', args=[table_token(fourth.game, side)])}")
        expect(entry.get_by_test_id("hands-done")).to_contain_text("The round stopped after 1 hand")
        entry.get_by_test_id("submit").click()
    expect(entry.get_by_test_id("table-state")).to_have_text("Confirmed by both pairs. Thank you!")
    entry.goto(f"{base}{reverse('tournament-results', args=[event.id])}")
    expect(entry.locator(f"tr[data-table='{fourth.table}'] [data-testid=timing]")).to_have_text(
        "over time: 1 of 2 hands"
    )
    shot(entry, "results-390")
