"""Every page at phone size (390×844), in English and in French: one h1, no sideways scrolling,
nothing refused by the Content-Security-Policy, no target smaller than 44×44 px. With `make
pictures`, each page's picture is saved to test-artifacts/pages/ to be looked at by eye."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import picture, screen_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ARTIFACTS.parent / "pages"

# Interactive elements smaller than 44×44 px fail (WCAG 2.5.5), but for a box or a radio whose
# whole label is the target.
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    'a[href], button, select, input:not([type=hidden]), summary, label.check'))
  .filter(e => e.offsetParent !== null && !e.closest('.visually-hidden, table.plain, svg'))
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => (r.height < 44 || r.width < 44) && !(['checkbox', 'radio'].includes(e.type) && e.closest('label')))
  .map(([e, r]) => e.outerHTML.slice(0, 80) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


# Text whose contrast with the background behind it is under WCAG AA: 4.5:1, or 3:1 for large
# text (24 px, or 18.66 px bold). The background is the first opaque one up the tree.
LOW_CONTRAST = """() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || c[3] > 0.9) return c; } return [255, 255, 255]; };
  const out = [];
  document.querySelectorAll('body *').forEach(e => {
    if (!e.offsetParent || e.closest('svg, .visually-hidden')) return;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) return;
    const style = getComputedStyle(e), size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
    const [a, b] = [lum(rgb(style.color)), lum(background(e))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) * (parseFloat(style.opacity) < 1 ? 0 : 1);
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) out.push(e.textContent.trim().slice(0, 30) + ' ' + ratio.toFixed(2));
  });
  return out;
}"""


def a_game_with_hands():
    from scorekeeper.services import Author, game_create, hand_add, hand_revise

    game, token = game_create(
        variant="classic",
        players=4,
        sides=[{"name": "Anna & Ben", "players": "Anna & Ben"}, {"name": "Carla & Dan"}],
    )
    for sides in (
        [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {"hand": {"points": 45}}],
        [{"melds": [{"rank": "Q", "naturals": 4}]}, {"melds": [{"rank": "A", "naturals": 5}]}],
        [{"red_threes": 2, "melds": [{"rank": "9", "naturals": 3}]}, {"hand": {"points": 20}}],
    ):
        hand_add(game_id=game.id, sides=sides, author=Author("t"))
    version = game.hands.get(number=2).version
    hand_revise(
        game_id=game.id,
        number=2,
        sides=[{"melds": [{"rank": "Q", "naturals": 5}]}, {}],
        author=Author.of(None),
        expected_version=version,
    )
    return game, token


def a_finished_game():
    from scorekeeper.services import Author, game_create, hand_add

    game, token = game_create(
        variant="espanola", players=4, sides=[{"name": "Nosotros"}, {"name": "Ellos"}]
    )
    hand = [
        {"melds": [{"rank": "9", "naturals": 7, "concealed": True}], "red_threes": 4},
        {"melds": [{"rank": "5", "naturals": 3}], "hand": {"low": 2}},
    ]
    for _ in range(6):
        hand_add(game_id=game.id, sides=hand, author=Author("t"))
    return game, token


def check_page(
    page: Page,
    url: str,
    name: str,
    problems: list[str],
    refused: list[str],
    *,
    whole: bool = True,
) -> None:
    """The page's checks (one h1, nothing wider than the phone, 44 px targets, contrast, nothing
    the CSP refused) and, with `make pictures`, its pictures: its first screen, and the whole page where ``whole``
    (a whole page at twice the phone's pixels is a quarter of a page check's time: the other
    languages' pages keep their first screen, English keeps both)."""
    refused.clear()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if whole:
        picture(page, path=str(PAGES / f"{name}.jpg"), full_page=True, quality=80)
    picture(page, path=str(PAGES / f"{name}-first-screen.jpg"), quality=80)
    h1 = page.locator("h1").count()
    width = page.evaluate("document.documentElement.scrollWidth")
    small = page.evaluate(SMALL_TARGETS)
    if h1 != 1:
        problems.append(f"{name}: {h1} h1")
    if width > 390:
        problems.append(f"{name}: {width} px wide")
    if refused:
        problems.append(f"{name}: CSP refused {refused}")
    if small:
        problems.append(f"{name}: small targets {small[:3]}")
    faint = page.evaluate(LOW_CONTRAST)
    if faint:
        problems.append(f"{name}: low contrast {faint[:3]}")


def a_hand_and_foot_game():
    """A game of a number of hands (no target), with a foot on the board."""
    from scorekeeper.services import Author, game_create, hand_add

    game, token = game_create(variant="hand-and-foot", players=4, sides=[{"name": "A"}, {}])
    hand_add(
        game_id=game.id,
        sides=[{"melds": [{"rank": "K", "naturals": 7}]}, {"foot": {"high": 11}}],
        author=Author("t"),
    )
    return game, token


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_on_a_phone(phone: Page, live_server, language: str) -> None:
    PAGES.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    game, token = a_game_with_hands()
    ended, ended_token = a_finished_game()
    feet, feet_token = a_hand_and_foot_game()
    phone.goto(f"{base}/g/{feet.id}/play/{feet_token}/")
    phone.goto(f"{base}/g/{ended.id}/play/{ended_token}/")
    phone.goto(f"{base}/g/{game.id}/play/{token}/")  # this phone holds both edit links
    pages = {
        "home": "/",
        "new-game": "/new/",
        "opening": "/opening/?variant=classic&score=3000&players=4",
        "opening-by-hand": "/opening/?variant=hand-and-foot&players=4&hand=3",
        "scoreboard-hand-and-foot": f"/g/{feet.id}/edit/",
        "hand-entry-hand-and-foot": f"/g/{feet.id}/edit/hand/",
        "rules": "/variants/",
        "import": "/import/",
        "scoreboard": f"/g/{game.id}/edit/",
        "scoreboard-read-only": f"/g/{game.id}/",
        "scoreboard-ended": f"/g/{ended.id}/edit/",
        "hand-entry": f"/g/{game.id}/edit/hand/",
        "hand-correct": f"/g/{game.id}/edit/hand/2/",
        "hand-delete": f"/g/{game.id}/edit/hand/3/delete/",
        "history": f"/g/{game.id}/history/",
        "not-found": "/g/nosuchgame/",
        "login": "/accounts/login/",
    }
    problems: list[str] = []
    refused: list[str] = []  # the console's Content-Security-Policy refusals
    phone.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    for name, path in pages.items():
        check_page(
            phone, base + path, f"{language}-{name}", problems, refused, whole=language == "en"
        )
    assert not problems, "\n".join(problems)


def test_the_scoreboard_on_a_projector(browser, live_server) -> None:
    """A wall screen at 1920×1080: the totals readable from across the room."""
    game, _ = a_game_with_hands()
    page = screen_page(browser, {"width": 1920, "height": 1080})
    PAGES.mkdir(parents=True, exist_ok=True)
    page.goto(f"{live_server.url}/g/{game.id}/")
    picture(page, path=str(PAGES / "en-scoreboard-projector.png"), full_page=True)
    total = page.get_by_test_id("total-0")
    assert float(total.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px")) >= 38


def test_a_spectator_picks_a_language_from_the_footer(phone: Page, live_server, dora) -> None:
    """An event's public page is the same for every visitor not logged in (core.early_answers
    gives it whole): its language form carries no CSRF token, and still switches the language
    (the form posts itself when a language is picked: static/scorekeeper/page.mjs)."""
    from tests.factories import club_event, round_released

    event = club_event("swiss", dora)
    round_released(event)
    phone.goto(f"{live_server.url}/t/{event.id}/")
    assert phone.locator("footer input[name=csrfmiddlewaretoken]").count() == 0
    phone.locator("#lang").select_option("fr")
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    assert phone.url == f"{live_server.url}/t/{event.id}/"
    PAGES.mkdir(parents=True, exist_ok=True)
    picture(phone, path=str(PAGES / "fr-public-page-language-picked.png"), full_page=True)
