"""The app as a phone installs and follows it (issue 19): manifest, icons and favicon, the
service worker at the root, the page for a page never opened offline, the game's version that
every scoreboard asks (304 while unchanged), and "Add a phone" at the address a phone opens."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from django.urls import reverse

from tests.factories import new_game, open_edit_link, play_hands


def served(url: str) -> bool:
    """Whether a static file's address names a file collectstatic would serve."""
    from django.contrib.staticfiles import finders

    return finders.find(url.removeprefix("/static/")) is not None


pytestmark = pytest.mark.django_db


def test_the_manifest_makes_the_app_installable_in_the_visitors_language(client) -> None:
    response = client.get(reverse("manifest"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert {i["sizes"] for i in manifest["icons"]} == {"192x192", "512x512"}
    assert any(i["purpose"] == "maskable" for i in manifest["icons"])
    assert manifest["description"].startswith("Comptez")
    for icon in manifest["icons"]:  # each icon is there
        assert served(icon["src"])


def test_every_page_names_its_icon_manifest_and_description(client) -> None:
    html = client.get(reverse("home")).content.decode()
    assert 'rel="manifest"' in html and 'rel="icon"' in html
    assert re.search(r'<meta name="description" content="[^"]{40,}">', html)
    favicon = client.get("/favicon.ico")
    assert favicon.status_code == 301 and served(favicon["Location"])


def test_the_service_worker_covers_the_site_and_names_this_releases_files(client) -> None:
    response = client.get(reverse("service-worker"))
    assert reverse("service-worker") == "/sw.js"  # at the root: it covers every page
    text = response.content.decode()
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    shell = [u.encode().decode("unicode_escape") for u in re.findall(r'"(/static/[^"]+)"', text)]
    assert "/static/scorekeeper/engine-worker.mjs" in shell
    for url in shell:
        assert served(url), url
    assert '"/offline/"' in text
    assert re.search(r'var RELEASE = "[0-9a-f]{12}"', text)
    assert client.get(reverse("offline")).status_code == 200


def test_the_worker_keeps_a_games_pages_and_the_public_ones_never_a_directors(client) -> None:
    """The pages the worker may keep come from the URL patterns (installable.kept_pages)."""
    text = client.get(reverse("service-worker")).content.decode()
    config = json.loads(text.split("var CONFIG = ", 1)[1].split(";\nimportScripts", 1)[0])

    def keeps_all(paths: list[str]) -> list[bool]:
        """Whether the worker keeps each path, asked of JavaScript's own regular expressions
        (node), as the phone's worker compiles CONFIG.kept: a pattern only Python reads fails."""
        program = (
            "const [kept, paths] = JSON.parse(process.argv[1]);"
            "const res = kept.map((s) => new RegExp(s));"
            "console.log(JSON.stringify(paths.map((p) => res.some((r) => r.test(p.slice(1))))));"
        )
        out = subprocess.run(
            [shutil.which("node") or "node", "-e", program, json.dumps([config["kept"], paths])],
            capture_output=True,
            text=True,
            check=True,
        )
        answers: list[bool] = json.loads(out.stdout)
        return answers

    game = "abc123"
    kept_paths, other_paths = [], []
    for name, args in [
        ("home", []),
        ("game-new", []),
        ("opening", []),
        ("variants", []),
        ("game-import", []),
        ("game", [game]),
        ("history", [game]),
        ("hand-new", [game]),
        ("hand-edit", [game, 4]),
        ("play", [game, "token"]),
    ]:
        kept_paths.append(reverse(name, args=args))
    for name in ("my-games", "tournament-list", "club-list", "login", "offline"):
        other_paths.append(reverse(name))
    other_paths.append("/g/abc123/no-such-page/")
    answers = keeps_all(kept_paths + other_paths)
    assert answers == [True] * len(kept_paths) + [False] * len(other_paths), answers


def test_the_games_version_is_304_while_nothing_changed(client) -> None:
    game, _token = new_game()
    url = reverse("game-version", args=[game.id])
    first = client.get(url)
    assert json.loads(first.content) == {"version": game.version, "hands": 0}
    same = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert same.status_code == 304 and same.content == b""
    play_hands(game, 1)
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and json.loads(changed.content)["version"] > game.version
    assert client.get(reverse("game-version", args=["nosuchgame"])).status_code == 404


def test_add_a_phone_uses_the_network_address_when_opened_on_this_machine(client, settings) -> None:
    settings.LOCAL_ADDRESSES = ["192.168.1.20"]
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver", "192.168.1.20"]
    game, token = new_game()
    board = open_edit_link(client, game, token)
    html = client.get(board, HTTP_HOST="127.0.0.1:8000").content.decode()
    link = f"http://192.168.1.20:8000{reverse('play', args=[game.id, token])}"
    assert f'value="{link}"' in html and 'data-testid="links-lan"' in html
    assert "127.0.0.1" not in html.split('data-testid="add-phone"')[1]


def test_add_a_phone_warns_when_no_network_address_is_known(client, settings) -> None:
    settings.LOCAL_ADDRESSES = []
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    game, token = new_game()
    board = open_edit_link(client, game, token)
    html = client.get(board, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'data-testid="links-unreachable"' in html and "Phones cannot open" in html
    elsewhere = client.get(board).content.decode()  # at a real name: nothing to warn of
    assert 'data-testid="links-unreachable"' not in elsewhere and "links-lan" not in elsewhere


def test_a_weak_etag_from_the_way_is_still_the_same_version(client) -> None:
    game, _token = new_game()
    url = reverse("game-version", args=[game.id])
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=f"W/{etag}").status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH='"v999", ' + etag).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH='"v999"').status_code == 200


def test_pages_are_sent_compressed(client) -> None:
    page = client.get(reverse("variants"), HTTP_ACCEPT_ENCODING="gzip")
    assert page["Content-Encoding"] == "gzip"


def test_a_compressed_public_page_is_still_304_when_unchanged(client, django_user_model) -> None:
    from tournaments.services.entries import entries_add
    from tournaments.services.tournament import tournament_create

    director = django_user_model.objects.create_user("dora", password="x")
    tournament = tournament_create(name="Tuesday", format="swiss", rounds=2, director=director)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"Pair {i}"} for i in range(1, 5)])
    url = reverse("tournament-standings", args=[tournament.id])
    first = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert first["Content-Encoding"] == "gzip" and first["ETag"].startswith("W/")
    again = client.get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
