"""The field: pairs added one by one or from a CSV, and withdrawn. A pair added after the start
joins the next round; a withdrawn pair keeps its results. A finished event takes neither."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.names import has_control_characters
from tournaments.limits import MAX_PAIRS, MAX_SEED, PAIR_NAME_LIMITS, pair_name_key
from tournaments.models import Entry, Round, Tournament
from tournaments.services._common import locked_tournament
from tournaments.services.errors import TournamentError
from tournaments.services.standings import standings_mark_stale

_FIELD_LABELS = {
    "name": gettext_lazy("Pair name"),
    "player_1": gettext_lazy("Player 1"),
    "player_2": gettext_lazy("Player 2"),
    "club": gettext_lazy("Club"),
}


def _open(tournament: Tournament) -> None:
    """Refuse a change to the field of a finished event: its standings are final."""
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The event is finished: its pairs and standings are final."))


def _started(tournament: Tournament) -> bool:
    """Whether a round has been released: the standings begin there."""
    return tournament.round_set.exclude(status=Round.Status.DRAFT).exists()


def _entry_values(given: Mapping[str, Any]) -> dict[str, Any]:
    """A pair's values, checked against the limits of a game's names (scorekeeper.names), so
    its release can never fail on a name."""
    values: dict[str, Any] = {}
    for field, limit in PAIR_NAME_LIMITS.items():
        label = _FIELD_LABELS[field]
        value = str(given.get(field) or "").strip()
        if has_control_characters(value):
            raise TournamentError(
                _("%(field)s: no tab, line break or control character.") % {"field": label}
            )
        if len(value) > limit:
            raise TournamentError(
                _("%(field)s: at most %(n)s characters (%(name)s…).")
                % {"field": label, "n": limit, "name": value[:20]}
            )
        values[field] = value
    if not values["name"]:
        raise TournamentError(_("Every pair needs a name of its own."))
    seed = given.get("seed") or 0
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise TournamentError(
            _("The seed of %(name)s is a whole number from 0 to %(n)s.")
            % {"name": values["name"], "n": MAX_SEED}
        )
    values["seed"] = seed
    return values


def entries_add(*, tournament_id: int, entries: Sequence[Mapping[str, Any]]) -> list[Entry]:
    """Add pairs (name, player_1, player_2, club, seed); after the start, they join next round.
    All or nothing: a refusal names the pair and saves none."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        _open(tournament)
        values = [_entry_values(e) for e in entries]
        keys = [pair_name_key(v["name"]) for v in values]
        wanted = set(keys)
        if len(set(keys)) != len(keys):
            raise TournamentError(_("Every pair needs a name of its own."))
        taken = sorted(
            name
            for name in tournament.entries.values_list("name", flat=True)
            if pair_name_key(name) in wanted
        )
        if taken:
            raise TournamentError(_("A pair is already called %(name)s.") % {"name": taken[0]})
        if tournament.entries.count() + len(values) > MAX_PAIRS:
            raise TournamentError(_("A tournament holds %(n)s pairs at most.") % {"n": MAX_PAIRS})
        joins = (tournament.round_set.aggregate(n=Max("number"))["n"] or 0) + 1
        added = Entry.objects.bulk_create(
            Entry(tournament=tournament, joins=joins, **value) for value in values
        )
        if _started(tournament):  # before, there are no standings to change
            standings_mark_stale(tournament.id)
    return added


def entries_import_csv(*, tournament_id: int, data: bytes | str) -> list[Entry]:
    """Pairs from a CSV file or pasted text (tournaments.pairs_csv reads and checks every line,
    and names each one whose pair is already in); nothing is saved unless every line is right.
    Raises pairs_csv.CsvRefused with every problem, or TournamentError."""
    from tournaments.pairs_csv import pairs_from_csv

    taken = Entry.objects.filter(tournament_id=tournament_id).values_list("name", flat=True)
    return entries_add(tournament_id=tournament_id, entries=pairs_from_csv(data, taken))


def entry_withdraw(*, entry_id: int) -> Entry:
    """The pair plays no more rounds; its results stand."""
    tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(id=entry_id)
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        _open(tournament)
        entry = Entry.objects.get(id=entry_id)
        played = tournament.round_set.exclude(status=Round.Status.DRAFT)  # a draft is not played
        entry.withdrawn_after = played.aggregate(n=Max("number"))["n"] or 0
        entry.save(update_fields=["withdrawn_after"])
        if _started(tournament):
            standings_mark_stale(tournament.id)
    return entry
