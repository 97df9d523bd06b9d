"""Keep scoring when the Wi-Fi drops (issue 19), in Debian's chromium at phone size: the phone's
own engine scores, hands wait on the phone (IndexedDB) through a reload and a closed tab, and are
saved once each, in order, when the connection returns; a second phone saving meanwhile gives the
choice. Screenshots go to test-artifacts/browser/."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, console_errors
from tests.browser.phones import ENGINE_MEMORY, engine_memory_kept, engine_phone, picture
from tests.factories import BIG_HAND, NS_OUT_WITH_KINGS
from tests.waiting import wait_until

pytestmark = [
    pytest.mark.browser,
    pytest.mark.engine,
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
]

QUEUED = """() => new Promise(done => window.canastaQueue.list().then(items => done(items.map(i => [i.number, i.state]))))"""


def queued_once_settled(page: Page, expected: list, seconds: float = 40) -> list:
    """The kept items once they read ``expected`` (or as they read after ``seconds``): the page
    forgets a kept item as it loads, after its message is already shown. Forty seconds: a few
    here under a whole run's load, room for a machine four times slower."""
    deadline = time.monotonic() + seconds
    items: list = []
    while True:
        try:
            items = page.evaluate(QUEUED)
        except PlaywrightError:  # the page reloading once its kept hands are sent: ask again
            items = ["reloading"]
        if items == expected or time.monotonic() > deadline:
            return items
        page.wait_for_timeout(100)


def shot(page: Page, name: str, full_page: bool = False) -> None:
    picture(page, path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def new_game(page: Page, base: str):
    """A classic game, this phone holding its edit link; its pages opened once, online, so the
    service worker keeps them, and the entry page's engine loaded."""
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    page.goto(f"{base}/g/{game.id}/play/{token}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the service worker, which keeps the page
    page.goto(f"{base}/g/{game.id}/edit/hand/")
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=180_000)
    return game


def enter(page: Page, side: int, rank: str, naturals: int) -> None:
    page.get_by_test_id(f"side-{side}-add-meld").click()
    page.get_by_test_id(f"side-{side}-rank-{rank}").click()
    page.get_by_test_id(f"side-{side}-meld-0-naturals").fill(str(naturals))


def test_three_hands_offline_survive_a_reload_and_a_closed_tab_and_are_saved_once(
    browser, live_server
) -> None:
    page = engine_phone(browser, live_server.url, first_start=True)
    context = page.context
    game = new_game(page, live_server.url)
    engine_memory_kept(page)
    context.set_offline(True)
    expect(page.get_by_test_id("offline-note")).to_be_visible()

    enter(page, 0, "Q", 4)  # +40 for Us, scored on the phone: no server to ask
    expect(page.get_by_test_id("side-0-live")).to_have_text("+40 → 40")
    page.get_by_test_id("save").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 2")
    expect(page.get_by_test_id("queued-1")).to_contain_text("waiting to send")

    enter(page, 1, "K", 5)  # +50 for Them
    expect(page.get_by_test_id("side-1-live")).to_have_text("+50 → 50")
    page.get_by_test_id("save").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 3")

    page.reload()  # offline: the service worker's copy, the queue from IndexedDB
    expect(page.locator("#hand-title")).to_have_text("Hand 3")
    expect(page.get_by_test_id("side-0-needs")).to_contain_text("50")
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=180_000)
    # With no connection, from the memory the first page kept (engine-worker.mjs).
    expect(page.locator("body")).to_have_attribute("data-engine-start", "kept")
    enter(page, 0, "A", 3)  # +60 for Us: 100
    expect(page.get_by_test_id("side-0-live")).to_have_text("+60 → 100")
    page.get_by_test_id("save").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 4")
    shot(page, "60-offline-three-hands-kept")
    assert page.evaluate(QUEUED) == [[1, "waiting"], [2, "waiting"], [3, "waiting"]]
    assert game.hands.count() == 0

    page.close()  # the tab closed, then opened again, still offline
    page = context.new_page()
    page.goto(f"{live_server.url}/g/{game.id}/edit/")
    expect(page.get_by_test_id("queued")).to_contain_text("Hand 3")
    # Where the table stands with the hands kept here, and the next hand's number.
    expect(page.get_by_test_id("total-0")).to_have_text("100")
    expect(page.get_by_test_id("total-1")).to_have_text("50")
    expect(page.get_by_test_id("kept-total-0")).to_have_text(
        "with the hands not yet sent (saved: 0)"
    )
    expect(page.get_by_test_id("enter-hand")).to_have_text("Enter hand 4")
    shot(page, "61-offline-scoreboard-waiting")

    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.get_by_test_id("total-0")).to_have_text("100", timeout=60_000)
    expect(page.get_by_test_id("total-1")).to_have_text("50")
    expect(page.get_by_test_id("queued")).to_be_hidden()
    expect(page.get_by_test_id("kept-total-0")).to_have_count(0)
    assert queued_once_settled(page, []) == []
    assert [h.number for h in game.hands.order_by("number")] == [1, 2, 3]
    shot(page, "62-offline-all-sent")
    context.close()


