"""The club's pages at phone size (390×844) in every language of the site, as test_every_page
checks the others: one h1, no sideways scrolling, nothing refused by the Content-Security-Policy,
no target under 44×44 px, text contrast AA; the player's trend chart fits the phone and its
figures are a table a screen reader reads. And the same pages on a projector (1920×1080). Screenshots in
test-artifacts/pages/club-*.png, to be looked at by eye.

The languages change the pages' words, not what they read: English runs on both passes of
`make test`, the other six on the first (tests/browser/conftest.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE
from tests.browser.phones import picture, screen_page
from tests.browser.test_every_page import PAGES, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAIRS = [("Anna Rossi", "Ben Bianchi"), ("Carla Verdi", "Dario Neri")]
PAIRS += [("Elena Gallo", "Fabio Conti"), ("Gina Costa", "Hugo Marino")]


def a_club():
    """A club with a season of two events, three finished club games over three months (each
    with a penalty), a preset, a member and the rating on; its director's account."""
    from django.contrib.auth import get_user_model

    from clubs.models import Player
    from clubs.services import (
        club_create,
        club_game_create,
        club_rating_set,
        membership_set,
        preset_save,
        season_save,
    )
    from clubs.statistics_refresh import game_lines_refresh, lines_catch_up
    from scorekeeper.services import Author, hand_add
    from tests.integration.test_clubs import _one_round_event

    users = get_user_model().objects
    dora = users.create_user("dora", password="pw")
    users.create_user("mia", password="pw")
    club = club_create(name="Circolo Canasta Lucca", director=dora)
    membership_set(club_id=club.id, username="mia", role="member")
    events = [
        _one_round_event(club, dora, name, PAIRS, scores)
        for name, scores in (
            ("Martedì 3", {(1, 3): (3000, 1500), (2, 4): (2000, 1900)}),
            ("Martedì 10", {(1, 3): (1000, 1800), (2, 4): (1500, 1800)}),
        )
    ]
    season_save(
        club_id=club.id,
        name="Autunno",
        method="placing",
        best=1,
        event_ids=[e.id for e in events],
    )
    preset_save(
        club_id=club.id,
        name="Martedì: 10,000",
        variant="classic",
        players=4,
        sides=2,
        rules={"target": 10000},
    )
    # Played to 700: the penalty hand (20 to 570), then the hand that ends it (790 to 510).
    hands = [
        [
            {"melds": [{"rank": "5", "naturals": 4}]},
            {
                "melds": [{"rank": "Q", "naturals": 7}],
                "went_out": True,
                "adjustment": {"points": -100, "reason": "misdeal"},
            },
        ],
        [
            {"melds": [{"rank": "K", "naturals": 7}], "red_threes": 1, "went_out": True},
            {"hand": {"points": 60}},
        ],
    ]
    for months_ago in (0, 1, 2):
        game, _token = club_game_create(
            club_id=club.id,
            owner=dora,
            variant="classic",
            players=4,
            rules={"target": 700},
            sides=[
                {"name": "", "players": "Anna Rossi, Carla Verdi"},
                {"name": "", "players": "Ben Bianchi, Dario Neri"},
            ],
            played_on=timezone.localdate() - timedelta(days=31 * months_ago),
        )
        for sides in hands:
            hand_add(game_id=game.id, sides=sides, author=Author("dora"))
        game_lines_refresh(game_id=game.id)
    club_rating_set(club_id=club.id, on=True)
    assert lines_catch_up(club_id=club.id)
    anna = Player.objects.get(club=club, name="Anna Rossi")
    return club, anna, dora


def signed_in(page: Page, base: str, user) -> None:
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )


def club_pages(club, anna) -> dict[str, str]:
    season = club.seasons.get()
    return {
        "clubs": "/c/",
        "club": f"/c/{club.id}/",
        "players": f"/c/{club.id}/players/",
        "player": f"/c/{club.id}/players/{anna.id}/",
        "leaders": f"/c/{club.id}/leaders/",
        "seasons": f"/c/{club.id}/seasons/",
        "season": f"/c/{club.id}/seasons/{season.id}/",
        "presets": f"/c/{club.id}/presets/",
        "members": f"/c/{club.id}/members/",
        "club-game": f"/c/{club.id}/games/new/",
        "import": "/c/import/",
        "rules-with-presets": "/variants/",
    }


