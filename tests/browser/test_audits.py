"""Every page a player or a club visitor opens, audited as issue 19 asks: Lighthouse (mobile, the
npm package pinned in package.json) scores 100 for accessibility, best practices and SEO, and
axe-core (pinned too) finds no violation, in Debian's chromium. Performance, which depends on the
machine, is measured in bench/lighthouse.py instead.

The audits read the page, not the database: they run once, on SQLite (the PostgreSQL run of
`make test` skips them)."""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.browser.conftest import ARTIFACTS, CHROMIUM, PHONE
from tests.factories import new_game, open_edit_link, play_hands

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CATEGORIES = ("accessibility", "best-practices", "seo")


@pytest.fixture
def pages(live_server) -> dict[str, tuple[str, str]]:
    """Each audited page: its address and the cookie a phone holding the game's edit link sends."""
    if connection.vendor != "sqlite":
        pytest.skip("the page audits run once, on SQLite")
    from django.contrib.auth.models import User

    from tournaments.services.entries import entries_add
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create

    game, token = new_game(names=("Anna & Ben", "Carla & Dino"))
    play_hands(game, 3)
    client = Client()
    open_edit_link(client, game, token)
    cookie = "; ".join(f"{c.key}={c.value}" for c in client.cookies.values())
    director = User.objects.create_user("dora", password="x")
    tournament = tournament_create(name="Tuesday", format="swiss", rounds=2, director=director)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"Pair {i}"} for i in range(1, 7)])
    round_release(round_id=round_pair(tournament_id=tournament.id).id)
    base = live_server.url
    return {
        "home": (base + reverse("home"), ""),
        "new-game": (base + reverse("game-new"), ""),
        "scoreboard": (base + reverse("edit", args=[game.id]), cookie),
        "hand-entry": (base + reverse("hand-new", args=[game.id]), cookie),
        "opening": (base + reverse("opening"), ""),
        "rules": (base + reverse("variants"), ""),
        "tournament": (base + reverse("tournament", args=[tournament.id]), ""),
        "standings": (base + reverse("tournament-standings", args=[tournament.id]), ""),
    }


def lighthouse(url: str, cookie: str) -> dict:
    command = [
        str(LIGHTHOUSE),
        url,
        "--only-categories=" + ",".join(CATEGORIES),
        "--output=json",
        "--quiet",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking",
    ]
    if cookie:
        command.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        check=True,
    )
    return json.loads(done.stdout)


def test_lighthouse_scores_every_page_100(pages) -> None:
    assert LIGHTHOUSE.exists(), "npm packages missing: run make (npm ci)"
    low = {}
    # Four at a time: a run spends most of its time waiting for the page to settle, not
    # computing (each has a browser of its own).
    with ThreadPoolExecutor(max_workers=4) as runs:
        reports = dict(
            zip(pages, runs.map(lambda page: lighthouse(*page), pages.values()), strict=True)
        )
    for name, (url, cookie) in pages.items():
        report = reports[name]
        if any(report["categories"][c]["score"] != 1 for c in CATEGORIES):
            # Once more: on a loaded machine a request the page began (the engine's download,
            # in the background) can be cut off when Lighthouse leaves, and logged as an error.
            report = lighthouse(url, cookie)
        for category in CATEGORIES:
            score = report["categories"][category]["score"]
            if score != 1:
                failing = [
                    (key, [str(item)[:200] for item in audit.get("details", {}).get("items", [])])
                    for key, audit in report["audits"].items()
                    if audit.get("score") is not None
                    and audit["score"] < 1
                    and audit.get("scoreDisplayMode") in ("binary", "numeric")
                ]
                low[f"{name} {category}"] = (score, failing)
    assert low == {}


def test_axe_finds_no_violation_on_any_page(pages, browser) -> None:
    # bypass_csp: axe is added to the page by the test, which the page's policy would refuse.
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    phone = context.new_page()
    violations = {}
    for name, (url, cookie) in pages.items():
        if cookie:
            phone.context.set_extra_http_headers({"Cookie": cookie})
        phone.goto(url)
        phone.wait_for_load_state("networkidle")
        phone.add_script_tag(path=str(AXE))
        found = phone.evaluate(
            "axe.run(document).then(r => r.violations.map(v => [v.id, v.nodes.length]))"
        )
        if found:
            violations[name] = found
            phone.screenshot(path=str(ARTIFACTS / f"axe-{name}.png"), full_page=True)
    context.close()
    assert violations == {}
