"""JSON API v1 end to end through the test client (SQLite and PostgreSQL)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.models import Game, Hand, Revision
from tests.factories import BIG_HAND, NS_OUT_WITH_KINGS, new_game, play_hands

pytestmark = pytest.mark.django_db


def post(client, url: str, body: object, token: str | None = None, method: str = "post"):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return getattr(client, method)(
        url, json.dumps(body), content_type="application/json", **headers
    )


@pytest.fixture
def game(client):
    response = post(
        client,
        "/api/v1/games",
        {"variant": "classic", "players": 4, "sides": [{"name": "NS"}, {"name": "EW"}]},
    )
    assert response.status_code == 201
    return response.json()


def test_score_answers_the_hand_format_output_and_saves_nothing(client) -> None:
    response = post(client, "/api/v1/score", {"variant": "classic", "sides": NS_OUT_WITH_KINGS})
    assert response.status_code == 200
    assert [s["total"] for s in response.json()["sides"]] == [670, 0]
    assert response.json()["wins_game"] is None
    assert Game.objects.count() == 0


def test_score_refuses_an_invalid_record_with_400(client) -> None:
    response = post(
        client, "/api/v1/score", {"variant": "classic", "sides": [{"redthrees": 1}, {}]}
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": "Side 1: unknown key 'redthrees'",
        "field": "redthrees",
        "side": 1,
        "meld": None,
    }


def test_score_refuses_a_body_that_is_not_json(client) -> None:
    response = client.post("/api/v1/score", "{nope", content_type="application/json")
    assert response.status_code == 400
    assert "not JSON" in response.json()["error"]


@pytest.mark.parametrize(
    ("query", "status", "body"),
    [
        ("variant=classic&score=1500", 200, {"minimum": 90}),
        ("variant=classic-fr&score=5000", 200, {"minimum": "canasta"}),
        ("variant=origen&score=-5&players=2", 200, {"minimum": 0}),
        ("variant=gin&score=0", 400, None),
        ("variant=origen&score=0&players=3", 400, None),
        ("variant=classic&score=lots", 400, None),
        ("variant=hand-and-foot&hand=3", 200, {"minimum": 120}),  # by hand, no score needed
        ("variant=hand-and-foot&hand=5", 400, None),  # a game of 4 hands
        ("variant=hand-and-foot&score=0", 400, None),  # the hand is needed
        ("variant=samba&score=7000&hand=2", 200, {"minimum": 150}),  # by score: hand ignored
        # ... but a hand given is a hand number wherever it is, as the document says.
        ("variant=classic&score=0&hand=0", 400, {"field": "hand"}),
        ("variant=classic&score=0&hand=-3", 400, {"field": "hand"}),
        ("variant=samba&score=0&hand=two", 400, None),
        ("variant=hand-and-foot&hand=-1", 400, {"field": "hand"}),
        ("variant=modern-american&score=-5", 200, {"minimum": 125}),
    ],
)
def test_opening_minimum(client, query: str, status: int, body: dict | None) -> None:
    response = client.get(f"/api/v1/opening-minimum?{query}")
    assert response.status_code == status
    if body is not None:
        assert response.json().items() >= body.items()
    else:
        assert "error" in response.json()


NEW_GAME = {"variant": "classic", "players": 4, "sides": [{"name": "A"}, {"name": "B"}]}


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/v1/games", {**NEW_GAME, "rules": None}, "rules"),
        ("/api/v1/games", {**NEW_GAME, "players": None}, "players"),
        (
            "/api/v1/score",
            {"variant": "classic", "sides": NS_OUT_WITH_KINGS, "rules": None},
            "rules",
        ),
        ("hands", {"sides": NS_OUT_WITH_KINGS, "number": None}, "number"),
        ("hands", {"sides": None}, "sides"),
        ("hands/1", {"sides": NS_OUT_WITH_KINGS, "version": None}, "version"),
    ],
)
def test_null_where_a_value_is_required_is_a_400_naming_the_field(
    client, url: str, body: dict, field: str
) -> None:
    """The document gives these keys a type, never null: a null was read as the key left out
    ("rules": null made a game of no house rules, "number": null a hand of any number)."""
    game, token = new_game()
    play_hands(game, 1)
    method = "put" if url == "hands/1" else "post"
    if url.startswith("hands"):
        url = f"/api/v1/games/{game.id}/{url}"
    response = post(client, url, body, token, method=method)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert Game.objects.count() == 1 and Hand.objects.count() == 1


@pytest.mark.parametrize("key", ["name", "players"])
def test_null_for_a_sides_name_or_players_is_a_400_naming_it(client, key: str) -> None:
    """A side's name may be left out (Side 1), never null: null was read as left out, a 201
    with "Side 1" that the document refuses."""
    sides = [{"name": "A", key: None}, {"name": "B"}]
    response = post(client, "/api/v1/games", {"variant": "classic", "sides": sides})
    assert response.status_code == 400
    body = response.json()
    assert (body["field"], body["side"]) == ("sides", 1)
    assert f"{key} may not be null" in body["error"]
    assert not Game.objects.exists()


def test_create_game_answers_201_with_id_and_token(game) -> None:
    assert game["id"] and len(game["token"]) >= 32
    assert game["variant"] == "classic" and game["target"] == 5000
    assert [s["name"] for s in game["sides"]] == ["NS", "EW"]
    assert game["hands"] == [] and game["finished"] is False and game["winner"] is None
    assert Game.objects.get(id=game["id"]).token_hash != game["token"]  # only a hash is kept


@pytest.mark.parametrize(
    "body",
    [
        {"variant": "gin", "sides": [{"name": "A"}, {"name": "B"}]},
        {
            "variant": "classic",
            "players": 4,
            "sides": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
        },
        {"variant": "classic", "sides": [{"name": "A"}, {"name": "B"}], "rules": {"targt": 7000}},
        {"variant": "classic", "sides": [{"name": "A"}, {"name": "B"}], "colour": "red"},
        {"variant": "classic", "sides": "A and B"},
    ],
)
def test_create_game_refuses_bad_input_and_leaves_no_row(client, body: dict) -> None:
    response = post(client, "/api/v1/games", body)
    assert response.status_code == 400
    assert response.json()["error"]
    assert Game.objects.count() == 0


def test_house_rules_and_target_are_kept_as_a_validated_snapshot(client) -> None:
    response = post(
        client,
        "/api/v1/games",
        {
            "variant": "espanola",
            "sides": [{"name": "A"}, {"name": "B"}],
            "rules": {"target": 10000, "sequences": True},
        },
    )
    body = response.json()
    assert (body["target"], body["rules"]) == (10000, {"sequences": True})


def test_post_hand_answers_201_with_the_scored_hand_and_its_number(client, game) -> None:
    response = post(
        client, f"/api/v1/games/{game['id']}/hands", {"sides": NS_OUT_WITH_KINGS}, game["token"]
    )
    assert response.status_code == 201
    hand = response.json()
    assert hand["number"] == 1
    assert [s["total"] for s in hand["sides"]] == [670, 0]
    assert [s["score_after"] for s in hand["sides"]] == [670, 0]
    assert hand["sides"][0]["breakdown"]["canastas"] == 500
    second = post(
        client, f"/api/v1/games/{game['id']}/hands", {"sides": BIG_HAND}, game["token"]
    ).json()
    assert second["number"] == 2
    assert [s["score_after"] for s in second["sides"]] == [670 + 2110, -50]
    assert [s["opening_minimum"] for s in second["sides"]] == [90, 15]


def test_hand_writes_need_the_token(client, game) -> None:
    url = f"/api/v1/games/{game['id']}/hands"
    missing = post(client, url, {"sides": NS_OUT_WITH_KINGS})
    wrong = post(client, url, {"sides": NS_OUT_WITH_KINGS}, "not-the-token")
    assert missing.status_code == 401 and missing["WWW-Authenticate"].startswith("Bearer")
    assert wrong.status_code == 403
    assert (
        post(client, url + "/1", {"sides": NS_OUT_WITH_KINGS}, "x", method="put").status_code == 403
    )
    assert client.delete(url + "/1").status_code == 401
    # A token sent another way than Bearer, or none after it: refused as a wrong one.
    for header in (f"Basic {game['token']}", "Bearer ", "Bearer"):
        answer = client.post(
            url,
            json.dumps({"sides": NS_OUT_WITH_KINGS}),
            content_type="application/json",
            HTTP_AUTHORIZATION=header,
        )
        assert answer.status_code == 403, header
    # No such game: 404 before any word on the token, with it or without.
    for token in (None, game["token"]):
        gone = post(client, "/api/v1/games/nope00/hands", {"sides": NS_OUT_WITH_KINGS}, token)
        assert gone.status_code == 404, token
    assert Hand.objects.count() == 0


def test_token_of_another_game_is_refused(client, game) -> None:
    other = post(
        client, "/api/v1/games", {"variant": "classic", "sides": [{"name": "A"}, {"name": "B"}]}
    ).json()
    response = post(
        client, f"/api/v1/games/{game['id']}/hands", {"sides": NS_OUT_WITH_KINGS}, other["token"]
    )
    assert response.status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {"sides": [{"melds": [{"rank": "K", "naturals": 6}], "went_out": True}, {}]},  # no canasta
        {"sides": [{}]},  # one side of two
        {"sides": [{"score_before": 100}, {}]},  # the game supplies it
        {"sides": [{}, {}], "extra": 1},
        {"hands": []},
    ],
)
def test_a_refused_hand_is_400_and_leaves_no_row(client, game, body: dict) -> None:
    response = post(client, f"/api/v1/games/{game['id']}/hands", body, game["token"])
    assert response.status_code == 400
    assert response.json()["error"]
    assert Hand.objects.count() == 0 and Revision.objects.count() == 0
    assert Game.objects.get(id=game["id"]).version == 0


def test_a_hand_after_the_end_of_the_game_is_409(client) -> None:
    created = post(
        client,
        "/api/v1/games",
        {"variant": "classic", "sides": [{"name": "A"}, {"name": "B"}], "rules": {"target": 2000}},
    ).json()
    url = f"/api/v1/games/{created['id']}/hands"
    post(client, url, {"sides": BIG_HAND}, created["token"])
    state = client.get(f"/api/v1/games/{created['id']}").json()
    assert (state["finished"], state["winner"]) == (True, 0)
    response = post(client, url, {"sides": NS_OUT_WITH_KINGS}, created["token"])
    assert response.status_code == 409
    assert response.json()["game"]["finished"] is True
    assert Hand.objects.count() == 1


def test_put_replaces_a_hand_and_totals_recompute(client, game) -> None:
    url = f"/api/v1/games/{game['id']}/hands"
    first = post(client, url, {"sides": NS_OUT_WITH_KINGS}, game["token"]).json()
    post(client, url, {"sides": NS_OUT_WITH_KINGS}, game["token"])
    response = post(
        client,
        url + "/1",
        {"sides": BIG_HAND, "version": first["version"]},
        game["token"],
        method="put",
    )
    assert response.status_code == 200
    assert response.json()["version"] == 3  # the game's third change
    assert [s["score_after"] for s in response.json()["sides"]] == [2110, -50]
    state = client.get(f"/api/v1/games/{game['id']}").json()
    assert [s["total"] for s in state["sides"]] == [2110 + 670, -50]
    assert [h["sides"][0]["score_after"] for h in state["hands"]] == [2110, 2780]
    assert (
        Revision.objects.filter(action="edited", number=1).get().result["sides"][0]["total"] == 670
    )


def test_a_stale_edit_gets_409_with_the_current_state(client, game) -> None:
    url = f"/api/v1/games/{game['id']}/hands"
    post(client, url, {"sides": NS_OUT_WITH_KINGS}, game["token"])  # version 1
    first = post(client, url + "/1", {"sides": BIG_HAND, "version": 1}, game["token"], method="put")
    assert first.status_code == 200 and first.json()["version"] == 2
    stale = client.put(
        url + "/1",
        json.dumps({"sides": NS_OUT_WITH_KINGS}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {game['token']}",
        HTTP_IF_MATCH='"1"',
    )
    assert stale.status_code == 409
    assert stale.json()["game"]["sides"][0]["total"] == 2110  # the state the other phone made
    assert Hand.objects.get().version == 2


def test_a_post_expecting_a_number_already_taken_is_409(client, game) -> None:
    url = f"/api/v1/games/{game['id']}/hands"
    assert (
        post(client, url, {"sides": NS_OUT_WITH_KINGS, "number": 1}, game["token"]).status_code
        == 201
    )
    late = post(client, url, {"sides": NS_OUT_WITH_KINGS, "number": 1}, game["token"])
    assert late.status_code == 409
    assert Hand.objects.count() == 1


def test_delete_renumbers_and_undo_puts_the_hand_back(client, game) -> None:
    url = f"/api/v1/games/{game['id']}/hands"
    for sides in (NS_OUT_WITH_KINGS, BIG_HAND, NS_OUT_WITH_KINGS):
        post(client, url, {"sides": sides}, game["token"])
    deleted = client.delete(
        url + "/2", HTTP_AUTHORIZATION=f"Bearer {game['token']}", HTTP_IF_MATCH='"2"'
    )
    assert deleted.status_code == 204
    state = client.get(f"/api/v1/games/{game['id']}").json()
    assert [h["number"] for h in state["hands"]] == [1, 2]
    assert [s["total"] for s in state["sides"]] == [1340, 0]
    restored = post(client, f"/api/v1/games/{game['id']}/undo-delete", {}, game["token"])
    assert restored.status_code == 201 and restored.json()["number"] == 2
    state = client.get(f"/api/v1/games/{game['id']}").json()
    assert [h["sides"][0]["total"] for h in state["hands"]] == [670, 2110, 670]
    again = post(client, f"/api/v1/games/{game['id']}/undo-delete", {}, game["token"])
    assert again.status_code == 409  # the last delete was already undone


def test_unknown_game_or_hand_is_404(client, game) -> None:
    assert client.get("/api/v1/games/nope").status_code == 404
    response = post(
        client,
        f"/api/v1/games/{game['id']}/hands/7",
        {"sides": NS_OUT_WITH_KINGS, "version": 1},
        game["token"],
        method="put",
    )
    assert response.status_code == 404
    assert response.json()["error"] == "No such game or hand"


def test_get_game_has_the_documented_shape(client, game) -> None:
    post(client, f"/api/v1/games/{game['id']}/hands", {"sides": NS_OUT_WITH_KINGS}, game["token"])
    state = client.get(f"/api/v1/games/{game['id']}").json()
    assert state["variant"] == "classic"
    assert state["sides"] == [
        {"name": "NS", "players": "", "total": 670, "opening_minimum": 50},
        {"name": "EW", "players": "", "total": 0, "opening_minimum": 50},
    ]
    assert state["hands"][0]["number"] == 1
    assert state["hands"][0]["sides"][0]["breakdown"] == {
        "cards": 70,
        "hand": 0,
        "canastas": 500,
        "red_threes": 0,
        "going_out": 100,
        "other": 0,
    }
    assert (state["finished"], state["winner"]) == (False, None)


def test_method_not_allowed_is_405(client) -> None:
    assert client.get("/api/v1/score").status_code == 405


def test_openapi_schema_describes_every_endpoint(client) -> None:
    schema = client.get("/api/v1/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) >= {
        "/api/v1/score",
        "/api/v1/opening-minimum",
        "/api/v1/games",
        "/api/v1/games/{game_id}",
        "/api/v1/games/{game_id}/hands",
        "/api/v1/games/{game_id}/hands/{number}",
    }
    assert set(schema["paths"]["/api/v1/games/{game_id}/hands/{number}"]) == {"put", "delete"}


def test_espanola_black_three_canasta_ends_the_game_at_once(client) -> None:
    created = post(
        client, "/api/v1/games", {"variant": "espanola", "sides": [{"name": "A"}, {"name": "B"}]}
    ).json()
    sides = [{}, {"melds": [{"rank": "3", "naturals": 7}]}]
    hand = post(
        client, f"/api/v1/games/{created['id']}/hands", {"sides": sides}, created["token"]
    ).json()
    assert (hand["finished"], hand["winner"]) == (True, 1)


@pytest.mark.parametrize("hands", [5, 50])
def test_game_api_query_count_does_not_grow_with_hands(
    client, django_assert_num_queries, hands: int
) -> None:
    game, _ = new_game()
    play_hands(game, hands)
    with django_assert_num_queries(3):
        assert len(client.get(f"/api/v1/games/{game.id}").json()["hands"]) == hands
