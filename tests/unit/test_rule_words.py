"""The Rules page's words (scorekeeper/rule_words.py), read directly: every preset says what its
strategies score, in each language, and a value changed by a house rule changes the words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation

from scorekeeper.house_rule_words import house_rule_words
from scorekeeper.rule_words import preset_words, red_three_lines
from scorekeeper.rules import HOUSE_RULES, PRESETS, ruleset_for


@pytest.fixture
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def all_lines(preset_id: str) -> list[str]:
    words = preset_words(PRESETS[preset_id])
    return [str(line) for topic in words.topics for line in topic.lines]


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
@pytest.mark.parametrize("language", ["en", "fr", "es", "it", "de", "pt-br", "nl"])
def test_every_preset_is_described_in_every_language(preset_id: str, language: str) -> None:
    with translation.override(language):
        words = preset_words(PRESETS[preset_id])
        lines = all_lines(preset_id)
    assert {topic.id for topic in words.topics} >= {"table", "cards", "melds", "opening"}
    assert all(line and "%(" not in line for line in lines)  # every parameter filled in
    assert all(line[0] == line[0].upper() for line in lines if line[0].isalpha())


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    ("preset_id", "sentence"),
    [
        ("classic", "Red threes: 100 each; 4 or more: 200 each (4 make 800)."),
        ("ducale", "Red threes: 100 each; 4 or more: 500 more (4 make 900)."),
        ("origen", "SOL: 100 each; all 4 together: 800 in all."),
        ("bolivia", "Red threes: 100 each; all 6 together: 1000 in all."),
        ("hand-and-foot", "Red threes laid down: 100 each, whatever their number."),
    ],
)
def test_the_red_threes_line_says_what_the_scale_scores(preset_id: str, sentence: str) -> None:
    assert str(red_three_lines(PRESETS[preset_id])[0]) == sentence


@pytest.mark.usefixtures("english")
def test_a_house_rule_changes_the_words_with_the_score() -> None:
    ruleset = ruleset_for("espanola", 4, {"red_three_scale": "plus_500_from_four"})
    assert str(red_three_lines(ruleset.variant)[0]).endswith("500 more (4 make 900).")
    played = ruleset_for("espanola", 4, {"sequences": True}).variant
    lines = preset_words(played).topics
    text = " ".join(str(line) for topic in lines for line in topic.lines)
    assert "Sequences are played: 7 cards in a row of one suit" in text
    assert "off unless the table switches it on" not in text


@pytest.mark.usefixtures("english")
def test_the_special_hands_are_named_with_their_values() -> None:
    lines = all_lines("modern-american")
    assert (
        "Dream hand (two fives of a kind and four wild cards): 8500, and it wins the game "
        "at once." in lines
    )
    assert "Pairs (seven pairs, no wild cards): 2500." in lines
    ruleset = ruleset_for("modern-american", 4, {"dream_hand_wins": False})
    text = [str(line) for topic in preset_words(ruleset.variant).topics for line in topic.lines]
    assert "Dream hand (two fives of a kind and four wild cards): 8500." in text


def test_every_house_rule_has_words_in_french() -> None:
    with translation.override("fr"):
        words = house_rule_words(HOUSE_RULES, PRESETS)
    assert len(words) == len(HOUSE_RULES)
    assert all(word.label and word.text for word in words)
    scale = next(word for word in words if word.anchor == "house-rule-red-three-scale")
    assert "100 chacun, 200 chacun dès 4" in scale.choices
