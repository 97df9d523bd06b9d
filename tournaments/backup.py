"""An event's part of a club's backup (clubs.backup, which asks the registered parts: apps.py
registers ``EVENTS_PART``): each event of the club with its pairs, rounds, tables and every
result submission, as entered; imported as the app would have made it, each round refused where
the event's own pages could not have made it so (the ``_check_`` functions), its standings then
computed again. Its tables' games are the backup's own part (clubs.backup), read before."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils.translation import gettext as _

from clubs.backup_fields import (
    Keyed,
    Refused,
    author,
    by_id,
    damaged,
    moment,
    need,
    played_on,
    reason,
    rows_of,
    saved,
    when,
    whole,
)
from clubs.models import Club, Player
from clubs.statistics_refresh import games_lines_due
from scorekeeper.models import Game
from scorekeeper.names import has_control_characters, name_key
from scorekeeper.rules import PRESETS, RuleViolation, ruleset_for
from tournaments.engine.clock import events_of
from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import FORMATS, check_by_direction, check_entries_kind
from tournaments.engine.standings import METRICS
from tournaments.engine.types import Reason
from tournaments.models import Entry, Match, ResultSubmission, Round, Tournament
from tournaments.selectors.event import SETTLED
from tournaments.services.clock import TIMING_FIELDS, timing_checked
from tournaments.services.entries import one_pair_each
from tournaments.services.errors import TournamentError
from tournaments.services.results import check_scores
from tournaments.services.standings import standings_write
from tournaments.services.tournament import event_name, vp_scale_of
from tournaments.table_keys import table_keys_add


class EventsPart:
    """The club's events in its backup (clubs.backup.BackupPart)."""

    key = "events"

    def export(self, club: Club) -> list[dict[str, Any]]:
        return [_event_data(t) for t in _events_read(list(club.tournaments.order_by("id")))]

    def game_ids(self, club: Club) -> set[str]:
        tables = Match.objects.filter(round__tournament__club=club).exclude(game=None)
        return set(tables.values_list("game_id", flat=True))

    def keyed_lists(self, rows: object) -> list[Keyed]:
        lists: list[Keyed] = []
        for event in rows_of(rows):
            at = f"event {event.get('id')}"
            lists += [
                (f"entries of {at}", event.get("entries"), "id", by_id),
                (f"rounds of {at}", event.get("drawn"), "number", by_id),
            ]
            for drawn in rows_of(event.get("drawn")):
                for match in rows_of(drawn.get("matches")):
                    table = f"{at} round {drawn.get('number')} table {match.get('table')}"
                    lists.append(
                        (f"results of {table}", match.get("submissions"), "version", by_id)
                    )
        return lists

    def import_row(
        self,
        club: Club,
        row: object,
        players: Mapping[int, Player],
        games: Mapping[str, Game],
        progress: Callable[[], None],
    ) -> dict[int, Any]:
        return _event_import(club, row, players, games, progress)

    def undo(self, club_id: int) -> None:
        # Tables first: they hold their pairs (protected), then the events.
        Match.objects.filter(round__tournament__club_id=club_id).delete()
        Tournament.objects.filter(club_id=club_id).delete()


EVENTS_PART = EventsPart()

_EVENT_FIELDS = (
    "name",
    "variant",
    "players",
    "rules",
    "format",
    "round_formats",
    "rounds",
    "hands_per_round",
    "points",
    "sit_out",
    "tiebreaks",
    "seeded",
    "seed",
    "legs",
    "knockout_top",
    "third_place",
    "status",
)
_ENTRY_FIELDS = ("name", "player_1", "player_2", "club", "seed", "joins", "withdrawn_after")
_SUBMISSION_FIELDS = ("version", "by", "kind", "ns_score", "ew_score", "reason", "author")


def _events_read(events: list[Tournament]) -> list[Tournament]:
    """The events with their entries, rounds, tables and submissions, in six queries."""
    tables = (
        Match.objects.select_related("result")
        .order_by("table", "id")
        .prefetch_related(
            Prefetch("submissions", queryset=ResultSubmission.objects.order_by("version"))
        )
    )
    prefetch_related_objects(
        events,
        Prefetch("entries", queryset=Entry.objects.order_by("id")),
        Prefetch(
            "round_set",
            queryset=Round.objects.order_by("number").prefetch_related(
                Prefetch("matches", queryset=tables)
            ),
        ),
    )
    return events