def test_a_hand_kept_offline_that_meets_another_phones_hand_goes_to_the_choice(
    phone: Page, second_phone: Page, live_server
) -> None:
    from scorekeeper.services import Author, hand_add

    game = new_game(phone, live_server.url)
    phone.context.set_offline(True)
    enter(phone, 0, "Q", 4)
    phone.get_by_test_id("save").click()
    expect(phone.get_by_test_id("queued-1")).to_contain_text("waiting to send")
    # Meanwhile the other phone saves hand 1 (online).
    hand_add(
        game_id=game.id,
        sides=[{"melds": [{"rank": "Q", "naturals": 4}]}, {}],
        author=Author.of(None),
        expected_number=1,
    )

    phone.context.set_offline(False)
    phone.goto(f"{live_server.url}/g/{game.id}/edit/")
    # The page sends what waits when it loads, and every 10 s: on a loaded machine the first
    # send can be the one the entry page began as it was left.
    expect(phone.get_by_test_id("queued-choose-1")).to_be_visible(timeout=120_000)
    phone.get_by_test_id("queued-choose-1").click()
    expect(phone.get_by_test_id("conflict")).to_be_visible()
    # The same scores on both phones: "the same hand" is the main button.
    expect(phone.get_by_test_id("same-hand")).to_have_class("primary big")
    phone.goto(f"{live_server.url}/g/{game.id}/edit/")  # leaving the choice keeps the entry
    expect(phone.get_by_test_id("queued-choose-1")).to_be_visible()
    phone.get_by_test_id("queued-choose-1").click()
    phone.get_by_test_id("same-hand").click()
    expect(phone.locator(".messages")).to_contain_text("dropped")
    assert queued_once_settled(phone, []) == []
    assert game.hands.count() == 1


def test_a_kept_item_that_is_not_a_hand_of_its_game_is_never_sent(phone: Page, live_server) -> None:
    """From an attack: an item written into the phone's store by hand (the phone in someone's
    hands) named another address; the queue posted it with the cookies of whoever was logged in.
    Only a new hand of the item's own game is ever sent."""
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    phone.goto(f"{live_server.url}/g/{game.id}/play/{token}/")
    posted: list[str] = []
    phone.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    planted = {
        "key": "k" * 32,
        "game": game.id,
        "url": "/admin/auth/user/1/change/",
        "fields": {"first_name": "planted"},
        "number": 1,
        "totals": None,
    }
    phone.evaluate(
        "item => window.canastaQueue.put(item).then(() => window.canastaQueue.flush())", planted
    )
    assert phone.evaluate(QUEUED) == [[1, "refused"]]
    assert posted == []


def test_offline_a_hand_the_rules_refuse_is_not_kept_and_a_quick_save_keeps_its_score(
    phone: Page, live_server
) -> None:
    """From a review: offline, the phone's engine refuses what the server would (nothing kept,
    the reason shown); a Save tapped before the live score came still keeps the hand's score."""
    game = new_game(phone, live_server.url)
    phone.context.set_offline(True)
    enter(phone, 0, "K", 1)  # a one-card meld
    phone.get_by_test_id("save").click()
    expect(phone.get_by_test_id("send-status")).to_contain_text("Not saved")
    expect(phone.locator("#hand-title")).to_have_text("Hand 1")
    assert phone.evaluate(QUEUED) == []
    phone.get_by_test_id("side-0-meld-0-naturals").fill("5")
    phone.get_by_test_id("save").click()  # at once: the live score has not come yet
    expect(phone.locator("#hand-title")).to_have_text("Hand 2")
    totals = phone.evaluate("window.canastaQueue.list().then(items => items[0].totals)")
    assert [t["score_after"] for t in totals] == [50, 0]
    assert game.hands.count() == 0


