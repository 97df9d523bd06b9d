"""The engine files a phone downloads (scorekeeper/phone_engine.py): the engine's own modules, its
messages in the page's language, each cached for good under its digest."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.urls import reverse

from scorekeeper import phone_engine
from tests.factories import BIG_HAND, new_game, open_edit_link, play_hands


def test_the_bundle_holds_the_engine_and_nothing_of_django(client) -> None:
    digest, _ = phone_engine.bundle()
    response = client.get(reverse("engine-zip", args=[digest]))
    assert response.status_code == 200
    assert "immutable" in response["Cache-Control"]
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert "scorekeeper/__init__.py" in names and "scorekeeper/rules/live.py" in names
    assert not [
        n
        for n in names
        if not n.startswith("scorekeeper/rules/") and n != "scorekeeper/__init__.py"
    ]
    assert phone_engine.bundle() == (digest, response.content)  # the same bytes each time


def test_an_old_digest_is_not_served(client) -> None:
    assert client.get(reverse("engine-zip", args=["0" * 16])).status_code == 404
    assert client.get(reverse("engine-catalog", args=["fr", "0" * 16])).status_code == 404
    assert client.get(reverse("engine-catalog", args=["xx", "0" * 16])).status_code == 404


def test_the_french_messages_carry_the_catalogues_words_and_plural_rule(client) -> None:
    digest, _ = phone_engine.catalog("fr")
    body = json.loads(client.get(reverse("engine-catalog", args=["fr", digest])).content)
    assert body["plural"] == "(n > 1)"
    assert body["messages"]["side %(side)s"] != "side %(side)s"
    plurals = [v for v in body["messages"].values() if isinstance(v, list)]
    assert plurals and all(len(forms) == 2 for forms in plurals)


def test_every_engine_message_is_found() -> None:
    found = dict(phone_engine.engine_messages())
    assert "sides must be a list, one object per side" in found
    assert len(found) > 200


def test_the_service_worker_is_given_every_file_the_engine_loads() -> None:
    """A page whose engine loaded asks the service worker to keep these (engine.js): all of
    Pyodide's files as scripts/vendor-pyodide copies them, the engine and its messages."""
    from django.contrib.staticfiles import finders

    files = phone_engine.engine_config()["files"]
    folder = Path(finders.find(phone_engine.PYODIDE.rstrip("/")))
    vendored = {p.name for p in folder.iterdir()} - {"LICENSE.txt"}
    assert {f.removeprefix(phone_engine.pyodide_url()) for f in files[:-2]} == vendored
    assert files[-2:] == [
        reverse("engine-zip", args=[phone_engine.bundle()[0]]),
        reverse("engine-catalog", args=["en", phone_engine.catalog("en")[0]]),
    ]


ENGINE = 'id="engine-config"'


@pytest.mark.django_db
def test_the_engine_starts_only_on_the_pages_where_hands_are_entered(client) -> None:
    """Pyodide is several megabytes: a game's scoreboard and entry page and a pair's table page
    start the phone's engine (once the page is idle), and no other page."""
    from tests.integration.test_table_links import link, released

    game, token = new_game()
    board = open_edit_link(client, game, token)
    for url in (board, reverse("hand-new", args=[game.id])):
        html = client.get(url).content.decode()
        assert ENGINE in html and "scorekeeper/engine.js" in html, url
        assert 'data-testid="offline-scoring"' in html
    _tournament, (match,) = released(pairs=2)
    assert ENGINE in client.get(link(match, "ns")).content.decode()

    finished, finished_token = new_game()
    open_edit_link(client, finished, finished_token)
    play_hands(finished, 3, BIG_HAND)  # 6330: the game is won
    pages = [reverse(name) for name in ("home", "variants", "opening", "game-new")]
    pages += [reverse("game", args=[game.id]), reverse("edit", args=[finished.id])]
    for url in pages:
        html = client.get(url).content.decode()
        assert ENGINE not in html and "scorekeeper/engine.js" not in html, url
