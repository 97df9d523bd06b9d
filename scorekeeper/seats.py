"""Seats round the table and whose turn it is to deal.

Partners sit opposite each other, so going round the table the sides take turns: the first player
of each side, then the second of each, and so on (a side with fewer players is skipped once it has
none left). The deal passes to the next player round the table each hand, in the direction
of play (seed 003: clockwise or anticlockwise, by local habit; the seats are listed in that
order, whichever it is), starting from the first dealer chosen at the start.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.utils.translation import gettext as _

_SEPARATORS = re.compile(r"\s*(?:,|&|/|\+|\band\b|\bet\b|\by\b|\be\b)\s*")


def _player_names(side_name: str, player_names: str, size: int) -> list[str]:
    """A side's players by name where the names given fit the side, else by number."""
    if size == 1:
        return [player_names.strip() or side_name]
    names = [n for n in _SEPARATORS.split(player_names.strip()) if n]
    if len(names) == size:
        return names
    return [_("%(side)s, player %(n)s") % {"side": side_name, "n": i} for i in range(1, size + 1)]


def seat_names(sides: Sequence[tuple[str, str]], layout: Sequence[int]) -> list[str]:
    """Each seat's player, going round the table. ``sides``: (name, player names) per side."""
    players = [
        _player_names(name, given, size) for (name, given), size in zip(sides, layout, strict=True)
    ]
    seats = []
    for turn in range(max(layout)):
        seats += [side[turn] for side in players if turn < len(side)]
    return seats


def dealer_of(seats: Sequence[str], first_dealer: int, number: int) -> str:
    """Who deals hand ``number`` (1-based)."""
    return seats[(first_dealer + number - 1) % len(seats)]