def test_two_tabs_back_online_save_each_kept_hand_once_and_discard_renumbers(
    browser, live_server
) -> None:
    first = engine_phone(browser, live_server.url, device_scale_factor=1)
    context = first.context
    game = new_game(first, live_server.url)
    context.set_offline(True)
    for hand, rank in ((1, "Q"), (2, "K"), (3, "A")):
        enter(first, 0, rank, 3)
        first.get_by_test_id("save").click()
        expect(first.locator("#hand-title")).to_have_text(f"Hand {hand + 1}")
    second = context.new_page()
    second.goto(f"{live_server.url}/g/{game.id}/edit/")  # the kept copy, with the same store
    context.set_offline(False)
    for page in (first, second):  # both tabs hear it at once and send
        page.evaluate("window.dispatchEvent(new Event('online'))")
    for page in (first, second):
        # A send that got no answer waits for the next look (every 10 s): on a loaded machine
        # that can be twice.
        expect(page.get_by_test_id("queued")).to_be_hidden(timeout=120_000)
    assert [h.number for h in game.hands.order_by("number")] == [1, 2, 3]

    # A kept hand the player gives up: the hands after it take the numbers before.
    items = [
        {
            "key": f"{n}" * 32,
            "game": game.id,
            "url": f"/g/{game.id}/edit/hand/",
            "number": n,
            "fields": {"number": str(n), "record": "[]"},
            "totals": None,
            "state": "refused" if n == 4 else "waiting",
            "at": n,
        }
        for n in (4, 5, 6)
    ]
    first.evaluate("items => Promise.all(items.map(i => window.canastaQueue.put(i)))", items)
    first.evaluate("key => window.canastaQueue.discard(key)", "4" * 32)
    kept = first.evaluate(
        "window.canastaQueue.list().then(items => items.map(i => [i.number, i.fields.number]))"
    )
    assert kept == [[4, "4"], [5, "5"]]
    context.close()


KEPT_PAGES = """() => caches.keys().then(names => Promise.all(names.filter(n => n.startsWith("pages-"))
  .map(n => caches.open(n).then(c => c.keys())))).then(lists => lists.flat().map(r => new URL(r.url).pathname))"""


def test_the_first_page_a_phone_opens_and_its_games_other_page_open_offline(
    phone: Page, live_server
) -> None:
    """From a new user: the first page a phone opened came before the service worker, so it was
    not kept, nor the entry page it never opened. The worker now keeps both."""
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    phone.goto(f"{live_server.url}/g/{game.id}/play/{token}/")  # lands on the scoreboard
    board, entry = f"/g/{game.id}/edit/", f"/g/{game.id}/edit/hand/"
    wait_until(lambda: {board, entry} <= set(phone.evaluate(KEPT_PAGES)), 80, "both pages kept")
    phone.context.set_offline(True)
    phone.goto(live_server.url + entry)
    expect(phone.locator("#hand-title")).to_have_text("Hand 1")
    phone.goto(live_server.url + board)
    expect(phone.get_by_test_id("total-0")).to_have_text("0")


def test_offline_the_phone_says_when_the_game_is_won(phone: Page, live_server) -> None:
    """The target reached with the connection off: the phone's engine says who wins, as the
    server then does, and no further hand is entered."""
    from scorekeeper.services import game_create

    game, token = game_create(
        variant="classic",
        players=4,
        sides=[{"name": "Us"}, {"name": "Them"}],
        rules={"target": 500},
    )
    phone.goto(f"{live_server.url}/g/{game.id}/play/{token}/")
    phone.goto(f"{live_server.url}/g/{game.id}/edit/hand/")
    expect(phone.locator("body")).to_have_attribute("data-engine", "ready", timeout=180_000)
    phone.context.set_offline(True)
    enter(phone, 0, "K", 7)  # a natural canasta: 70 + 500
    phone.get_by_test_id("side-0-went-out").check()
    expect(phone.get_by_test_id("preview")).to_contain_text("Us win the game.")
    phone.get_by_test_id("save").click()
    expect(phone.get_by_test_id("send-status")).to_contain_text("Us win the game.")
    expect(phone.get_by_test_id("save")).to_be_disabled()
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    phone.goto(f"{live_server.url}/g/{game.id}/edit/")
    expect(phone.get_by_test_id("winner")).to_contain_text("Us win!", timeout=60_000)


ENGINE_KEPT = (
    """files => Promise.all(files.map(f => caches.match(f))).then(found => found.every(Boolean))"""
)


