"""Pages and rule messages in French, Spanish and Italian."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.i18n import PRESET_CHOICES
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


FRENCH_PRESETS = {"Classic Canasta": "Canasta classique", "Hand and Foot": "Main et pied"}


def test_the_preset_names_are_shown_in_the_readers_language(client, catalogue_words) -> None:
    """The engine marks its presets' names (gettext_noop); every page shows them translated."""
    french = catalogue_words("fr", FRENCH_PRESETS)
    classic, hand_and_foot = french["Classic Canasta"], french["Hand and Foot"]
    game, token = new_game()
    edit = open_edit_link(client, game, token)
    for url in (
        reverse("home"),  # the card of the game on this device
        edit,  # the scoreboard's header
        reverse("hand-new", args=[game.id]),
        reverse("game-new"),
        reverse("variants"),
        reverse("opening"),
    ):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        assert classic in page and "Classic Canasta" not in page, url
    refused = client.get(
        reverse("opening"), {"variant": "hand-and-foot", "players": 4}, HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert hand_and_foot in refused  # the form's own message names it
    english = client.get(edit, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Classic Canasta" in english and classic not in english
    with translation.override("fr"):  # the tournament form's choice too
        assert str(dict(PRESET_CHOICES)["classic"]) == classic


def test_my_games_name_each_games_preset_in_the_readers_language(
    client, django_user_model, catalogue_words
) -> None:
    french = catalogue_words("fr", FRENCH_PRESETS)
    owner = django_user_model.objects.create_user("ada", password="x")
    new_game()  # not hers
    from scorekeeper.services import game_create

    game_create(variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}], owner=owner)
    client.force_login(owner)
    page = client.get(reverse("my-games"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{french['Classic Canasta']} · " in page and "classic ·" not in page