@pytest.mark.slow
@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_the_club_pages_on_a_phone(phone: Page, live_server, language: str) -> None:
    PAGES.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    club, anna, dora = a_club()
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    signed_in(phone, base, dora)
    problems: list[str] = []
    refused: list[str] = []  # the console's Content-Security-Policy refusals
    phone.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    for name, path in club_pages(club, anna).items():
        check_page(
            phone, base + path, f"club-{language}-{name}", problems, refused, whole=language == "en"
        )
        assert phone.locator("html").get_attribute("lang") == language, name
    assert not problems, "\n".join(problems)
    phone.goto(f"{base}/c/{club.id}/players/{anna.id}/")
    chart = phone.get_by_test_id("trend-chart").bounding_box()
    assert chart is not None and chart["width"] <= 390 - 16  # within the page's margins
    # Three months, each a row of figures for a screen reader: the month, games, average hand.
    rows = phone.get_by_test_id("trend-table").locator("tbody tr")
    assert rows.count() == 3
    assert phone.get_by_test_id("figures").inner_text().count("3") >= 1


def test_the_club_pages_on_a_projector(browser, live_server) -> None:
    club, anna, dora = a_club()
    page = screen_page(browser, {"width": 1920, "height": 1080})
    signed_in(page, live_server.url, dora)
    PAGES.mkdir(parents=True, exist_ok=True)
    for name in ("player", "leaders", "season"):
        page.goto(live_server.url + club_pages(club, anna)[name])
        picture(page, path=str(PAGES / f"club-projector-{name}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920, name
    # The leaders' table holds every player by name, whole.
    leaders = page.context.new_page()
    leaders.goto(live_server.url + club_pages(club, anna)["leaders"])
    text = leaders.locator("main").inner_text()
    assert all(name in text for name in ("Anna Rossi", "Ben Bianchi", "Carla Verdi"))


def test_a_members_rules_page_is_not_kept_for_the_next_user_of_the_phone(phone, live_server):
    """The Rules page lists a signed-in member's club rules: the service worker keeps it for
    nobody, so after logging out, offline, the phone shows none of them."""
    club, _anna, dora = a_club()
    base = live_server.url
    signed_in(phone, base, dora)
    phone.goto(f"{base}/variants/")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now under the service worker
    assert phone.evaluate("!!navigator.serviceWorker.controller")
    assert "Martedì: 10,000" in phone.locator("main").inner_text()
    phone.context.clear_cookies()  # the member has gone
    phone.context.set_offline(True)
    phone.goto(f"{base}/variants/")
    assert "Martedì: 10,000" not in phone.content()
    assert club.name not in phone.content()


def test_the_days_played_and_a_look_alike_name_on_a_phone(phone: Page, live_server) -> None:
    """A director's day of the club on a phone: the players page asks about a look-alike name,
    the event's and a game's day are set in their boxes, a season by dates, and the player's
    latest games name the event, the opponents and the result in force."""
    from scorekeeper.models import Game

    PAGES.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    club, anna, dora = a_club()
    signed_in(phone, base, dora)
    problems: list[str] = []
    refused: list[str] = []
    phone.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    phone.goto(f"{base}/c/{club.id}/players/")
    phone.get_by_label("Player's name").fill("Ana Rossi")
    phone.get_by_role("button", name="Add", exact=True).click()
    question = phone.get_by_test_id("lookalikes")
    assert "did you mean Anna Rossi?" in question.inner_text()
    question.scroll_into_view_if_needed()
    picture(phone, path=str(PAGES / "club-en-players-lookalike.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    event = club.tournaments.order_by("id").first()
    for name, path in {
        "club-game-day": f"/c/{club.id}/games/new/",
        "seasons-dates": f"/c/{club.id}/seasons/",
        "player-latest": f"/c/{club.id}/players/{anna.id}/",
    }.items():
        check_page(phone, base + path, f"club-en-{name}", problems, refused)
    phone.goto(f"{base}/c/{club.id}/games/new/")
    phone.get_by_label("Played on").scroll_into_view_if_needed()
    picture(phone, path=str(PAGES / "club-en-club-game-day-field.png"))
    phone.goto(f"{base}/c/{club.id}/seasons/")
    phone.locator(".season-dates").scroll_into_view_if_needed()
    picture(phone, path=str(PAGES / "club-en-seasons-dates-field.png"))
    phone.goto(f"{base}/t/{event.id}/director/")  # its layout is checked by test_every_page
    phone.get_by_test_id("played-on-card").locator("summary").click()
    picture(
        phone.get_by_test_id("played-on-card"), path=str(PAGES / "club-en-director-day-open.png")
    )
    phone.goto(f"{base}/c/{club.id}/players/{anna.id}/")
    picture(phone.get_by_test_id("recent-games"), path=str(PAGES / "club-en-latest-games.png"))
    assert "Martedì" in phone.get_by_test_id("recent-games").inner_text()
    game = Game.objects.filter(sides__seated__player=anna, match__isnull=True).first()
    phone.goto(f"{base}/g/{game.id}/edit/")
    phone.get_by_test_id("played-on").locator("summary").click()
    phone.get_by_test_id("played-on").scroll_into_view_if_needed()
    picture(phone, path=str(PAGES / "club-en-game-day.png"))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "viewport", [PHONE, {"width": 1366, "height": 768}], ids=["phone", "desktop"]
)
def test_the_look_alike_question_is_in_sight_after_adding_in_a_club_of_30(
    browser, live_server, viewport
) -> None:
    """In a club of 30 players, adding "Ana Rossi" asks "did you mean Anna Rossi?" in the first
    screen after the page reloads (it was 4,600 px down on a phone, under the list), and the
    question has the focus, for a screen reader to read it."""
    from clubs.services import club_create, player_add

    dora = get_user_model().objects.create_user("dora", password="pw")
    club = club_create(name="Circolo Bologna", director=dora)
    for name in ["Anna Rossi", *(f"Player {i:02d}" for i in range(1, 30))]:
        player_add(club_id=club.id, name=name)
    page = screen_page(browser, viewport)
    signed_in(page, live_server.url, dora)
    page.goto(f"{live_server.url}/c/{club.id}/players/")
    page.get_by_label("Player's name").fill("Ana Rossi")
    page.get_by_role("button", name="Add", exact=True).click()
    question = page.get_by_test_id("lookalikes")
    assert "did you mean Anna Rossi?" in question.inner_text()
    box = question.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    # autofocus is given once the page has loaded, after the element is there: waited for.
    expect(question).to_be_focused()
    PAGES.mkdir(parents=True, exist_ok=True)
    picture(page, path=str(PAGES / f"club-en-players-lookalike-30-{viewport['width']}.png"))


# Each y tick label's box in the chart's own units (getBBox: the font the phone draws it in).
TICK_LABELS = """svg => [...svg.querySelectorAll('.ticks text')].map(t => {
  const b = t.getBBox(); return [t.textContent, b.x, b.x + b.width, svg.viewBox.baseVal.width];
})"""


@pytest.mark.parametrize(
    "averages",
    [(1200, 955), (-1200, 1200), (-12000,)],
    ids=["plus-1250", "minus-2000", "minus-12500"],
)
def test_the_month_charts_labels_are_whole_inside_it(phone: Page, live_server, averages) -> None:
    """ "+1250" lost its "+" at the chart's left edge on a phone: every y label is drawn inside
    the chart, whatever its length and sign."""
    from datetime import date

    from clubs.models import Player
    from clubs.services import club_create, player_add
    from tests.integration.test_clubs import _games_won

    dora = get_user_model().objects.create_user("dora", password="pw")
    club = club_create(name="Circolo Bologna", director=dora)
    for name in ("Anna", "Ben"):
        player_add(club_id=club.id, name=name)
    won = _games_won(club)
    for month, average in enumerate(averages, start=10):
        won(("Anna",), ("Ben",), average, 1, day=date(2026, month, 3))
    anna = Player.objects.get(club=club, name="Anna")
    signed_in(phone, live_server.url, dora)
    phone.goto(f"{live_server.url}/c/{club.id}/players/{anna.id}/")
    chart = phone.get_by_test_id("trend-chart")
    labels = chart.evaluate(TICK_LABELS)
    assert len(labels) >= 3
    for text, left, right, width in labels:
        assert left >= 0 and right <= width, (text, left, right)
    PAGES.mkdir(parents=True, exist_ok=True)
    picture(chart, path=str(PAGES / f"club-en-chart-{'_'.join(map(str, averages))}.png"))