def engine_kept(page: Page) -> None:
    """Once the service worker has every file of the phone's engine (it is asked once the engine
    is ready): a page opened later with no connection loads the engine."""
    from scorekeeper.phone_engine import engine_config

    files = engine_config()["files"]
    wait_until(lambda: page.evaluate(ENGINE_KEPT, files), 180, "the engine's files kept")


def test_a_phone_that_opened_its_game_scores_offline_on_the_entry_it_opens_next(
    browser, live_server
) -> None:
    """From a new player (issue 29): the engine loaded on the entry page only, so a player who
    opened the game and lost the Wi-Fi within seconds had no live score. The scoreboard starts it
    once idle and says so, the service worker keeps its files (this first page came before the
    worker), and the entry page, opened next with no connection, scores on the phone."""
    from scorekeeper.services import game_create

    page = engine_phone(browser, live_server.url)
    context = page.context
    errors = console_errors(page)
    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")  # the scoreboard, a first visit
    line = page.get_by_test_id("offline-scoring")
    expect(line).to_have_text(
        re.compile("^(Getting ready to score offline…|This phone can score offline)$")
    )
    expect(line).to_have_text("This phone can score offline", timeout=180_000)
    shot(page, "63-offline-scoring-ready")
    picture(line, path=str(ARTIFACTS / "64-offline-scoring-line.png"))
    engine_kept(page)
    for_the_entry_page_kept(page, game)
    # Its engine's memory gone (as on a phone that cannot keep it): the entry page starts the
    # engine afresh, with no connection (the three-hands test restores the memory offline).
    engine_memory_kept(page)
    page.evaluate("name => caches.delete(name)", ENGINE_MEMORY)

    context.set_offline(True)
    page.get_by_test_id("enter-hand").click()  # the service worker's copy of the entry page
    expect(page.locator("#hand-title")).to_have_text("Hand 1")
    enter(page, 0, "Q", 4)
    expect(page.get_by_test_id("side-0-live")).to_have_text("+40 → 40", timeout=180_000)
    expect(page.locator("body")).to_have_attribute("data-engine-start", "fresh")
    expect(page.get_by_test_id("offline-scoring")).to_have_text("This phone can score offline")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("queued-1")).to_contain_text("waiting to send")
    assert page.evaluate("window.canastaQueue.list().then(i => i[0].totals[0].score_after)") == 40
    assert errors == []
    context.close()


def for_the_entry_page_kept(page: Page, game) -> None:
    entry = f"/g/{game.id}/edit/hand/"
    wait_until(lambda: entry in page.evaluate(KEPT_PAGES), 80, f"{entry} kept")


