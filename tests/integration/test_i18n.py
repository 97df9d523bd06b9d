"""Pages and rule messages in French, Spanish, Italian and German, from the shipped catalogues."""

from __future__ import annotations

import json
import re

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
        "Camp 1 (NS), pose 1 (K) : une pose demande au moins 2 cartes naturelles"
        in page.content.decode()
    )


def test_the_hand_entry_labels_are_translated(client) -> None:
    game, token = new_game()
    open_edit_link(client, game, token)
    page = client.get(
        reverse("hand-new", args=[game.id]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Guardar la mano" in page
    assert (
        "necesita %(n)s para abrir" in page
    )  # filled in by the entry page's script (static/scorekeeper/hand/)


FRENCH_PRESETS = {"Classic Canasta": "Canasta classique", "Hand and Foot": "Main et pied"}


def catalogue(language: str, messages: dict[str, str]) -> dict[str, str]:
    """Each message as the language's catalogue gives it (a pgettext one: "context\x04text")."""
    with translation.override(language):
        return {
            key: translation.pgettext(*key.split("\x04"))
            if "\x04" in key
            else translation.gettext(key)
            for key in messages
        }


def test_the_preset_names_are_shown_in_the_readers_language(client) -> None:
    """The engine marks its presets' names (gettext_noop); every page shows them translated."""
    french = catalogue("fr", FRENCH_PRESETS)
    assert french == FRENCH_PRESETS
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


def test_my_games_name_each_games_preset_in_the_readers_language(client, django_user_model) -> None:
    french = catalogue("fr", FRENCH_PRESETS)
    owner = django_user_model.objects.create_user("ada", password="x")
    new_game()  # not hers
    from scorekeeper.services import game_create

    game_create(variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}], owner=owner)
    client.force_login(owner)
    page = client.get(reverse("my-games"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{french['Classic Canasta']} · " in page and "classic ·" not in page


# The face cards' letters at a table of each language (French: valet, dame, roi).
RANK_LETTERS = {
    "fr": {"J": "V", "Q": "D", "K": "R", "A": "A"},
    "es": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
    "it": {"J": "J", "Q": "Q", "K": "K", "A": "A"},
    "de": {"J": "B", "Q": "D", "K": "K", "A": "A"},  # Bube, Dame, König, Ass
    "pt-br": {"J": "J", "Q": "Q", "K": "K", "A": "A"},  # Brazilian decks print J Q K A
    "nl": {"J": "B", "Q": "V", "K": "H", "A": "A"},  # boer, vrouw, heer, aas
}


@pytest.mark.parametrize("language", sorted(RANK_LETTERS))
def test_the_rank_picker_names_the_ranks_as_the_rules_page_does(client, language: str) -> None:
    wanted = {f"card rank\x04{rank}": text for rank, text in RANK_LETTERS[language].items()}
    letters = catalogue(language, wanted)
    assert letters == wanted
    expected = {key.split("\x04")[1]: text for key, text in letters.items()}
    game, token = new_game()
    open_edit_link(client, game, token)
    page = client.get(reverse("hand-new", args=[game.id]), HTTP_ACCEPT_LANGUAGE=language)
    config = json.loads(
        re.search(r'id="hand-config"[^>]*>(.*?)</script>', page.content.decode())[1]
    )
    assert config["rank_labels"] == expected
    assert config["ranks"][:11] == ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    # "8 à R": the Rules page's high cards and the entry's box end at the picker's king.
    rules = client.get(reverse("variants"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    with translation.override(language):
        high, box = translation.gettext("high cards (8 to K)"), translation.gettext("8 to K")
    assert high in rules and high.endswith(f" {expected['K']})")
    assert box.endswith(f" {expected['K']}")


@pytest.mark.parametrize("language", ["en", "fr", "es", "it", "de", "pt-br", "nl"])
def test_an_error_a_person_reads_begins_with_a_capital(client, language: str) -> None:
    """The engine and the services word their refusals in lower case, as parts of one another
    ("side 1 (NS), meld 1 (K): ..."); shown alone, each is a sentence."""
    game, token = new_game()
    open_edit_link(client, game, token)
    bad = [{"melds": [{"rank": "K", "naturals": 1, "twos": 2}]}, {}]
    lang = {"HTTP_ACCEPT_LANGUAGE": language}
    page = client.post(reverse("hand-new", args=[game.id]), {"record": json.dumps(bad)}, **lang)
    shown = [re.search(r'data-testid="error">([^<]+)</div>', page.content.decode())[1]]
    preview = client.post(
        reverse("hand-preview", args=[game.id, 1]), json.dumps(bad), "application/json", **lang
    )
    undo = client.post(reverse("hand-undo", args=[game.id]), follow=True, **lang)  # none to undo
    api = client.get(reverse("api-game", args=["x" * 10]), **lang)
    shown += [
        preview.json()["error"],
        re.search(r'<li class="error">([^<]+)</li>', undo.content.decode())[1],
        api.json()["error"],
    ]
    assert all(text[0].isupper() for text in shown), shown
    assert shown[0] == shown[1] and shown[0][1:3].islower()  # only its first letter raised


# A side's verb as each shipped catalogue says it (locale/<language>/LC_MESSAGES/django.po): a
# pair's plural, a player's alone singular. {} is the side's name.
AGREEING = {
    "fr": {
        "wins": ("{} gagnent !", "{} gagne !"),
        "won": ("{} ont gagné", "{} a gagné"),
        "wins the game": ("{} gagnent la partie.", "{} gagne la partie."),
        "sent": "{} ont envoyé leur résultat : confirmez-le",
    },
    "de": {
        "wins": ("{} gewinnen!", "{} gewinnt!"),
        "won": ("{} haben gewonnen", "{} hat gewonnen"),
        "wins the game": ("{} gewinnen die Partie.", "{} gewinnt die Partie."),
        "sent": "{} haben ihr Ergebnis gesendet: Bestätigen Sie es",
    },
    "es": {
        "wins": ("¡{} ganan!", "¡{} gana!"),
        "won": ("ganaron {}", "ganó {}"),
        "wins the game": ("{} ganan la partida.", "{} gana la partida."),
        "sent": "{} han enviado su resultado: confírmelo",
    },
}


@pytest.mark.parametrize("language", sorted(AGREEING))
def test_a_pairs_verb_is_plural_and_a_single_players_singular(client, language: str) -> None:
    from tests.factories import BIG_HAND, play_hands

    said = AGREEING[language]
    pair, pair_token = new_game(names=("Anna & Ben", "Carl & Dee"), rules={"target": 2000})
    alone, alone_token = new_game(players=2, names=("Anna", "Ben"), rules={"target": 2000})
    for game in (pair, alone):
        play_hands(game, 1, BIG_HAND)
    asked = {"HTTP_ACCEPT_LANGUAGE": language}
    plural, singular = said["wins"]
    board = client.get(open_edit_link(client, pair, pair_token), **asked).content.decode()
    assert plural.format("Anna &amp; Ben") in board
    board = client.get(open_edit_link(client, alone, alone_token), **asked).content.decode()
    assert singular.format("Anna") in board
    plural, singular = said["won"]
    home = client.get(reverse("home"), **asked).content.decode()
    assert plural.format("Anna &amp; Ben") in home and singular.format("Anna") in home
    # The hand entry's words for each side, which its script shows (a game won offline).
    plural, singular = said["wins the game"]
    for names, players, wins in (
        (("Anna & Ben", "Carl & Dee"), 4, plural.format("Anna & Ben")),
        (("Anna", "Ben"), 2, singular.format("Anna")),
    ):
        fresh, token = new_game(names=names, players=players)
        open_edit_link(client, fresh, token)
        entry = client.get(reverse("hand-new", args=[fresh.id]), **asked).content.decode()
        config = re.search(r'id="hand-config"[^>]*>(.*?)</script>', entry, re.S)
        assert config and json.loads(config.group(1))["sides"][0]["said"]["wins"] == wins


@pytest.mark.parametrize("language", sorted(AGREEING))
def test_a_pairs_result_is_sent_by_a_plural_subject(client, language: str) -> None:
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create
    from tournaments.table_keys import table_token

    tournament = tournament_create(name="Tuesday", format="swiss", rounds=1)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 5)])
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    match = drawn.matches.order_by("table").first()
    result_submit(match_id=match.id, by="ns", ns_score=900, ew_score=300)
    east = reverse("table", args=[table_token(match.game, "ew")])
    sent = f"{match.ns.name} sent their result: confirm it by entering the same figures."
    assert sent in client.get(east).content.decode()
    page = client.get(east, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert AGREEING[language]["sent"].format(match.ns.name) in page
