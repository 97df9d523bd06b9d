"""The locks a tournament's writes take, and how they tell the public pages and the standings.

An event-wide write (a draw, a pair added, the clock) takes the tournament's row for update:
one at a time, and none while a table's write is under way. A table's write (a result sent,
settled, reopened) takes that table's row only: it holds the tournament's row for key share
(which waits for an event-wide write and lets every other table through), and tells of its
change by adding a TableChange row rather than updating the tournament's row, so that the
results of an evening's tables never queue behind each other (issue 32: at 1000 pairs a result
waited 23 s). The rows are folded into the tournament's counters by the writers that hold its
row anyway (selectors.versions reads both)."""

from __future__ import annotations

from functools import partial

from django.db import connection, transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce, Greatest

from core.early_answers import forget
from tournaments.models import Match, Round, TableChange, Tournament
from tournaments.selectors.versions import event_decisions, followed_event


def locked_tournament(tournament_id: int, *, public: bool = True) -> Tournament:
    """The tournament, its row locked until the caller's transaction ends, the tables' changes
    folded into its counters. ``public``: the write may change what the public pages show
    (False only for a draft, which is not public)."""
    Tournament.objects.select_for_update().filter(id=tournament_id).values_list("id").first()
    # Every change of the round clock's answers (a decision, a round released or closed) is an
    # event-wide write: the clock's next asks are Django's again.
    transaction.on_commit(partial(forget, event_decisions(tournament_id)))
    changes_folded(tournament_id)
    if public:
        public_version_bump(tournament_id)
    return Tournament.objects.get(id=tournament_id)


def tournament_held(tournament_id: int) -> Tournament:
    """The tournament, its row held against other event-wide writes (for no key update) but
    not against the tables' (their key share goes through): the standings' rebuild writes its
    snapshot while results keep coming in. The tables' changes are folded into its counters."""
    held = Tournament.objects.select_for_update(no_key=True).get(id=tournament_id)
    changes_folded(tournament_id)  # its counters, which the rebuild does not read, move on
    return held


def public_version_bump(tournament_id: int) -> None:
    """Bump the tournament's ``public_version`` (the pages rendered before this write are no
    longer served); the caller holds the tournament's row."""
    Tournament.objects.filter(id=tournament_id).update(public_version=F("public_version") + 1)
    public_pages_changed(tournament_id)


def public_pages_changed(tournament_id: int) -> None:
    """Once the caller's transaction commits, the next look at the event's public pages goes to
    Django again (core.early_answers had answered them "not modified" before it)."""
    transaction.on_commit(partial(forget, followed_event(tournament_id)))


def changes_folded(tournament_id: int) -> None:
    """The tables' changes committed so far, moved into the tournament's counters in one
    transaction (the caller's, holding the tournament's row): every reader sees them counted
    once, in the rows or in the counters. Changes committed meanwhile stay rows."""
    seen = list(
        TableChange.objects.filter(tournament_id=tournament_id).values_list("id", "inputs", "at")
    )
    if not seen:
        return
    # The rows just read, by id: one committed since is left for the next fold.
    TableChange.objects.filter(id__in=[i for i, _inputs, _at in seen]).delete()
    inputs = [at for _i, counts, at in seen if counts]
    moved: dict[str, object] = {"public_version": F("public_version") + len(seen)}
    if inputs:
        moved["inputs_version"] = F("inputs_version") + len(inputs)
        last = Value(max(inputs))  # the later of the counter's time and the rows'
        moved["inputs_changed_at"] = Greatest(Coalesce("inputs_changed_at", last), last)
    Tournament.objects.filter(id=tournament_id).update(**moved)


def tournament_of_match(match_id: int) -> int:
    """The event a table is in (Match.DoesNotExist for none). One plain statement: every
    table's write asks it first, before its locks (bench/evening.py, a result)."""
    with connection.cursor() as cursor:
        cursor.execute(_TOURNAMENT_OF_MATCH, [match_id])
        row = cursor.fetchone()
    if row is None:
        raise Match.DoesNotExist(match_id)
    return int(row[0])


_TOURNAMENT_OF_MATCH = (
    f"SELECT r.tournament_id FROM {Match._meta.db_table} m "  # noqa: S608
    f"JOIN {Round._meta.db_table} r ON r.id = m.round_id WHERE m.id = %s"
)


def locked_table(match_id: int) -> Match:
    """The table's match, its row locked until the caller's transaction ends; the tournament's
    row held for key share (PostgreSQL): an event-wide write waits for the table's, and is
    waited for, while every other table's write goes on. Its round and event come with it
    (read, not locked)."""
    tournament_id = tournament_of_match(match_id)
    if connection.vendor == "postgresql":  # SQLite: one writer at a time, nothing to share
        with connection.cursor() as cursor:  # Django's select_for_update has no key share
            cursor.execute(
                "SELECT 1 FROM tournaments_tournament WHERE id = %s FOR KEY SHARE", [tournament_id]
            )
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(id=match_id)
    )


def table_changed(tournament_id: int, *, inputs: bool) -> None:
    """A table's change the public pages show, in the caller's transaction (``inputs``: the
    standings count it: their rebuild is sent once it commits)."""
    TableChange.objects.create(tournament_id=tournament_id, inputs=inputs)
    public_pages_changed(tournament_id)
    if inputs:
        from tournaments.services.standings import rebuild_on_commit

        rebuild_on_commit(tournament_id)
