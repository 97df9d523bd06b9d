"""Pages and rule messages in French, Spanish and Italian."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.factories import new_game, open_edit_link

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "il faut 50 pour ouvrir"),
        ("es", "necesita 50 para abrir"),
        ("it", "servono 50 per aprire"),
        ("en", "needs 50 to open"),
    ],
)
def test_scoreboard_speaks_the_browser_language(client, language: str, words: str) -> None:
    game, token = new_game()
    page = client.get(open_edit_link(client, game, token), HTTP_ACCEPT_LANGUAGE=language)
    assert words in page.content.decode()


def test_a_refused_hand_is_explained_in_french(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    sides = [{"melds": [{"rank": "K", "naturals": 1, "twos": 2}]}, {}]
    page = client.post(
        reverse("hand-new", args=[game.id]),
        {"record": json.dumps(sides)},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert (
        "camp 1 (NS), pose 1 (K): une pose demande au moins 2 cartes naturelles"
        in page.content.decode()
    )


def test_the_hand_entry_labels_are_translated(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    page = client.get(
        reverse("hand-new", args=[game.id]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Guardar la mano" in page
    assert "necesita %(n)s para abrir" in page  # filled in by hand.js
