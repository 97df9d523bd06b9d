"""A penalty or adjustment on a hand (rules/adjustments.py): added to the side's score, shown
with its reason in the breakdown and the history, written by both exports and read back by the
import, counted in the totals and the statistics, and refused without its reason."""

from __future__ import annotations

import json

import pytest

from scorekeeper.models import Game
from scorekeeper.rules import RuleViolation
from scorekeeper.services import Author, game_import, hand_add, hand_revise
from tests.factories import new_game, open_edit_link

pytestmark = pytest.mark.django_db

NS_OUT = {"melds": [{"rank": "K", "naturals": 7}, {"rank": "A", "naturals": 3}], "went_out": True}
EW = {"melds": [{"rank": "5", "naturals": 3}]}
PENALTY = {"points": -100, "reason": "misdeal"}


def test_an_adjustment_counts_in_the_total_and_shows_its_reason(client):
    game, token = new_game()
    write = hand_add(
        game_id=game.id, sides=[NS_OUT, {**EW, "adjustment": PENALTY}], author=Author("t")
    )
    # NS: canasta 500 + cards 130 + going out 100 = 730; EW: 15 - 100 = -85.
    assert [s["total"] for s in write.hand.result["sides"]] == [730, -85]
    assert write.hand.result["sides"][1]["adjustment"] == PENALTY
    assert write.hand.result["sides"][1]["breakdown"]["cards"] == 15  # the engine's own parts
    assert Game.objects.get(id=game.id).totals == [730, -85]
    assert write.hand.record["sides"][1]["adjustment"] == PENALTY
    page = client.get(open_edit_link(client, game, token)).content.decode()
    assert 'data-testid="adjustment"' in page and "misdeal" in page and "\u2212100" in page
    hand_revise(
        game_id=game.id,
        number=1,
        sides=[NS_OUT, {**EW, "adjustment": {"points": -50, "reason": "card shown"}}],
        author=Author("t"),
        expected_version=write.hand.version,
    )
    history = client.get(f"/g/{game.id}/history/").content.decode()
    assert "misdeal" in history and "card shown" in history
    csv_text = b"".join(client.get(f"/g/{game.id}/export.csv").streaming_content).decode()
    header, row = csv_text.splitlines()[:2]
    assert "EW adjustment,EW adjustment reason" in header
    assert ",-50,card shown," in row
    jsonl = client.get(f"/g/{game.id}/export.jsonl").streaming_content
    lines = b"".join(jsonl).decode().splitlines()
    assert json.loads(lines[0])["sides"][1]["adjustment"] == {"points": -50, "reason": "card shown"}
    copy, _token = game_import(records=[(1, json.loads(lines[0]))], owner=None, author=Author("t"))
    assert copy.totals == [730, -35]


@pytest.mark.parametrize(
    ("adjustment", "says"),
    [
        ({"points": -100}, "reason"),
        ({"points": -100, "reason": "   "}, "reason"),
        ({"points": -100, "reason": "\u200b\u202e"}, "reason"),  # nothing that shows
        ({"points": -100, "reason": "\u0301\u20dd"}, "reason"),  # marks with no letter
        ({"points": -100, "reason": "\ue000 \ufdd0\u00ad"}, "reason"),  # private use, a nonchar.
        ({"points": -100, "reason": "x" * 121}, "120"),
        ({"points": 0, "reason": "nothing"}, "multiple of 5"),
        ({"points": -101, "reason": "odd"}, "multiple of 5"),
        ({"points": 10**6, "reason": "huge"}, "multiple of 5"),
        ({"points": True, "reason": "bool"}, "multiple of 5"),
        ({"points": -100, "reason": "x", "by": "me"}, "points and its reason"),
        ("-100", "points and its reason"),
    ],
)
def test_an_adjustment_the_rules_cannot_read_is_refused_and_nothing_saved(adjustment, says):
    game, _token = new_game()
    with pytest.raises(RuleViolation, match=says):
        hand_add(
            game_id=game.id, sides=[NS_OUT, {**EW, "adjustment": adjustment}], author=Author("t")
        )
    assert Game.objects.get(id=game.id).hand_count == 0


def test_a_reasons_line_breaks_become_spaces_and_a_direction_override_is_left_out():
    game, _token = new_game()
    reason = "wrong\ngoing\tout \u202etuo"
    write = hand_add(
        game_id=game.id,
        sides=[NS_OUT, {**EW, "adjustment": {"points": -100, "reason": reason}}],
        author=Author("t"),
    )
    assert write.hand.result["sides"][1]["adjustment"]["reason"] == "wrong going out tuo"


def test_the_api_takes_and_gives_an_adjustment(client):
    game, token = new_game()
    answer = client.post(
        f"/api/v1/games/{game.id}/hands",
        {"sides": [NS_OUT, {**EW, "adjustment": PENALTY}]},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert answer.status_code == 201, answer.content
    shown = client.get(f"/api/v1/games/{game.id}").json()
    assert shown["hands"][0]["sides"][1]["adjustment"] == PENALTY
    assert shown["sides"][1]["total"] == -85
