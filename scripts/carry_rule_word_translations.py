"""One-off, for the lead after merging branch `formats`: carry the translations of the rule
words whose figures became placeholders (scorekeeper/rule_words.py, house_rule_words.py) over
to their new msgids. Each old translation keeps its words; its figures are replaced, in order,
by the new msgid's placeholders ("au plus 3 atouts" -> "au plus %(most)s atouts").

    git show HEAD:locale/fr/LC_MESSAGES/django.po ...   # the catalogues before, saved aside
    make messages                                        # new msgids, fuzzy
    .venv/bin/python scripts/carry_rule_word_translations.py OLD_LOCALE_DIR locale
    make messages                                        # compiles them

Without a second argument it prints what it would write. Delete it once run.
"""

import re
import sys
from pathlib import Path

# old msgid -> new msgid; the old figures, in order, become: a placeholder, or None (kept).
# "3 or 4" and "125, 155" become one placeholder each (GROUPS, before the figures are counted).
PAIRS = [
    (
        "%(cards)s are melded only by a player going out: 3 or 4 of them, without wild cards.",
        "%(cards)s are melded only by a player going out: %(counts)s of them, without wild cards.",
        ["%(counts)s"],
    ),
    (
        "A meld holds at least %(count)s natural card and at most 3 wild cards.",
        "A meld holds at least %(count)s natural card and at most %(most)s wild cards.",
        ["%(most)s"],
    ),
    (
        "A meld holds at least %(count)s natural card, at most 3 wild cards, and always fewer wild cards than natural cards.",
        "A meld holds at least %(count)s natural card, at most %(most)s wild cards, and always fewer wild cards than natural cards.",
        ["%(most)s"],
    ),
    (
        "How many clean, dirty and wild books a side needs before a player may go out, counted by kind: 2 clean and 2 dirty by default, or 2 clean, 2 dirty and 1 wild (pagat, Board Game Arena).",
        "How many clean, dirty and wild books a side needs before a player may go out, counted by kind: %(clean)s clean and %(dirty)s dirty by default, or %(more_clean)s clean, %(more_dirty)s dirty and %(more_wild)s wild (pagat, Board Game Arena).",
        ["%(clean)s", "%(dirty)s", "%(more_clean)s", "%(more_dirty)s", "%(more_wild)s"],
    ),
    (
        "The opening minimum from 7000 (Bicycle's Samba page: 160).",
        "The opening minimum from %(bound)s (Bicycle's Samba page: %(bicycle)s).",
        ["%(bound)s", "%(bicycle)s"],
    ),
    (
        "The opening minimum of hands 1 to 4, each a multiple of 5; later hands take the last.",
        "The opening minimum of hands 1 to %(count)s, each a multiple of %(step)s; later hands take the last.",
        [None, "%(count)s", "%(step)s"],
    ),
    (
        "To go out, a side needs %(count)s canasta, a sequence of 7 (%(sequence)s).",
        "To go out, a side needs %(count)s canasta, a sequence of %(length)s (%(sequence)s).",
        ["%(length)s"],
    ),
    (
        "What a black three left in a hand (or a foot) costs, minus: in Bolivia 100 (Bolivian Canasta) or 5 (as Samba); in Hand and Foot 5 (Card Games For Dummies, Board Game Arena) or nothing.",
        "What a black three left in a hand (or a foot) costs, minus: in Bolivia %(bolivia)s (Bolivian Canasta) or %(samba)s (as Samba); in Hand and Foot %(feet)s (Card Games For Dummies, Board Game Arena) or nothing.",
        ["%(bolivia)s", "%(samba)s", "%(feet)s"],
    ),
    (
        "What a red three laid down earns: 100 (Card Games For Dummies, Board Game Arena), or nothing at tables that discard them.",
        "What a red three laid down earns: %(earns)s (Card Games For Dummies, Board Game Arena), or nothing at tables that discard them.",
        ["%(earns)s"],
    ),
    (
        "What a red three left in a hand or a foot costs, minus: 500 (Card Games For Dummies), 300 or 100 (pagat) at other tables.",
        "What a red three left in a hand or a foot costs, minus: %(own)s (Card Games For Dummies), %(others)s (pagat) at other tables.",
        ["%(own)s", "%(others)s"],
    ),
    (
        "What a three of either colour left in a hand costs, minus: 5 (Canasta League of America, pagat) or 100 (CanastaJunction).",
        "What a three of either colour left in a hand costs, minus: %(cla)s (Canasta League of America, pagat) or %(junction)s (CanastaJunction).",
        ["%(cla)s", "%(junction)s"],
    ),
    (
        "What an unfinished meld of wild cards costs, minus, when it holds all four jokers (pagat); any other costs 2000.",
        "What an unfinished meld of wild cards costs, minus, when it holds all four jokers (pagat); any other costs %(other)s.",
        ["%(other)s"],
    ),
    (
        "What red threes cost when they count minus: what they would earn (Bicycle), or 100 each (pagat).",
        "What red threes cost when they count minus: what they would earn (Bicycle), or %(each)s each (pagat).",
        ["%(each)s"],
    ),
    (
        "What the opening minimum follows: the side's score, or the hand's number as in American Canasta Society events (125, 155, then 180).",
        "What the opening minimum follows: the side's score, or the hand's number as in American Canasta Society events (%(hands)s, then %(last)s).",
        ["%(hands)s", "%(last)s"],
    ),
    (
        "What the side that goes out earns: 100 (Card Games For Dummies, pagat), or 200 at some tables.",
        "What the side that goes out earns: %(own)s (Card Games For Dummies, pagat), or %(other)s at some tables.",
        ["%(own)s", "%(other)s"],
    ),
    (
        "Whether a meld of natural cards may hold more than 7 cards in the turn a side goes out.",
        "Whether a meld of natural cards may hold more than %(max)s cards in the turn a side goes out.",
        ["%(max)s"],
    ),
    (
        "Whether melds of 3 to 7 wild cards are allowed, 7 of them making a wild book worth 1500, or no meld of wild cards at all (off).",
        "Whether melds of %(min)s to %(max)s wild cards are allowed, %(max)s of them making a wild book worth %(bonus)s, or no meld of wild cards at all (off).",
        ["%(min)s", "%(max)s", "%(max)s", "%(bonus)s"],
    ),
    (
        "Whether natural cards may still be added to a completed book (none: no largest book), or a book closes at 7 cards.",
        "Whether natural cards may still be added to a completed book (none: no largest book), or a book closes at %(size)s cards.",
        ["%(size)s"],
    ),
    (
        "Whether sequences are played: 7 cards in a row of one suit, and the whole suit from 4 to ace.",
        "Whether sequences are played: %(length)s cards in a row of one suit, and the whole suit from 4 to ace.",
        ["%(length)s", None],
    ),
    (
        "Which special hands of 14 cards count: the eleven of the Canasta League of America, pagat's four, or none.",
        "Which special hands of %(cards)s cards count: the eleven of the Canasta League of America, pagat's four, or none.",
        ["%(cards)s"],
    ),
    ("at most 3 wild cards", "at most %(most)s wild cards", ["%(most)s"]),
    (
        "at most 3 wild cards, and fewer than the natural cards",
        "at most %(most)s wild cards, and fewer than the natural cards",
        ["%(most)s"],
    ),
    (
        "only by a player going out, 3 or 4 of them",
        "only by a player going out, %(counts)s of them",
        ["%(counts)s"],
    ),
]
GROUPS = [
    re.compile(r"\b3\b(\s+\S+\s+)\b4\b"),
    re.compile(r"\b300\b(\s+\S+\s+)\b100\b"),
    re.compile(r"\b125, 155\b"),
]
# Translations whose own figures name no value (pt_BR's "coringas e 2": the twos), by hand.
BY_HAND = {
    (
        "pt_BR",
        "What an unfinished meld of wild cards costs, minus, when it holds all four jokers (pagat); any other costs %(other)s.",
    ): [
        "Quanto vale, em negativo, um jogo incompleto só de coringas e 2 que tenha os quatro "
        "coringas (pagat); qualquer outro vale %(other)s."
    ],
}
FIGURE_TOKEN = "\x00"  # noqa: S105 (a marker, not a password)