def test_the_offline_board_counts_the_hands_kept_on_the_phone(browser, live_server) -> None:
    """From a new player (issue 29): with three hands waiting on the phone, kept before its
    engine was ready (so without their scores), the scoreboard opened offline showed 0–0 and
    "Enter hand 1". Its engine scores them: each total counts them, marked as not yet sent, with
    the opening each side needs next, the next hand's number and its dealer."""
    from scorekeeper.rules.live import Table, preview
    from scorekeeper.selectors import game_deal
    from scorekeeper.services import game_create

    page = engine_phone(browser, live_server.url)
    context = page.context
    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=180_000)
    engine_kept(page)
    page.reload()  # under the service worker, which keeps the page

    hands = [BIG_HAND, [{}, {"melds": [{"rank": "Q", "naturals": 4}]}], NS_OUT_WITH_KINGS]
    table, before = Table("classic", 4, {}, ("Us", "Them")), [0, 0]
    for number, sides in enumerate(hands, 1):
        scored = preview(table, sides, before, number)
        before = [side["score_after"] for side in scored["sides"]]
    needs = [side["opening_minimum"] for side in scored["sides"]]
    assert before == [2780, -10] and needs == [90, 15]  # as the server scores them
    kept = [
        {
            "key": f"{n}" * 32,
            "game": game.id,
            "url": f"/g/{game.id}/edit/hand/",
            "number": n,
            "fields": {"number": str(n), "record": json.dumps(sides), "entry_key": f"{n}" * 32},
            "names": ["Us", "Them"],
            "totals": None,  # kept before the engine was ready
            "over": None,
            "state": "waiting",
            "at": n,
        }
        for n, sides in enumerate(hands, 1)
    ]
    context.set_offline(True)
    errors = console_errors(page)
    page.evaluate("items => Promise.all(items.map(i => window.canastaQueue.put(i)))", kept)
    page.reload()  # the service worker's copy, the engine from its files

    expect(page.get_by_test_id("total-0")).to_have_text("2780", timeout=180_000)
    expect(page.get_by_test_id("total-1")).to_have_text("−10")
    for side in (0, 1):
        expect(page.get_by_test_id(f"kept-total-{side}")).to_have_text(
            "with the hands not yet sent (saved: 0)"
        )
    expect(page.get_by_test_id("needs-0")).to_have_text("needs 90 to open")
    expect(page.get_by_test_id("needs-1")).to_have_text("needs 15 to open")
    expect(page.get_by_test_id("enter-hand")).to_have_text("Enter hand 4")
    dealer = game_deal(game).coming[3]
    expect(page.get_by_test_id("dealer")).to_have_text(f"Hand 4: {dealer} deals")
    expect(page.get_by_test_id("queued-3")).to_contain_text("Us +670 → 2780")
    shot(page, "65-offline-board-counts-kept-hands")
    # The scoreboard's poll of the game's version, when it falls due offline, fails as it should
    # and chromium logs it (as in test_hands_kept_offline_after_a_hand_saved_online_follow_it).
    assert [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e] == []

    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.get_by_test_id("queued")).to_be_hidden(timeout=120_000)
    expect(page.get_by_test_id("total-0")).to_have_text("2780")
    expect(page.get_by_test_id("kept-total-0")).to_have_count(0)
    expect(page.get_by_test_id("total-0")).not_to_have_class(re.compile("unsent"))
    expect(page.get_by_test_id("enter-hand")).to_have_text("Enter hand 4")
    assert [h.number for h in game.hands.order_by("number")] == [1, 2, 3]
    context.close()


def enter_totals(
    page: Page,
    side: int,
    melded: int,
    natural: int = 0,
    mixed: int = 0,
    red: int = 0,
    out: bool = False,
) -> None:
    """A side's hand as totals, as a new user entered it: melded points, canastas, red threes."""
    page.get_by_test_id(f"side-{side}-mode-totals").click()
    page.get_by_test_id(f"side-{side}-melded-points").fill(str(melded))
    page.get_by_test_id(f"side-{side}-canastas-natural").fill(str(natural))
    page.get_by_test_id(f"side-{side}-canastas-mixed").fill(str(mixed))
    page.get_by_test_id(f"side-{side}-red-threes").fill(str(red))
    if out:
        page.get_by_test_id(f"side-{side}-went-out").check()


