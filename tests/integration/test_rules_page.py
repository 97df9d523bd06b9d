"""The Rules page (/variants/): each preset's values in words, in every language, never raw ids."""

from __future__ import annotations

import re
from enum import StrEnum
from html.parser import HTMLParser

import pytest
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from scorekeeper.rules import HOUSE_RULES, PRESETS
from scorekeeper.rules import variants as variants_module

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "es", "it"]
HAND_ONLY = (
    "Only cards from the hand count toward the opening, not the top card of the discard pile."
)
SEED = re.compile(r"seed \d|\b\d{3}_[0-9a-f]{16}\b|\.txt\b", re.IGNORECASE)


class _Text(HTMLParser):
    """The text a reader sees: text nodes only (no tags, no attribute values, no scripts)."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[str] = []
        self.skip = 0
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag in ("script", "style", "template"):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.nodes.append(data.strip())


def visible(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    return parser


def raw_ids() -> set[str]:
    """Every value of the presets' choice fields and every id that is not a word of a sentence:
    "going_out", "no_meld", "500_for_all", "classic-fr", "wild_limit"..."""
    enums = [
        obj
        for obj in vars(variants_module).values()
        if isinstance(obj, type) and issubclass(obj, StrEnum) and obj is not StrEnum
    ]
    values = {member.value for enum in enums for member in enum} | {variants_module.CANASTA}
    values |= set(HOUSE_RULES) | set(PRESETS)
    values |= {preset.deck.id for preset in PRESETS.values()}
    return {value for value in values if not value.isalpha()}


def rules_page(client, language: str, how: str = "cookie") -> str:
    if how == "cookie":
        client.cookies["django_language"] = language
        response = client.get("/variants/")
    else:
        response = client.get("/variants/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def section(page: str, preset_id: str) -> str:
    start = page.index(f'id="{preset_id}"')
    return page[start : page.index("</section>", start)]


def test_the_raw_id_list_holds_the_values_the_old_page_showed() -> None:
    ids = raw_ids()
    for value in ("going_out", "no_meld", "double_from_four", "500_for_all", "classic-fr"):
        assert value in ids
    assert "wild_limit" in ids and "red_threes_against" in ids


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_renders_in_each_language_with_every_preset(client, language: str) -> None:
    page = rules_page(client, language)
    assert f'<html lang="{language}">' in page
    text = visible(page)
    assert text.tags.count("h1") == 1
    for preset in PRESETS.values():
        assert escape(preset.name) in page, preset.id
        assert f'href="#{preset.id}"' in page and f'id="{preset.id}"' in page
        assert escape(preset.source) in page, preset.id
    assert 'href="#house-rules"' in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_shows_no_raw_id(client, language: str) -> None:
    page = rules_page(client, language)
    text = visible(page)
    tokens = {token for node in text.nodes for token in re.split(r"[^\w-]+", node)}
    assert not tokens & raw_ids(), sorted(tokens & raw_ids())
    assert (
        "code" not in text.tags and "table" not in text.tags
    )  # no ids, nothing wider than a phone
    assert not SEED.search(page)


@pytest.mark.parametrize(
    ("language", "how"), [("fr", "cookie"), ("es", "header"), ("it", "header")]
)
def test_each_language_is_chosen_by_cookie_or_browser(client, language: str, how: str) -> None:
    page = rules_page(client, language, how)
    with translation.override(language):
        assert escape(gettext("House rules")) in page
        assert escape(gettext("Opening")) in page


def test_the_french_page_keeps_the_hand_only_sentence(client) -> None:
    page = rules_page(client, "fr")
    with translation.override("fr"):
        sentence = escape(gettext(HAND_ONLY))
    assert sentence != escape(HAND_ONLY)  # French, not English
    french = section(page, "classic-fr")
    assert f'data-testid="hand-only">{sentence}<' in french
    assert page.count(sentence) == 1


def test_values_are_written_in_words(client) -> None:
    page = rules_page(client, "en")
    expected = {
        "classic": [
            "Red threes: 100 each; 4 or more: 200 each (4 make 800).",
            "A side that has not melded counts its red threes minus.",
            "Going out: 100; going out concealed: 200 in all.",
            "To go out, a side needs 1 canasta. With 2 or 6 players: 2 canastas.",
            "6 players (2 sides of 3): 13 cards each, 3 packs. Game to 10000.",
            "With 6 players, also from 7500: 150.",
        ],
        "classic-fr": ["From 5000: a complete canasta.", "A meld holds at most 7 cards"],
        "classic-es": ["A side without a canasta counts its red threes minus."],
        "espanola": [
            "To go out, a side needs a natural canasta and a mixed canasta.",
            "Black threes are melded only as a whole canasta",
            "A side may have two melds of the same rank.",
            "An exact cut: 100",
        ],
        "ducale": [
            "Red threes: 100 each; 4 or more: 500 more (4 make 900).",
            "any number of wild cards",
            "The opening must be one single meld.",
        ],
        "italiana": [
            "Black threes are never melded.",
            "From 7000 to 10000: 160.",
            "Above 10000: 180.",
            "Going out: 100, concealed or not.",
        ],
        "origen": [
            "SOL: 100 each; all 4 together: 800 in all.",
            "counts its SOL minus when another side goes out",
            "its own 108-card deck",
        ],
    }
    for preset_id, sentences in expected.items():
        words = section(page, preset_id)
        for sentence in sentences:
            assert escape(sentence) in words, (preset_id, sentence)
    classic = section(page, "classic")
    assert classic.count('data-testid="seating-opening"') == 1
    assert 'data-testid="hand-only"' not in classic


def test_house_rules_are_named_in_words(client) -> None:
    page = rules_page(client, "en")
    house = page[page.index('id="house-rules"') :]
    for rule in HOUSE_RULES.values():
        assert f"<dt>{escape(rule.label)}</dt>" in house, rule.name
    assert "no more wild cards than natural cards" in house
    assert escape("Only in Canasta, variante española.") in house


def test_pages_name_the_rulebooks_not_the_seed_files(client) -> None:
    for path in ("/new/", "/opening/?variant=classic-fr&score=0&players=4", "/variants/"):
        page = client.get(path).content.decode()
        assert not SEED.search(page), path
    new_game = client.get("/new/").content.decode()
    for preset in PRESETS.values():
        assert escape(preset.source) in new_game, preset.id
