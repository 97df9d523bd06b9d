"""Every kind of page a player, a club visitor or a club's director opens, audited as issue 19
asks, in Debian's full chromium, the players' browser (the other browser tests run in its
headless shell: tests/browser/conftest.py): Lighthouse (mobile, the npm package pinned in
package.json) scores 100 for best practices and SEO with no audit erroring (an audit Lighthouse
cannot compute fails the test rather than passing unseen), and axe-core (pinned too) finds no
violation.

Accessibility is axe's alone: Lighthouse's accessibility category is axe-core itself (the same
package, node_modules/axe-core), run on WCAG 2 A and AA's rules with a few more turned on; the
axe test here runs axe's default rules (a superset of those) and the ones Lighthouse turns on,
read from the pinned Lighthouse's own gatherer (``lighthouse_axe_rules``), on these pages and the
federation's: every check Lighthouse's accessibility score counts, once, where running it
inside Lighthouse too cost a quarter of Lighthouse's CPU (24 of 89 s). Its phone is 390 px wide,
narrower than Lighthouse's 412, and holds no service worker (Lighthouse's may). Performance, which
depends on the machine, is scored in bench/lighthouse.py instead, which names any of its audits
that errored.

The audits read the page, not the database: they run once (``one_pass``), on the PostgreSQL pass
of `make test`, which has the time (tests/browser/conftest.py)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.browser.conftest import ARTIFACTS, CHROMIUM, PHONE
from tests.factories import new_game, open_edit_link, play_hands

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.one_pass,
]

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE_PAGES = Path(__file__).with_name("lighthouse_pages.mjs")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CATEGORIES = ("best-practices", "seo")  # scored 100 here (accessibility: the axe test)
# Lighthouse's accessibility gatherer: which axe rules it turns on beyond axe's defaults.
LIGHTHOUSE_AXE = ROOT / "node_modules" / "lighthouse" / "core" / "gather" / "gatherers"
LIGHTHOUSE_AXE = LIGHTHOUSE_AXE / "accessibility.js"
# Performance is scored, and its audits checked for errors, in bench/lighthouse.py: it depends on
# the machine, and its page-load trace is the part of a run a loaded machine breaks (NO_NAVSTART).
RUN = CATEGORIES
# A page takes about 7 s here (most of it waiting for the page to settle), so three browsers
# share the pages; a share of about ten pages takes 70 s on this machine under a whole run's
# load: fifteen minutes leaves room for a machine four times slower.
SHARES = 3
LIGHTHOUSE_SECONDS = 900


def lighthouse_axe_rules() -> list[str]:
    """The axe rules Lighthouse's accessibility category turns on (``'rule': {enabled: true}``
    in its gatherer's call of axe.run), which axe's defaults leave off: the axe test turns them on
    too, so that it checks all that category does."""
    source = LIGHTHOUSE_AXE.read_text()
    rules = re.findall(r"'([a-z0-9-]+)': \{enabled: true\}", source)
    # Were the gatherer rewritten, the test would say so rather than check less unseen.
    assert "target-size" in rules and "identical-links-same-purpose" in rules, LIGHTHOUSE_AXE
    # One axe-core for both: a version of Lighthouse wanting another would bring its own.
    assert not (LIGHTHOUSE_AXE.parents[3] / "node_modules" / "axe-core").exists()
    return rules


# In the page: axe's defaults, the rules Lighthouse turns on, and every WCAG 2 A and AA rule
# neither deprecated nor experimental (what Lighthouse's run by those tags takes, were a new axe
# to leave one off by default): a superset of Lighthouse's accessibility run by construction.
AXE_RUN = """rules => {
  const on = Object.fromEntries(rules.map(id => [id, {enabled: true}]));
  for (const rule of axe.getRules(['wcag2a', 'wcag2aa'])) {
    if (!rule.tags.includes('deprecated') && !rule.tags.includes('experimental')) {
      on[rule.ruleId] = {enabled: true};
    }
  }
  return axe.run(document, {rules: on}).then(r => r.violations.map(v => [v.id, v.nodes.length]));
}"""


def cookie_of(client: Client) -> str:
    """The Cookie header of a phone holding what ``client`` holds (an edit link, a session)."""
    return "; ".join(f"{c.key}={c.value}" for c in client.cookies.values())


def every_page_kind() -> dict[str, tuple[str, str]]:
    """Each kind of page, by name: its path and the cookies it is opened with. A game and its
    phone; a Swiss being played, a knockout played to its end (its bracket), an individual
    event; a club with a saved preset, a season and games, opened by its director."""
    from tests.browser.test_club_pages import a_club, club_pages
    from tests.browser.test_tournament_screen import a_round_in_play
    from tests.integration.test_faults import event
    from tests.integration.test_tournament_public import a_knockout_played_to_its_end
    from tournaments.models import Entry
    from tournaments.table_keys import table_token

    game, token = new_game(names=("Anna & Ben", "Carla & Dino"))
    play_hands(game, 3)
    phone = Client()
    open_edit_link(phone, game, token)
    holder = cookie_of(phone)
    club, anna, dora = a_club()
    director = Client()
    director.force_login(dora)
    signed_in = cookie_of(director)
    swiss, tables = a_round_in_play()
    pair = Entry.objects.filter(tournament=swiss).first()
    knockout = a_knockout_played_to_its_end()
    individual = event(4, individual=True)
    player = Entry.objects.filter(tournament=individual).first()
    pages = {
        "home": (reverse("home"), ""),
        "home-signed-in": (reverse("home"), signed_in),
        "my-games": (reverse("my-games"), signed_in),
        "new-game": (reverse("game-new"), ""),
        "scoreboard": (reverse("edit", args=[game.id]), holder),
        "hand-entry": (reverse("hand-new", args=[game.id]), holder),
        "scoreboard-read-only": (reverse("game", args=[game.id]), ""),
        "history": (reverse("history", args=[game.id]), holder),
        "opening": (reverse("opening"), ""),
        "rules": (reverse("variants"), ""),
        "import": (reverse("game-import"), ""),
        "offline": (reverse("offline"), ""),
        "tournament": (reverse("tournament", args=[swiss.id]), ""),
        "standings": (reverse("tournament-standings", args=[swiss.id]), ""),
        "pair": (reverse("tournament-pair", args=[swiss.id, pair.id]), ""),
        "wall": (reverse("tournament-screen", args=[swiss.id]), ""),
        "table-link": (reverse("table", args=[table_token(tables[1].game, "ns")]), ""),
        "bracket": (reverse("tournament", args=[knockout.id]), ""),
        "individual": (reverse("tournament", args=[individual.id]), ""),
        "individual-standings": (reverse("tournament-standings", args=[individual.id]), ""),
        "individual-player": (reverse("tournament-pair", args=[individual.id, player.id]), ""),
        "tournaments": (reverse("tournament-list"), signed_in),
    }
    # The club's pages, the Rules page with its saved preset among them.
    pages.update({name: (path, signed_in) for name, path in club_pages(club, anna).items()})
    return pages


@pytest.fixture
def pages(live_server) -> dict[str, tuple[str, str]]:
    """Each audited page: its address and the cookies it is opened with."""
    return {
        name: (live_server.url + path, sent) for name, (path, sent) in every_page_kind().items()
    }


@pytest.fixture
def federation_pages(live_server, season_played) -> dict[str, tuple[str, str]]:
    """The federation's pages (tests/federation_season.py), as anyone, its officer and a club's
    director open them: audited by axe (Lighthouse's audits of the same kinds of page, tables
    and forms, are the club's)."""
    from federations.models import Ranking
    from tests.browser.test_federation_pages import director_pages, officer_pages

    Ranking.objects.filter(federation=season_played["fibur"]).update(rating=True)
    cookies = {}
    for who in ("fiona", "lia"):
        client = Client()
        client.force_login(season_played[who])
        cookies[who] = cookie_of(client)
    found = {
        f"federation-{name}": (live_server.url + path, cookies["fiona"])
        for name, path in officer_pages(season_played).items()
    }
    found["federation-ranking-public"] = (found["federation-ranking"][0], "")
    found.update(
        {
            f"federation-{name}": (live_server.url + path, cookies["lia"])
            for name, path in director_pages(season_played).items()
        }
    )
    return found


def lighthouse(pages: dict[str, tuple[str, str]], reports: Path) -> dict[str, dict | str]:
    """Each page's report, or what Lighthouse said when it failed: the pages shared between
    SHARES runs of tests/browser/lighthouse_pages.mjs, each one chromium auditing its pages in
    turn (a browser and Lighthouse started once, not once a page). The phone's engine, which a
    game's pages start loading, is refused, as in the axe test: the page is audited."""
    names = list(pages)
    shares = [names[i::SHARES] for i in range(SHARES)]

    def run(share: list[str], number: int) -> None:
        jobs = reports / f"jobs-{number}.json"
        jobs.write_text(
            json.dumps(
                [
                    {
                        "name": n,
                        "url": pages[n][0],
                        "cookie": pages[n][1],
                        "categories": RUN,
                        "blocked": ["*/static/vendor/pyodide/*"],
                    }
                    for n in share
                ]
            )
        )
        # A session of its own: a run that outlives its time is stopped with its chromium.
        audit = subprocess.Popen(
            ["node", str(LIGHTHOUSE_PAGES), str(jobs), str(reports)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            start_new_session=True,
        )
        try:
            _out, said = audit.communicate(timeout=LIGHTHOUSE_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(audit.pid, signal.SIGKILL)
            audit.communicate()
            said = f"no answer in {LIGHTHOUSE_SECONDS} s"
        for name in share:  # a run that died leaves its pages without a report
            if audit.returncode and not (reports / f"{name}.json").exists():
                (reports / f"{name}.error").write_text(said[-1500:])

    with ThreadPoolExecutor(max_workers=SHARES) as runs:
        list(runs.map(run, [s for s in shares if s], range(SHARES)))
    found: dict[str, dict | str] = {}
    for name in names:
        report, error = reports / f"{name}.json", reports / f"{name}.error"
        if report.exists():
            found[name] = json.loads(report.read_text())
            report.unlink()
        else:
            found[name] = error.read_text()[-1500:] if error.exists() else "no report"
            error.unlink(missing_ok=True)
    return found


def errored(report: dict) -> list[tuple[str, str]]:
    """The audits Lighthouse could not compute: a broken gatherer scores nothing, silently."""
    return [
        (key, str(audit.get("errorMessage", ""))[:200])
        for key, audit in report["audits"].items()
        if audit.get("scoreDisplayMode") == "error" or audit.get("errorMessage")
    ]


def below_100(report: dict) -> dict[str, tuple[float, list]]:
    low = {}
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
            low[category] = (score, failing)
    return low


def test_lighthouse_scores_every_page_100_with_no_audit_erroring(pages, tmp_path) -> None:
    assert LIGHTHOUSE_PAGES.exists() and (ROOT / "node_modules" / "lighthouse").exists(), (
        "npm packages missing: run make (npm ci)"
    )
    reports = lighthouse(pages, tmp_path)
    failed = {
        name: page
        for name, page in pages.items()
        if isinstance(reports[name], str) or below_100(reports[name]) or errored(reports[name])
    }
    # Once more: on a loaded machine a request the page began (the engine's download, in the
    # background) can be cut off when Lighthouse leaves, and logged as an error; or chromium can
    # be slow to answer Lighthouse and the run fails.
    reports.update(lighthouse(failed, tmp_path) if failed else {})
    problems = {}
    for name in pages:
        report = reports[name]
        if isinstance(report, str):
            problems[name] = {"lighthouse failed": report}
        elif below_100(report) or errored(report):
            problems[name] = {"below 100": below_100(report), "errored": errored(report)}
    assert problems == {}


def test_axe_finds_no_violation_on_any_page(pages, federation_pages, chromium, live_server) -> None:
    violations = {}
    pages = {**pages, **federation_pages}
    # One phone for every page, emptied before each (its cookies, storage and service worker):
    # a phone of its own for each page, as Lighthouse's, cost a new renderer process each time,
    # three times the CPU of the pages' audits. Its service worker is blocked: one page's would
    # answer the next. bypass_csp: axe is added to the page by the test, which the page's
    # policy would refuse.
    context = chromium.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True, service_workers="block"
    )
    # The page is audited, not the phone's engine, which a game's pages start loading (ten
    # megabytes of Pyodide, seconds of CPU to compile): refused, as on a phone without it.
    context.route("**/static/vendor/pyodide/**", lambda route: route.abort())
    phone = context.new_page()
    emptied = context.new_cdp_session(phone)
    rules = lighthouse_axe_rules()
    for name, (url, cookie) in pages.items():
        emptied.send(
            "Storage.clearDataForOrigin", {"origin": live_server.url, "storageTypes": "all"}
        )
        phone.set_extra_http_headers({"Cookie": cookie} if cookie else {})
        answer = phone.goto(url)
        assert answer.status == 200 and answer.url == url, (name, answer.status, answer.url)
        phone.wait_for_load_state("networkidle")
        phone.add_script_tag(path=str(AXE))
        found = phone.evaluate(AXE_RUN, rules)
        if found:
            violations[name] = found
            # What failed, always pictured: the context closes before the assertion.
            phone.screenshot(path=str(ARTIFACTS / f"axe-{name}.png"), full_page=True)
    context.close()
    assert violations == {}
