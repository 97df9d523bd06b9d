"""A tournament's public pages in Debian's chromium: the wall screen at 1920×1080 cycles through
its panels and reloads itself when a result comes in; every public page at phone size (390×844)
has one h1, no sideways scrolling, 44 px targets and nothing refused by the CSP. Screenshots go
to test-artifacts/pages/ (en-tournament-*.png) to be looked at by eye."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ACTION_MS
from tests.browser.phones import picture, screen_page
from tests.browser.test_every_page import PAGES, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROJECTOR = {"width": 1920, "height": 1080}
PAIRS = [
    ("Les As", "Anna Rossi", "Ben Dupont"),
    ("Queens of the Green Baize", "Carla Núñez", "Dan Olsen"),
    ("Jokers", "Élodie Martin-Lefèvre", "Fred Weber"),
    ("Red Threes", "Gina Costa", "Hugo Brun"),
    ("Wild Cards", "Ines Alves", "Jan Novak"),
    ("Canastas", "Kim Berg", "Lou Petit"),
    ("Sevens", "Mia Rossi", "Ned Kelly"),
]


def a_round_in_play():
    """Round 2 of a Swiss being played: a table confirmed, one waiting, one disputed; a bye."""
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_close, round_pair, round_release
    from tournaments.services.tournament import tournament_create

    tournament = tournament_create(name="Spring Cup", format="swiss", rounds=4)
    entries_add(
        tournament_id=tournament.id,
        entries=[
            {"name": n, "player_1": a, "player_2": b, "seed": i}
            for i, (n, a, b) in enumerate(PAIRS, 1)
        ],
    )
    for scores in ([(900, 300), (500, 500), (300, 700)], [(1200, 800)]):
        drawn = round_pair(tournament_id=tournament.id)
        round_release(round_id=drawn.id)
        tables = list(drawn.matches.filter(ew__isnull=False).order_by("table"))
        for match, (ns, ew) in zip(tables, scores, strict=False):
            for by in ("ns", "ew"):
                result_submit(match_id=match.id, by=by, ns_score=ns, ew_score=ew)
        if drawn.number == 1:
            round_close(round_id=drawn.id)
    result_submit(match_id=tables[1].id, by="ns", ns_score=700, ew_score=600)
    result_submit(match_id=tables[2].id, by="ns", ns_score=800, ew_score=400)
    result_submit(match_id=tables[2].id, by="ew", ns_score=400, ew_score=800)
    return tournament, tables


def projector(browser) -> Page:
    page = screen_page(browser, PROJECTOR)
    page.set_default_timeout(ACTION_MS)
    PAGES.mkdir(parents=True, exist_ok=True)
    return page


def fits(page: Page) -> None:
    """Nothing wider than the screen, and the panel shown within its height."""
    size = page.evaluate(
        "() => [document.documentElement.scrollWidth,"
        " document.querySelector('.panel:not([hidden])').getBoundingClientRect().bottom]"
    )
    assert size[0] <= PROJECTOR["width"] and size[1] <= PROJECTOR["height"], size


@pytest.mark.slow
def test_the_wall_screen_cycles_its_panels_in_large_type(browser, live_server) -> None:
    tournament, _ = a_round_in_play()
    page = projector(browser)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    page.goto(f"{live_server.url}/t/{tournament.id}/screen/?cycle=2")
    pairings = page.get_by_test_id("panel-pairings")
    expect(pairings).to_be_visible()
    expect(pairings).to_contain_text("Queens of the Green Baize")
    expect(page.get_by_test_id("panel-standings")).to_be_hidden()
    size = pairings.locator("td").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 38  # readable from the back of the room
    assert page.locator("header.bar").count() == 0 and page.locator("h1").count() == 1
    fits(page)
    picture(page, path=str(PAGES / "en-tournament-screen-pairings-projector.png"))

    results = page.get_by_test_id("panel-results")
    expect(results).to_be_visible()
    expect(results).to_contain_text("With the director")
    expect(pairings).to_be_hidden()
    fits(page)
    picture(page, path=str(PAGES / "en-tournament-screen-results-projector.png"))

    standings = page.get_by_test_id("panel-standings")
    expect(standings).to_be_visible()
    expect(standings).to_contain_text("Provisional")
    expect(standings).to_contain_text("Les As")
    fits(page)
    picture(page, path=str(PAGES / "en-tournament-screen-standings-projector.png"))
    expect(pairings).to_be_visible()  # and round again
    assert not refused, refused


def test_a_big_field_pages_across_panels_that_each_fit_the_wall(browser, live_server) -> None:
    """45 pairs with long names: as many rows a panel as the wall holds, one line a row, each
    panel within 1080 px, its page number in its title."""
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create

    tournament = tournament_create(name="Club championship", format="swiss", rounds=5)
    entries_add(
        tournament_id=tournament.id,
        entries=[
            {"name": f"Pair {i:02} of the Friday evening club, table by the window", "seed": i}
            for i in range(1, 46)
        ],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    for match in drawn.matches.filter(ew__isnull=False)[:9]:
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=12450, ew_score=9870)
    page = projector(browser)
    page.goto(f"{live_server.url}/t/{tournament.id}/screen/?cycle=120")
    pages = page.locator(".panel").evaluate_all(
        "ps => ps.map(p => [p.dataset.panel, p.querySelectorAll('tbody tr').length,"
        " p.querySelector('h2 .page').hidden ? '' : p.querySelector('h2 .page').textContent])"
    )
    kinds = [kind for kind, _rows, _label in pages]
    # 23 pairing rows (22 tables and a bye), 22 results, the top 30 of the standings: every row
    # shown once, in pages of the same kind that follow each other.
    rows = {kind: sum(n for k, n, _label in pages if k == kind) for kind in set(kinds)}
    assert rows == {"pairings": 23, "results": 22, "standings": 30}
    assert kinds == sorted(kinds, key=["pairings", "results", "standings"].index)
    for kind in ("pairings", "results", "standings"):
        mine = [(n, label) for k, n, label in pages if k == kind]
        assert [label for _n, label in mine] == [
            f"{i}/{len(mine)}" for i in range(1, len(mine) + 1)
        ]
        sizes = [n for n, _label in mine]  # as few pages as 12 rows a page need, shared evenly
        assert max(sizes) - min(sizes) <= 1 and sum(sizes) > 12 * (len(sizes) - 1), (kind, mine)
    assert page.locator("main .screen-dots li").count() == len(pages)
    for i in range(len(kinds)):
        page.evaluate(
            f"() => document.querySelectorAll('.panel').forEach((p, j) => p.hidden = j !== {i})"
        )
        fits(page)
        if kinds[i] != kinds[i - 1] or i == 0:
            picture(page, path=str(PAGES / f"en-tournament-screen-long-{kinds[i]}-projector.png"))


def test_after_the_last_round_the_wall_opens_on_the_final_standings(browser, live_server) -> None:
    """Twelve pairs, the event over: the final standings first, all twelve on one page, and
    no "version" (which means nothing to the players)."""
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_close, round_pair, round_release
    from tournaments.services.standings import standings_recompute
    from tournaments.services.tournament import tournament_create

    tournament = tournament_create(name="Tuesday evening", format="swiss", rounds=1)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i:02}", "seed": i} for i in range(1, 13)],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    for i, match in enumerate(drawn.matches.filter(ew__isnull=False)):
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=900 - 50 * i, ew_score=300)
    round_close(round_id=drawn.id)
    standings_recompute(tournament_id=tournament.id)
    page = projector(browser)
    page.goto(f"{live_server.url}/t/{tournament.id}/screen/?cycle=120")
    standings = page.locator(".panel:not([hidden])")
    expect(standings).to_have_attribute("data-panel", "standings")
    expect(standings.locator("h2")).to_have_text("Final standings")
    expect(standings.locator("tbody tr")).to_have_count(12)
    expect(page.get_by_test_id("screen-meta")).to_have_text("Finished: the standings are final.")
    assert page.locator(".panel[data-panel=standings]").count() == 1  # not ten, then two
    assert "version" not in page.locator("body").inner_text().lower()
    fits(page)
    picture(page, path=str(PAGES / "en-tournament-screen-final-projector.png"))


def test_thirteen_pairs_share_two_pages_of_the_wall_evenly(browser, live_server) -> None:
    """13 pairs with long names: two pages of the standings, 7 and 6 rows (not 12 and a
    lonely 1)."""
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.standings import standings_recompute
    from tournaments.services.tournament import tournament_create

    tournament = tournament_create(name="Thirteen", format="swiss", rounds=3)
    long = "of the Friday evening club, table by the window"
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i:02} {long}", "seed": i} for i in range(1, 14)],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    for i, match in enumerate(drawn.matches.filter(ew__isnull=False)):
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=900 - 50 * i, ew_score=300)
    standings_recompute(tournament_id=tournament.id)
    page = projector(browser)
    page.goto(f"{live_server.url}/t/{tournament.id}/screen/?cycle=120")
    page.wait_for_function("document.querySelectorAll('.panel[data-panel=standings]').length")
    sizes = page.locator(".panel[data-panel=standings]").evaluate_all(
        "ps => ps.map(p => p.querySelectorAll('tbody tr').length)"
    )
    assert sizes == [7, 6]  # the wall holds 12 rows of these (the big field's test)


def test_the_wall_screen_reloads_itself_when_a_result_comes_in(browser, live_server) -> None:
    from tournaments.services.results import result_submit

    tournament, tables = a_round_in_play()
    page = projector(browser)
    polls: list[int] = []
    page.on("response", lambda r: polls.append(r.status) if "screen.json" in r.url else None)
    page.goto(f"{live_server.url}/t/{tournament.id}/screen/?cycle=2&poll=1")
    page.evaluate("window.loadedBefore = true")
    if 304 not in polls:  # the page's first look (it looks every second)
        page.wait_for_event("response", lambda r: "screen.json" in r.url)
    assert 304 in polls and 200 not in polls  # nothing new: nothing reloaded
    assert page.evaluate("window.loadedBefore") is True

    result_submit(match_id=tables[1].id, by="ew", ns_score=700, ew_score=600)
    page.wait_for_function("() => window.loadedBefore === undefined", timeout=40_000)
    results = page.get_by_test_id("panel-results")
    expect(results.locator("tr.status-confirmed")).to_have_count(2)
    expect(results).to_contain_text("700 – 600")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_public_pages_on_a_phone(phone: Page, live_server, language: str) -> None:
    PAGES.mkdir(parents=True, exist_ok=True)
    tournament, _ = a_round_in_play()
    from tournaments.models import Entry

    base = live_server.url
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    pair = Entry.objects.get(name="Queens of the Green Baize").id
    pages = {
        "tournament": f"/t/{tournament.id}/",
        "tournament-find": f"/t/{tournament.id}/?q=rossi",
        "tournament-standings": f"/t/{tournament.id}/standings/",
        "tournament-results": f"/t/{tournament.id}/results/",
        "tournament-pair": f"/t/{tournament.id}/pair/{pair}/",
        "tournament-screen": f"/t/{tournament.id}/screen/?cycle=120",
    }
    problems: list[str] = []
    refused: list[str] = []
    phone.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    for name, path in pages.items():
        check_page(
            phone, base + path, f"{language}-{name}", problems, refused, whole=language == "en"
        )
    assert not problems, "\n".join(problems)


def test_find_my_table_on_a_phone(phone: Page, live_server) -> None:
    tournament, _ = a_round_in_play()
    phone.goto(f"{live_server.url}/t/{tournament.id}/")
    phone.get_by_label("Find my table").fill("ÉLODIE")
    phone.get_by_test_id("find-submit").click()
    expect(phone.get_by_test_id("found")).to_contain_text("Jokers")
    expect(phone.get_by_test_id("found")).to_contain_text("table 3, East-West")


def test_the_public_pages_on_a_projector(browser, live_server) -> None:
    """The ordinary pages at 1920×1080 too: nothing stretched or cut."""
    tournament, _ = a_round_in_play()
    from tournaments.models import Entry

    page = projector(browser)
    pair = Entry.objects.get(name="Les As").id
    for name, path in {
        "tournament": f"/t/{tournament.id}/?q=rossi",
        "tournament-standings": f"/t/{tournament.id}/standings/",
        "tournament-results": f"/t/{tournament.id}/results/",
        "tournament-pair": f"/t/{tournament.id}/pair/{pair}/",
    }.items():
        page.goto(live_server.url + path)
        picture(page, path=str(PAGES / f"en-{name}-projector.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]


STATUS_LINES = """() => [...document.querySelectorAll('.panel-results td.s-status .s-clamp')].map(e => [
  e.textContent, Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))
])"""


@pytest.mark.parametrize(
    ("size", "language"),
    [(PROJECTOR, "en"), ({"width": 1366, "height": 768}, "en")]
    + [({"width": 1366, "height": 768}, code) for code in ("fr", "it", "de", "es", "nl", "pt-br")],
)
def test_a_reopened_tables_reason_takes_the_rows_spare_width(
    browser, live_server, size, language
) -> None:
    """A reopened table's status, "Reopened: Verdi forgot their red three", took three lines of a
    narrow Status column while the names beside it left the row half empty: it takes two at
    most, and the other statuses ("Waiting for the other pair", "With the director") one, on a
    wall and on a laptop's screen."""
    from tournaments.services.results import result_reopen

    tournament, tables = a_round_in_play()
    result_reopen(match_id=tables[0].id, reason="Verdi forgot their red three", author="dora")
    page = screen_page(browser, size)
    page.set_default_timeout(ACTION_MS)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    PAGES.mkdir(parents=True, exist_ok=True)
    page.goto(f"{live_server.url}/t/{tournament.id}/screen/?cycle=2")
    results = page.get_by_test_id("panel-results")
    expect(results).to_be_visible()
    lines = dict(page.evaluate(STATUS_LINES))
    name = f"{language}-tournament-screen-reopened-{size['width']}.png"
    picture(page, path=str(PAGES / name))
    reopened = next(status for status in lines if "Verdi forgot their red three" in status)
    assert lines.pop(reopened) <= 2, lines
    assert lines and all(n == 1 for n in lines.values()), lines
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
