"""The engine files a phone downloads (scorekeeper/phone_engine.py): the engine's own modules, its
messages in the page's language, each cached for good under its digest."""

from __future__ import annotations

import io
import json
import zipfile

from django.urls import reverse

from scorekeeper import phone_engine


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
