"""Every message of the app is translated into French, Spanish and Italian (locale/)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
ENTRY = re.compile(r'(#, fuzzy\n)?(?:#.*\n)*msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)')


def entries(language: str) -> list[tuple[str, str, bool]]:
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    out = []
    for fuzzy, msgid, msgstr in ENTRY.findall(text):
        join = lambda block: "".join(re.findall(r'"(.*)"', block))  # noqa: E731
        out.append((join(msgid), join(msgstr), bool(fuzzy)))
    return out


@pytest.mark.parametrize("language", ["fr", "es", "it"])
def test_every_message_is_translated(language: str) -> None:
    found = entries(language)
    assert len(found) > 250
    missing = [msgid for msgid, msgstr, fuzzy in found if msgid and (not msgstr or fuzzy)]
    assert not missing, f"{language}: {len(missing)} untranslated, e.g. {missing[:3]}"


@pytest.mark.parametrize("language", ["fr", "es", "it"])
def test_translations_keep_the_placeholders(language: str) -> None:
    for msgid, msgstr, _ in entries(language):
        if msgid:
            assert set(re.findall(r"%\((\w+)\)", msgid)) == set(
                re.findall(r"%\((\w+)\)", msgstr)
            ), msgid
