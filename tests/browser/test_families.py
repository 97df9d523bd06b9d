"""A short game of each family on a phone (390×844), in Debian's chromium: the game is created on
the new-game page, each hand is entered with the family's own controls (a samba sequence, threes of
both colours and a special hand, a bolivia and an escalera, unplayed feet and exact pick-ups),
and the scoreboard shows what the engine computes for the same record. Screenshots go to
test-artifacts/browser/family-<id>*.png."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from core.minus_sign import number_text
from scorekeeper.rules import score_json
from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Anna & Ben", "Carla & Dan")


def shot(page: Page, name: str) -> None:
    picture(page, path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def start_game(page: Page, base: str, preset: str, house: dict[str, str] | None = None) -> None:
    """A game of ``preset`` (its name as the new-game page shows it) for two pairs."""
    page.goto(base + "/new/")
    page.get_by_text(preset, exact=True).click()
    page.get_by_label("Side 1", exact=True).fill(NAMES[0])
    page.get_by_label("Side 2", exact=True).fill(NAMES[1])
    if house:
        page.locator("details summary").click()
        for name, value in house.items():
            page.locator(f"#id_{name}").fill(value)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("enter-hand")).to_be_visible()


def entered(page: Page) -> list[dict[str, Any]]:
    """The sides the page would save: its draft, kept as hand-format records."""
    kept = page.evaluate(
        "() => Object.keys(sessionStorage).filter(k => k.startsWith('canasta.draft.'))"
        ".map(k => sessionStorage.getItem(k))"
    )
    assert len(kept) == 1
    return json.loads(kept[0])["sides"]


def engine(
    variant: str, sides: list[dict], before: list[int], number: int, rules: dict | None = None
) -> list[int]:
    """The engine's totals for the same record, as the server builds it."""
    record: dict[str, Any] = {
        "variant": variant,
        "players": 4,
        "hand_number": number,
        "sides": [
            {**side, "name": NAMES[i], "score_before": before[i]} for i, side in enumerate(sides)
        ],
    }
    if rules:
        record["rules"] = rules
    return [side["total"] for side in score_json(record)["sides"]]


def unfold(page: Page, testid: str) -> None:
    """Open a folded part of the entry (its rarer boxes are folded until used)."""
    fold = page.get_by_test_id(testid)
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()


def live(total: int, after: int) -> str:
    """The live score as a person reads it: a real minus sign (U+2212)."""

    def number(n: int) -> str:
        return f"−{-n}" if n < 0 else str(n)

    change = f"+{total}" if total > 0 else number(total)  # "0": nothing changed
    return f"{change} → {number(after)}"


def check_and_save(
    page: Page,
    variant: str,
    expected_sides: list[dict],
    totals: list[int],
    number: int,
    rules: dict | None = None,
    screenshot: str | None = None,
) -> list[int]:
    """The page builds ``expected_sides``; its live score and then the scoreboard show the
    engine's totals. Returns the totals after the hand."""
    expect(page.get_by_test_id("error")).to_be_hidden()
    assert entered(page) == expected_sides
    scores = engine(variant, expected_sides, totals, number, rules)
    after = [t + s for t, s in zip(totals, scores, strict=True)]
    for i in range(2):
        expect(page.get_by_test_id(f"side-{i}-live")).to_have_text(live(scores[i], after[i]))
    if screenshot:
        shot(page, screenshot)
    page.get_by_test_id("save").click()
    for i in range(2):
        expect(page.get_by_test_id(f"total-{i}")).to_have_text(number_text(after[i]))
    return after


def add_meld(page: Page, side: int, rank: str, index: int, **counts: int) -> None:
    page.get_by_test_id(f"side-{side}-add-meld").click()
    page.get_by_test_id(f"side-{side}-rank-{rank}").click()
    for key, n in counts.items():
        page.get_by_test_id(f"side-{side}-meld-{index}-{key}").fill(str(n))


