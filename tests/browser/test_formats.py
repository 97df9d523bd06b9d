"""Two events of the issue "Every format from the pages", run from the director's pages in
Debian's chromium: a 9-pair evening of two Mitchell rounds then a Danish round, sit-outs scored
at the pair's own average; and an 8-pair knockout with a third-place match, its bracket on the
wall at 1920×1080 filling in round by round. The tables' results come in through the services
(the tables' own pages are the club evening's test), but for one table that plays its round's
two hands on a phone. Screenshots: test-artifacts/browser/formats-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ACTION_MS, ARTIFACTS
from tests.browser.phones import held_phone, picture, screen_page
from tests.browser.test_club_evening import fits_the_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROJECTOR = {"width": 1920, "height": 1080}


def shot(page: Page, name: str, full: bool = True) -> None:
    picture(page, path=str(ARTIFACTS / f"formats-{name}.png"), full_page=full, timeout=240_000)


@pytest.fixture
def director(browser, live_server, django_user_model, settings) -> Iterator[Page]:
    """The director, logged in on a phone, on the new-tournament form."""
    settings.LOCAL_ADDRESSES = []  # the live server answers on this machine only
    django_user_model.objects.create_user("dora", password="club-evening-1")
    with held_phone(browser) as page:
        page.goto(f"{live_server.url}/accounts/login/?next=/t/new/")
        page.locator("#id_username").fill("dora")
        page.locator("#id_password").fill("club-evening-1")
        page.locator("form [type=submit]").click()
        expect(page.locator("#id_name")).to_be_visible()
        # The form's script (a module: it runs once the page is parsed) has started: it hides
        # the "Fill in" button a page without script shows, and fills in on choosing a format.
        expect(page.get_by_test_id("fill")).to_be_hidden()
        yield page


def import_pairs(page: Page, count: int) -> None:
    csv = "name,player_1,player_2,club\n" + "\n".join(
        f"Pair {i},Ann {i},Bob {i},Club {i % 3}" for i in range(1, count + 1)
    )
    page.locator("#id_text").fill(csv)
    page.get_by_test_id("import").click()
    expect(page.get_by_test_id("pairs")).to_contain_text(f"{count} pairs")


def settle_all(number: int, scores: dict[int, tuple[int, int]] | None = None) -> None:
    """Both pairs of every open table of round ``number`` confirm a result (``scores`` by table;
    else a win for North-South by 100 per table number)."""
    from tournaments.models import Match
    from tournaments.services.results import result_submit

    matches = Match.objects.filter(round__number=number, ew__isnull=False, result__isnull=True)
    for match in matches.order_by("table"):
        ns, ew = (scores or {}).get(match.table, (600 + 100 * match.table, 400))
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=ns, ew_score=ew)


def play_two_hands(browser, base: str, game) -> None:
    """One table on a phone: "Enter hand 1 of 2", "Hand 2 of 2", then the game sends the pair
    to its result, and both pairs send it."""
    from tournaments.table_keys import table_token

    with held_phone(browser) as page:
        page.goto(f"{base}/t/table/{table_token(game, 'ns')}/")
        expect(page.get_by_test_id("enter-hands")).to_contain_text("0 of 2 entered")
        page.get_by_test_id("enter-hands").click()
        for number, (ns, ew) in enumerate(((500, 300), (300, 450)), 1):
            expect(page.get_by_test_id("enter-hand")).to_have_text(f"Enter hand {number} of 2")
            page.get_by_test_id("enter-hand").click()
            expect(page.locator("h1")).to_have_text(f"Hand {number} of 2")
            for side, points in enumerate((ns, ew)):
                page.get_by_test_id(f"side-{side}-mode-totals").click()
                page.get_by_test_id(f"side-{side}-melded-points").fill(str(points))
            page.get_by_test_id("save").click()
        # The scoreboard asks for the result (waiting for it first: the entry page, still
        # showing while the save goes through, has no "Enter hand" either).
        expect(page.get_by_test_id("send-result")).to_be_visible()
        expect(page.get_by_test_id("enter-hand")).to_have_count(0)  # no hand 3
        fits_the_phone(page)
        shot(page, "mitchell-table-after-2-hands")
        page.get_by_test_id("send-result").click()
        expect(page.get_by_test_id("hands-done")).to_be_visible()
        page.get_by_test_id("submit").click()
        expect(page.get_by_test_id("table-state")).to_contain_text("Waiting for")
    with held_phone(browser) as page:
        page.goto(f"{base}/t/table/{table_token(game, 'ew')}/")
        page.get_by_test_id("submit").click()
        expect(page.get_by_test_id("table-state")).to_contain_text("Confirmed by both pairs")


def next_round(page: Page, number: int) -> None:
    """Generate (after round 1: close the last and generate) round ``number`` and release it."""
    generate = page.get_by_test_id("generate")
    if number > 1:
        expect(generate).to_have_text(
            f"Close round {number - 1} and generate round {number}", timeout=120_000
        )
    generate.click()
    expect(page.get_by_test_id("release")).to_be_visible(timeout=120_000)


@pytest.mark.slow
def test_nine_pairs_play_two_mitchell_rounds_then_a_danish_with_averaged_sit_outs(
    browser, live_server, director: Page
) -> None:
    from tournaments.models import Match

    page, base = director, live_server.url
    page.locator("#id_name").fill("Mitchell and Danish")
    page.locator("#id_club_format").select_option("mitchell2-danish")
    # The club format fills the form in, visibly, before anything is saved.
    expect(page.get_by_test_id("filled")).to_be_visible()
    expect(page.locator("#id_phase_1_format")).to_have_value("mitchell")
    expect(page.locator("#id_phase_1_rounds")).to_have_value("2")
    expect(page.locator("#id_phase_2_format")).to_have_value("danish")
    expect(page.locator("#id_phase_2_rounds")).to_have_value("1")
    expect(page.locator("#id_sit_out")).to_have_value("own_average")
    expect(page.locator("#id_hands_per_round")).to_have_value("2")
    fits_the_phone(page)
    shot(page, "mitchell-01-new")
    page.get_by_test_id("create").click()
    expect(page.get_by_test_id("plan-line")).to_contain_text(
        "Mitchell ×2, then Modified Danish ×1 · 2 hands a round"
    )
    import_pairs(page, 9)

    next_round(page, 1)
    phantom = page.get_by_test_id("round").get_by_text("the phantom's table")
    expect(phantom).to_have_count(1)  # the reason says what happened, not "lowest-ranked"
    shot(page, "mitchell-02-round-1-draft")
    page.get_by_test_id("release").click()
    expect(page.get_by_test_id("next-step")).to_contain_text("being played")
    first = Match.objects.get(round__number=1, table=1)
    play_two_hands(browser, base, first.game)
    settle_all(1)
    sat_out = Match.objects.get(round__number=1, ew__isnull=True).ns

    next_round(page, 2)
    page.get_by_test_id("release").click()
    settle_all(2)
    next_round(page, 3)  # the Danish round: by the standings
    expect(page.get_by_test_id("round")).to_contain_text("next to each other in the standings")
    page.get_by_test_id("release").click()
    settle_all(3)
    expect(page.get_by_test_id("close")).to_be_visible(timeout=120_000)
    page.get_by_test_id("close").click()
    expect(page.get_by_test_id("finished")).to_be_visible()
    expect(page.get_by_test_id("standings-state").locator("tbody tr")).to_have_count(9)
    fits_the_phone(page)
    shot(page, "mitchell-03-finished")

    # The pair that sat out round 1 scores there its own average over the rounds it played,
    # read off its public cross-table: the mean of the points beside its tables.
    page.goto(f"{base}/t/{first.round.tournament_id}/pair/{sat_out.id}/")
    rows = page.get_by_test_id("cross-table").locator("tbody tr")
    lines = [
        (row.locator(".c-points").inner_text(), row.locator(".c-status").inner_text())
        for row in rows.all()
    ]
    sitting = [float(p) for p, status in lines if status.startswith("Sits out")]
    played = [float(p) for p, status in lines if status == "Confirmed"]
    assert len(sitting) == 1 and played, lines
    assert sitting[0] == pytest.approx(sum(played) / len(played), abs=0.05), lines
    expect(page.get_by_test_id("standing")).to_contain_text("(final)")
    fits_the_phone(page)
    shot(page, "mitchell-04-sat-out-pair")


def wall_panel(wall: Page, kind: str) -> None:
    """Wait for the wall to show its ``kind`` panel (it cycles every second here)."""
    expect(wall.locator(f".panel[data-panel={kind}]:not([hidden])")).to_be_visible(timeout=60_000)


@pytest.mark.slow
def test_an_eight_pair_knockout_with_a_third_place_fills_its_bracket_on_the_wall(
    browser, live_server, director: Page
) -> None:
    from tournaments.models import Match, Tournament

    page, base = director, live_server.url
    page.locator("#id_name").fill("Cup night")
    page.locator("#id_club_format").select_option("knockout")
    expect(page.locator("#id_phase_1_format")).to_have_value("knockout")
    expect(page.locator("#id_third_place")).to_be_checked()
    page.get_by_test_id("create").click()
    expect(page.get_by_test_id("plan-line")).to_contain_text("Knockout (with a third-place match)")
    import_pairs(page, 8)
    tournament = Tournament.objects.get()

    wall = screen_page(browser, PROJECTOR)
    wall.set_default_timeout(ACTION_MS)
    wall.goto(f"{base}/t/{tournament.id}/screen/?cycle=1&poll=1")
    # Round by round: quarter-finals, semi-finals, then the final and the third-place match.
    for number, decided in ((1, 4), (2, 6), (3, 8)):
        next_round(page, number)
        page.get_by_test_id("release").click()
        settle_all(number)
        # The wall reloads itself on the new results; its bracket shows every match decided.
        wall_panel(wall, "bracket")
        bracket = wall.locator(".panel[data-panel=bracket]:not([hidden])")
        expect(bracket.locator(".b-slot.won")).to_have_count(decided, timeout=60_000)
        size = wall.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        assert size == [1920, 1080], size  # the bracket fits the wall, nothing scrolled
        shot(wall, f"knockout-wall-round-{number}", full=False)
    expect(page.get_by_test_id("close")).to_be_visible(timeout=120_000)
    page.get_by_test_id("close").click()
    expect(page.get_by_test_id("finished")).to_be_visible()
    # Finished: the wall opens on the podium, the champion first.
    wall_panel(wall, "bracket")
    podium = wall.get_by_test_id("podium")
    expect(podium).to_be_visible()
    final = Match.objects.get(round__number=3, table=1)  # North-South won every table
    expect(podium.locator(".place-1")).to_have_text(f"1Champion: {final.ns.name}")
    expect(podium.locator(".place-3")).to_contain_text("Third:")
    expect(podium.locator(".place-4")).to_contain_text("Fourth:")
    size = wall.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size == [1920, 1080], size  # the podium and the whole bracket, on one screen
    shot(wall, "knockout-wall-podium", full=False)

    # The director's page and the public standings show the bracket, not Buchholz.
    expect(page.get_by_test_id("bracket-section").get_by_test_id("podium")).to_be_visible()
    fits_the_phone(page)
    shot(page, "knockout-director")
    page.goto(f"{base}/t/{tournament.id}/standings/")
    expect(page.get_by_test_id("bracket")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Buchholz")
    expect(page.locator("body")).not_to_contain_text(re.compile("Head to head"))
    fits_the_phone(page)
    shot(page, "knockout-standings")
    pdf = page.request.get(f"{base}/t/{tournament.id}/bracket.pdf")
    assert pdf.status == 200 and pdf.body().startswith(b"%PDF")
