"""The Rules page (/variants/): each preset's values in words, in every language, never raw ids."""

from __future__ import annotations

import re
from enum import StrEnum
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from scorekeeper.rules import HOUSE_RULES, PRESETS
from scorekeeper.rules import variants as variants_module

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]
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
        with translation.override(language):
            assert escape(gettext(preset.name)) in page, preset.id  # the name, translated
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
    # Once in each preset whose opening counts the hand's cards only (CLA says so too).
    hand_only = [p.id for p in PRESETS.values() if p.opening_from_hand_only]
    assert hand_only == ["classic-fr", "modern-american"]
    assert page.count(sentence) == len(hand_only)
    for preset_id in PRESETS:
        assert (sentence in section(page, preset_id)) is (preset_id in hand_only), preset_id


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
            "A side may have several melds of the same rank.",
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


FAMILY_FACTS = {
    "modern-american": [
        "4 players (2 sides of 2): 13 cards each, 2 packs.",
        "reaches 8500",
        "A three of either colour left in a hand: minus 5 each.",
        "A side without a canasta counts its melded cards minus.",
        "A meld holds at least 2 natural cards and at most 2 wild cards.",
        "No wild card in a meld of sevens.",
        "A side has at most one meld of each rank.",
        "from 3 to 7 cards",
        "A meld holds at most 7 cards: a canasta is exactly 7.",
        "A natural canasta of aces: 2500.",
        "A canasta of sevens: 2500.",
        "3000 for seven twos, 2500 for all four jokers with three twos, 2000 for any other",
        "Pairs (seven pairs, no wild cards): 2500.",
        "Quads (three fours of a kind and a pair of wild cards): 3500.",
        "8500, and it wins the game at once.",
        "Threes of both colours are laid out",
        "1 is worth 100, 2 are worth 300, 3 are worth 500, 4 are worth 1000",
        "A side without a canasta counts its threes minus; with exactly one canasta they count "
        "nothing; with two or more, plus.",
        "To go out, a side needs 2 canastas.",
        "an unfinished meld of aces counts minus 2500, of sevens minus 2500, of wild cards "
        "minus 2000",
        "three or more aces at the end counts minus 1500, and three or more sevens minus 1500",
        "Below 0: 125.",
        "From 0 to 2995: 125.",
        "From 3000 to 4995: 155.",
        "From 5000: 180.",
        "hand 1: 125; hand 2: 155; from hand 3: 180",
        HAND_ONLY,
        "Canasta League of America",
        "pagat",
    ],
    "samba": [
        "4 players (2 sides of 2): 15 cards each, 3 packs.",
        "6 players (2 sides of 3): 13 cards each, 3 packs.",
        "reaches 10000",
        "the game is drawn",
        "A meld holds at least 2 natural cards and at most 2 wild cards.",
        "A side may have several melds of the same rank.",
        "3 to 7 cards in a row of one suit",
        "A sequence of 7 cards, called samba, is worth 1500",
        "Red threes: 100 each; all 6 together: 1000 in all.",
        "A side with fewer than two canastas counts its red threes minus.",
        "To go out, a side needs 2 canastas.",
        "Going out: 200, concealed or not.",
        "Below 0: 15.",
        "From 3000 to 6995: 120.",
        "From 7000: 150.",
        "Official Canasta Laws",
        "Bicycle",
    ],
    "bolivia": [
        "4 players (2 sides of 2): 15 cards each, 3 packs.",
        "reaches 15000",
        "Black threes: 5 each when melded, minus 100 each left in a hand.",
        "A sequence of 7 cards, called escalera, is worth 1500",
        "A canasta of 7 wild cards only: 2500.",
        "from 3 to 7 cards",
        "Red threes: 100 each; all 6 together: 1000 in all.",
        "A side with fewer than two canastas counts its red threes minus.",
        "To go out, a side needs 2 canastas, at least one of them a sequence of 7 (escalera).",
        "From 7000: 150.",
        "Bicycle",
    ],
    "hand-and-foot": [
        "4 players (2 sides of 2): a hand and a foot of 11 cards each, 5 packs.",
        "6 players (2 sides of 3): a hand and a foot of 11 cards each, 7 packs.",
        "Packs: one more than there are players.",
        "4 hands",
        "from hand 4: 150",
        "A game is 4 hands: the highest total after the last one wins.",
        "Black threes left in a hand or a foot: minus 5 each.",
        "Red threes caught in a hand or a foot: minus 500 each.",
        "at most 3 wild cards, and always fewer wild cards than natural cards",
        "only one unfinished meld of a rank at a time",
        "Book bonus: 500 for a clean book, 300 for a dirty book.",
        "A book of 7 wild cards (a wild book): 1500.",
        "Red threes laid down: 100 each, whatever their number.",
        "Red threes laid down never count minus.",
        "played their hand and their foot, and the side needs 2 clean books and 2 dirty books, "
        "counted by kind",
        "Going out: 100, concealed or not.",
        "exactly the 22 cards of their hand and foot at the deal earns 100",
        "hand 1: 50",
        "Hand 3: 120.",
        "Hand 4 and later: 150.",
        "not on the score",
        "Board Game Arena",
    ],
}


