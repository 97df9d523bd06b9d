"""Pages and rule messages in French, Spanish and Italian."""

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
    assert "necesita %(n)s para abrir" in page  # filled in by hand.js


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


# Messages whose subject is a side or a pair, in a French that agrees the verb with its players
# (the catalogue's own translations come from the lead; these show that the messages let them).
AGREEING = {
    ("%(name)s wins!", "%(name)s win!"): ("%(name)s gagne !", "%(name)s gagnent !"),
    ("%(name)s won", "%(name)s won"): ("%(name)s a gagné", "%(name)s ont gagné"),
    ("%(name)s wins the game.", "%(name)s win the game."): (
        "%(name)s gagne la partie.",
        "%(name)s gagnent la partie.",
    ),
    (
        "%(name)s sent their result: confirm it by entering the same figures.",
        "%(name)s sent their result: confirm it by entering the same figures.",
    ): (
        "%(name)s a envoyé son résultat : confirmez-le en entrant les mêmes chiffres.",
        "%(name)s ont envoyé leur résultat : confirmez-le en entrant les mêmes chiffres.",
    ),
}


@pytest.fixture
def agreeing_french(settings, tmp_path):
    """AGREEING's French, ahead of the project's catalogue (setting LOCALE_PATHS resets
    Django's translations, and the fixture's end restores them)."""
    import subprocess

    def quoted(text: str) -> str:
        return '"' + text.replace('"', '\\"') + '"'

    po = [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"',
    ]
    for (one, many), (un, plusieurs) in AGREEING.items():
        po += [
            "",
            f"msgid {quoted(one)}",
            f"msgid_plural {quoted(many)}",
            f"msgstr[0] {quoted(un)}",
            f"msgstr[1] {quoted(plusieurs)}",
        ]
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.po").write_text("\n".join(po) + "\n", encoding="utf-8")
    subprocess.run(
        ["msgfmt", "-o", str(folder / "django.mo"), str(folder / "django.po")], check=True
    )
    settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]


def test_a_sides_verb_can_agree_with_its_players_in_every_language(client, agreeing_french) -> None:
    from tests.factories import BIG_HAND, play_hands

    pair, pair_token = new_game(names=("Anna & Ben", "Carl & Dee"), rules={"target": 2000})
    alone, alone_token = new_game(players=2, names=("Anna", "Ben"), rules={"target": 2000})
    for game in (pair, alone):
        play_hands(game, 1, BIG_HAND)
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    board = client.get(open_edit_link(client, pair, pair_token), **french).content.decode()
    assert "Anna &amp; Ben gagnent !" in board
    board = client.get(open_edit_link(client, alone, alone_token), **french).content.decode()
    assert "Anna gagne !" in board
    home = client.get(reverse("home"), **french).content.decode()
    assert "Anna &amp; Ben ont gagné" in home and "Anna a gagné" in home
    # The hand entry's words for each side, which its script shows (a game won offline).
    fresh, token = new_game(names=("Anna & Ben", "Carl & Dee"))
    open_edit_link(client, fresh, token)
    entry = client.get(reverse("hand-new", args=[fresh.id]), **french).content.decode()
    config = json.loads(re.search(r'id="hand-config"[^>]*>(.*?)</script>', entry, re.S).group(1))
    assert config["sides"][0]["said"]["wins"] == "Anna & Ben gagnent la partie."


def test_a_pairs_result_is_sent_by_a_plural_subject(client, agreeing_french) -> None:
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
    french = client.get(east, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{match.ns.name} ont envoyé leur résultat" in french
