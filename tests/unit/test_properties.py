"""Property tests (hypothesis): totals add up, entry levels agree, deck limits hold."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, RuleViolation, score_record
from scorekeeper.rules.cards import NATURAL_RANKS, class_limits

CARD_VALUE = {"jokers": 50, "twos": 20, "aces": 20, "high": 10, "low": 5}  # every preset (2.2)
LOW, ACE = {"4", "5", "6", "7"}, "A"
VARIANTS = sorted(PRESETS)
FOUR_PLAYER_PACKS = {v: PRESETS[v].seating(4).packs for v in VARIANTS}


def rank_class(rank: str) -> str:
    return "low" if rank in LOW else "aces" if rank == ACE else "high"


@st.composite
def melds_for(draw: st.DrawFn, ranks: list[str], variant: str) -> list[dict]:
    top = 7 if variant == "classic-fr" else 9
    melds = []
    for rank in ranks:
        naturals = draw(st.integers(2, 7))
        twos = draw(st.integers(0, 1))
        jokers = draw(st.integers(0, 1))
        assume(naturals + twos + jokers <= top)
        melds.append({"rank": rank, "naturals": naturals, "twos": twos, "jokers": jokers})
    return melds


@st.composite
def hands(draw: st.DrawFn) -> dict:
    """A plausible 4-player hand of two sides with detailed melds and hand counts."""
    variant = draw(st.sampled_from(VARIANTS))
    ranks = draw(st.permutations(NATURAL_RANKS))
    split = draw(st.integers(0, 5))
    second = draw(st.integers(0, 5))
    sides = []
    for side_ranks in (ranks[:split], ranks[split : split + second]):
        sides.append(
            {
                "score_before": draw(st.integers(-200, 3000).map(lambda n: n * 5)),
                "melds": draw(melds_for(list(side_ranks), variant)),
                "red_threes": draw(st.integers(0, 2)),
                "hand": {
                    cls: draw(st.integers(0, 3))
                    for cls in ("jokers", "twos", "aces", "high", "low")
                },
            }
        )
    sides[0]["went_out"] = draw(st.booleans())
    return {"variant": variant, "sides": sides}


def score_or_reject(record: dict):
    try:
        return score_record(record)
    except RuleViolation:
        assume(False)
        raise AssertionError("unreachable") from None


def as_counts(side: dict) -> dict:
    """The same side entered as card-class counts with canastas by kind."""
    melded = {"jokers": 0, "twos": 0, "aces": 0, "high": 0, "low": 0}
    canastas = {"natural": 0, "mixed": 0}
    for meld in side["melds"]:
        melded[rank_class(meld["rank"])] += meld["naturals"]
        melded["twos"] += meld["twos"]
        melded["jokers"] += meld["jokers"]
        if meld["naturals"] + meld["twos"] + meld["jokers"] >= 7:
            canastas["mixed" if meld["twos"] or meld["jokers"] else "natural"] += 1
    out = {k: v for k, v in side.items() if k != "melds"}
    if side["melds"]:
        out["melded"] = melded
        out["canastas"] = canastas
    return out


def as_points(side: dict) -> dict:
    """The same side entered as plain totals."""
    out = as_counts(side)
    if "melded" in out:
        out["melded"] = {"points": sum(CARD_VALUE[c] * n for c, n in out["melded"].items())}
    out["hand"] = {"points": sum(CARD_VALUE[c] * n for c, n in side["hand"].items())}
    return out


PROPERTY = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@PROPERTY
@given(hands())
def test_total_is_the_sum_of_the_breakdown(record: dict) -> None:
    score = score_or_reject(record)
    for side, before in zip(score.sides, record["sides"], strict=True):
        b = side.breakdown
        assert side.total == b.cards + b.hand + b.canastas + b.red_threes + b.going_out + b.other
        assert side.score_after == before["score_before"] + side.total


@PROPERTY
@given(hands())
def test_the_same_cards_score_the_same_at_every_entry_level(record: dict) -> None:
    detailed = score_or_reject(record)
    counts = score_record({**record, "sides": [as_counts(s) for s in record["sides"]]})
    points = score_record({**record, "sides": [as_points(s) for s in record["sides"]]})
    assert counts == detailed
    assert points == detailed


COUNTS = st.fixed_dictionaries({cls: st.integers(0, 40) for cls in class_limits(2)})


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VARIANTS), COUNTS, COUNTS)
def test_deck_limits_hold_for_cards_left_in_hand(variant: str, first: dict, second: dict) -> None:
    packs = FOUR_PLAYER_PACKS[variant]
    limits = class_limits(packs)
    within = all(first[c] + second[c] <= limits[c] for c in limits)
    record = {"variant": variant, "sides": [{"hand": first}, {"hand": second}]}
    try:
        score_record(record)
        accepted = True
    except RuleViolation as error:
        accepted = False
        assert "hold" in str(error)  # "2 packs hold", "the 108-card ... deck holds"
    assert accepted == within


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.sampled_from(NATURAL_RANKS),
    st.integers(3, 20),
    st.integers(3, 20),
)
def test_no_rank_is_melded_more_often_than_the_packs_hold(
    variant: str, rank: str, a: int, b: int
) -> None:
    limit = 4 * FOUR_PLAYER_PACKS[variant]
    # Same rank on both sides, each meld within the meld rules of every preset that takes it.
    most = PRESETS[variant].canasta_max
    assume(most is None or (a <= most and b <= most))
    sides = [{"melds": [{"rank": rank, "naturals": n}]} for n in (a, b)]
    record = {"variant": variant, "sides": sides}
    try:
        score_record(record)
        accepted = True
    except RuleViolation:
        accepted = False
    assert accepted == (a + b <= limit)
