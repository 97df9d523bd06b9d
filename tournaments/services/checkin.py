"""Check-in (an event with ``Tournament.check_in``): each pair (in an individual event, each
player) says it is here before round 1, from its guide link or the door poster's page, or the
director checks it in. Before round 1 is drawn the director withdraws, at once, every pair not
here; such a pair that comes after all (withdrawn before playing anything, never checked in)
checks in late: it is reinstated and plays from the next round drawn.

A check-in alone changes nothing the public pages show (they do not say who is here), so it does
not bump the public version; a late check-in reinstates the pair, which the standings and the
public pages show (entries.entry_reinstate bumps it)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Entry, Tournament
from tournaments.selectors.checkin import absent_withdrawn
from tournaments.services._common import locked_tournament
from tournaments.services.entries import entry_reinstate, entry_withdraw
from tournaments.services.errors import TournamentError


def _open(tournament: Tournament) -> None:
    if not tournament.check_in:
        raise TournamentError(_("This event has no check-in."))
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The event is finished: check-in is closed."))


def entry_check_in(*, entry_id: int) -> Entry:
    """The pair is here. Again: nothing changes. Withdrawn as absent: reinstated, it plays from
    the next round drawn (a late check-in). Withdrawn after playing: the director decides."""
    tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(id=entry_id)
    with transaction.atomic():
        tournament = locked_tournament(tournament_id, public=False)
        _open(tournament)
        entry = Entry.objects.select_for_update().get(id=entry_id)
        if entry.checked_in_at is not None:
            return entry
        if absent_withdrawn(entry):
            entry_reinstate(entry_id=entry.id)  # refused where its schedule has no place
        elif entry.withdrawn_after is not None:
            raise TournamentError(
                ngettext(
                    "%(name)s withdrew after round %(n)s: ask the director.",
                    "%(name)s withdrew after round %(n)s: ask the director.",
                    tournament.entry_players,
                )
                % {"name": entry.name, "n": entry.withdrawn_after}
            )
        Entry.objects.filter(id=entry.id).update(checked_in_at=timezone.now())
    entry.refresh_from_db()
    return entry


def entry_check_out(*, entry_id: int) -> Entry:
    """The director's mistake undone: the pair is not here after all (a pair reinstated by its
    late check-in stays in the field: "Withdraw…" takes it out)."""
    tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(id=entry_id)
    with transaction.atomic():
        tournament = locked_tournament(tournament_id, public=False)
        _open(tournament)
        Entry.objects.filter(id=entry_id).update(checked_in_at=None)
    return Entry.objects.get(id=entry_id)


def absentees_withdraw(*, tournament_id: int) -> list[Entry]:
    """Before round 1 is drawn, withdraw every pair not checked in, all in one transaction (as
    entries.entry_withdraw does each: after round 0, its place in no draw). The pairs withdrawn,
    in the field's order."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        _open(tournament)
        if tournament.round_set.exists():
            raise TournamentError(
                _(
                    "Round 1 is drawn: withdraw a pair that did not come from its line "
                    "(“Withdraw…”), or discard the draft first."
                )
            )
        absent = list(
            tournament.entries.filter(checked_in_at__isnull=True, withdrawn_after__isnull=True)
        )
        withdrawn = [entry_withdraw(entry_id=entry.id) for entry in absent]
        Entry.objects.filter(id__in=[e.id for e in withdrawn]).update(withdrawn_absent=True)
        for entry in withdrawn:
            entry.withdrawn_absent = True
        return withdrawn