def _event_data(tournament: Tournament) -> dict[str, Any]:
    return {
        "id": tournament.id,
        **{f: getattr(tournament, f) for f in _EVENT_FIELDS},
        "vp_margins": tournament.vp_margins,
        "vp_scale_name": tournament.vp_scale_name,
        "rank_by_direction": tournament.rank_by_direction,
        "check_in": tournament.check_in,
        "timing": {f: getattr(tournament, f) for f in TIMING_FIELDS},  # the round clock's
        "created_at": when(tournament.created_at),
        "played_on": tournament.played_on.isoformat(),
        "entries": [
            {
                "id": e.id,
                **{f: getattr(e, f) for f in _ENTRY_FIELDS},
                "checked_in_at": when(e.checked_in_at) if e.checked_in_at else None,
                "withdrawn_absent": e.withdrawn_absent,
                "first_player": e.first_player_id,
                "second_player": e.second_player_id,
            }
            for e in tournament.entries.all()
        ],
        "drawn": [  # the rounds drawn ("rounds" is how many the event plays)
            {
                "number": r.number,
                "format": r.format,
                "status": r.status,
                "clock": r.clock,  # its timing decisions (engine.clock)
                "matches": [
                    {
                        "table": m.table,
                        "ns": m.ns_id,
                        "ew": m.ew_id,
                        "ns_with": m.ns_with_id,  # an individual event's partners
                        "ew_with": m.ew_with_id,
                        "reasons": m.reasons,
                        "game": m.game_id,
                        "status": m.status,
                        "result": m.result.version if m.result else None,
                        "submissions": [
                            {
                                **{f: getattr(s, f) for f in _SUBMISSION_FIELDS},
                                "winner": s.winner_id,
                                "created_at": when(s.created_at),
                            }
                            for s in m.submissions.all()
                        ],
                    }
                    for m in r.matches.all()
                ],
            }
            for r in tournament.round_set.all()
        ],
    }


def _event_import(
    club: Club,
    value: object,
    players: Mapping[int, Player],
    games: Mapping[str, Game],
    progress: Callable[[], None],
) -> dict[int, Tournament]:
    """One event: its pairs, then each round in a transaction of its own (a 200-round event
    of 500 tables would hold SQLite's writers for minutes in one), then its standings. The
    import's ``progress`` is touched after each round, so a long event is not taken for a lost
    one."""
    row: dict[str, Any] = need(value, dict, "events")
    at = f"event {row.get('id')}"
    rounds = need(row.get("drawn", []), list, "rounds")
    _check_finished(row, rounds, at)
    with transaction.atomic():
        try:
            name = event_name(row.get("name"))
            margins, scale_name = vp_scale_of(row.get("vp_margins"), row.get("vp_scale_name"))
            # Not in a backup made before the round clock: no clock, as then.
            timing = timing_checked(need(row.get("timing", {}), dict, at))
        except TournamentError as refused:
            raise damaged(at, str(refused)) from None
        tournament = saved(
            Tournament(
                club=club,
                **{f: row.get(f) for f in _EVENT_FIELDS if f != "name"},
                name=name,
                vp_margins=margins,
                vp_scale_name=scale_name,
                # Not in a backup made before the option: ranked as one field, as it was then.
                rank_by_direction=need(row.get("rank_by_direction", False), bool, at),
                check_in=need(row.get("check_in", False), bool, at),  # none before check-in
                **timing,
            ),
            "event",
        )
        _check_plan(tournament, at)
        made = moment(row.get("created_at"), "event")
        tournament.played_on = played_on(row.get("played_on"), at, made)
        Tournament.objects.filter(id=tournament.id).update(
            created_at=made, played_on=tournament.played_on
        )
        entries: dict[int, Entry] = {}
        keys: set[str] = set()
        playing: dict[Any, str] = {}
        for e in need(row.get("entries", []), list, "entries"):
            e = need(e, dict, "entry")
            _check_entry_names(e, keys)
            _check_pair_players(e, playing)
            entries[need(e.get("id"), int, "entry")] = saved(
                Entry(
                    tournament=tournament,
                    **{f: e.get(f) for f in _ENTRY_FIELDS},
                    # Not in a backup made before check-in: not checked in.
                    checked_in_at=moment(e["checked_in_at"], "entry")
                    if e.get("checked_in_at") is not None
                    else None,
                    withdrawn_absent=need(e.get("withdrawn_absent", False), bool, "entry"),
                    first_player=players.get(e.get("first_player")),
                    second_player=players.get(e.get("second_player")),
                ),
                "entry",
            )
    for r in rounds:
        with transaction.atomic():
            _round_import(tournament, need(r, dict, "round"), entries, games, at)
            progress()
    with transaction.atomic():
        if tournament.round_set.exists():
            standings_write(tournament, force=True)
    return {need(row.get("id"), int, "event"): tournament}


def _clock_log(value: object, at: str) -> list[dict[str, Any]]:
    """A round's timing decisions as the file has them, each one the app could have written."""
    try:
        return [event.as_json() for event in events_of(need(value, list, at))]
    except (KeyError, TypeError, ValueError):
        raise damaged(f"{at} clock") from None


