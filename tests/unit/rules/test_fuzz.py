"""Fuzzing the engine (hypothesis): any JSON value, however odd, is scored or refused with a
RuleViolation, never another exception; a refusal's message stays short."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, RuleViolation, score_record
from scorekeeper.rules.cards import CARD_CLASSES, MELD_RANKS
from tests.properties import scaled

HUGE = st.sampled_from([10**20, -(10**20), 2**63, 10**40, -1, 0, 1, 7, 100001, 12])
TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=()), max_size=20) | (
    st.sampled_from(["\x00", "\ud800", "K", "wild", "3", "points", "natural", "", "x" * 10_000])
)
SCALARS = st.none() | st.booleans() | HUGE | st.integers() | st.floats() | TEXT
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
KEYS = [
    "melds",
    "melded",
    "canastas",
    "sequences",
    "red_threes",
    "went_out",
    "concealed",
    "exact_cut",
    "hand",
    "name",
    "score_before",
]


@st.composite
def near_records(draw: st.DrawFn) -> object:
    """Records close to valid ones, with odd values in every place a value goes."""

    def maybe(valid: st.SearchStrategy) -> st.SearchStrategy:
        # Mostly valid, so a record gets past the other checks to the odd value somewhere.
        return st.integers(0, 7).flatmap(lambda roll: JSON if roll == 0 else valid)

    meld = st.fixed_dictionaries(
        {"rank": maybe(st.sampled_from(sorted(MELD_RANKS)))},
        optional={k: maybe(HUGE | st.integers(0, 9)) for k in ("naturals", "twos", "jokers")},
    )
    counts = st.dictionaries(
        st.sampled_from([*CARD_CLASSES, "points"]) | TEXT, maybe(HUGE), max_size=3
    )
    side = st.fixed_dictionaries(
        {},
        optional={
            "melds": maybe(st.lists(meld | st.fixed_dictionaries({"sequence": JSON}), max_size=4)),
            "red_threes": maybe(HUGE),
            "went_out": maybe(st.booleans()),
            "hand": maybe(counts),
            "name": TEXT,
            "score_before": maybe(HUGE),
        },
    )
    summary = st.fixed_dictionaries(
        {"melded": maybe(counts)},
        optional={
            "canastas": maybe(
                st.dictionaries(
                    st.sampled_from(["natural", "mixed", "wild_pure", "black_threes"]),
                    HUGE,
                    max_size=2,
                )
            ),
            "sequences": maybe(
                st.dictionaries(st.sampled_from(["straight", "royal"]), HUGE, max_size=2)
            ),
        },
    )
    # A valid frame (a preset, four players in two sides, maybe a house rule): the odd values
    # sit inside the sides and rules, where the engine reads them. JSON alone covers odd frames.
    return draw(
        st.fixed_dictionaries(
            {
                "variant": st.sampled_from(sorted(PRESETS)),
                "sides": st.lists(side | summary, min_size=2, max_size=2),
            },
            optional={
                "rules": st.dictionaries(
                    st.sampled_from(["target", "packs", "wild_limit", "sequences"]),
                    JSON,
                    max_size=2,
                )
            },
        )
    )


FUZZ = settings(
    max_examples=scaled(600), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def melds(*melds: object) -> dict:
    return {"variant": "classic", "sides": [{"melds": list(melds)}, {}]}


@pytest.mark.slow
@FUZZ
@given(near_records() | JSON)
@example(melds({"rank": ["K"], "naturals": 3}))  # a rank that is a list
@example(melds({"rank": {"K": 1}, "naturals": 3}))  # ... or an object
@example(melds({"sequence": [["5"], "J"]}))
@example({"variant": [[[[[[[]]]]]]] * 3, "sides": []})
@example({"variant": "x" * 100_000, "sides": []})
@example({"variant": "classic", "sides": [{"red_threes": 10**20}, {}]})
@example(
    {
        "variant": "classic",
        "sides": [{"melded": {"points": 500}, "canastas": {"natural": 10**20}}, {}],
    }
)
@example({"variant": "classic", "sides": [{"name": "\x00\ud800"}, {"hand": {"kings" * 10_000: 1}}]})
@example(  # two long names in one message ("side 1 (...) and side 2 (...)"), found by the fuzzer
    {"variant": "classic", "sides": [{"name": "x" * 5000, "went_out": True}] * 2}
)
@example(melds({"rank": "x" * 5000, "foo": 1}))  # a long rank, named where the meld is
def test_any_json_is_scored_or_refused_with_a_short_message(record: object) -> None:
    try:
        score_record(record)
    except RuleViolation as violation:
        assert len(str(violation)) < 600, str(violation)[:200]
