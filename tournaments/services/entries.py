"""The field: pairs added one by one or from a CSV, corrected until they have played, withdrawn
and reinstated. A pair added after the start joins the next round; a withdrawn pair keeps its
results, and a reinstated one plays again from the next round. A finished event takes none of
these."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs.services import ClubError, players_named
from scorekeeper.names import has_control_characters, name_key, shows_nothing
from tournaments.engine.roundrobin import places_kept
from tournaments.engine.types import Pair
from tournaments.models import Entry, Round, Tournament
from tournaments.selectors.director import has_played
from tournaments.selectors.event import event_state, schedule_under_way
from tournaments.services._common import locked_tournament
from tournaments.services.errors import TournamentError
from tournaments.services.standings import standings_mark_stale
from tournaments.sizes import MAX_PAIRS, MAX_PLAYERS, MAX_SEED, PAIR_NAME_LIMITS

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
        values[field] = "" if shows_nothing(value) else value  # nothing to see: not given
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


def _players_of(tournament: Tournament, pairs: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A club event's pairs as two of the club's players each, picked or added by name (their
    statistics then count its tables); nothing for an event outside a club."""
    if tournament.club_id is None:
        return [{} for _pair in pairs]
    names = [" ".join(str(pair[f]).split()) for pair in pairs for f in ("player_1", "player_2")]
    try:
        found = players_named(club_id=tournament.club_id, names=names)
    except ClubError as error:
        raise TournamentError(str(error)) from None
    linked = [
        {
            "first_player": found.get(" ".join(pair["player_1"].split())),
            "second_player": found.get(" ".join(pair["player_2"].split())),
        }
        for pair in pairs
    ]
    for pair, players in zip(pairs, linked, strict=True):
        first, second = players["first_player"], players["second_player"]
        if first is not None and first == second:
            raise TournamentError(
                _("A pair is two players: %(name)s is named twice in %(pair)s.")
                % {"name": first.name, "pair": pair["name"]}
            )
    return linked


def one_pair_each(taken: dict[Any, str], name: str, players: Iterable[Any]) -> Any | None:
    """A player plays in one pair of an event still playing (a withdrawn pair's players may
    enter again), and a pair is two players. ``taken``: the pair each player already plays in,
    by player id; ``players``: the pair's (None: no one). The first of them already taken (by
    another pair, or twice in this one), else None, and ``taken`` then holds them as ``name``'s.
    The one check of the event's forms (entries_add, entry_edit, entry_reinstate) and of a
    backup's import (tournaments.backup)."""
    for player in players:
        if player is None:
            continue
        if player in taken:
            return player
        taken[player] = name
    return None


def _check_players_free(
    tournament: Tournament,
    pairs: Sequence[Mapping[str, Any]],
    linked: Sequence[Mapping[str, Any]],
    *,
    except_entry: int | None = None,
) -> None:
    """The pairs' players (``linked``: each pair's first and second player) play in no other
    pair of the event still playing (one_pair_each)."""
    playing = tournament.entries.filter(withdrawn_after__isnull=True)
    if except_entry is not None:
        playing = playing.exclude(id=except_entry)
    taken: dict[Any, str] = {}
    for entry in playing:
        for player_id in (entry.first_player_id, entry.second_player_id):
            if player_id is not None:
                taken[player_id] = entry.name
    for pair, players in zip(pairs, linked, strict=True):
        chosen = [p for p in (players.get("first_player"), players.get("second_player")) if p]
        clash = one_pair_each(taken, pair["name"], [p.id for p in chosen])
        if clash is not None:
            player = next(p for p in chosen if p.id == clash)
            raise TournamentError(
                _("%(name)s already plays in the pair %(pair)s.")
                % {"name": player.name, "pair": taken[clash]}
            )


def _as_individual(tournament: Tournament, values: dict[str, Any]) -> dict[str, Any]:
    """An individual event's entry is one player: their name is the entry's, and its only
    player's (a club's event links it to the club's player of that name)."""
    if not tournament.individual:
        return values
    return {**values, "player_1": values["name"], "player_2": ""}


def _name_taken(tournament: Tournament, name: str) -> TournamentError:
    if tournament.individual:
        return TournamentError(_("A player is already called %(name)s.") % {"name": name})
    return TournamentError(_("A pair is already called %(name)s.") % {"name": name})


