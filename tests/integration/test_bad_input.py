"""Bad input is a 400 with a message, never a 500 or a hang; nothing is saved."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.models import Game, Hand, Revision
from tests.factories import NS_OUT_WITH_KINGS, new_game, play_hands
from tests.properties import scaled
from tests.unit.rules.test_fuzz import JSON, near_records

pytestmark = pytest.mark.django_db


def post(
    client, url: str, raw: str | bytes, token: str | None = None, method: str = "post", **headers
):
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return getattr(client, method)(url, raw, content_type="application/json", **headers)


def nothing_saved(games: int = 1) -> bool:
    return (
        Game.objects.count() == games
        and Hand.objects.count() == 0
        and Revision.objects.count() == 0
    )


@pytest.fixture
def game():
    return new_game()


def hands_url(game) -> str:
    return f"/api/v1/games/{game.id}/hands"


def side_with(**side) -> str:
    return json.dumps({"sides": [side, {}]})


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        ("[" * 1000 + "]" * 1000, None, "nested too deeply"),
        ('{"sides": ' + "9" * 4400 + "}", None, "too many digits"),
        (side_with(melds=[{"rank": ["K"], "naturals": 3}]), "rank", "rank must be one of"),
        (side_with(melds=[{"rank": {"K": 1}, "naturals": 3}]), "rank", "rank must be one of"),
        (side_with(red_threes=10**20), "red_threes", "more red threes than 2 packs hold"),
        (
            side_with(melded={"points": 500}, canastas={"natural": 10**20}),
            "canastas",
            "canastas cannot hold only",
        ),
        (side_with(hand={"jokers": 10**20}), None, "more jokers than 2 packs hold"),
        (side_with(name="\x00"), "name", "name comes from the game"),
        (json.dumps({"sides": [{}, {}], "number": -1}), "number", "Number must be a hand number"),
        (
            json.dumps({"sides": [{}, {}], "number": 10**20}),
            "number",
            "Number must be a hand number",
        ),
    ],
)
def test_a_hand_post_that_breaks_a_limit_is_a_json_400_naming_the_field(
    client, game, raw, field, words
) -> None:
    game, token = game
    response = post(client, hands_url(game), raw, token)
    assert response.status_code == 400, response.content[:200]
    assert words in response.json()["error"]
    if field:
        assert response.json()["field"] == field
    assert nothing_saved()


@pytest.mark.parametrize("name", ["\x00", "Anna\x00Ben", "\ud800", "tab\tinside"])
def test_control_characters_and_lone_surrogates_in_a_name_are_refused(client, name: str) -> None:
    body = json.dumps({"variant": "classic", "sides": [{"name": name}, {"name": "B"}]})
    response = post(client, "/api/v1/games", body)
    assert response.status_code == 400
    assert "control characters" in response.json()["error"]
    assert Game.objects.count() == 0


def test_a_body_over_the_size_limit_is_a_json_413(client, game, settings) -> None:
    game, token = game
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post(
        client, hands_url(game), json.dumps({"sides": [{"name": "x" * 2000}, {}]}), token
    )
    assert response.status_code == 413
    assert "too large" in response.json()["error"]
    assert nothing_saved()


@pytest.mark.parametrize("path", ["/hands/abc", "/hands/0", "/hands/" + "9" * 30, "/hands/-1"])
def test_a_bad_hand_number_in_a_url_is_a_json_404(client, game, path: str) -> None:
    game, token = game
    response = post(
        client, f"/api/v1/games/{game.id}{path}", "", token, method="delete", HTTP_IF_MATCH='"1"'
    )
    assert response.status_code == 404
    assert response.json()["error"]


@pytest.mark.parametrize("game_id", ["nope-nope", "x" * 50, "a%00b", "%F0%9F%83%8F"])
def test_a_bad_game_id_is_a_404_that_never_reaches_the_database(client, game_id: str) -> None:
    with CaptureQueriesContext(connection) as queries:
        api = client.get(f"/api/v1/games/{game_id}")
        page = client.get(f"/g/{game_id}/")
    assert (api.status_code, page.status_code) == (404, 404)
    assert api.json()["error"]
    assert not [q for q in queries.captured_queries if "scorekeeper_game" in q["sql"]]


def test_a_client_side_name_in_a_hand_never_overrides_the_games(client, game) -> None:
    game, token = game
    response = post(client, hands_url(game), side_with(name='=HYPERLINK("x")'), token)
    assert response.status_code == 400
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    jsonl = b"".join(client.get(reverse("export-jsonl", args=[game.id])).streaming_content)
    assert [s["name"] for s in json.loads(jsonl)["sides"]] == ["NS", "EW"]


def test_csv_cells_that_look_like_formulas_are_made_plain_text(client) -> None:
    game, _ = new_game(names=("=cmd|' /C calc'!A0", "@SUM(A1)"))
    play_hands(game, 1, [{"melds": [{"rank": "Q", "naturals": 3}]}, {"hand": {"points": 50}}])
    csv_text = b"".join(
        client.get(reverse("export-csv", args=[game.id])).streaming_content
    ).decode()
    header, row = csv_text.splitlines()[:2]
    assert header.startswith("hand,'=cmd|") and ",'@SUM(A1) cards," in header
    assert row.endswith(",-50,-50")  # numbers stay numbers


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (
            ['{"variant": "classic", "rules": [1], "sides": [{}, {}]}'],
            "Line 1: rules must be an object",
        ),
        (['{"variant": "classic", "sides": "NS and EW"}'], "Line 1: sides must be a list"),
        (
            ['{"variant": "classic", "sides": [{}, {}]}', "", '{"variant": "classic", "sides": 7}'],
            "Line 3: sides must be a list",
        ),
        (['{"variant": "classic", "sides": [{}, {}]}', "{broken"], "Line 2 is not JSON."),
        (
            ['{"variant": "classic", "sides": [{}, {}]}', "", "", '["not", "a record"]'],
            "Line 4: not a hand record",
        ),
    ],
)
def test_a_bad_import_names_its_line_and_saves_nothing(client, lines, words) -> None:
    response = client.post("/import/", {"text": "\n".join(lines)})
    assert response.status_code == 400
    assert words in response.content.decode()
    assert Game.objects.count() == 0


def test_import_queries_grow_only_by_batches() -> None:
    """One query per hand made 1000 hands take 28 s; hands are now written in batches (SQLite
    caps a batch's parameters, so a long import takes a few more)."""
    from scorekeeper.services import Author, game_import

    record = {"variant": "classic", "sides": [{"melds": [{"rank": "5", "naturals": 3}]}, {}]}
    counts = []
    for hands in (10, 200):
        with CaptureQueriesContext(connection) as queries:
            game_import(records=[(n, record) for n in range(1, hands + 1)], author=Author("t"))
        counts.append(len(queries))
    assert counts[1] <= counts[0] + 5, counts
    assert Hand.objects.count() == 210


def test_import_is_capped(client) -> None:
    from scorekeeper.services import MAX_HANDS

    line = json.dumps({"variant": "classic", "rules": {"target": 100000}, "sides": [{}, {}]})
    response = client.post("/import/", {"text": "\n".join([line] * (MAX_HANDS + 1))})
    assert response.status_code == 400
    assert f"An import holds {MAX_HANDS} hands at most" in response.content.decode()
    assert Game.objects.count() == 0


ANSWERS = {200, 201, 204, 400, 401, 403, 404, 405, 409, 413, 422, 428}


@settings(
    max_examples=scaled(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    body=(near_records() | JSON).map(
        lambda value: {"sides": value.get("sides") if isinstance(value, dict) else value}
    )
    | JSON,
    target=st.sampled_from(["score", "games", "hands", "hand-put", "hand-delete", "undo"]),
    if_match=st.sampled_from([None, '"1"', 'W/"2"', "garbage", '"' + "9" * 40 + '"']),
)
def test_fuzzed_api_writes_answer_json_and_never_500(client, body, target, if_match) -> None:
    """Odd bodies at every write of the API: a JSON answer from the documented statuses, and
    a refused write leaves the database as it was."""
    game, token = new_game(rules={"target": 100000})
    play_hands(game, 2, NS_OUT_WITH_KINGS)
    url, method = {
        "score": ("/api/v1/score", "post"),
        "games": ("/api/v1/games", "post"),
        "hands": (hands_url(game), "post"),
        "hand-put": (hands_url(game) + "/1", "put"),
        "hand-delete": (hands_url(game) + "/2", "delete"),
        "undo": (f"/api/v1/games/{game.id}/undo-delete", "post"),
    }[target]
    before = (Game.objects.count(), Hand.objects.count(), Revision.objects.count())
    headers = {"HTTP_IF_MATCH": if_match} if if_match else {}
    response = post(client, url, json.dumps(body), token, method=method, **headers)
    assert response.status_code in ANSWERS, (response.status_code, response.content[:300])
    if response.status_code != 204:
        assert isinstance(response.json(), dict)
    if response.status_code >= 400:
        assert response.json()["error"]
        assert (Game.objects.count(), Hand.objects.count(), Revision.objects.count()) == before


@pytest.mark.parametrize(
    "name",
    ["\u200d", "\U000e0041\U000e0042", "\u200d\ufe0f", "\u00ad", "\u0301", "\ufdd0\ue000"],
    ids=ascii,
)
def test_a_side_name_that_shows_nothing_is_an_empty_one(client, name: str) -> None:
    """A side left with no name is Side 1, Side 2...: one that shows nothing is no name either
    (scorekeeper.names.shows_nothing), never a board whose side has no visible name."""
    body = json.dumps({"variant": "classic", "sides": [{"name": name, "players": name}, {}]})
    response = post(client, "/api/v1/games", body)
    assert response.status_code == 201
    assert [(s["name"], s["players"]) for s in response.json()["sides"]] == [
        ("Side 1", ""),
        ("Side 2", ""),
    ]
