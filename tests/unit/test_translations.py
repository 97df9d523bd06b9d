"""Every message of the app is translated into each language it offers (locale/): French,
Spanish, Italian, German, Brazilian Portuguese and Dutch."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ["fr", "es", "it", "de", "pt_BR", "nl"]  # catalogues (config.settings.LANGUAGES)
ENTRY = re.compile(r'(#, fuzzy\n)?(?:#.*\n)*msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)')


def entries(language: str) -> list[tuple[str, str, bool]]:
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    out = []
    for fuzzy, msgid, msgstr in ENTRY.findall(text):
        join = lambda block: "".join(re.findall(r'"(.*)"', block))  # noqa: E731
        out.append((join(msgid), join(msgstr), bool(fuzzy)))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language: str) -> None:
    found = entries(language)
    assert len(found) > 250
    missing = [msgid for msgid, msgstr, fuzzy in found if msgid and (not msgstr or fuzzy)]
    assert not missing, f"{language}: {len(missing)} untranslated, e.g. {missing[:3]}"


PLURAL = re.compile(r'msgid ((?:".*"\n)+)msgid_plural (?:".*"\n)+((?:msgstr\[\d\] (?:".*"\n)+)+)')


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_has_each_form_its_language_needs(language: str) -> None:
    """Spanish has three forms (one, a million, other): a message with two shows English for
    "2 hands"."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    needed = int(re.search(r"nplurals=(\d)", text).group(1))
    found = PLURAL.findall(text)
    assert len(found) > 20
    for msgid, forms in found:
        given = [f for f in re.split(r"msgstr\[\d\] ", forms) if f]
        filled = ["".join(re.findall(r'"(.*)"', f)) for f in given]
        assert len(filled) == needed and all(filled), f"{language}: {msgid.strip()}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    for msgid, msgstr, _ in entries(language):
        if msgid:
            assert set(re.findall(r"%\((\w+)\)", msgid)) == set(
                re.findall(r"%\((\w+)\)", msgstr)
            ), msgid


MSGSTR = re.compile(r'msgstr(?:\[\d\])? ((?:".*"\n)+)')


def translations(language: str) -> list[str]:
    """Every translated text of a catalogue, each plural form too."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    return ["".join(re.findall(r'"(.*)"', block)) for block in MSGSTR.findall(text)]


# The card table's words as each language's rulebook writes them (../shared/seeds/ for French,
# Spanish and Italian): a word a player would not say at that table never appears.
NEVER = [
    # French (seeds/000): "canasta naturelle" (rouge) and "canasta noire", never "sale"; the wild
    # cards are "atouts"; a side "sort" (going out: "la sortie"), it does not "finir".
    ("fr", r"\bsales?\b", "a canasta or a book is naturel(le) or noir(e), never sale"),
    ("fr", r"(?<!adresse )\bpropres?\b(?! (lien|code|nom|jeu|paquet))", "a canasta is naturelle"),
    ("fr", r"\bfrimes?\b", "the wild cards are atouts"),
    ("fr", r"\ba fini\b|\bpour finir\b", "going out is sortir"),
    # German: the black threes are "Schwarze Dreier" everywhere (the rank button too).
    ("de", r"[Ss]chwarze 3|[Ss]chwarzen? Dreien", "black threes are Schwarze Dreier"),
    # Brazilian Portuguese: the joker is the "coringa".
    ("pt_BR", r"(?i)\bjokers?\b", "a joker is a coringa"),
    # Spanish (seeds/001): a concealed canasta is "oculta" ("cerrada" reads as complete).
    ("es", r"\bcerradas?(?: (limpia|sucia|en mano))", "a concealed canasta is oculta"),
    # Italian (seeds/003): jokers and twos are "pinelle"; a deal is a "mano" throughout.
    ("it", r"\bmatt[ae]\b|\bsmazzat[ae]\b", "wild cards are pinelle, a deal is a mano"),
]


@pytest.mark.parametrize(("language", "pattern", "why"), NEVER)
def test_the_catalogues_speak_as_their_rulebooks(language: str, pattern: str, why: str) -> None:
    words = [re.sub(r"%\(\w+\)s", "", text) for text in translations(language)]  # not a name
    found = [text for text in words if re.search(pattern, text)]
    assert not found, f"{language}: {why}: {found[:3]}"


# The words a player reads on the entry page and the Rules page, pinned.
SAID = [
    ("fr", "natural canasta", "canasta naturelle"),
    ("fr", "mixed canasta", "canasta noire"),
    ("fr", "Went out", "Sorti"),
    ("de", "Black 3", "Schwarze Dreier"),
    ("de", "Black threes", "Schwarze Dreier"),
    ("de", "Naturals", "Natürliche Karten"),
    ("de", "Rank", "Rang"),  # the rank of a meld: a "Platz" is a place in the standings
    ("nl", "Naturals", "Natuurlijke kaarten"),
    ("pt_BR", "Jokers", "Coringas"),
    ("pt_BR", "jokers", "coringas"),
    ("es", "Jokers", "Jokers"),  # the "comodines" are every wild card, twos too
]


@pytest.mark.parametrize(("language", "msgid", "msgstr"), SAID)
def test_the_rulebook_words_are_the_translations(language: str, msgid: str, msgstr: str) -> None:
    assert dict((i, s) for i, s, _ in entries(language))[msgid] == msgstr


@pytest.mark.parametrize("language", ["de", "nl"])
def test_no_adjective_is_left_without_its_noun(language: str) -> None:
    """A label of one adjective ("Natürliche", "Rein", "Wilde") reads as a word missing its
    noun: "Natürliche Karten", "Reine Canastas"."""
    alone = re.compile(
        r"^(Natürliche|Natuurlijke|Rein|Gemischt|Zuiver|Gemengd|Wilde?|Verdekt (zuiver|gemengd)"
        r"|Verdeckt, (rein|gemischt))$"
    )
    bare = [text for text in translations(language) if alone.match(text)]
    assert not bare, bare


def test_every_language_offered_has_its_catalogue() -> None:
    from django.conf import settings
    from django.utils.translation import to_locale

    offered = sorted(to_locale(code) for code, _name in settings.LANGUAGES if code != "en")
    assert offered == sorted(LANGUAGES)
    assert sorted(p.name for p in LOCALE.iterdir() if p.is_dir()) == sorted(LANGUAGES)


def test_the_catalogues_hold_every_message_of_the_source(tmp_path: Path) -> None:
    """makemessages, run on a copy of the source, finds no message the catalogues lack (and the
    catalogues keep none the source dropped): `make messages` was run after the last change."""
    import shutil
    import subprocess
    import sys

    root = LOCALE.parent
    for part in (
        "config",
        "core",
        "scorekeeper",
        "clubs",
        "tournaments",
        "federations",
        "templates",
        "locale",
        "manage.py",
    ):
        source = root / part
        if source.is_dir():
            shutil.copytree(source, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / part)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fr", "--no-obsolete", "--no-location"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    fresh = {msgid for msgid, _, _ in entries_of(tmp_path / "locale" / "fr/LC_MESSAGES/django.po")}
    kept = {msgid for msgid, _, _ in entries("fr")}
    assert fresh - kept == set(), "run `make messages`: new messages are missing"
    assert kept - fresh == set(), "run `make messages`: the catalogue keeps dropped messages"


def entries_of(path: Path) -> list[tuple[str, str, bool]]:
    text = path.read_text(encoding="utf-8")
    join = lambda block: "".join(re.findall(r'"(.*)"', block))  # noqa: E731
    return [(join(i), join(s), bool(f)) for f, i, s in ENTRY.findall(text)]