def test_modern_american_threes_caught_sets_unfinished_melds_and_a_special_hand(
    phone: Page, live_server
) -> None:
    page = phone
    start_game(page, live_server.url, "Modern American Canasta")
    totals = [0, 0]

    # Hand 1: Anna & Ben lay Miami pairs (2500, the side's whole score). Carla & Dan: kings,
    # a red and a black three laid out, three aces caught in a hand and a red three left in it.
    page.get_by_test_id("enter-hand").click()
    expect(page.get_by_test_id("side-0-add-sequence")).to_have_count(0)  # no sequences here
    expect(page.get_by_test_id("side-0-foot")).to_have_count(0)  # no feet
    expect(page.get_by_test_id("side-0-rank-grid")).to_have_count(0)
    page.get_by_test_id("side-0-add-meld").click()
    expect(page.get_by_test_id("side-0-rank-wild")).to_be_visible()
    expect(page.get_by_test_id("side-0-rank-3")).to_have_count(0)  # threes are laid out
    page.get_by_test_id("side-0-rank-cancel").click()
    page.get_by_test_id("side-1-went-out").check()
    page.get_by_test_id("side-0-special-add").click()
    expect(page.get_by_test_id("side-0-special-dream_4")).to_contain_text("8500")
    expect(page.get_by_test_id("side-0-special-dream_4")).to_contain_text("wins the game")
    page.get_by_test_id("side-0-special-grid").scroll_into_view_if_needed()
    picture(page, path=str(ARTIFACTS / "family-modern-american-special-hands.png"))
    page.get_by_test_id("side-0-special-miami_pairs").click()
    expect(page.get_by_test_id("side-0-special")).to_contain_text("Miami pairs")
    expect(page.get_by_test_id("side-0-went-out")).to_have_count(0)  # nothing else on its side
    # A special hand ends the hand: the other side no longer went out, and the page says so.
    expect(page.get_by_test_id("side-0-notice")).to_contain_text(NAMES[1])
    expect(page.get_by_test_id("side-1-went-out")).not_to_be_checked()
    add_meld(page, 1, "K", 0, naturals=4)
    page.get_by_test_id("side-1-red-threes-plus").click()
    unfold(page, "side-1-extras")
    page.get_by_test_id("side-1-black-threes-laid-plus").click()
    page.get_by_test_id("side-1-hand-aces").fill("3")
    page.get_by_test_id("side-1-hand-red_threes").fill("1")
    unfold(page, "side-1-caught")
    page.get_by_test_id("side-1-caught-aces").fill("1")
    # NS 2500. EW has no canasta: kings -40, hand -(60 + 5) = -65, threes (100 + 100) minus,
    # three aces caught -1500: -1805.
    totals = check_and_save(
        page,
        "modern-american",
        [
            {"special_hand": "miami_pairs"},
            {
                "melds": [{"rank": "K", "naturals": 4}],
                "red_threes": 1,
                "black_threes_laid": 1,
                "hand": {"aces": 3, "red_threes": 1},
                "caught_sets": {"aces": 1},
            },
        ],
        totals,
        1,
        screenshot="family-modern-american",
    )
    assert totals == [2500, -1805]

    # Hand 2: sevens (2500) and seven twos (3000), two black threes, out. Carla & Dan by
    # totals: 130 melded points, a mixed canasta, an unfinished aces meld.
    page.get_by_test_id("enter-hand").click()
    add_meld(page, 0, "7", 0, naturals=7)
    add_meld(page, 0, "wild", 1, twos=7)
    unfold(page, "side-0-extras")
    page.get_by_test_id("side-0-black-threes-laid").fill("2")
    page.get_by_test_id("side-0-went-out").check()
    page.get_by_test_id("side-1-mode-totals").click()
    page.get_by_test_id("side-1-melded-points").fill("130")
    page.get_by_test_id("side-1-canastas-mixed").fill("1")
    unfold(page, "side-1-incomplete")
    page.get_by_test_id("side-1-incomplete-aces").check()
    page.get_by_test_id("side-1-hand-mode-points").click()
    page.get_by_test_id("side-1-hand-points").fill("20")
    # NS: 35 + 140 cards, 5500 canastas, black threes 2 -> 300, out 100: 6075.
    # EW: 130 - 20 + 300, one canasta: threes 0, unfinished aces -2500: -2090.
    totals = check_and_save(
        page,
        "modern-american",
        [
            {
                "melds": [{"rank": "7", "naturals": 7}, {"rank": "wild", "naturals": 0, "twos": 7}],
                "black_threes_laid": 2,
                "went_out": True,
            },
            {
                "melded": {"points": 130},
                "canastas": {"mixed": 1},
                "incomplete": {"aces": 1},
                "hand": {"points": 20},
            },
        ],
        totals,
        2,
    )
    assert totals == [8575, -3895]
    expect(page.get_by_test_id("winner")).to_contain_text(NAMES[0])  # 8500 reached
    shot(page, "family-modern-american-board")

    # Correcting hand 1 shows it as entered: the special hand, the threes, the caught set.
    page.get_by_test_id("edit-1").click()
    expect(page.get_by_test_id("side-0-special")).to_contain_text("Miami pairs")
    expect(page.get_by_test_id("side-1-black-threes-laid")).to_have_value("1")
    expect(page.get_by_test_id("side-1-hand-red_threes")).to_have_value("1")
    expect(page.get_by_test_id("side-1-caught-aces")).to_have_value("1")
    expect(page.get_by_test_id("side-1-live")).to_have_text("−1805 → −1805")


