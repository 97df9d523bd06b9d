"""Property tests (hypothesis): totals add up, entry levels agree, deck limits hold."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, RuleViolation, score_record
from scorekeeper.rules.cards import NATURAL_RANKS, class_limits
from scorekeeper.rules.variants import ORIGINAL_PRESETS
from tests.properties import scaled

CARD_VALUE = {"jokers": 50, "twos": 20, "aces": 20, "high": 10, "low": 5}  # every preset (2.2)
LOW, ACE = {"4", "5", "6", "7"}, "A"
# The seven presets of VARIANTS.md: a generated hand of one canasta kind per meld holds there. The
# families' own kinds (aces and sevens canastas, books, sambas) are covered by their worked
# examples, each entered at every level (MA9, SA7, BO6, HF6), and by test_families.py.
VARIANTS = sorted(v.id for v in ORIGINAL_PRESETS)
FOUR_PLAYER_PACKS = {v: PRESETS[v].seating(4).packs for v in VARIANTS}


def rank_class(rank: str) -> str:
    return "low" if rank in LOW else "aces" if rank == ACE else "high"


class Budget:
    """What is left of the packs' cards by class, so a generated hand never breaks a deck limit
    (each rank is melded once, so a rank's own limit is 4 a pack)."""

    def __init__(self, variant: str) -> None:
        self.packs = FOUR_PLAYER_PACKS[variant]
        self.left = dict(class_limits(self.packs))

    def take(self, draw: st.DrawFn, cls: str, most: int, least: int = 0) -> int:
        n = draw(st.integers(least, max(least, min(most, self.left[cls]))))
        self.left[cls] -= n
        return n


def meld_of(draw: st.DrawFn, rank: str, variant: str, budget: Budget) -> dict:
    """A meld the preset accepts: enough naturals, few enough wild cards, not over its size."""
    preset = PRESETS[variant]
    twos = budget.take(draw, "twos", 1)
    jokers = budget.take(draw, "jokers", 1)
    top = min((preset.canasta_max or 9) - twos - jokers, 4 * budget.packs)
    low = max(preset.min_naturals, preset.min_meld - twos - jokers, twos + jokers)
    naturals = budget.take(draw, rank_class(rank), top, least=low)
    return {"rank": rank, "naturals": naturals, "twos": twos, "jokers": jokers}


def canastas_to_go_out(ranks: list[str], budget: Budget) -> list[dict]:
    """A natural and a mixed canasta: what going out needs in every preset at 4 players (one
    canasta, or espanola's natural and mixed)."""
    budget.left["twos"] -= 1
    budget.left[rank_class(ranks[0])] -= 7
    budget.left[rank_class(ranks[1])] -= 6
    return [
        {"rank": ranks[0], "naturals": 7, "twos": 0, "jokers": 0},
        {"rank": ranks[1], "naturals": 6, "twos": 1, "jokers": 0},
    ]


@st.composite
def hands(draw: st.DrawFn) -> dict:
    """A 4-player hand of two sides with detailed melds and hand counts, valid by construction
    (distinct ranks, wild cards within the packs, canastas where a side goes out)."""
    variant = draw(st.sampled_from(VARIANTS))
    budget = Budget(variant)
    ranks = list(draw(st.permutations(NATURAL_RANKS)))
    went_out = draw(st.booleans())
    first = canastas_to_go_out(ranks, budget) if went_out else []
    ranks = ranks[len(first) :]
    split = draw(st.integers(0, 4))
    second = draw(st.integers(0, 4))
    sides = []
    for melds, side_ranks in ((first, ranks[:split]), ([], ranks[split : split + second])):
        sides.append(
            {
                "score_before": draw(st.integers(-200, 3000).map(lambda n: n * 5)),
                "melds": melds + [meld_of(draw, rank, variant, budget) for rank in side_ranks],
                "red_threes": draw(st.integers(0, 2)),
                "hand": {
                    "jokers": budget.take(draw, "jokers", 1),
                    "twos": budget.take(draw, "twos", 2),
                    **{cls: budget.take(draw, cls, 3) for cls in ("aces", "high", "low")},
                },
            }
        )
    sides[0]["went_out"] = went_out
    return {"variant": variant, "sides": sides}


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


PROPERTY = settings(max_examples=scaled(300), deadline=None)


@PROPERTY
@given(hands())
def test_a_hand_is_scored_from_its_cards_and_canastas(record: dict) -> None:
    """Every hand the generator builds is valid, and each side's total is what its cards,
    canastas, red threes and going out are worth, counted here independently of the engine:
    the card values and bonuses of 2.2-2.6 are the same in every preset for such a hand."""
    score = score_record(record)
    for side, entered in zip(score.sides, record["sides"], strict=True):
        preset = PRESETS[record["variant"]]
        cards = sum(
            CARD_VALUE[rank_class(m["rank"])] * m["naturals"] + 20 * m["twos"] + 50 * m["jokers"]
            for m in entered["melds"]
        )
        in_hand = sum(CARD_VALUE[c] * n for c, n in entered["hand"].items())
        canasta = any(m["naturals"] + m["twos"] + m["jokers"] >= 7 for m in entered["melds"])
        if preset.melds_negative_without_canasta and not canasta:
            cards = -cards  # 2.7: melds count minus without a canasta
        assert side.breakdown.cards == cards
        assert side.breakdown.hand == -in_hand
        assert side.breakdown.going_out == (
            preset.going_out_bonus if entered.get("went_out") else 0
        )
        assert side.total == sum(side.breakdown.as_dict().values())
        assert side.score_after == entered["score_before"] + side.total


@PROPERTY
@given(hands())
def test_the_same_cards_score_the_same_at_every_entry_level(record: dict) -> None:
    detailed = score_record(record)
    counts = score_record({**record, "sides": [as_counts(s) for s in record["sides"]]})
    points = score_record({**record, "sides": [as_points(s) for s in record["sides"]]})
    assert counts == detailed
    assert points == detailed


COUNTS = st.fixed_dictionaries({cls: st.integers(0, 40) for cls in class_limits(2)})


@settings(max_examples=scaled(300), deadline=None)
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


@settings(max_examples=scaled(200), deadline=None)
@given(st.sampled_from(VARIANTS), st.sampled_from(NATURAL_RANKS), st.data())
def test_no_rank_is_melded_more_often_than_the_packs_hold(
    variant: str, rank: str, data: st.DataObject
) -> None:
    limit = 4 * FOUR_PLAYER_PACKS[variant]
    # Same rank on both sides, each meld within the meld rules of the preset (its largest meld).
    most = PRESETS[variant].canasta_max or 20
    a, b = (data.draw(st.integers(3, most)) for _ in range(2))
    sides = [{"melds": [{"rank": rank, "naturals": n}]} for n in (a, b)]
    record = {"variant": variant, "sides": sides}
    try:
        score_record(record)
        accepted = True
    except RuleViolation:
        accepted = False
    assert accepted == (a + b <= limit)