def carried(text: str, roles: list[str | None], old: str) -> str | None:
    """``text`` with its figures replaced by ``roles``, or None where its figures differ."""

    def grouped(s: str) -> str:
        for group in GROUPS:
            s = group.sub(FIGURE_TOKEN, s)
        return s

    want = [
        FIGURE_TOKEN if f == FIGURE_TOKEN else f
        for f in re.findall(rf"{FIGURE_TOKEN}|\b\d+\b", grouped(old))
    ]
    text_g = grouped(text)
    found = re.findall(rf"{FIGURE_TOKEN}|\b\d+\b", text_g)
    if found != want or len(found) != len(roles):
        return None
    it = iter(roles)
    return re.sub(rf"{FIGURE_TOKEN}|\b\d+\b", lambda m: next(it) or m.group(0), text_g)


ENTRY = re.compile(
    r'(?P<head>(?:#.*\n)*)msgid (?P<id>(?:".*"\n)+)(?:msgid_plural (?P<plural>(?:".*"\n)+))?'
    r'(?P<strs>(?:msgstr(?:\[\d\])? (?:".*"\n)+)+)'
)


def unquote(block: str) -> str:
    return (
        "".join(re.findall(r'"(.*)"', block))
        .encode()
        .decode("unicode_escape")
        .encode("latin-1")
        .decode("utf-8")
    )


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def strs_of(block: str) -> list[str]:
    return [unquote(b) for b in re.split(r"msgstr(?:\[\d\])? ", block)[1:]]