def test_samba_sequences_and_sambas(phone: Page, live_server) -> None:
    page = phone
    start_game(page, live_server.url, "Samba")
    page.get_by_test_id("enter-hand").click()
    # A samba 5 to J (a new sequence starts as one), a sequence 8 to 10, kings, out.
    page.get_by_test_id("side-0-add-sequence").click()
    expect(page.get_by_test_id("side-0-sequence-0-size")).to_have_text("7 cards · Samba")
    page.get_by_test_id("side-0-add-sequence").click()
    page.get_by_test_id("side-0-sequence-1-low").select_option("8")
    expect(page.get_by_test_id("side-0-sequence-1-high")).to_have_value("A")  # 7 cards still
    page.get_by_test_id("side-0-sequence-1-high").select_option("10")
    expect(page.get_by_test_id("side-0-sequence-1-size")).to_have_text("3 cards")
    # "to" offers only the lengths a sequence may have: 3 to 7 cards.
    expect(page.get_by_test_id("side-0-sequence-1-high").locator("option")).to_have_count(5)
    add_meld(page, 0, "K", 0, naturals=7)
    page.get_by_test_id("side-0-went-out").check()
    # Carla & Dan by totals: 100 melded points and a samba, a red three, two low cards left.
    page.get_by_test_id("side-1-mode-totals").click()
    page.get_by_test_id("side-1-melded-points").fill("100")
    page.get_by_test_id("side-1-sequences-straight-plus").click()
    page.get_by_test_id("side-1-red-threes-plus").click()
    page.get_by_test_id("side-1-hand-low").fill("2")
    expect(page.get_by_test_id("side-1-black-threes-laid")).to_have_count(0)
    expect(page.get_by_test_id("side-1-special-add")).to_have_count(0)
    # NS: cards 5-J 55 + 8-10 30 + kings 70 = 155, samba 1500 + natural 500, out 200: 2355.
    # EW: 100, samba 1500, a red three with fewer than two canastas -100, hand -10: 1490.
    totals = check_and_save(
        page,
        "samba",
        [
            {
                "melds": [
                    {"rank": "K", "naturals": 7},
                    {"sequence": ["5", "J"]},
                    {"sequence": ["8", "10"]},
                ],
                "went_out": True,
            },
            {
                "melded": {"points": 100},
                "sequences": {"straight": 1},
                "red_threes": 1,
                "hand": {"low": 2},
            },
        ],
        [0, 0],
        1,
        screenshot="family-samba",
    )
    assert totals == [2355, 1490]
    expect(page.get_by_test_id("needs-0")).to_have_text("needs 90 to open")


def test_bolivia_an_escalera_and_a_bolivia(phone: Page, live_server) -> None:
    page = phone
    start_game(page, live_server.url, "Bolivia")
    page.get_by_test_id("enter-hand").click()
    # An escalera 8 to A, a bolivia of five twos and two jokers, three queens, out.
    page.get_by_test_id("side-0-add-sequence").click()
    page.get_by_test_id("side-0-sequence-0-low").select_option("8")
    expect(page.get_by_test_id("side-0-sequence-0-size")).to_have_text("7 cards · Escalera")
    add_meld(page, 0, "wild", 0, twos=5, jokers=2)
    add_meld(page, 0, "Q", 1)
    page.get_by_test_id("side-0-went-out").check()
    add_meld(page, 1, "6", 0, naturals=4, twos=1)
    page.get_by_test_id("side-1-hand-black_threes").fill("1")
    # NS: cards 8-A 80 + bolivia 200 + queens 30 = 310, escalera 1500 + bolivia 2500, out 200:
    # 4510. EW: 40 melded, a black three left in hand -100: -60.
    totals = check_and_save(
        page,
        "bolivia",
        [
            {
                "melds": [
                    {"rank": "wild", "naturals": 0, "twos": 5, "jokers": 2},
                    {"rank": "Q", "naturals": 3},
                    {"sequence": ["8", "A"]},
                ],
                "went_out": True,
            },
            {
                "melds": [{"rank": "6", "naturals": 4, "twos": 1}],
                "hand": {"black_threes": 1},
            },
        ],
        [0, 0],
        1,
        screenshot="family-bolivia",
    )
    assert totals == [4510, -60]


