"""Several phones on one game at once, against a live server with real threads (SQLite file
database with IMMEDIATE transactions, or PostgreSQL with row locks)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from scorekeeper.models import Hand, Revision
from tests.factories import NS_OUT_WITH_KINGS

pytestmark = pytest.mark.django_db(transaction=True)


def call(
    method: str, url: str, body: object = None, token: str | None = None, **headers: str
) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json", **headers}
    )
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else {}
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


@pytest.fixture
def game(live_server) -> dict:
    status, body = call(
        "POST",
        f"{live_server.url}/api/v1/games",
        {
            "variant": "classic",
            "sides": [{"name": "A"}, {"name": "B"}],
            "rules": {"target": 100000},
        },
    )
    assert status == 201
    return body


def test_concurrent_posts_are_numbered_without_gaps_or_duplicates(live_server, game) -> None:
    url = f"{live_server.url}/api/v1/games/{game['id']}/hands"
    posts = 24
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(
            pool.map(
                lambda _: call("POST", url, {"sides": NS_OUT_WITH_KINGS}, game["token"]),
                range(posts),
            )
        )
    assert [status for status, _ in results] == [201] * posts
    assert sorted(body["number"] for _, body in results) == list(range(1, posts + 1))
    assert list(Hand.objects.order_by("number").values_list("number", flat=True)) == list(
        range(1, posts + 1)
    )
    status, state = call("GET", f"{live_server.url}/api/v1/games/{game['id']}")
    assert status == 200
    assert state["sides"][0]["total"] == 670 * posts  # no update lost


def test_concurrent_edits_of_one_version_let_exactly_one_through(live_server, game) -> None:
    url = f"{live_server.url}/api/v1/games/{game['id']}/hands"
    call("POST", url, {"sides": NS_OUT_WITH_KINGS}, game["token"])
    edits = [
        [{"melds": [{"rank": "K", "naturals": 7}], "red_threes": n % 3, "went_out": True}, {}]
        for n in range(6)
    ]
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(
            pool.map(
                lambda sides: call(
                    "PUT", url + "/1", {"sides": sides, "version": 1}, game["token"]
                ),
                edits,
            )
        )
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] + [409] * 5
    assert all("game" in body for status, body in results if status == 409)
    assert Hand.objects.get().version == 2
    assert Revision.objects.filter(action="edited").count() == 1


def hands(live_server, game, count: int) -> str:
    url = f"{live_server.url}/api/v1/games/{game['id']}/hands"
    for rank in ("Q", "K", "A", "J", "9")[:count]:
        sides = [{"melds": [{"rank": rank, "naturals": 3}]}, {}]
        assert call("POST", url, {"sides": sides}, game["token"])[0] == 201
    return url


def test_sixteen_simultaneous_deletes_of_one_hand_delete_exactly_one(live_server, game) -> None:
    url = hands(live_server, game, 4)
    version = Hand.objects.get(number=2).version
    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = sorted(
            pool.map(
                lambda _: call(
                    "DELETE", url + "/2", None, game["token"], **{"If-Match": f'"{version}"'}
                )[0],
                range(16),
            )
        )
    assert statuses[0] == 204 and statuses.count(204) == 1
    assert set(statuses[1:]) <= {404, 409}
    ranks = [h.record["sides"][0]["melds"][0]["rank"] for h in Hand.objects.order_by("number")]
    assert ranks == ["Q", "A", "J"]  # only the kings went


def test_a_put_and_a_delete_of_one_hand_at_once_let_one_through(live_server, game) -> None:
    url = hands(live_server, game, 3)
    version = Hand.objects.get(number=2).version
    sides = [{"melds": [{"rank": "5", "naturals": 3}]}, {}]
    for _ in range(4):  # several rounds: the race goes either way
        version = Hand.objects.get(number=2).version
        with ThreadPoolExecutor(max_workers=2) as pool:
            put = pool.submit(
                call, "PUT", url + "/2", {"sides": sides, "version": version}, game["token"]
            )
            delete = pool.submit(
                call, "DELETE", url + "/2", None, game["token"], **{"If-Match": f'"{version}"'}
            )
            statuses = sorted([put.result()[0], delete.result()[0]])
        assert statuses in ([200, 409], [204, 409], [204, 404]), statuses
        if Hand.objects.count() < 3:
            hands(live_server, game, 1)


def test_retries_with_one_idempotency_key_at_once_add_one_hand(live_server, game) -> None:
    url = f"{live_server.url}/api/v1/games/{game['id']}/hands"
    key = "retry-0123456789-abcdef"
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(
            pool.map(
                lambda _: call(
                    "POST",
                    url,
                    {"sides": NS_OUT_WITH_KINGS},
                    game["token"],
                    **{"Idempotency-Key": key},
                ),
                range(8),
            )
        )
    assert [status for status, _ in results] == [201] * 8
    assert all(body == results[0][1] for _, body in results)
    assert Hand.objects.count() == 1