def carried_all(old_locale: Path) -> dict[str, dict[str, list[str]]]:
    """Per language, each new msgid's translations (one, or its plural forms)."""
    out: dict[str, dict[str, list[str]]] = {}
    for po in sorted(old_locale.glob("*/LC_MESSAGES/django.po")):
        lang = po.parent.parent.name
        text = po.read_text(encoding="utf-8")
        old = {unquote(m["id"]): strs_of(m["strs"]) for m in ENTRY.finditer(text)}
        found = out.setdefault(lang, {})
        for before, after, roles in PAIRS:
            if (lang, after) in BY_HAND:
                found[after] = BY_HAND[lang, after]
                continue
            translations = old.get(before)
            new = [carried(t, roles, before) for t in translations or []]
            if not new or any(n is None or not n for n in new):
                print(lang, "carry by hand:", after, file=sys.stderr)
                continue
            found[after] = [n for n in new if n is not None]
    return out


def write(locale: Path, carried_: dict[str, dict[str, list[str]]]) -> None:
    """Each new msgid's msgstr in ``locale``'s catalogues, its fuzzy flag cleared."""
    for lang, entries in carried_.items():
        po = locale / lang / "LC_MESSAGES" / "django.po"
        text = po.read_text(encoding="utf-8")

        def replace(m: re.Match[str], entries: dict[str, list[str]] = entries) -> str:
            msgid = unquote(m["id"])
            if msgid not in entries:
                return m.group(0)
            head = re.sub(r"^#, fuzzy\n", "", m["head"], flags=re.M)
            head = re.sub(r"^#, fuzzy, ", "#, ", head, flags=re.M)
            head = re.sub(r"^(#,.*), fuzzy", r"\1", head, flags=re.M)
            head = re.sub(r"^#\| .*\n", "", head, flags=re.M)  # the previous msgid
            strs = entries[msgid]
            if m["plural"]:
                body = "".join(f"msgstr[{i}] {quote(s)}\n" for i, s in enumerate(strs))
            else:
                body = f"msgstr {quote(strs[0])}\n"
            plural = f"msgid_plural {m['plural']}" if m["plural"] else ""
            return f"{head}msgid {m['id']}{plural}{body}"

        po.write_text(ENTRY.sub(replace, text), encoding="utf-8")


def main() -> None:
    """python carry.py OLD_LOCALE [NEW_LOCALE]: the carried translations from OLD_LOCALE (the
    catalogues before `make messages`, e.g. `git show main:locale/...` saved aside), written
    into NEW_LOCALE's catalogues (after `make messages`) where given, else printed."""
    carried_ = carried_all(Path(sys.argv[1]))
    if len(sys.argv) > 2:
        write(Path(sys.argv[2]), carried_)
    else:
        for lang, entries in carried_.items():
            for msgid, strs in entries.items():
                print(lang, msgid[:40], "->", strs[0])


if __name__ == "__main__":
    main()