def test_hand_and_foot_feet_exact_pickups_and_the_end_after_its_hands(
    phone: Page, live_server
) -> None:
    page = phone
    start_game(page, live_server.url, "Hand and Foot", house={"hands": "2"})
    expect(page.get_by_test_id("needs-0")).to_have_text("needs 50 to open")
    rules = {"hands": 2}

    # Hand 1: two clean and two dirty books and a wild meld, a red three laid, one exact
    # pick-up, out. Carla & Dan: eights, two exact pick-ups, a red three caught in a hand, one
    # foot never picked up.
    page.get_by_test_id("enter-hand").click()
    add_meld(page, 0, "K", 0, naturals=7)
    add_meld(page, 0, "Q", 1, naturals=7)
    add_meld(page, 0, "9", 2, naturals=5, twos=2)
    add_meld(page, 0, "5", 3, naturals=6, jokers=1)
    add_meld(page, 0, "wild", 4, twos=4)
    page.get_by_test_id("side-0-red-threes-plus").click()
    unfold(page, "side-0-extras")
    page.get_by_test_id("side-0-exact-pickups-plus").click()
    page.get_by_test_id("side-0-went-out").check()
    page.get_by_test_id("side-0-hand-high").fill("2")
    add_meld(page, 1, "8", 0, naturals=4)
    unfold(page, "side-1-extras")
    page.get_by_test_id("side-1-exact-pickups").fill("2")
    page.get_by_test_id("side-1-hand-red_threes").fill("1")
    page.get_by_test_id("side-1-hand-low").fill("1")
    unfold(page, "side-1-foot-fold")
    page.get_by_test_id("side-1-foot-high").fill("5")
    page.get_by_test_id("side-1-foot-low").fill("6")
    expect(page.get_by_test_id("side-1-caught-aces")).to_have_count(0)
    expect(page.get_by_test_id("side-1-add-sequence")).to_have_count(0)
    # NS: cards 70 + 70 + 90 + 80 + 80 = 390, books 2x500 + 2x300, red three 100, out 100,
    # pick-up 100, hand -20: 2270. EW: 40, pick-ups 200, hand -505, foot -80: -345.
    totals = check_and_save(
        page,
        "hand-and-foot",
        [
            {
                "melds": [
                    {"rank": "K", "naturals": 7},
                    {"rank": "Q", "naturals": 7},
                    {"rank": "9", "naturals": 5, "twos": 2},
                    {"rank": "5", "naturals": 6, "jokers": 1},
                    {"rank": "wild", "naturals": 0, "twos": 4},
                ],
                "red_threes": 1,
                "went_out": True,
                "exact_pickups": 1,
                "hand": {"high": 2},
            },
            {
                "melds": [{"rank": "8", "naturals": 4}],
                "exact_pickups": 2,
                "hand": {"low": 1, "red_threes": 1},
                "foot": {"high": 5, "low": 6},
            },
        ],
        [0, 0],
        1,
        rules,
        screenshot="family-hand-and-foot",
    )
    assert totals == [2270, -345]
    expect(page.get_by_test_id("needs-0")).to_have_text("needs 90 to open")  # by the hand

    # Hand 2, the last: nobody out; feet given as points.
    page.get_by_test_id("enter-hand").click()
    add_meld(page, 0, "J", 0)
    page.get_by_test_id("side-0-hand-mode-points").click()
    page.get_by_test_id("side-0-hand-points").fill("40")
    unfold(page, "side-0-foot-fold")
    page.get_by_test_id("side-0-foot-mode-points").click()
    page.get_by_test_id("side-0-foot-points").fill("120")
    add_meld(page, 1, "A", 0, naturals=4)
    # NS: 30 - 40 - 120 = -130. EW: 80.
    totals = check_and_save(
        page,
        "hand-and-foot",
        [
            {
                "melds": [{"rank": "J", "naturals": 3}],
                "hand": {"points": 40},
                "foot": {"points": 120},
            },
            {"melds": [{"rank": "A", "naturals": 4}]},
        ],
        totals,
        2,
        rules,
    )
    assert totals == [2140, -265]
    expect(page.get_by_test_id("winner")).to_contain_text(NAMES[0])  # the game is two hands
    expect(page.get_by_test_id("enter-hand")).to_have_count(0)
    shot(page, "family-hand-and-foot-board")
