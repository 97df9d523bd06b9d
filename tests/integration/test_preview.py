"""The hand page's live preview: the score of the entry as it stands, in the API's shapes."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scorekeeper.models import Hand
from tests.factories import NS_OUT_WITH_KINGS, new_game, open_edit_link, play_hands

pytestmark = pytest.mark.django_db


def preview(client, game, number: int, body) -> tuple[int, dict]:
    response = client.post(
        reverse("hand-preview", args=[game.id, number]),
        data=body if isinstance(body, str) else json.dumps(body),
        content_type="application/json",
    )
    return response.status_code, response.json()


def test_the_preview_scores_the_entry_after_the_totals_before_it(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    play_hands(game, 1, NS_OUT_WITH_KINGS)  # 670 / 0
    status, body = preview(client, game, 2, [{"melds": [{"rank": "Q", "naturals": 4}]}, {}])
    assert status == 200
    assert [s["total"] for s in body["sides"]] == [40, 0]
    assert [s["score_after"] for s in body["sides"]] == [710, 0]
    assert [s["opening_minimum"] for s in body["sides"]] == [50, 50]
    assert body["sides"][0]["breakdown"] == {
        "cards": 40,
        "hand": 0,
        "canastas": 0,
        "red_threes": 0,
        "going_out": 0,
        "other": 0,
    }
    assert body["wins_game"] is None
    assert Hand.objects.count() == 1  # nothing saved


def test_a_refused_entry_is_the_apis_error_body_as_the_previews_answer(client) -> None:
    """The hand as typed so far breaks a rule: the preview answers it (200, as the phone's
    engine does), so the browser logs no failed request at each tap; a body that is not JSON
    is a bad request."""
    game, token = new_game(names=("Us", "Them"))
    open_edit_link(client, game, token)
    status, body = preview(client, game, 1, [{"melds": [{"rank": "K", "naturals": 2}]}, {}])
    assert status == 200
    assert set(body) == {"error", "field", "side", "meld"}
    assert (body["side"], body["meld"]) == (1, 1) and "at least 3" in body["error"]
    status, body = preview(client, game, 1, "{not json")
    assert status == 400 and set(body) == {"error"}


def test_the_preview_needs_the_edit_link(client) -> None:
    game, _ = new_game()
    response = client.post(
        reverse("hand-preview", args=[game.id, 1]), data="[{}, {}]", content_type="application/json"
    )
    assert response.status_code == 404
