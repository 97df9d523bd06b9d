"""A person's data as the club holds it, and the apps above that hold more of it (issue 33): a
player's director (or the person, through their federation) downloads all of it, and may have
the record anonymised, its results standing under "anonymous".

The clubs sit below the events and the federations (tests/unit/test_layering.py): each app
that keeps something of a club's player registers a ``PersonPart`` at start-up, and the club's
download and anonymising ask every part, never importing the apps above."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class PersonPart(Protocol):
    """What one app keeps of a club's players."""

    name: str  # the key of its part in a person's download

    def data(self, player_id: int) -> Any:
        """Everything the app keeps of the player, as JSON."""

    def anonymise(self, player_id: int, old_names: Sequence[str], new_name: str) -> None:
        """The player's names (the record's, and every spelling merged into it) replaced
        wherever the app wrote them (in the club's transaction)."""

    def kept_elsewhere(self, player_id: int) -> list[str]:
        """Who else (outside the club) keeps a record of this person, that the club's
        anonymising leaves to them: the director is told to ask them."""

    def player_merge(self, *, duplicate_id: int, keep_id: int) -> None:
        """The duplicate record's place taken by the kept one (clubs.services.player_merge, in
        its transaction)."""


PARTS: list[PersonPart] = []


def register(part: PersonPart) -> None:
    """Called by an app once it is ready; a part of the same name is replaced."""
    PARTS[:] = [p for p in PARTS if p.name != part.name] + [part]
