"""A retry never duplicates a hand: Idempotency-Key on every write of the API, and one key per
entry on the hand-entry page."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from scorekeeper.models import Game, Hand
from tests.factories import NS_OUT_WITH_KINGS, new_game, open_edit_link

pytestmark = pytest.mark.django_db


def write(
    client, method: str, url: str, body, key: str | None, token: str | None = None, **headers
):
    if key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return getattr(client, method)(
        url,
        json.dumps(body) if body is not None else "",
        content_type="application/json",
        **headers,
    )


@pytest.fixture
def game():
    return new_game()


def test_a_retried_hand_post_answers_the_first_answer_and_writes_nothing(client, game) -> None:
    game, token = game
    key = str(uuid.uuid4())
    url = f"/api/v1/games/{game.id}/hands"
    first = write(client, "post", url, {"sides": NS_OUT_WITH_KINGS}, key, token)
    retry = write(client, "post", url, {"sides": NS_OUT_WITH_KINGS}, key, token)
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.json() == first.json()
    assert retry["Idempotent-Replayed"] == "true"
    assert Hand.objects.count() == 1
    other = write(client, "post", url, {"sides": NS_OUT_WITH_KINGS}, str(uuid.uuid4()), token)
    assert other.json()["number"] == 2  # a new key is a new hand


def test_a_retried_game_creation_gives_the_same_game_and_token(client) -> None:
    key = str(uuid.uuid4())
    body = {"variant": "classic", "sides": [{"name": "A"}, {"name": "B"}]}
    first = write(client, "post", "/api/v1/games", body, key)
    retry = write(client, "post", "/api/v1/games", body, key)
    assert retry.json()["token"] == first.json()["token"]
    assert retry["Location"] == first["Location"]
    assert Game.objects.count() == 1


def test_retried_edit_delete_and_undo_write_once(client, game) -> None:
    game, token = game
    url = f"/api/v1/games/{game.id}/hands"
    for _ in range(3):
        write(client, "post", url, {"sides": NS_OUT_WITH_KINGS}, None, token)
    delete_key = str(uuid.uuid4())
    version = Hand.objects.get(number=1).version
    for _ in range(2):
        response = write(
            client, "delete", url + "/1", None, delete_key, token, HTTP_IF_MATCH=f'"{version}"'
        )
        assert response.status_code == 204
    assert Hand.objects.count() == 2
    undo_key = str(uuid.uuid4())
    for _ in range(2):
        assert (
            write(
                client, "post", f"/api/v1/games/{game.id}/undo-delete", {}, undo_key, token
            ).status_code
            == 201
        )
    assert Hand.objects.count() == 3
    put_key = str(uuid.uuid4())
    version = Hand.objects.get(number=2).version
    answers = [
        write(client, "put", url + "/2", {"sides": [{}, {}], "version": version}, put_key, token)
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [200, 200] and answers[0].json() == answers[1].json()


def test_a_refusal_is_answered_again_the_same_way(client, game) -> None:
    game, token = game
    key = str(uuid.uuid4())
    url = f"/api/v1/games/{game.id}/hands"
    bad = {"sides": [{"melds": [{"rank": "K", "naturals": 1}]}, {}]}
    first = write(client, "post", url, bad, key, token)
    assert first.status_code == 400
    assert write(client, "post", url, bad, key, token).json() == first.json()
    assert Hand.objects.count() == 0


def test_a_key_reused_with_another_request_is_422(client, game) -> None:
    game, token = game
    key = str(uuid.uuid4())
    url = f"/api/v1/games/{game.id}/hands"
    write(client, "post", url, {"sides": NS_OUT_WITH_KINGS}, key, token)
    other = write(client, "post", url, {"sides": [{}, {}]}, key, token)
    assert other.status_code == 422
    assert Hand.objects.count() == 1


def test_a_replay_needs_the_same_token(client, game) -> None:
    game, token = game
    key = str(uuid.uuid4())
    url = f"/api/v1/games/{game.id}/hands"
    write(client, "post", url, {"sides": NS_OUT_WITH_KINGS}, key, token)
    stranger = write(client, "post", url, {"sides": NS_OUT_WITH_KINGS}, key, "not-the-token")
    assert stranger.status_code in (403, 422)
    assert "number" not in stranger.json()


@pytest.mark.parametrize("key", ["short", "x" * 256, "spaces are not allowed here", "é" * 20])
def test_a_bad_key_is_400(client, game, key: str) -> None:
    game, token = game
    response = write(
        client, "post", f"/api/v1/games/{game.id}/hands", {"sides": NS_OUT_WITH_KINGS}, key, token
    )
    assert response.status_code == 400 and "Idempotency-Key" in response.json()["error"]
    assert Hand.objects.count() == 0


def test_the_entry_page_saves_an_entry_once(client, game) -> None:
    game, token = game
    open_edit_link(client, game, token)
    page = client.get(reverse("hand-new", args=[game.id])).content.decode()
    key = page.split('name="entry_key" id="entry-key" value="')[1].split('"')[0]
    form = {"record": json.dumps(NS_OUT_WITH_KINGS), "number": 1, "entry_key": key}
    client.post(reverse("hand-new", args=[game.id]), form)
    again = client.post(reverse("hand-new", args=[game.id]), form, follow=True)
    assert "Hand 1 was already saved." in again.content.decode()
    assert Hand.objects.count() == 1
    other_key = client.get(reverse("hand-new", args=[game.id])).content.decode()
    assert key not in other_key  # the next entry has a key of its own


def test_the_purge_drops_old_keys_only(client, game) -> None:
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from scorekeeper.models import IdempotentRequest

    game, token = game
    for _ in range(2):
        write(
            client,
            "post",
            f"/api/v1/games/{game.id}/hands",
            {"sides": NS_OUT_WITH_KINGS},
            str(uuid.uuid4()),
            token,
        )
    IdempotentRequest.objects.filter(pk=IdempotentRequest.objects.first().pk).update(
        created_at=timezone.now() - timedelta(days=8)
    )
    call_command("idempotency_purge")
    assert IdempotentRequest.objects.count() == 1


def test_a_twin_that_committed_while_this_write_failed_is_its_answer(monkeypatch) -> None:
    """Two tabs send one kept hand at the same moment: the second's write fails on the hand the
    first just saved (its number is taken), after its look for the key found nothing. It is the
    same request, made: "already saved", not a conflict (from a review)."""
    from scorekeeper import idempotency
    from scorekeeper.services import Author, Conflict, hand_add

    game, _token = new_game()
    key = uuid.uuid4().hex
    sides = [{"melds": [{"rank": "K", "naturals": 4}]}, {}]

    def add():
        return hand_add(game_id=game.id, sides=sides, author=Author("a"), expected_number=1)

    first = idempotency.write_once(
        "page hand-add x", key, "", add, lambda w: {"number": w.hand.number}
    )
    real, looks = idempotency._previous, []

    def previous(*args):  # the twin's first look came before the first had committed
        looks.append(args)
        return None if len(looks) == 1 else real(*args)

    monkeypatch.setattr(idempotency, "_previous", previous)
    twin = idempotency.write_once(
        "page hand-add x", key, "", add, lambda w: {"number": w.hand.number}
    )
    assert isinstance(twin, idempotency.Replayed) and twin.answer == {"number": 1}
    assert first.hand.number == 1 and Hand.objects.filter(game=game).count() == 1
    with pytest.raises(Conflict):  # another key: a real conflict still is one
        idempotency.write_once("page hand-add x", uuid.uuid4().hex, "", add, lambda _w: {})
