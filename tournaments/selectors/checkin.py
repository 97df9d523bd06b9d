"""Who is here, for an event with check-in: the director's card (how many pairs are here, who
is not, whether the absent can be withdrawn at once) and the door poster's page (the pairs to
check in, found by a pair's or a player's name)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from tournaments.models import Entry, Round, Tournament
from tournaments.selectors.event import schedule_under_way


def absent_withdrawn(entry: Entry) -> bool:
    """Withdrawn by check-in for not being here (not by the director for another reason), and
    not checked in since. Checking in late reinstates it (services.checkin)."""
    return (
        entry.withdrawn_absent and entry.withdrawn_after is not None and entry.checked_in_at is None
    )


def late_place(tournament: Tournament) -> bool:
    """Whether a pair withdrawn as absent has a place if it checks in now: the next round drawn
    seats it, unless that round continues a schedule under way."""
    return schedule_under_way(tournament) is None


def _in_field(entry: Entry) -> bool:
    """A pair check-in is about: playing, or withdrawn as absent (not one that left after
    playing)."""
    return entry.withdrawn_after is None or absent_withdrawn(entry)


@dataclass(frozen=True)
class CheckInBoard:
    """The director's check-in card."""

    here: list[Entry]
    absent: list[Entry]  # in the draw, not here
    late: list[Entry]  # withdrawn as absent: checking in reinstates them
    late_place: bool  # the schedule under way has a place for them (selectors.late_place)
    drawn: bool  # round 1 is drawn: the absent are withdrawn one by one from then on

    @property
    def field(self) -> int:
        return len(self.here) + len(self.absent) + len(self.late)

    @property
    def withdrawable(self) -> bool:
        return not self.drawn and bool(self.absent)


def checkin_board(tournament: Tournament) -> CheckInBoard:
    """Two queries, whatever the size of the field."""
    entries = [e for e in tournament.entries.order_by("name") if _in_field(e)]
    return CheckInBoard(
        here=[e for e in entries if e.checked_in_at is not None],
        absent=[e for e in entries if e.checked_in_at is None and e.withdrawn_after is None],
        late=[e for e in entries if absent_withdrawn(e)],
        late_place=late_place(tournament),
        drawn=tournament.round_set.exists(),
    )


def checkin_version(tournament: Tournament) -> str:
    """The card's version: it changes when a pair checks in or out, or is withdrawn or back (the
    director's page follows it while the pairs come in)."""
    rows = tournament.entries.order_by("id").values_list("id", "checked_in_at", "withdrawn_after")
    text = repr([(i, at is not None, gone) for i, at, gone in rows])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class DoorRow:
    entry: Entry
    here: bool


DOOR_LISTED = 60  # a field this large is listed whole; a larger one asks for a name first


def door_rows(tournament: Tournament, query: str) -> list[DoorRow] | None:
    """The pairs the door page checks in, found by a pair's or a player's name (any case:
    Python's casefold); None for a large field and no name typed. Before round 1 is out, the
    field (those here shown as here); after, only the pairs withdrawn as absent, while the
    schedule has a place for them: a pair at a table is plainly here, and the door is no way to
    a seated pair's pages."""
    played = tournament.round_set.exclude(status=Round.Status.DRAFT).exists()
    late = late_place(tournament)
    entries = [
        e
        for e in tournament.entries.order_by("name")
        if (absent_withdrawn(e) and late) or (not played and e.withdrawn_after is None)
    ]
    needle = query.casefold()
    if not needle and len(entries) > DOOR_LISTED:
        return None
    found = [
        e
        for e in entries
        if any(needle in n.casefold() for n in (e.name, e.player_1, e.player_2) if n)
    ]
    return [DoorRow(e, e.checked_in_at is not None) for e in found]
