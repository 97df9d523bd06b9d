"""What a tournament holds, defined once for the pair form, the CSV import and the services."""

from __future__ import annotations

MAX_PAIRS = 1000  # a regional event; the pairing and printing figures in bench/ go this far
MAX_SEED = 1_000_000  # a rating or a ranking; the database column holds up to 2**31 - 1


def pair_name_key(name: str) -> str:
    """The form in which two pair names are compared: case and runs of spaces ignored, so
    "Les As" and "LES  as" are one pair's name."""
    return " ".join(name.casefold().split())
