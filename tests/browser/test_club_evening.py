"""A whole 12-pair, 3-round Swiss club evening from the pages, in Debian's chromium: the director
creates the event and imports the pairs from CSV, draws and releases the rounds; each table enters
its hand on a phone-sized page and the two pairs confirm each other's result; one table disputes
and the director resolves it; the standings are written by a real Celery worker on Redis."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, phone_page
from tests.celery_worker import worker_through_redis

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CSV = "name,player_1,player_2,club\n" + "\n".join(
    f"Pair {i:02d},Ann {i},Bob {i},{'Roma' if i % 4 == 0 else ''}" for i in range(1, 13)
)


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"evening-{name}.png"), full_page=True)


@pytest.fixture
def real_worker(tmp_path: Path):
    """Tasks sent on commit go to a real broker and run in a worker process, as in production."""
    from scorekeeper.celery import app

    with worker_through_redis(tmp_path) as client:
        saved = {key: app.conf[key] for key in ("task_always_eager", "broker_url")}
        app.conf.update(task_always_eager=False, broker_url=client.conf.broker_url)
        try:
            yield
        finally:
            app.conf.update(saved)
            app.pool.force_close_all()
            from kombu import pools

            pools.reset()
            app._after_fork()


def play_table(browser, base: str, token: str, ns: int, ew: int, dispute: bool = False) -> None:
    """One table: a phone enters the hand as totals, then each pair submits the result."""
    for page in phone_page(browser):
        page.goto(f"{base}/t/table/{token}/")
        page.get_by_test_id("enter-hands").click()
        page.get_by_test_id("enter-hand").click()
        page.get_by_test_id("side-0-mode-totals").click()
        page.get_by_test_id("side-0-melded-points").fill(str(ns))
        page.get_by_test_id("side-1-mode-totals").click()
        page.get_by_test_id("side-1-melded-points").fill(str(ew))
        expect(page.get_by_test_id("side-1-live")).to_contain_text(str(ew))
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("total-0")).to_have_text(str(ns))
        page.goto(f"{base}/t/table/{token}/")
        page.get_by_test_id("submit-ns").click()
        expect(page.get_by_test_id("table-state")).to_contain_text("Waiting for the other pair")
        if dispute:
            page.locator("#id_ns_score").fill(str(ew))
            page.locator("#id_ew_score").fill(str(ns))
        page.get_by_test_id("submit-ew").click()
        expect(page.get_by_test_id("table-state")).to_contain_text(
            "With the director" if dispute else "Confirmed"
        )


def test_a_twelve_pair_swiss_evening(browser, live_server, django_user_model, real_worker) -> None:
    from tournaments.models import Match, StandingsSnapshot

    django_user_model.objects.create_user("dora", password="club-evening-1")
    base = live_server.url
    for director in phone_page(browser):
        page = director
        page.goto(f"{base}/accounts/login/?next=/t/new/")
        page.locator("#id_username").fill("dora")
        page.locator("#id_password").fill("club-evening-1")
        page.locator("form [type=submit]").click()
        page.locator("#id_name").fill("Tuesday evening")
        page.locator("#id_club_format").select_option("swiss3-evening")
        shot(page, "01-new")
        page.get_by_test_id("create").click()
        expect(page.get_by_test_id("next-step")).to_contain_text("Add the pairs")
        page.locator("#id_text").fill(CSV)
        page.get_by_test_id("import").click()
        expect(page.get_by_test_id("pairs")).to_contain_text("12 pairs")
        shot(page, "02-pairs")
        for number in (1, 2, 3):
            page.get_by_test_id("generate").click()
            expect(page.get_by_test_id("release")).to_be_visible(
                timeout=60_000
            )  # drawn by the worker
            shot(page, f"03-round-{number}-draft")
            page.get_by_test_id("release").click()
            expect(page.get_by_test_id("next-step")).to_contain_text("being played")
            matches = Match.objects.filter(round__number=number, ew__isnull=False).order_by("table")
            for i, match in enumerate(matches):
                play_table(
                    browser,
                    base,
                    match.game_token,
                    200 + 50 * i,
                    100 + 30 * i,
                    dispute=number == 2 and i == 0,
                )
            # No reload: the director's board is live, and shows the results as they come in.
            if number == 2:
                settled = re.compile(r"^2:\w+:5:1$")  # five confirmed, one with the director
                expect(page.locator("#drawing")).to_have_attribute(
                    "data-live", settled, timeout=15_000
                )
                expect(page.get_by_test_id("disputes")).to_be_visible()
                shot(page, "04-dispute")
                page.get_by_test_id("resolve-1").click()
                page.locator("#id_reason").fill("Checked the score sheet")
                page.get_by_test_id("save-correction").click()
            expect(page.get_by_test_id("close")).to_be_visible(timeout=15_000)
            page.get_by_test_id("close").click()
        expect(page.get_by_test_id("next-step")).to_contain_text("standings are final")
        shot(page, "05-final")
    # The worker wrote the standings (the test process sends tasks to Redis, never runs them).
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        latest = StandingsSnapshot.objects.order_by("-version").first()
        if latest is not None and not latest.provisional and latest.after_round == 3:
            break
        time.sleep(0.3)
    assert latest is not None and not latest.provisional and len(latest.rows) == 12
    for page in phone_page(browser):
        page.goto(f"{base}/t/{latest.tournament_id}/standings/")
        expect(page.locator("body")).to_contain_text("Pair")
        shot(page, "06-standings")