def _round_import(
    tournament: Tournament,
    r: Any,  # a round of the file, an object (checked by the caller)
    entries: Mapping[int, Entry],
    games: Mapping[str, Game],
    event: str,  # the event as a refusal names it: "event 12"
) -> None:
    """A round of an event: its tables, each with its submissions and its result in force,
    refused where the app could not have made it so (the _check_ functions below)."""
    number = whole(r.get("number"), "round", most=32767)
    at = f"{event} round {number}"
    _check_format(tournament, r.get("format"), number, at)
    played = saved(
        Round(
            tournament=tournament,
            number=number,
            format=r.get("format"),
            status=r.get("status"),
            clock=_clock_log(r.get("clock", []), at),
        ),
        "round",
    )
    seated: set[int] = set()  # the round's entries, each at one table (or its bye)
    tables: set[int] = set()
    for m in need(r.get("matches", []), list, "matches"):
        m = need(m, dict, "match")
        game = games.get(str(m.get("game"))) if m.get("game") else None
        if m.get("ns") not in entries or any(
            m.get(seat) is not None and (not isinstance(m[seat], int) or m[seat] not in entries)
            for seat in ("ew", "ns_with", "ew_with")
        ):
            raise damaged("match")
        _check_seats(tournament, m)
        _check_reasons(m.get("reasons") or [])
        match = saved(
            Match(
                round=played,
                table=m.get("table", 0),
                ns=entries[m["ns"]],
                ew=entries[m["ew"]] if m.get("ew") is not None else None,
                ns_with=entries[m["ns_with"]] if m.get("ns_with") is not None else None,
                ew_with=entries[m["ew_with"]] if m.get("ew_with") is not None else None,
                reasons=m.get("reasons") or [],
                game=game,
                status=m.get("status"),
            ),
            "match",
        )
        _check_places(match, at, seated, tables)
        where = f"{at} table {match.table}"
        if game is not None:
            table_keys_add(game)
        by_version = {}
        for s in need(m.get("submissions", []), list, "submissions"):
            s = need(s, dict, "submission")
            author(s.get("author", ""), where)
            reason(s.get("reason", ""), where)
            winner = s.get("winner")
            if winner is not None and (type(winner) is not int or winner not in entries):
                raise Refused(
                    _("The backup is damaged: the winner of %(where)s is not one of its pairs.")
                    % {"where": where}
                )
            made = saved(
                ResultSubmission(
                    match=match,
                    **{f: s.get(f) for f in _SUBMISSION_FIELDS},
                    winner=entries[winner] if winner is not None else None,
                ),
                "result",
            )
            _check_figures(match, made, where)
            ResultSubmission.objects.filter(id=made.id).update(
                created_at=moment(s.get("created_at"), "result")
            )
            by_version[made.version] = made
        if m.get("result") is not None:
            in_force = by_version.get(m["result"])
            if in_force is None or in_force.kind == ResultSubmission.Kind.REOPENED:
                raise Refused(
                    _(
                        "The backup is damaged: the result in force of %(where)s is not one of "
                        "its results."
                    )
                    % {"where": where}
                )
            match.result = in_force
            match.save(update_fields=["result"])
            if game is not None:  # its lines (built once the club is open) count this result
                games_lines_due(game_ids=[game.id])
        _check_settled(match, played, where)


# A round whose tables are still being played (and a finished event has none).
_PLAYING = (Round.Status.DRAFT, Round.Status.RELEASED, Round.Status.PLAYING)


def _check_finished(row: Mapping[str, Any], rounds: list[Any], at: str) -> None:
    """A finished event has played every round it drew (round_close finishes it)."""
    if row.get("status") != Tournament.Status.FINISHED:
        return
    for r in rounds:
        if isinstance(r, dict) and r.get("status") in _PLAYING:
            raise Refused(
                _(
                    "The backup is damaged: %(where)s is finished, and its round %(round)s is "
                    "still being played."
                )
                % {"where": at, "round": str(r.get("number"))[:10]}
            )


def _check_format(tournament: Tournament, fmt: object, number: int, at: str) -> None:
    """A round is played in the format the event's plan gives it, as round_pair draws it."""
    planned = tournament.format_of(number)
    if fmt != planned:
        raise Refused(
            _(
                "The backup is damaged: %(where)s is played as “%(format)s”, and the event's "
                "plan plays it as “%(planned)s”."
            )
            % {"where": at, "format": str(fmt)[:40], "planned": planned}
        )


