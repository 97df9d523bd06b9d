"""The hand record described once (rules/declaration.py): the dataclasses the parser fills hold
the declared kinds, every declared key is read by the parser, and a key of the wrong form is
refused with its name as the field."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest

from scorekeeper.rules import PRESETS, RuleViolation
from scorekeeper.rules.declaration import (
    CANASTA_KINDS,
    CARD_KEYS,
    ENGINE_SIDE,
    FAMILY,
    INCOMPLETE_KINDS,
    MELD,
    SEQUENCE_KINDS,
    SET_KINDS,
    Form,
    Key,
    WithMelded,
    as_json,
    offered_keys,
)
from scorekeeper.rules.entry import entry_offer
from scorekeeper.rules.records import (
    CanastaCounts,
    CardCounts,
    CaughtSets,
    FamilyKeys,
    Incomplete,
    Meld,
    SequenceCounts,
    SideHand,
    parse_side,
)


def names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


@pytest.mark.parametrize(
    ("cls", "kinds"),
    [
        (CardCounts, CARD_KEYS),
        (CanastaCounts, CANASTA_KINDS),
        (SequenceCounts, SEQUENCE_KINDS),
        (CaughtSets, SET_KINDS),
        (Incomplete, INCOMPLETE_KINDS),
        (Meld, tuple(key.name for key in MELD)),
        (FamilyKeys, tuple(key.name for key in FAMILY)),
    ],
)
def test_the_parsers_dataclasses_hold_the_declared_kinds(cls: type, kinds: tuple[str, ...]) -> None:
    assert names(cls) == kinds


def test_a_side_holds_each_declared_key_not_of_the_families_and_the_families_keys() -> None:
    usual = tuple(key.name for key in ENGINE_SIDE if not key.family)
    assert names(SideHand) == (*usual, "family")


# A value other than the key's default, per form (a summary's key goes with melded).
GOOD: dict[Form, Any] = {
    Form.TEXT: "NS",
    Form.SCORE: 15,
    Form.COUNT: 2,
    Form.FLAG: True,
    Form.MELDS: [{"rank": "K", "naturals": 3}],
    Form.ID: "any-id",  # the checks, not the parser, know a preset's special hands
}
BAD: dict[Form, Any] = {
    Form.TEXT: 5,
    Form.SCORE: 3,
    Form.COUNT: -1,
    Form.FLAG: "yes",
    Form.CARDS: {"points": 3},
    Form.MELDS: "K",
    Form.ID: 5,
}


def good(key: Key) -> Any:
    if key.form in (Form.CARDS, Form.COUNTS):
        return {key.kinds[0]: 1}
    return GOOD[key.form]


def bad(key: Key) -> Any:
    if key.form is Form.COUNTS:
        return {key.kinds[0]: -1}
    return BAD[key.form]


def side_with(key: Key, value: Any) -> dict[str, Any]:
    side = {key.name: value}
    if key.with_melded is not None:
        side["melded"] = {"points": 0}
    return side


@pytest.mark.parametrize("key", ENGINE_SIDE, ids=lambda key: key.name)
def test_the_parser_reads_every_declared_side_key(key: Key) -> None:
    side = parse_side(side_with(key, good(key)), 1)
    read = getattr(side.family if key.family else side, key.name)
    unset = getattr(parse_side({}, 1).family if key.family else parse_side({}, 1), key.name)
    assert read != unset


@pytest.mark.parametrize("key", ENGINE_SIDE, ids=lambda key: key.name)
def test_a_side_key_of_the_wrong_form_is_refused_naming_it(key: Key) -> None:
    with pytest.raises(RuleViolation) as refused:
        parse_side(side_with(key, bad(key)), 1)
    assert refused.value.field.split(".")[0] == key.name
    assert refused.value.side == 1


def test_a_count_above_its_most_is_refused() -> None:
    (key,) = [key for key in ENGINE_SIDE if key.most is not None]
    with pytest.raises(RuleViolation, match="0 or 1"):
        parse_side(side_with(key, {key.kinds[0]: key.most + 1}), 1)


@pytest.mark.parametrize(
    "key", [key for key in ENGINE_SIDE if key.with_melded], ids=lambda key: key.name
)
def test_a_summarys_key_without_melded_is_refused(key: Key) -> None:
    with pytest.raises(RuleViolation, match="melded"):
        parse_side({key.name: {key.kinds[0]: 1}}, 1)
    if key.with_melded is WithMelded.A_COUNT:  # counts of 0 say nothing
        parse_side({key.name: {key.kinds[0]: 0}}, 1)


def test_the_entry_offer_follows_the_declared_offers() -> None:
    for variant in PRESETS.values():
        offer = entry_offer(variant)
        keys = offered_keys(variant)
        assert offer.side_keys == keys
        assert offer.exact_cut == ("exact_cut" in keys)
        assert offer.threes_laid == ("black_threes_laid" in keys)
        assert offer.feet == ("foot" in keys)
        assert offer.exact_pickups == ("exact_pickups" in keys)
        assert bool(offer.caught_sets) == ("caught_sets" in keys)
        assert bool(offer.incomplete) == ("incomplete" in keys)
        assert bool(offer.special_hands) == ("special_hand" in keys)
        assert offer.sequences == ("sequences" in keys)


def test_a_key_is_offered_only_where_the_preset_has_a_use_for_it() -> None:
    for variant in PRESETS.values():
        for key in ENGINE_SIDE:
            assert not key.offered(variant) or key.used_by(variant), (variant.id, key.name)


def test_the_declaration_as_json_names_every_key_and_each_presets_offer() -> None:
    data = json.loads(json.dumps(as_json(PRESETS)))
    assert [row["name"] for row in data["side"]][:3] == ["name", "score_before", "melds"]
    assert {row["name"] for row in data["record"]} == {
        "variant",
        "players",
        "rules",
        "sides",
        "hand_number",
    }
    assert "foot" in data["offered"]["hand-and-foot"]
    assert "foot" not in data["offered"]["classic"]
