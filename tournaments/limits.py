"""What a tournament holds, defined once for the pair form, the CSV import and the services."""

from __future__ import annotations

import unicodedata

from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME, MAX_SIDE_NAME
from tournaments.engine import individual

MAX_PAIRS = 1000  # a regional event; the pairing and printing figures in bench/ go this far
MAX_PLAYERS = individual.MAX_PLAYERS  # an individual event's: bench/individual.py draws 400
MAX_SEED = 1_000_000  # a rating or a ranking; the database column holds up to 2**31 - 1
# A pair's names become a side of each of its games: a game's limits (scorekeeper.names).
PAIR_NAME_LIMITS = {
    "name": MAX_SIDE_NAME,
    "player_1": MAX_PLAYER_NAME,
    "player_2": MAX_PLAYER_NAME,
    "club": MAX_CLUB_NAME,
}


def pair_name_key(name: str) -> str:
    """The form in which two pair names are compared: case, runs of spaces and Unicode's ways
    of writing one letter ignored, so "Les As" and "LES  as" are one pair's name, and "Café"
    typed with é or with e and an accent (NFC, NFD) too; and characters that show nothing
    (a soft hyphen, a direction mark, a joiner: Unicode's format characters) are left out, so
    "Ann" with one of them is still Ann."""
    shown = "".join(c for c in name if c not in _INVISIBLE and unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", shown).casefold().split())


# Invisible characters outside the format category: the combining grapheme joiner and the
# Hangul fillers.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0")
