"""Melds of one rank (rules/same_rank.py, VARIANTS.md 2.3, VARIANTS-families.md 2.3): each
strategy names the meld it refuses, and its words say the rule it checks."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleViolation, score_record
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.records import NO_CANASTAS, NO_INCOMPLETE, CanastaCounts, Incomplete, Meld
from scorekeeper.rules.same_rank import (
    SAME_RANK,
    SECOND_MELD,
    SECOND_UNFINISHED,
    OneMeld,
    OneOpen,
    Several,
)
from scorekeeper.rules.variants import SameRank

CLASSIC, SAMBA, HAND_AND_FOOT = PRESETS["classic"], PRESETS["samba"], PRESETS["hand-and-foot"]


def test_each_rule_has_its_strategy() -> None:
    assert {type(s) for s in SAME_RANK.values()} == {OneMeld, Several, OneOpen}
    assert type(SAME_RANK[SameRank.ONE_OPEN]) is OneOpen


def test_one_meld_a_rank_names_the_second_meld_of_a_rank() -> None:
    melds = (Meld("K", 3), Meld("9", 4), Meld("K", 3))
    repeat = OneMeld().repeat(CLASSIC, melds)
    assert repeat is not None
    assert (repeat.index, repeat.rank, repeat.template) == (3, "K", SECOND_MELD)
    assert OneMeld().repeat(CLASSIC, melds[:2]) is None


def test_several_melds_of_a_rank_but_black_threes_once_when_melded_going_out() -> None:
    assert Several().repeat(SAMBA, (Meld("K", 3), Meld("K", 4))) is None
    repeat = Several().repeat(SAMBA, (Meld("3", 3), Meld("K", 3), Meld("3", 3)))
    assert repeat is not None
    assert (repeat.index, repeat.rank) == (3, "3")


def test_one_open_meld_of_a_rank_beside_any_finished_books() -> None:
    books = (Meld("K", 7), Meld("K", 7), Meld("K", 4))  # two books and one open meld
    assert OneOpen().repeat(HAND_AND_FOOT, books) is None
    repeat = OneOpen().repeat(HAND_AND_FOOT, (Meld("K", 4), Meld("K", 7), Meld("K", 3)))
    assert repeat is not None
    assert (repeat.index, repeat.template, repeat.setting) == (
        3,
        SECOND_UNFINISHED,
        "same_rank_melds",
    )
    wild = (Meld("wild", twos=3), Meld("wild", jokers=3))  # wild cards are a rank of their own
    assert OneOpen().repeat(HAND_AND_FOOT, wild) is not None


def test_a_summary_names_two_melds_of_a_rank_only_where_one_is_allowed() -> None:
    two_of_aces = (CanastaCounts(aces=1), Incomplete(aces=1))
    assert OneMeld().summary_repeat(*two_of_aces) == "A"
    assert OneMeld().summary_repeat(CanastaCounts(wild_pure=1), Incomplete(wild=1)) == "wild"
    assert OneMeld().summary_repeat(NO_CANASTAS, NO_INCOMPLETE) is None
    assert Several().summary_repeat(*two_of_aces) is None


def test_the_words_say_the_rule_the_strategy_checks() -> None:
    assert OneMeld().words(CLASSIC) == ("A side has at most one meld of each rank.",)
    assert Several().words(SAMBA) == ("A side may have several melds of the same rank.",)
    assert OneOpen().words(HAND_AND_FOOT)[1] == "Melds of wild cards count as one rank."


def test_the_meld_reader_says_where_the_repeat_is() -> None:
    record = {
        "variant": "classic",
        "sides": [{"melds": [{"rank": "K", "naturals": 3}, {"rank": "K", "naturals": 3}]}, {}],
    }
    with pytest.raises(RuleViolation, match=r"side 1, meld 2 \(K\): a second meld of rank K"):
        score_record(record)
