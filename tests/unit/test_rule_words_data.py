"""The Rules page's numbers come from the rules' data: a value changed in a preset's data changes
the words, and no figure is written into the prose of rule_words.py or house_rule_words.py
(beyond the few that name no value: a score below 0, the 4 of a suit, hand 1)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from django.utils import translation

from scorekeeper import house_rule_words, rule_words
from scorekeeper.house_rule_words import house_rule_words as words_of
from scorekeeper.rule_words import preset_words
from scorekeeper.rules import HOUSE_RULES, PRESETS
from scorekeeper.rules.melds import MeldRefusal, _check_wild_limit
from scorekeeper.rules.sequences import STRAIGHT_LENGTH
from scorekeeper.rules.variants import Unfinished, WildLimit

# Figures in the prose that are no rule's value: what they say is fixed by the words themselves.
NAMING_NO_VALUE = ("Below 0", "below 0", "(0: no bonus)", "from 4 to ace", "hands 1 to")
TRANSLATED = {"_", "gettext", "gettext_noop", "ngettext"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


@pytest.mark.parametrize("module", [rule_words, house_rule_words])
def test_no_figure_is_written_into_the_words(module) -> None:
    tree = ast.parse(Path(module.__file__).read_text())
    written = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in TRANSLATED:
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    text = arg.value
                    for allowed in NAMING_NO_VALUE:
                        text = text.replace(allowed, "")
                    if any(c.isdigit() for c in text):
                        written.append(arg.value)
    assert written == []


def house_text(presets, name: str) -> str:
    return next(w.text for w in words_of(HOUSE_RULES, presets) if w.anchor.endswith(name))


def test_a_value_changed_in_a_presets_data_changes_the_house_rules_words() -> None:
    samba, feet, modern = PRESETS["samba"], PRESETS["hand-and-foot"], PRESETS["modern-american"]
    assert house_text(PRESETS, "opening-top") == (
        "The opening minimum from 7000 (Bicycle's Samba page: 160)."
    )
    changed = {
        **PRESETS,
        "samba": replace(samba, opening_steps=(*samba.opening_steps[:-1], (8000, 150))),
        "hand-and-foot": replace(
            feet,
            wild_meld_max=6,
            canasta_bonus=replace(feet.canasta_bonus, wild_pure=1200),
            going_out_books=(3, 1, 0),
        ),
        "modern-american": replace(
            modern,
            unfinished=Unfinished(wild=2200),
            canasta_max=8,
            opening_by_hand=(100, 130, 170),
        ),
    }
    assert house_text(changed, "opening-top") == (
        "The opening minimum from 8000 (Bicycle's Samba page: 160)."
    )
    assert "melds of 3 to 6 wild cards are allowed, 6 of them making a wild book worth 1200" in (
        house_text(changed, "wild-books")
    )
    assert "3 clean and 1 dirty by default" in house_text(changed, "going-out-books")
    assert house_text(changed, "incomplete-joker-meld").endswith("any other costs 2200.")
    assert "more than 8 cards" in house_text(changed, "over-seven-going-out")
    assert "(100, 130, then 170)" in house_text(changed, "opening-by")


def test_a_presets_wild_limit_and_sequence_are_said_with_the_scorers_numbers() -> None:
    for preset in PRESETS.values():
        melds = next(t for t in preset_words(preset).topics if t.id == "melds")
        most = preset.wild_limit.most
        if most is not None:
            assert any(f"at most {most} wild cards" in str(line) for line in melds.lines)
    bolivia = next(t for t in preset_words(PRESETS["bolivia"]).topics if t.id == "going-out")
    assert f"a sequence of {STRAIGHT_LENGTH} (escalera)" in str(bolivia.lines[0])


@pytest.mark.parametrize("limit", [limit for limit in WildLimit if limit.most is not None])
def test_the_scorer_refuses_one_wild_card_more_than_the_words_say(limit: WildLimit) -> None:
    most = limit.most
    assert most is not None
    _check_wild_limit(limit, most + 1, most)
    with pytest.raises(MeldRefusal):
        _check_wild_limit(limit, most + 2, most + 1)
