"""Sequences (rules/sequences.py): espanola's runs and samba's sambas, by hand (VARIANTS.md 2.3,
2.4; VARIANTS-families.md 2.3, 2.4)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS
from scorekeeper.rules.errors import Phrase
from scorekeeper.rules.sequences import NO_RUNS, ROYAL, STRAIGHT, Sambas, SequenceRefused, SuitRuns


def english(phrase: Phrase) -> str:
    return phrase.render(lambda text: text, lambda one, many, n: one if n == 1 else many)


@pytest.mark.parametrize(("length", "kind"), [(7, STRAIGHT), (11, ROYAL)])
def test_espanola_takes_a_run_of_7_or_the_whole_suit(length: int, kind: str) -> None:
    assert SuitRuns(1500, 4000).kind(length) == kind


@pytest.mark.parametrize("length", [3, 6, 8, 10])
def test_espanola_refuses_any_other_run(length: int) -> None:
    with pytest.raises(SequenceRefused):
        SuitRuns(1500, 4000).kind(length)


@pytest.mark.parametrize(("length", "kind"), [(3, None), (6, None), (7, STRAIGHT)])
def test_a_samba_of_7_is_a_canasta_and_shorter_runs_are_melds(length: int, kind: str) -> None:
    assert Sambas(1500).kind(length) == kind


@pytest.mark.parametrize("length", [2, 8, 11])
def test_samba_refuses_runs_outside_3_to_7(length: int) -> None:
    with pytest.raises(SequenceRefused):
        Sambas(1500).kind(length)


def test_bonuses() -> None:
    assert SuitRuns(1500, 4000).bonus(straights=2, royals=1) == 7000
    assert Sambas(1500).bonus(straights=2, royals=0) == 3000


def test_a_summary_counts_no_whole_suit_in_samba() -> None:
    Sambas(1500).check_counts(straights=3, royals=0)
    with pytest.raises(SequenceRefused):
        Sambas(1500).check_counts(straights=0, royals=1)
    SuitRuns(1500, 4000).check_counts(straights=0, royals=2)


def test_the_presets_hold_their_sequences() -> None:
    assert PRESETS["espanola"].sequences == SuitRuns(1500, 4000, played=False)
    assert PRESETS["samba"].sequences == Sambas(1500)
    assert PRESETS["bolivia"].sequences == Sambas(1500)
    assert PRESETS["classic"].sequences is NO_RUNS  # no sequence is ever played


def test_no_runs_plays_none_earns_nothing_and_says_nothing() -> None:
    assert not NO_RUNS.played and not NO_RUNS.canastas and not NO_RUNS.switchable
    with pytest.raises(SequenceRefused):
        NO_RUNS.kind(7)
    assert NO_RUNS.bonus(straights=2, royals=1) == 0
    assert NO_RUNS.with_played(True) is NO_RUNS  # no house rule turns them on
    assert NO_RUNS.words(Phrase("sequence")) == ()
    assert NO_RUNS.opening_words() is None
    assert SuitRuns(1500, 4000).with_played(True).played
    assert SuitRuns(1500, 4000).switchable and not Sambas(1500).switchable


def test_the_words_read_the_bonuses_they_score_with() -> None:
    ((words, _),) = SuitRuns(1200, 3000, played=True).words(Phrase("sequence of 7"))
    assert english(words) == (
        "Sequences are played: 7 cards in a row of one suit, without wild cards, 1200; "
        "the whole suit from 4 to ace, 3000."
    )
    _, (canasta, testid) = Sambas(2000).words(Phrase("samba"))
    assert testid == "sequence-canasta"
    assert english(canasta).startswith("A sequence of 7 cards, called samba, is worth 2000")
    assert english(Sambas(1500).opening_words()) == "Sequences count toward the opening."
    assert SuitRuns(1500, 4000).opening_words() is None