def test_each_family_says_its_key_facts_in_words(client) -> None:
    page = rules_page(client, "en")
    for preset_id, facts in FAMILY_FACTS.items():
        words = section(page, preset_id)
        for fact in facts:
            assert escape(fact) in words, (preset_id, fact)
    hand_and_foot = section(page, "hand-and-foot")
    assert "Below 0" not in hand_and_foot and "From 0" not in hand_and_foot  # by hand only
    assert "None" not in visible(hand_and_foot).nodes
    assert 'data-testid="dream-hand"' in section(page, "modern-american")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_family_section_shows_a_raw_id(client, language: str) -> None:
    page = rules_page(client, language)
    for preset_id in FAMILY_FACTS:
        text = " ".join(visible(section(page, preset_id)).nodes)
        for raw in (
            "going_out_books",
            "modern_swing",
            "below_naturals",
            "fewer_than_two_canastas",
            "1000_for_all",
            "one_open",
            "hand_number",
            "wild_pure",
            "dream_4",
            "zip_code",
            "None",
        ):
            assert raw not in text, (preset_id, language, raw)


def test_every_family_house_rule_has_words_and_says_where_it_applies(client) -> None:
    from scorekeeper.rules.family_rules import FAMILY_RULES

    page = rules_page(client, "en")
    house = page[page.index('id="house-rules"') :]
    text = " ".join(visible(house).nodes)
    for rule in FAMILY_RULES:
        anchor = 'id="house-rule-' + rule.name.replace("_", "-") + '"'
        entry = house[house.index(anchor) : house.index("</div>", house.index(anchor))]
        entry_text = " ".join(visible(entry).nodes)
        assert escape(rule.label) in entry, rule.name
        assert "another value" not in entry_text, rule.name
        assert "(2." not in entry_text, rule.name  # not the engine's help with its section
        offered = [p.name for p in PRESETS.values() if rule.offered_to(p)]
        assert offered, rule.name
        if len(offered) * 2 <= len(PRESETS):
            assert escape(f"Only in {', '.join(offered)}.") in entry, rule.name
    for words in (
        "the eleven of the Canasta League of America",
        "pagat&#x27;s four",
        "one unfinished meld of a rank, beside any completed books",
        "a side with fewer than two canastas",
        "at most 3 wild cards, and fewer than the natural cards",
    ):
        assert words in house, words
    assert "Only in Hand and Foot." in text
    # A rule the families do not list is not offered there (offered_to, not applies).
    sequences = house[house.index('id="house-rule-sequences"') :]
    sequences = sequences[: sequences.index("</div>")]
    assert escape("Only in Canasta, variante española.") in sequences


def test_a_choice_rule_lists_only_the_values_some_preset_accepts(client) -> None:
    from scorekeeper.house_rule_words import house_rule_words

    with translation.override("en"):
        words = {w.anchor: w for w in house_rule_words(HOUSE_RULES, PRESETS)}
    scale = words["house-rule-red-three-scale"].choices
    assert "nothing" not in scale and len(scale) == 4  # no family offers red_three_scale
    against = words["house-rule-red-threes-against"].choices
    assert "never" in against and "a side with fewer than two canastas" in against
    assert words["house-rule-black-three-in-hand"].choices == ("100", "5", "0")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("variant=hand-and-foot&players=4&hand=3", "Needs 120 to open in hand 3"),
        ("variant=hand-and-foot&players=4&hand=1", "Needs 50 to open in hand 1"),
        ("variant=hand-and-foot&players=6&hand=9&score=", None),
        ("variant=modern-american&players=4&score=3000", "Needs 155 to open"),
        ("variant=samba&players=5&score=7000", "Needs 150 to open"),
        ("variant=bolivia&players=4&score=-20", "Needs 15 to open"),
    ],
)
def test_the_lookup_takes_a_hand_number_where_the_opening_goes_by_hand(
    client, query: str, expected: str | None
) -> None:
    page = client.get(f"/opening/?{query}").content.decode()
    if expected is None:
        assert 'data-testid="minimum"' not in page
        assert "A game of Hand and Foot is 4 hands: give a hand number from 1 to 4." in page
    else:
        assert expected in page


def test_the_lookup_refuses_a_hand_beyond_the_game_or_missing(client) -> None:
    beyond = client.get("/opening/?variant=hand-and-foot&players=4&hand=5").content.decode()
    assert 'data-testid="minimum"' not in beyond
    assert "A game of Hand and Foot is 4 hands: give a hand number from 1 to 4." in beyond
    missing = client.get("/opening/?variant=hand-and-foot&players=4&score=0").content.decode()
    assert 'data-testid="minimum"' not in missing
    assert "Hand and Foot sets the opening by the hand&#x27;s number: give the hand." in missing
    no_score = client.get("/opening/?variant=classic&players=4").content.decode()
    assert 'data-testid="minimum"' not in no_score and "This field is required." in no_score
    # A score preset ignores a hand number; a by-hand preset ignores the score.
    classic = client.get("/opening/?variant=classic&players=4&score=3000&hand=9").content.decode()
    assert "Needs 120 to open" in classic and "to open in hand" not in classic
    by_hand = client.get("/opening/?variant=hand-and-foot&players=4&score=9000&hand=2")
    assert "Needs 90 to open in hand 2" in by_hand.content.decode()


def test_the_lookup_page_shows_the_by_hand_table_in_words(client) -> None:
    page = client.get("/opening/").content.decode()
    start = page.index('id="hand-and-foot"')
    table = page[start : page.index("</section>", start)]
    assert 'data-testid="by-hand"' in table
    assert "<th>Hand</th>" in table and "<th>Score</th>" not in table
    for row in ("Hand 1", "Hand 2", "Hand 3", "Hand 4 and later"):
        assert f"<td>{row}</td>" in table, row
    assert "<td>150</td>" in table and "hand 4 +" not in table
    assert 'data-by-hand="hand-and-foot"' in page
    assert "scorekeeper/opening.js" in page and "<script>" not in page  # CSP: no inline script
    with translation.override("fr"):
        client.cookies["django_language"] = "fr"
        french = client.get("/opening/").content.decode()
    assert 'lang="fr"' in french
