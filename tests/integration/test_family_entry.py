"""The hand-entry page of the four families (VARIANTS-families.md section 5): what its config offers
comes from the engine's data (EntryOffer), a box shows only where the preset has a use for it,
and the records the page's script builds save and score as the engine scores them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from scorekeeper.hand_pages import LABELS
from scorekeeper.models import Game
from scorekeeper.rules import ruleset_for, score_json
from scorekeeper.rules.entry import entry_offer
from scorekeeper.rules.special_hands import SPECIAL_HAND_SETS
from scorekeeper.selectors import game_state_by_id
from tests.factories import new_game, open_edit_link

pytestmark = pytest.mark.django_db

HAND_MODULES = Path(__file__).resolve().parents[2] / "static" / "scorekeeper" / "hand"


def page_config(client, variant: str, players: int = 4, rules: dict | None = None) -> dict:
    game, token = new_game(variant, players=players, rules=rules)
    open_edit_link(client, game, token)
    page = client.get(reverse("hand-new", args=[game.id])).content.decode()
    return json.loads(page.split('id="hand-config" type="application/json">')[1].split("<")[0])


def offer_of(variant: str, rules: dict | None = None, players: int = 4):
    return entry_offer(ruleset_for(variant, players, rules).variant)


# What each family's page offers, and what it does not ---------------------------------------


def test_modern_american_offers_threes_caught_sets_unfinished_melds_and_special_hands(
    client,
) -> None:
    config = page_config(client, "modern-american")
    assert config["threes_laid"] is True
    assert config["caught_sets"] == ["aces", "sevens"]
    assert config["incomplete"] == ["aces", "sevens", "wild", "wild_jokers"]
    assert [h["id"] for h in config["special_hands"]] == [h.id for h in SPECIAL_HAND_SETS["cla"]]
    pairs = config["special_hands"][0]
    assert pairs == {"id": "pairs", "name": "Pairs", "value": 2500, "wins_game": False}
    dreams = [h for h in config["special_hands"] if h["wins_game"]]
    assert [(h["id"], h["value"]) for h in dreams] == [("dream_4", 8500), ("dream_5", 8500)]
    assert "wild" in config["ranks"] and "3" not in config["ranks"]  # threes are laid out
    assert "red_threes" in config["hand_classes"]  # a three left in hand: the last card drawn
    assert "black_threes" not in config["melded_classes"]  # never melded
    assert config["canasta_kinds"] == [
        "natural",
        "mixed",
        "wild_pure",
        "wild_mixed",
        "aces",
        "sevens",
        "wild_jokers",
    ]
    assert set(config["canasta_labels"]) == set(config["canasta_kinds"])
    assert config["canasta_labels"]["sevens"] == "Sevens"
    # Nothing of the other families, and no box that scores nothing here.
    assert (config["sequences"], config["feet"], config["exact_pickups"]) == (False, False, False)
    assert (config["concealed_going_out"], config["exact_cut"]) == (False, False)
    assert config["sequence_kinds"] == []
    assert config["foot_cards"] is None


@pytest.mark.parametrize(("variant", "name"), [("samba", "Samba"), ("bolivia", "Escalera")])
def test_samba_and_bolivia_offer_sequences_of_3_to_7_named_by_the_deck(
    client, variant: str, name: str
) -> None:
    config = page_config(client, variant)
    assert config["sequences"] is True
    assert config["sequence_lengths"] == [3, 4, 5, 6, 7]
    assert config["sequence_canasta"] == 7
    assert config["sequence_name"] == name
    assert config["sequence_kinds"] == ["straight"]  # a summary entry counts sambas, no royal
    assert "3" in config["ranks"]  # black threes melded going out
    assert config["threes_laid"] is False
    assert (config["caught_sets"], config["incomplete"], config["special_hands"]) == ([], [], [])
    assert (config["feet"], config["exact_pickups"]) == (False, False)
    assert "red_threes" not in config["hand_classes"]  # red threes are laid down at once


def test_bolivia_offers_one_wild_canasta_the_bolivia_and_samba_none(client) -> None:
    bolivia = page_config(client, "bolivia")
    assert "wild" in bolivia["ranks"]
    assert bolivia["canasta_kinds"] == ["natural", "mixed", "wild_pure"]  # both mean a bolivia
    assert bolivia["canasta_labels"]["wild_pure"] == "Wild (7 wild cards)"
    samba = page_config(client, "samba")
    assert "wild" not in samba["ranks"]
    assert samba["canasta_kinds"] == ["natural", "mixed"]


def test_hand_and_foot_offers_feet_exact_pickups_red_threes_caught_and_wild_books(
    client,
) -> None:
    config = page_config(client, "hand-and-foot")
    assert config["feet"] is True
    assert config["foot_cards"] == 11
    assert config["exact_pickups"] is True
    assert "red_threes" in config["hand_classes"]
    assert "wild" in config["ranks"] and "3" not in config["ranks"]
    assert config["canasta_kinds"] == ["natural", "mixed", "wild_pure"]  # a wild book
    assert config["threes_laid"] is False
    assert (config["caught_sets"], config["incomplete"], config["special_hands"]) == ([], [], [])
    assert config["sequences"] is False
    assert config["concealed_going_out"] is False


def test_the_originals_offer_none_of_the_families_boxes(client) -> None:
    config = page_config(client, "classic")
    assert config["concealed_going_out"] is True  # classic's 200 for going out concealed
    assert config["hand_classes"] == config["melded_classes"]
    assert "red_threes" not in config["hand_classes"]
    for key in ("caught_sets", "incomplete", "special_hands", "sequence_kinds"):
        assert config[key] == [], key
    for key in ("threes_laid", "feet", "exact_pickups", "sequences"):
        assert config[key] is False, key


def test_espanola_keeps_its_sequences_of_7_or_the_whole_suit() -> None:
    offer = offer_of("espanola", {"sequences": True})
    assert offer.sequences is True
    assert offer.sequence_lengths == (7, 11)
    assert offer.sequence_kinds == ("straight", "royal")
    assert offer.wild_meld_min == 5  # "de 5 en 5"
    assert offer.canasta_kinds[-3:] == ("wild_pure", "wild_mixed", "black_threes")
    plain = offer_of("espanola")
    assert (plain.sequences, plain.sequence_lengths, plain.sequence_kinds) == (False, (), ())


# House rules change the offer, through the variant they leave ------------------------------


def test_house_rules_switch_the_families_boxes(client) -> None:
    assert offer_of("modern-american", {"special_hands": "none"}).special_hands == ()
    pagat = offer_of("modern-american", {"special_hands": "pagat"}).special_hands
    assert [(h.id, h.value) for h in pagat] == [
        ("straight", 3000),
        ("pairs", 2500),
        ("wild_pairs", 2000),
        ("garbage", 2000),
    ]
    no_dream = offer_of("modern-american", {"dream_hand_wins": False}).special_hands
    assert not any(h.wins_game for h in no_dream)
    off = offer_of("hand-and-foot", {"wild_books": "off"})
    assert "wild" not in off.ranks and "wild_pure" not in off.canasta_kinds
    assert offer_of("hand-and-foot", {"exact_pickup_bonus": 0}).exact_pickups is False
    config = page_config(client, "hand-and-foot", rules={"cards_dealt": 13})
    assert config["foot_cards"] == 13


def test_every_special_hand_and_every_word_of_the_script_has_a_name() -> None:
    hands = [h for hands in SPECIAL_HAND_SETS.values() for h in hands]
    assert all(h.button and h.button != h.id for h in hands)
    dream = next(h for h in hands if h.id == "dream_4")
    assert dream.button == "Dream hand (four wilds)" and dream.name == "Dream hand"
    script = "\n".join(p.read_text() for p in sorted(HAND_MODULES.glob("*.mjs")))
    used = set(re.findall(r"\bL\.(\w+)", script))
    assert not used - set(LABELS), used - set(LABELS)
    # L[k]: canasta kinds, card classes, L["incomplete_" + k]: unfinished melds, L.royal...
    keyed: set[str] = set()
    for variant in ("classic", "espanola", "modern-american", "bolivia", "hand-and-foot"):
        offer = offer_of(variant, {"sequences": True} if variant == "espanola" else None)
        keyed |= set(offer.canasta_kinds) | set(offer.hand_classes) | set(offer.melded_classes)
        keyed |= {f"incomplete_{k}" for k in offer.incomplete}
        keyed |= {k for k in offer.sequence_kinds if k != "straight"}  # straight: the deck's name
    assert not keyed - set(LABELS), keyed - set(LABELS)


# The records the script builds save, and score as the engine does ---------------------------


def save(client, game: Game, sides: list) -> None:
    response = client.post(reverse("hand-new", args=[game.id]), {"record": json.dumps(sides)})
    assert response.status_code == 302, response.content.decode()[:2000]


def engine_totals(variant: str, sides: list, rules: dict | None = None, number: int = 1) -> list:
    record = {
        "variant": variant,
        "players": 4,
        "hand_number": number,
        "sides": [{"name": n, **s} for n, s in zip(("NS", "EW"), sides, strict=True)],
    }
    if rules:
        record["rules"] = rules
    return [side["total"] for side in score_json(record)["sides"]]


FAMILY_HANDS = {
    "modern-american": [
        # A special hand is the side's whole score; the other side scores as usual.
        [
            {"special_hand": "miami_pairs"},
            {
                "melds": [{"rank": "K", "naturals": 4}],
                "red_threes": 1,
                "black_threes_laid": 1,
                "hand": {"aces": 3, "red_threes": 1},
                "caught_sets": {"aces": 1},
            },
        ],
        # Summary entry: an unfinished sevens meld (incomplete) beside a mixed canasta.
        [
            {
                "melded": {"points": 130},
                "canastas": {"mixed": 1},
                "incomplete": {"sevens": 1},
                "black_threes_laid": 2,
                "hand": {"aces": 3, "low": 4},
                "caught_sets": {"aces": 1, "sevens": 1},
            },
            {"melds": [{"rank": "wild", "twos": 3}], "hand": {"points": 20}},
        ],
    ],
    "samba": [
        [
            {
                "melds": [
                    {"sequence": ["5", "J"]},
                    {"rank": "K", "naturals": 7},
                    {"sequence": ["8", "10"]},
                ],
                "went_out": True,
            },
            {"melded": {"points": 100}, "sequences": {"straight": 1}, "hand": {"low": 2}},
        ],
    ],
    "bolivia": [
        [
            {
                "melds": [
                    {"sequence": ["8", "A"]},
                    {"rank": "wild", "twos": 5, "jokers": 2},
                    {"rank": "Q", "naturals": 3},
                ],
                "went_out": True,
            },
            {"melds": [{"rank": "6", "naturals": 4, "twos": 1}], "hand": {"black_threes": 1}},
        ],
    ],
    "hand-and-foot": [
        [
            {
                "melds": [
                    {"rank": "K", "naturals": 7},
                    {"rank": "Q", "naturals": 7},
                    {"rank": "9", "naturals": 5, "twos": 2},
                    {"rank": "5", "naturals": 6, "jokers": 1},
                    {"rank": "wild", "twos": 4},
                ],
                "red_threes": 1,
                "exact_pickups": 1,
                "went_out": True,
                "hand": {"high": 2},
            },
            {
                "melds": [{"rank": "8", "naturals": 4}],
                "exact_pickups": 2,
                "hand": {"red_threes": 1, "low": 1},
                "foot": {"high": 5, "low": 6},
            },
        ],
        [
            {"hand": {"points": 40}, "foot": {"points": 120}},
            {"melds": [{"rank": "J", "naturals": 3}]},
        ],
    ],
}


@pytest.mark.parametrize("variant", list(FAMILY_HANDS))
def test_the_pages_records_save_and_score_as_the_engine_does(client, variant: str) -> None:
    game, token = new_game(variant, names=("NS", "EW"))
    open_edit_link(client, game, token)
    totals = [0, 0]
    for number, sides in enumerate(FAMILY_HANDS[variant], 1):
        before = [{"score_before": t} for t in totals]
        expected = engine_totals(
            variant,
            [{**s, **b} for s, b in zip(sides, before, strict=True)],
            number=number,
        )
        save(client, game, sides)
        totals = [t + e for t, e in zip(totals, expected, strict=True)]
    state = game_state_by_id(game.id)
    assert list(state.totals) == totals
    # Each hand is stored as the page sent it (keys at their default left out by the script).
    assert [h.record["sides"] for h in state.hands] == FAMILY_HANDS[variant]