def entries_add(*, tournament_id: int, entries: Sequence[Mapping[str, Any]]) -> list[Entry]:
    """Add pairs (name, player_1, player_2, club, seed), or an individual event's players
    (name, club, seed); after the start, they join next round. All or nothing: a refusal names
    the pair and saves none."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        _open(tournament)
        values = [_as_individual(tournament, _entry_values(e)) for e in entries]
        keys = [name_key(v["name"]) for v in values]
        wanted = set(keys)
        if len(set(keys)) != len(keys):
            raise TournamentError(_("Every pair needs a name of its own."))
        taken = sorted(
            name
            for name in tournament.entries.values_list("name", flat=True)
            if name_key(name) in wanted
        )
        if taken:
            raise _name_taken(tournament, taken[0])
        if tournament.individual and tournament.entries.count() + len(values) > MAX_PLAYERS:
            raise TournamentError(
                _("An individual event holds %(n)s players at most.") % {"n": MAX_PLAYERS}
            )
        if tournament.entries.count() + len(values) > MAX_PAIRS:
            raise TournamentError(_("A tournament holds %(n)s pairs at most.") % {"n": MAX_PAIRS})
        joins = (tournament.round_set.aggregate(n=Max("number"))["n"] or 0) + 1
        players = _players_of(tournament, values)
        _check_players_free(tournament, values, players)
        added = Entry.objects.bulk_create(
            Entry(tournament=tournament, joins=joins, **value, **linked)
            for value, linked in zip(values, players, strict=True)
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
    individual = Tournament.objects.get(id=tournament_id).individual  # a plain list of names
    found = pairs_from_csv(data, taken, names_only=individual)
    return entries_add(tournament_id=tournament_id, entries=found)


def entry_edit(*, entry_id: int, values: Mapping[str, Any]) -> Entry:
    """Correct a pair's name, players, club or seed, until it has played: its games carry its
    names, and its seed and club decided its draws."""
    tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(id=entry_id)
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        _open(tournament)
        entry = Entry.objects.get(id=entry_id)
        if has_played(entry):
            raise TournamentError(
                ngettext(
                    "%(name)s has played: their name and seed stay as they were.",
                    "%(name)s have played: their names and seed stay as they were.",
                    tournament.entry_players,
                )
                % {"name": entry.name}
            )
        checked = _as_individual(tournament, _entry_values(values))
        key = name_key(checked["name"])
        taken = [
            name
            for name in tournament.entries.exclude(id=entry.id).values_list("name", flat=True)
            if name_key(name) == key
        ]
        if taken:
            raise _name_taken(tournament, taken[0])
        linked = _players_of(tournament, [checked])[0]
        _check_players_free(tournament, [checked], [linked], except_entry=entry.id)
        for field, value in {**checked, **linked}.items():
            setattr(entry, field, value)
        entry.save(update_fields=[*checked, *linked])
        if _started(tournament):  # a late entry not yet seated is in the standings by name
            standings_mark_stale(tournament.id)
    return entry


def entry_reinstate(*, entry_id: int) -> Entry:
    """A withdrawn pair plays again from the next round drawn; the rounds it missed score
    nothing (it was not there, as a late entry before it joins)."""
    tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(id=entry_id)
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        _open(tournament)
        entry = Entry.objects.get(id=entry_id)
        if entry.withdrawn_after is None:
            raise TournamentError(
                ngettext(
                    "%(name)s has not withdrawn.",
                    "%(name)s have not withdrawn.",
                    tournament.entry_players,
                )
                % {"name": entry.name}
            )
        # Its players may have entered again in another pair meanwhile: one pair each.
        _check_players_free(
            tournament,
            [{"name": entry.name}],
            [{"first_player": entry.first_player, "second_player": entry.second_player}],
            except_entry=entry.id,
        )
        before = event_state(tournament).pairs
        withdrawn_after = entry.withdrawn_after
        entry.withdrawn_after = None
        entry.withdrawn_absent = False  # back in the field, whatever took it out
        entry.save(update_fields=["withdrawn_after", "withdrawn_absent"])
        _check_place_free(tournament, entry, withdrawn_after, before)
        if _started(tournament):
            standings_mark_stale(tournament.id)
    return entry


def _check_place_free(
    tournament: Tournament, entry: Entry, withdrawn_after: int, before: Sequence[Pair]
) -> None:
    """In a Mitchell or round robin under way, a reinstated pair takes back its own place in
    the schedule: refused when a late entry has taken it, or when it left before the schedule
    was fixed (it has no place there: the schedule would change under the pairs it seats). A
    new phase seats everyone afresh."""
    schedule = schedule_under_way(tournament)
    if schedule is None:
        return
    number, start, seated = schedule.number, schedule.start, schedule.seated
    if withdrawn_after < start:
        raise TournamentError(
            ngettext(
                "%(name)s withdrew before this schedule began, which has no place for them: "
                "%(name)s can play again from the next phase.",
                "%(name)s withdrew before this schedule began, which has no place for them: "
                "%(name)s can play again from the next phase.",
                tournament.entry_players,
            )
            % {"name": entry.name}
        )
    after = event_state(tournament).pairs
    if not places_kept(seated(before, start), seated(after, start), start, number):
        raise TournamentError(
            ngettext(
                "A late entry has taken %(name)s's place in the schedule: %(name)s can play "
                "again from the next phase, or once a place is free.",
                "A late entry has taken %(name)s's place in the schedule: %(name)s can play "
                "again from the next phase, or once a place is free.",
                tournament.entry_players,
            )
            % {"name": entry.name}
        )


def entry_withdraw(*, entry_id: int) -> Entry:
    """The pair plays no more rounds; its results stand."""
    tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(id=entry_id)
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        _open(tournament)
        entry = Entry.objects.get(id=entry_id)
        if entry.withdrawn_after is not None:  # a form sent twice: its round stands
            raise TournamentError(
                ngettext(
                    "%(name)s withdrew after round %(n)s.",
                    "%(name)s withdrew after round %(n)s.",
                    tournament.entry_players,
                )
                % {"name": entry.name, "n": entry.withdrawn_after}
            )
        played = tournament.round_set.exclude(status=Round.Status.DRAFT)  # a draft is not played
        entry.withdrawn_after = played.aggregate(n=Max("number"))["n"] or 0
        entry.save(update_fields=["withdrawn_after"])
        if _started(tournament):
            standings_mark_stale(tournament.id)
    return entry


def entries_player_replace(*, duplicate_id: int, keep_id: int) -> None:
    """Every entry naming a club's duplicate player record names the kept one (the club's
    player merge, in its transaction: clubs.events)."""
    Entry.objects.filter(first_player_id=duplicate_id).update(first_player_id=keep_id)
    Entry.objects.filter(second_player_id=duplicate_id).update(second_player_id=keep_id)