def test_hands_kept_offline_after_a_hand_saved_online_follow_it(browser, live_server) -> None:
    """From a new user (issue 29): hand 1 saved online (850 to 120), then offline the entry page
    was the service worker's copy from before hand 1 ("Hand 1", totals from 0). Both hands kept
    went under the wrong numbers: back online the first met the saved hand 1 (409, the two-phone
    choice, which would have overwritten it) and the second waited behind it. What the phone
    last saw of its game, on any of its pages, numbers the entry and gives its totals, whatever
    copy the worker shows: hands 2 and 3, from 850 and 120, both saved on reconnecting."""
    from scorekeeper.services import game_create

    page = engine_phone(browser, live_server.url)
    context = page.context
    errors = console_errors(page)
    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Anna & Ben"}, {"name": "Carla & Dan"}]
    )
    board = f"{live_server.url}/g/{game.id}/edit/"
    page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")
    line = page.get_by_test_id("offline-scoring")
    expect(line).to_have_text("This phone can score offline", timeout=180_000)
    engine_kept(page)
    for_the_entry_page_kept(page, game)  # the worker's copy of the entry page: hand 1's

    page.get_by_test_id("enter-hand").click()  # online
    expect(page.locator("#hand-title")).to_have_text("Hand 1")
    enter_totals(page, 0, melded=250, natural=1, out=True)
    enter_totals(page, 1, melded=120)
    expect(page.get_by_test_id("side-1-live")).to_have_text("+120 → 120", timeout=180_000)
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("total-0")).to_have_text("850")
    expect(page.get_by_test_id("total-1")).to_have_text("120")
    page.reload()
    expect(line).to_have_text("This phone can score offline", timeout=180_000)

    context.set_offline(True)
    page.get_by_test_id("enter-hand").click()  # the worker's copy, from before hand 1
    expect(page.locator("#hand-title")).to_have_text("Hand 2")
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=180_000)
    enter_totals(page, 0, melded=300, mixed=1)
    enter_totals(page, 1, melded=200, natural=1, red=1, out=True)
    expect(page.get_by_test_id("side-0-live")).to_have_text("+600 → 1450")
    expect(page.get_by_test_id("side-1-live")).to_have_text("+900 → 1020")
    page.get_by_test_id("save").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 3")
    enter_totals(page, 0, melded=150)
    enter_totals(page, 1, melded=180, mixed=1, out=True)
    expect(page.get_by_test_id("side-0-live")).to_have_text("+150 → 1600")
    expect(page.get_by_test_id("side-1-live")).to_have_text("+580 → 1600")
    page.get_by_test_id("save").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 4")
    assert page.evaluate(QUEUED) == [[2, "waiting"], [3, "waiting"]]
    shot(page, "68-offline-entry-after-a-hand-saved-online")

    page.goto(board)  # offline: the worker's copy of the board
    expect(page.get_by_test_id("total-0")).to_have_text("1600")
    expect(page.get_by_test_id("total-1")).to_have_text("1600")
    expect(page.get_by_test_id("kept-total-0")).to_have_text(
        "with the hands not yet sent (saved: 850)"
    )
    expect(page.get_by_test_id("kept-total-1")).to_have_text(
        "with the hands not yet sent (saved: 120)"
    )
    expect(page.get_by_test_id("enter-hand")).to_have_text("Enter hand 4")
    shot(page, "69-offline-board-after-a-hand-saved-online", full_page=True)

    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.get_by_test_id("queued")).to_be_hidden(timeout=120_000)
    expect(page.get_by_test_id("total-0")).to_have_text("1600")
    expect(page.get_by_test_id("kept-total-0")).to_have_count(0)
    assert queued_once_settled(page, []) == []  # forgotten just after the page says so
    hands = game.hands.order_by("number")
    assert [(h.number, [s["total"] for s in h.result["sides"]]) for h in hands] == [
        (1, [850, 120]),
        (2, [600, 900]),
        (3, [150, 580]),
    ]
    assert page.get_by_test_id("queued-choose-2").count() == 0
    # No 409 (no hand met another), nothing uncaught. A request the page made while the phone
    # was offline (a poll of the game's version, whenever it fell due) fails as it should, and
    # chromium logs it: that is the phone being offline, not a fault.
    assert [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e] == []
    context.close()


def test_an_entry_page_opened_offline_follows_the_hands_the_phone_saw_saved_since(
    phone: Page, live_server
) -> None:
    """The service worker's copy of the entry page is the one of the phone's last visit: the
    hands the phone saw saved since, another phone's on the scoreboard it follows and its own
    sent from the hands kept (no page of the game loaded after them), number the hand entered
    on it, not the copy."""
    from scorekeeper.services import Author, game_create, hand_add

    page = phone
    errors = console_errors(page)
    game, token = game_create(
        variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}]
    )
    page.goto(f"{live_server.url}/g/{game.id}/play/{token}/")
    expect(page.get_by_test_id("offline-scoring")).to_have_text(
        "This phone can score offline", timeout=180_000
    )
    engine_kept(page)
    for_the_entry_page_kept(page, game)  # hand 1's
    hand_add(
        game_id=game.id,
        sides=[{"melds": [{"rank": "Q", "naturals": 4}]}, {}],
        author=Author("b"),
    )
    expect(page.get_by_test_id("total-0")).to_have_text("40", timeout=60_000)  # followed

    page.context.set_offline(True)
    page.get_by_test_id("enter-hand").click()  # the copy of hand 1's entry page
    expect(page.locator("#hand-title")).to_have_text("Hand 2")
    enter(page, 1, "K", 5)
    page.get_by_test_id("save").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 3")
    assert page.evaluate(QUEUED) == [[2, "waiting"]]

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # sent from this page
    assert queued_once_settled(page, [], seconds=120) == []
    assert [h.number for h in game.hands.order_by("number")] == [1, 2]
    page.context.set_offline(True)
    page.reload()  # the copy of hand 1's entry page again
    expect(page.locator("#hand-title")).to_have_text("Hand 3")
    enter(page, 0, "A", 3)
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("queued-3")).to_contain_text("waiting to send")

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    assert queued_once_settled(page, [], seconds=120) == []
    assert [h.number for h in game.hands.order_by("number")] == [1, 2, 3]
    assert errors == []  # no 409: no hand met another
