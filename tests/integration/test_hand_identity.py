"""An edit or delete names exactly the hand it was shown: a repeated or stale request never
reaches another hand (issue: "never lose or misplace a hand")."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scorekeeper.models import Hand
from tests.factories import new_game, open_edit_link, play_hands

pytestmark = pytest.mark.django_db

QUEENS = [{"melds": [{"rank": "Q", "naturals": 3}]}, {}]  # 30 / 0
KINGS = [{"melds": [{"rank": "K", "naturals": 4}]}, {}]  # 40 / 0
ACES = [{"melds": [{"rank": "A", "naturals": 3}]}, {}]  # 60 / 0


def three_hands():
    game, token = new_game()
    for sides in (QUEENS, KINGS, ACES):
        play_hands(game, 1, sides)
    return game, token


def firsts() -> list[int]:
    return list(Hand.objects.order_by("number").values_list("result__sides__0__total", flat=True))


def api(client, method: str, game, token: str, path: str, body=None, if_match=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    if if_match is not None:
        headers["HTTP_IF_MATCH"] = f'"{if_match}"'
    return getattr(client, method)(
        f"/api/v1/games/{game.id}/hands{path}",
        json.dumps(body) if body is not None else "",
        content_type="application/json",
        **headers,
    )


def test_a_repeated_delete_deletes_nothing_more(client) -> None:
    game, token = three_hands()
    version = Hand.objects.get(number=2).version
    assert api(client, "delete", game, token, "/2", if_match=version).status_code == 204
    again = api(client, "delete", game, token, "/2", if_match=version)
    assert again.status_code == 409  # hand 2 is now the aces, at another version
    assert firsts() == [30, 60]


def test_a_repeated_delete_of_the_last_hand_is_404(client) -> None:
    game, token = three_hands()
    version = Hand.objects.get(number=3).version
    assert api(client, "delete", game, token, "/3", if_match=version).status_code == 204
    assert api(client, "delete", game, token, "/3", if_match=version).status_code == 404
    assert firsts() == [30, 40]


def test_a_stale_edit_never_overwrites_the_hand_that_moved_into_its_place(client) -> None:
    game, token = three_hands()
    shown = Hand.objects.get(number=3).version  # a phone opened hand 3 (the aces)...
    two = Hand.objects.get(number=2).version
    api(client, "delete", game, token, "/2", if_match=two)  # ...another deleted hand 2
    stale = api(client, "put", game, token, "/2", {"sides": QUEENS}, if_match=shown)
    assert stale.status_code == 409
    assert firsts() == [30, 60]


def test_a_moved_hand_takes_a_new_version(client) -> None:
    game, token = three_hands()
    before = Hand.objects.get(number=3).version
    api(client, "delete", game, token, "/1", if_match=Hand.objects.get(number=1).version)
    assert Hand.objects.get(number=2).version > before  # the aces moved from 3 to 2


def test_a_put_and_a_delete_of_one_hand_do_not_both_succeed(client) -> None:
    game, token = three_hands()
    version = Hand.objects.get(number=2).version
    assert (
        api(client, "put", game, token, "/2", {"sides": ACES}, if_match=version).status_code == 200
    )
    assert api(client, "delete", game, token, "/2", if_match=version).status_code == 409
    assert firsts() == [30, 60, 60]


@pytest.mark.parametrize("method", ["put", "delete"])
def test_an_edit_or_delete_must_say_which_version_it_was_shown(client, method: str) -> None:
    game, token = three_hands()
    response = api(client, method, game, token, "/2", {"sides": ACES} if method == "put" else None)
    assert response.status_code == 428
    assert response.json()["field"] == "version"
    assert firsts() == [30, 40, 60]


def test_a_second_submit_of_the_delete_form_deletes_nothing(client) -> None:
    game, token = three_hands()
    open_edit_link(client, game, token)
    form = {"version": Hand.objects.get(number=2).version}
    url = reverse("hand-delete", args=[game.id, 2])
    client.post(url, form)
    page = client.post(url, form, follow=True).content.decode()
    assert "changed from another device" in page
    assert firsts() == [30, 60]


def test_a_second_submit_of_a_correction_overwrites_nothing(client) -> None:
    game, token = three_hands()
    open_edit_link(client, game, token)
    form = {"record": json.dumps(ACES), "version": Hand.objects.get(number=1).version}
    client.post(reverse("hand-edit", args=[game.id, 1]), form)
    client.post(
        reverse("hand-delete", args=[game.id, 1]), {"version": Hand.objects.get(number=1).version}
    )
    again = client.post(reverse("hand-edit", args=[game.id, 1]), form)
    assert again.status_code == 409
    assert firsts() == [40, 60]