def _check_places(match: Match, at: str, seated: set[int], tables: set[int]) -> None:
    """Each entry of a round sits at one table or has its bye, and a table's number is its
    own (byes are all table 0)."""
    for entry in (match.ns, match.ew, match.ns_with, match.ew_with):
        if entry is None:
            continue
        if entry.id in seated:
            raise Refused(
                _("The backup is damaged: %(where)s seats %(entry)s at two tables.")
                % {"where": at, "entry": entry.name}
            )
        seated.add(entry.id)
    if match.table and match.table in tables:
        raise Refused(
            _("The backup is damaged: %(where)s has two tables numbered %(table)s.")
            % {"where": at, "table": match.table}
        )
    tables.add(match.table)


def _check_figures(match: Match, submission: ResultSubmission, where: str) -> None:
    """A result's figures as the table's pages take them (results.check_scores); a reopening
    keeps the figures of the result it set aside, and names no winner."""
    if submission.kind == ResultSubmission.Kind.REOPENED:
        if submission.winner_id is not None:
            raise damaged(where)
        return
    try:
        check_scores(match, submission.ns_score, submission.ew_score, submission.winner_id)
    except TournamentError as refused:
        raise damaged(where, str(refused)) from None


def _check_settled(match: Match, played: Round, where: str) -> None:
    """A table is settled (confirmed, closed) when, and only when, a result is in force; a bye
    is settled with none. A round complete or closed has every table settled (round_close)."""
    settled = match.status in SETTLED
    if match.ew_id is not None and settled and match.result_id is None:
        raise Refused(
            _("The backup is damaged: %(where)s is settled and has no result in force.")
            % {"where": where}
        )
    if match.result_id is not None and not settled:
        raise Refused(
            _("The backup is damaged: %(where)s has a result in force and is not settled.")
            % {"where": where}
        )
    if not settled and played.status not in _PLAYING:
        raise Refused(
            _("The backup is damaged: %(where)s has no result, and its round is over.")
            % {"where": where}
        )


def _check_plan(tournament: Tournament, at: str) -> None:
    """What the event's pages read as names: its preset, formats and tie-breaks; entries of
    one kind all through (pairs, or individual players: engine.formats); and the directions
    ranked apart only with Mitchell rounds and no knockout, as its form allows."""
    if tournament.variant not in PRESETS:
        raise damaged(at)
    try:
        ruleset_for(tournament.variant, 4, dict(need(tournament.rules, dict, at)), 2)
    except RuleViolation:
        raise damaged(at) from None
    formats = need(tournament.round_formats, list, at)
    tiebreaks = need(tournament.tiebreaks, list, at)
    if (
        not all(isinstance(f, str) and f in FORMATS for f in formats)
        or not tiebreaks
        or not all(isinstance(t, str) and t in METRICS for t in tiebreaks)
    ):
        raise damaged(at)
    try:
        check_entries_kind(tournament.format, formats, tournament.knockout_top)
        if tournament.rank_by_direction:
            check_by_direction(tournament.format, formats)
    except DrawRefused as refused:
        raise damaged(at, str(TournamentError(refused.message, **refused.values))) from None


def _check_seats(tournament: Tournament, match: Mapping[str, Any]) -> None:
    """A table seats each entry once: two pairs, or in an individual event two partners a side
    (a bye: one entry alone), as the engine draws them."""
    seats = [match.get(s) for s in ("ns", "ew", "ns_with", "ew_with")]
    present = [s for s in seats if s is not None]
    bye = match.get("ew") is None
    partners = [match.get("ns_with"), match.get("ew_with")]
    wanted = tournament.individual and not bye  # two partners a side, or none anywhere
    shaped = None not in partners if wanted else partners == [None, None]
    if not shaped or len(set(present)) != len(present):
        raise damaged("match")


def _check_entry_names(entry: Mapping[str, Any], keys: set[str]) -> None:
    """An entry's names as the event's own forms take them: no control character, and no two
    entries of one event under one name (scorekeeper.names.name_key)."""
    names = [entry.get(f) for f in ("name", "player_1", "player_2", "club")]
    if any(not isinstance(n, str) or has_control_characters(n) for n in names if n is not None):
        raise damaged("entry")
    key = name_key(str(entry.get("name") or ""))
    if not key or key in keys:
        raise damaged("entry")
    keys.add(key)


def _check_pair_players(entry: Mapping[str, Any], playing: dict[Any, str]) -> None:
    """As the event's forms (services.entries.one_pair_each): a pair is two players, and a
    player plays in one pair of an event still playing."""
    pair = (entry.get("first_player"), entry.get("second_player"))
    still = entry.get("withdrawn_after") is None
    if one_pair_each(playing if still else {}, str(entry.get("name")), pair) is not None:
        raise damaged("entry")


def _check_reasons(reasons: object) -> None:
    """A pairing's reasons as the pages word them: [reason, values...]."""
    for said in need(reasons, list, "reasons"):
        if not isinstance(said, list) or not said or said[0] not in Reason.__members__.values():
            raise damaged("reasons")
        if not all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in said[1:]):
            raise damaged("reasons")
