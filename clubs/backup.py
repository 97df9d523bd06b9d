"""A club's whole record as one JSON file, and its import into another server (or this one).

The file holds what was entered, never what is derived: the club's players, its presets, its
games (every game a club player sat in, and every event's tables) with their hands as entered
and their history, its events (pairs, rounds, tables, every result submission) and its seasons.
Importing rebuilds the rest the way the app always does: each hand is scored again by the
engine (a hand the engine refuses stops the import, naming it), the standings and the
statistics are computed again. Accounts are not in it: the importer becomes the new club's
director, and adds its members. Games get new edit links (a link is a secret of the server that
made it) and the tables' pair links are those of the new server (print the cards again).

Format: ``{"format": "canasta-club", "version": 1, "club": ..., "players": [...], ...}`` with
the ids of the server that wrote it, used only to link the file's parts to one another.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from datetime import date, datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from clubs.models import Club, ClubImport, Membership, Player, Season, SeatedPlayer
from clubs.services import ClubError, _checked_name
from clubs.statistics_refresh import game_lines_request
from core import background
from scorekeeper.i18n import explain
from scorekeeper.models import Game, Hand, Revision, Side, hash_token
from scorekeeper.names import (
    MAX_CLUB_NAME,
    MAX_PLAYER_NAMES,
    MAX_SIDE_NAME,
    has_control_characters,
    name_key,
)
from scorekeeper.rules import RuleViolation
from scorekeeper.rules.adjustments import adjustment_of
from scorekeeper.services import checked_played_on
from tournaments.models import Entry, Match, ResultSubmission, Round, Tournament
from tournaments.services.errors import TournamentError
from tournaments.services.tournament import event_name

FORMAT, VERSION = "canasta-club", 1
# A club's years of evenings are a few megabytes; imported in the background at about 20 ms a game.
MAX_BYTES = 50 * 1024 * 1024

_GAME_FIELDS = ("variant", "players", "rules", "target", "round_hands", "first_dealer", "locked")
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


def _when(value: datetime) -> str:
    return value.isoformat()


# Export ------------------------------------------------------------------------------------------


def club_export(club: Club) -> dict[str, Any]:
    """The club's record as plain JSON data."""
    players = list(club.players.order_by("id"))
    events = list(club.tournaments.order_by("id"))
    table_games = Match.objects.filter(round__tournament__in=events).exclude(game=None)
    game_ids = set(table_games.values_list("game_id", flat=True)) | set(
        SeatedPlayer.objects.filter(player__club=club).values_list("side__game_id", flat=True)
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": {"name": club.name, "rating": club.rating},
        "players": [{"id": p.id, "name": p.name, "aliases": p.aliases} for p in players],
        "presets": [
            {
                "name": p.name,
                "variant": p.variant,
                "players": p.players,
                "sides": p.sides,
                "rules": p.rules,
            }
            for p in club.presets.order_by("id")
        ],
        "games": _games_data(game_ids),
        "events": [_event_data(t) for t in _events_read(events)],
        "seasons": [
            {
                "name": s.name,
                "method": s.method,
                "best": s.best,
                "starts_on": s.starts_on.isoformat() if s.starts_on else None,
                "ends_on": s.ends_on.isoformat() if s.ends_on else None,
                "events": sorted(s.events.values_list("id", flat=True)),
            }
            for s in club.seasons.order_by("id")
        ],
    }


# Games read this many at a time: five queries a batch (games, sides, seats, hands, history),
# not five a game, and no database's limit on the ids one query names.
_GAMES_AT_ONCE = 500


def _games_data(game_ids: set[str]) -> list[dict[str, Any]]:
    order = list(
        Game.objects.filter(id__in=game_ids)
        .order_by("created_at", "id")
        .values_list("id", flat=True)
    )
    out: list[dict[str, Any]] = []
    for start in range(0, len(order), _GAMES_AT_ONCE):
        batch = order[start : start + _GAMES_AT_ONCE]
        games = (
            Game.objects.filter(id__in=batch)
            .order_by("created_at", "id")
            .prefetch_related(
                Prefetch("sides", queryset=Side.objects.order_by("position")),
                Prefetch("hands", queryset=Hand.objects.order_by("number")),
                Prefetch("revisions", queryset=Revision.objects.order_by("at", "id")),
            )
        )
        seated: dict[int, list[list[int]]] = {}
        for side_id, seat, player_id in (
            SeatedPlayer.objects.filter(side__game_id__in=batch)
            .order_by("seat", "id")
            .values_list("side_id", "seat", "player_id")
        ):
            seated.setdefault(side_id, []).append([seat, player_id])
        out.extend(_game_data(game, seated) for game in games)
    return out


def _game_data(game: Game, seated: Mapping[int, list[list[int]]]) -> dict[str, Any]:
    return {
        "id": game.id,
        **{f: getattr(game, f) for f in _GAME_FIELDS},
        "created_at": _when(game.created_at),
        "played_on": game.played_on.isoformat(),
        "sides": [
            {
                "position": s.position,
                "name": s.name,
                "player_names": s.player_names,
                "seated": seated.get(s.id, []),
            }
            for s in game.sides.all()
        ],
        "hands": [{"number": h.number, "record": h.record} for h in game.hands.all()],
        "history": [
            {
                "number": r.number,
                "action": r.action,
                "record": r.record,
                "result": r.result,
                "author": r.author,
                "undone": r.undone,
                "game_version": r.game_version,
                "at": _when(r.at),
            }
            for r in game.revisions.all()
        ],
    }


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
        "created_at": _when(tournament.created_at),
        "played_on": tournament.played_on.isoformat(),
        "entries": [
            {
                "id": e.id,
                **{f: getattr(e, f) for f in _ENTRY_FIELDS},
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
                                "created_at": _when(s.created_at),
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


def club_export_bytes(club: Club) -> bytes:
    """The file: read in one transaction, as the database was at its first read (PostgreSQL's
    repeatable read), so a player added meanwhile cannot leave a seat the file cannot name."""
    from tournaments.services.standings import _one_reading

    with transaction.atomic():
        _one_reading()
        data = club_export(club)
    return json.dumps(data, ensure_ascii=False, indent=1).encode()


# Import ------------------------------------------------------------------------------------------


class _Refused(ClubError):
    pass


def _saved(instance: Any, where: str) -> Any:
    """Save a row of the backup once its fields hold what the model allows (types, lengths,
    choices): a file edited by hand is refused, never half-imported."""
    try:
        instance.full_clean()
    except ValidationError:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": where}) from None
    instance.save()
    return instance


def _whole(value: object, where: str, most: int = 2**31 - 1) -> int:
    """A whole number from 0 to ``most`` (a database integer), or the file is refused."""
    if type(value) is not int or not 0 <= value <= most:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": where})
    return value


def _need(value: object, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": where})
    return value


def _read(data: bytes, name: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The file read and its envelope checked (format, version, the club's name), before any
    work: what the import page can refuse at once."""
    if len(data) > MAX_BYTES:
        raise ClubError(_("A backup holds %(n)s MB at most.") % {"n": MAX_BYTES // 2**20})
    try:
        backup = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ClubError(_("This is not a club's backup file (it is not JSON).")) from None
    if not isinstance(backup, dict) or backup.get("format") != FORMAT:
        raise ClubError(_("This is not a club's backup file."))
    if type(backup.get("version")) is not int or backup["version"] != VERSION:
        raise ClubError(_("This backup's version is not one this server reads."))
    club_data = _need(backup.get("club"), dict, "club")
    named = _need(club_data.get("name"), str, "club")
    club_name = _checked_name(name or named, limit=MAX_CLUB_NAME, what=_("A club"))
    _name_free(club_name)
    for keyed in _keyed_lists(backup):  # before anything is made
        _each_once(*keyed)
    return backup, club_data, club_name


# A list of the file whose records the rest of it names (a seat its player, a table its pairs
# and its result, a season its events) or that the import keys by name: where it is, its rows,
# the field that names a row ("" where the rows are ids themselves) and how two are compared.
_Keyed = tuple[str, object, str, Callable[[object], object]]


def _id(value: object) -> object:
    """An id as the file writes it, a whole number or a text; any other shape is refused where
    the row is read."""
    return value if isinstance(value, str) or type(value) is int else None


def _named(value: object) -> object:
    return name_key(value) if isinstance(value, str) else None


def _keyed_lists(backup: Mapping[str, Any]) -> list[_Keyed]:
    def rows(value: object) -> list[dict[str, Any]]:
        return [row for row in value if isinstance(row, dict)] if isinstance(value, list) else []

    lists: list[_Keyed] = [
        ("players", backup.get("players"), "id", _id),
        ("games", backup.get("games"), "id", _id),
        ("events", backup.get("events"), "id", _id),
        ("presets", backup.get("presets"), "name", _named),
        ("seasons", backup.get("seasons"), "name", _named),
    ]
    for event in rows(backup.get("events")):
        at = f"event {event.get('id')}"
        lists += [
            (f"entries of {at}", event.get("entries"), "id", _id),
            (f"rounds of {at}", event.get("drawn"), "number", _id),
        ]
        for drawn in rows(event.get("drawn")):
            for match in rows(drawn.get("matches")):
                table = f"{at} round {drawn.get('number')} table {match.get('table')}"
                lists.append((f"results of {table}", match.get("submissions"), "version", _id))
    for season in rows(backup.get("seasons")):
        lists.append((f"events of season {season.get('name')}", season.get("events"), "", _id))
    return lists


def _each_once(where: str, rows: object, field: str, key: Callable[[object], object]) -> None:
    """Refuse a list that holds one record twice: two players of one id (the second would take
    the first's games), two presets of one name (the second would replace the first)."""
    seen: set[object] = set()
    for row in rows if isinstance(rows, list) else []:
        value = (row.get(field) if isinstance(row, dict) else None) if field else row
        compared = key(value)
        if compared is None:
            continue
        if compared in seen:
            raise _Refused(
                _("The backup is damaged: the list “%(list)s” holds %(key)s %(value)s twice.")
                % {"list": where[:80], "key": field or "id", "value": str(value)[:40]}
            )
        seen.add(compared)


def _name_free(name: str) -> None:
    if any(name_key(n) == name_key(name) for n in Club.objects.values_list("name", flat=True)):
        raise ClubError(
            _("A club is already called %(name)s: give the imported club another name.")
            % {"name": name}
        )


def club_import_start(*, data: bytes, director: Any, name: str = "") -> ClubImport:
    """Check the file's envelope, keep it, and import it in the background (a worker, or a
    thread of this process): the page shows its progress (club_import_check)."""
    _read(data, name)
    with transaction.atomic():
        job = ClubImport.objects.create(user=director, name=name, data=data)
        transaction.on_commit(lambda: _send(job.id))
    return job


def _send(job_id: int) -> None:
    from clubs import tasks

    background.send_long(tasks.club_import_run, job_id)


def club_import(*, data: bytes, director: Any, name: str = "") -> Club:
    """A new club from a backup file, here and now (a script, a test); as the page's import."""
    _read(data, name)
    job = ClubImport.objects.create(user=director, name=name, data=data)
    club_import_run(job_id=job.id)
    job.refresh_from_db()
    if job.status != ClubImport.Status.DONE or job.club is None:
        raise ClubError(job.error)
    return job.club


def club_import_run(*, job_id: int) -> None:
    """Import the job's file if it waits (one run, however many were sent): the club, its
    players and presets, then its games a chunk at a time and its events one by one, each in
    a transaction of its own (SQLite's writers wait for seconds at most, never for the whole
    import), the job's progress written after each. The club gets its director, and so
    appears, only at the end; a refusal, or any fault, removes what was made and says why."""
    claimed = ClubImport.objects.filter(id=job_id, status=ClubImport.Status.WAITING).update(
        status=ClubImport.Status.RUNNING, updated_at=timezone.now()
    )
    if not claimed:
        return
    job = ClubImport.objects.get(id=job_id)
    try:
        backup, club_data, club_name = _read(bytes(job.data), job.name)
        _import(job, backup, club_data, club_name)
    except _Stopped:  # a page took it for lost and failed it: what was made goes, as it said
        _undo(job)
        return
    except Exception as error:
        _undo(job)
        if isinstance(error, ClubError):
            message = str(error)
        elif isinstance(error, _SHAPE_ERRORS):
            message = _("The backup is damaged: it cannot be read as a club's record.")
        else:
            message = _("The import failed on this server: try again later.")
        ClubImport.objects.filter(id=job_id).update(
            status=ClubImport.Status.FAILED, error=message[:300], data=b"", club=None, game_ids=[]
        )
        if not isinstance(error, (*_SHAPE_ERRORS, ClubError)):
            raise  # a fault of ours, not of the file: it must surface
        return
    ClubImport.objects.filter(id=job_id, status=ClubImport.Status.RUNNING).update(
        status=ClubImport.Status.DONE, data=b""
    )


# A value of the wrong shape met deeper than the checks (a file edited by hand): the file is
# refused as a whole.
_SHAPE_ERRORS: tuple[type[BaseException], ...] = (
    TypeError,
    ValueError,
    KeyError,
    AttributeError,
    IndexError,
    OverflowError,
    RecursionError,
    DatabaseError,
)
CHUNK_GAMES = 25  # a transaction's worth: half a second of work
# A chunk of games or an event's round takes a second or two: a running import silent this
# long was lost with its process.
STALLED = timedelta(minutes=2)


class _Stopped(Exception):
    """The job is no longer this run's: a page found it silent too long and failed it."""


def _progress(job: ClubImport, **values: Any) -> None:
    """Record the run's progress; stop the run if the job is no longer running."""
    for key, value in values.items():
        setattr(job, key, value)
    running = ClubImport.objects.filter(id=job.id, status=ClubImport.Status.RUNNING)
    if not running.update(**values, updated_at=timezone.now()):
        raise _Stopped


def _undo(job: ClubImport) -> None:
    """Remove what the import made: its events, its games, then the club."""
    job.refresh_from_db()
    with transaction.atomic():
        if job.club_id is not None:
            # Tables first: they hold their pairs (protected), then the events.
            Match.objects.filter(round__tournament__club_id=job.club_id).delete()
            Tournament.objects.filter(club_id=job.club_id).delete()
        Game.objects.filter(id__in=list(job.game_ids)).delete()
        if job.club_id is not None:
            Club.objects.filter(id=job.club_id).delete()


def club_import_check(*, job_id: int, user: Any) -> ClubImport | None:
    """The user's import as its page shows it. One that no worker has taken for a while (a
    broker with no worker behind it) is run here, in a thread of this process; one that began
    and has been silent too long (its process ended) is undone and failed, to be imported
    again. Each once, however many pages look (a conditional update claims it)."""
    job = ClubImport.objects.filter(id=job_id, user_id=user.pk).defer("data").first()
    if job is None:
        return None
    waiting = ClubImport.objects.filter(id=job.id, status=ClubImport.Status.WAITING)
    if background.claim_untaken(waiting, "updated_at", job.updated_at):
        from clubs import tasks

        background.run_in_thread(tasks.club_import_run, job.id)
        return job
    if timezone.now() - job.updated_at <= STALLED:
        return job
    still = ClubImport.objects.filter(id=job.id, updated_at=job.updated_at)
    if job.status == ClubImport.Status.RUNNING:
        stopped = still.update(
            status=ClubImport.Status.FAILED,
            error=_("The import stopped (the server was restarted): import the file again."),
        )
        if stopped:
            _undo(job)
    job.refresh_from_db()
    return job


def _import(
    job: ClubImport, backup: dict[str, Any], club_data: dict[str, Any], club_name: str
) -> Club:
    director = job.user
    games_data = _need(backup.get("games", []), list, "games")
    events_data = _need(backup.get("events", []), list, "events")
    # Each step's progress is written in its own transaction, so an import that dies between
    # two steps is undone whole (_undo reads what the job says it made).
    with transaction.atomic():
        _name_free(club_name)
        club = Club.objects.create(name=club_name, rating=club_data.get("rating") is True)
        players = _players_import(club, backup.get("players", []))
        _presets_import(club, backup.get("presets", []))
        _progress(job, club=club, total=len(games_data) + len(events_data))
    games: dict[str, Game] = {}
    for start in range(0, len(games_data), CHUNK_GAMES):
        with transaction.atomic():
            made = _games_import(games_data[start : start + CHUNK_GAMES], players, director)
            _progress(job, game_ids=[g.id for g in {**games, **made}.values()])
        games.update(made)
        _progress(job, done=len(games))
    events: dict[int, Tournament] = {}
    for row in events_data:
        events.update(_event_import(club, row, players, games, job))
        _progress(job, done=len(games) + len(events))
    with transaction.atomic():
        _seasons_import(club, backup.get("seasons", []), events)
        _progress(job)  # still this run's: the club gets its director only then
        Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    return club


def _players_import(club: Club, rows: object) -> dict[int, Player]:
    from clubs.services import MAX_PLAYERS

    found: dict[int, Player] = {}
    seen: set[str] = set()
    listed = _need(rows, list, "players")
    if len(listed) > MAX_PLAYERS:
        raise ClubError(_("A club keeps %(n)s players at most.") % {"n": MAX_PLAYERS})
    for row in listed:
        row = _need(row, dict, "players")
        name = _checked_name(row.get("name"), limit=80, what=_("A player"))
        if name_key(name) in seen:
            raise ClubError(_("The backup names two players %(name)s.") % {"name": name})
        seen.add(name_key(name))
        aliases = [
            _checked_name(a, limit=80, what=_("A player"))
            for a in _need(row.get("aliases", []), list, "aliases")
        ][:20]
        found[_need(row.get("id"), int, "player id")] = Player(
            club=club, name=name, aliases=aliases
        )
    Player.objects.bulk_create(found.values())
    return found


def _presets_import(club: Club, rows: object) -> None:
    from clubs.services import preset_save

    for row in _need(rows, list, "presets"):
        row = _need(row, dict, "presets")
        preset_save(
            club_id=club.id,
            name=row.get("name", ""),
            variant=str(row.get("variant", "")),
            players=_need(row.get("players"), int, "preset players"),
            sides=_need(row.get("sides"), int, "preset sides"),
            rules=_need(row.get("rules", {}), dict, "preset rules"),
        )


def _at(value: object, where: str) -> datetime:
    parsed = parse_datetime(str(value)) if isinstance(value, str) else None
    if parsed is None:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": where})
    return parsed


def _damaged(where: str, reason: str) -> _Refused:
    """A part of the file the app would have refused on entry, with the app's own words."""
    return _Refused(
        _("The backup is damaged: %(where)s: %(reason)s") % {"where": where, "reason": reason}
    )


def _played_on(value: object, where: str, made: datetime) -> date:
    """A game's or an event's day played, as the app takes it (checked_played_on: a date,
    not after today)."""
    try:
        return checked_played_on(_day(value, where, made))
    except RuleViolation as violation:
        raise _damaged(where, explain(violation)) from None


def _day(value: object, where: str, made: datetime | None = None) -> date | None:
    """A day played as the file gives it ("2026-03-03"); where it gives none (a file written
    before games had one), the day it was made (``made``, in the site's time zone), else None."""
    if value is None:
        return timezone.localdate(made) if made is not None else None
    try:
        day = date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": where})
    return day


def _games_import(rows: object, players: Mapping[int, Player], owner: Any) -> dict[str, Game]:
    """Each game as entered, then scored again by the engine (services.game_recompute)."""
    from scorekeeper.rules import HOUSE_RULES, ruleset_for
    from scorekeeper.services import game_recompute

    games: dict[str, Game] = {}
    for row in _need(rows, list, "games"):
        row = _need(row, dict, "games")
        old_id = str(_need(row.get("id"), str, "game id"))
        sides = _need(row.get("sides"), list, "sides")
        positions = sorted(_need(side, dict, "side").get("position") for side in sides)
        if positions != list(range(len(sides))):
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": f"game {old_id}"})
        try:
            ruleset_for(
                str(row.get("variant")),
                _need(row.get("players"), int, "players"),
                {
                    **_need(row.get("rules") or {}, dict, "rules"),
                    **({"target": row["target"]} if row.get("target") is not None else {}),
                },
                len(sides),
            )
            if row.get("round_hands") is not None:  # an event table: its round's hands
                HOUSE_RULES["hands"].values.parse("round_hands", row["round_hands"])
        except (RuleViolation, KeyError):
            raise ClubError(
                _("Game %(id)s of the backup cannot be set up.") % {"id": old_id}
            ) from None
        game = _saved(
            Game(
                token_hash=hash_token(secrets.token_urlsafe(24)),
                totals=[0] * len(sides),
                owner=owner,  # its edit link stays on the old server: the importer opens it
                **{f: row.get(f) for f in _GAME_FIELDS if f != "locked"},
                locked=row.get("locked") is True,
            ),
            f"game {old_id}",
        )
        seated_here: set[int] = set()
        for side in sides:
            side = _need(side, dict, "side")
            made = _saved(
                Side(
                    game=game,
                    position=_need(side.get("position"), int, "side"),
                    name=_side_text(side.get("name", ""), MAX_SIDE_NAME, old_id),
                    player_names=_side_text(side.get("player_names", ""), MAX_PLAYER_NAMES, old_id),
                ),
                f"game {old_id}",
            )
            seats = _need(side.get("seated", []), list, "seated")
            if len(seats) > max(1, game.players // len(sides)):  # as the club game's form
                raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "seated"})
            for seat, player in seats:
                if player not in players or player in seated_here:  # a player sits once
                    raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "seated"})
                seated_here.add(player)
                _saved(SeatedPlayer(side=made, player=players[player], seat=seat), "seated")
        Hand.objects.bulk_create(
            Hand(game=game, number=number, record=record, result={})
            for number, record in _hands(row.get("hands", []), old_id)
        )
        revisions = Revision.objects.bulk_create(
            Revision(
                game=game,
                number=_whole(r.get("number"), "history"),
                action=_action(r.get("action")),
                record=_recorded(r.get("record"), len(sides)),
                result=_result(r.get("result"), len(sides)),
                author=_author(r.get("author", "")),
                undone=r.get("undone") is True,
                game_version=_whole(r.get("game_version", 0), "history"),
            )
            for r in (
                _need(x, dict, "history") for x in _need(row.get("history", []), list, "history")
            )
        )
        for revision, r in zip(revisions, row.get("history", []), strict=True):
            Revision.objects.filter(id=revision.id).update(at=_at(r.get("at"), "history"))
        try:
            game_recompute(game_id=game.id)
        except RuleViolation as violation:
            raise ClubError(
                _("Game %(id)s of the backup holds a hand the rules refuse: %(reason)s")
                % {"id": old_id, "reason": explain(violation)}
            ) from None
        made = _at(row.get("created_at"), "game")
        Game.objects.filter(id=game.id).update(
            created_at=made, played_on=_played_on(row.get("played_on"), f"game {old_id}", made)
        )
        games[old_id] = game
    return games


def _side_text(value: object, limit: int, game: str) -> str:
    """A side's name or players as the game's own form takes them: one line, within limits."""
    if not isinstance(value, str) or len(value) > limit or has_control_characters(value):
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": f"game {game}"})
    return value


def _reason(value: object, where: str) -> str:
    """A result's reason as the director's pages take it: one line of text."""
    if not isinstance(value, str) or has_control_characters(value):
        raise _damaged(
            where,
            _("%(field)s: no tab, line break or control character.") % {"field": _("Reason")},
        )
    return value


def _author(value: object, where: str = "history") -> str:
    """Who made a change, as the history shows it: one line of text."""
    if not isinstance(value, str) or has_control_characters(value):
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": where})
    return value[:150]


def _action(value: object) -> str:
    if value not in Revision.Action.values:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "history"})
    return str(value)


def _recorded(value: object, sides: int) -> dict[str, Any]:
    """A revision's hand as entered: a side object for each of the game's sides (an undone
    deletion scores it again, and the engine then checks the rest)."""
    record = _need(value, dict, "history")
    rows = _need(record.get("sides"), list, "history")
    if len(rows) != sides or not all(isinstance(side, dict) for side in rows):
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "history"})
    return record


def _result(value: object, sides: int) -> dict[str, Any]:
    """A revision's scores as the history shows them: each side's total (and its breakdown)."""
    result = _need(value, dict, "history")
    rows = _need(result.get("sides"), list, "history")
    if len(rows) != sides:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "history"})
    for side in rows:
        side = _need(side, dict, "history")
        if type(side.get("total")) is not int or abs(side["total"]) > 10**9:
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "history"})
        _need(side.get("breakdown", {}), dict, "history")
        if "adjustment" in side:  # shown in the history as the engine words it
            try:
                adjustment_of(side["adjustment"], 1)
            except RuleViolation:
                raise _Refused(
                    _("The backup is damaged: %(where)s.") % {"where": "history"}
                ) from None
    return result


def _hands(rows: object, game: str) -> list[tuple[int, dict[str, Any]]]:
    """The game's hands as entered, numbered 1, 2, 3... (the engine checks each record)."""
    hands = []
    for number, row in enumerate(_need(rows, list, "hands"), start=1):
        row = _need(row, dict, f"game {game}")
        record = _need(row.get("record"), dict, f"game {game}")
        _need(record.get("sides"), list, f"game {game}")
        if row.get("number") != number:
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": f"game {game}"})
        hands.append((number, record))
    return hands


def _event_import(
    club: Club,
    value: object,
    players: Mapping[int, Player],
    games: Mapping[str, Game],
    job: ClubImport,
) -> dict[int, Tournament]:
    """One event: its pairs, then each round in a transaction of its own (a 200-round event
    of 500 tables would hold SQLite's writers for minutes in one), then its standings. The
    job's progress is touched after each round, so a long event is not taken for a lost one."""
    from tournaments.services.standings import standings_write

    row: dict[str, Any] = _need(value, dict, "events")
    at = f"event {row.get('id')}"
    rounds = _need(row.get("drawn", []), list, "rounds")
    _check_finished(row, rounds, at)
    with transaction.atomic():
        try:
            name = event_name(row.get("name"))
        except TournamentError as refused:
            raise _damaged(at, str(refused)) from None
        tournament = _saved(
            Tournament(
                club=club, **{f: row.get(f) for f in _EVENT_FIELDS if f != "name"}, name=name
            ),
            "event",
        )
        _check_plan(tournament, at)
        made = _at(row.get("created_at"), "event")
        tournament.played_on = _played_on(row.get("played_on"), at, made)
        Tournament.objects.filter(id=tournament.id).update(
            created_at=made, played_on=tournament.played_on
        )
        entries: dict[int, Entry] = {}
        keys: set[str] = set()
        playing: set[int] = set()
        for e in _need(row.get("entries", []), list, "entries"):
            e = _need(e, dict, "entry")
            _check_entry_names(e, keys)
            _check_one_pair_each(e, playing)
            entries[_need(e.get("id"), int, "entry")] = _saved(
                Entry(
                    tournament=tournament,
                    **{f: e.get(f) for f in _ENTRY_FIELDS},
                    first_player=players.get(e.get("first_player")),
                    second_player=players.get(e.get("second_player")),
                ),
                "entry",
            )
    for r in rounds:
        with transaction.atomic():
            _round_import(tournament, _need(r, dict, "round"), entries, games, at)
            _progress(job)
    with transaction.atomic():
        if tournament.round_set.exists():
            standings_write(tournament, force=True)
    return {_need(row.get("id"), int, "event"): tournament}


def _round_import(
    tournament: Tournament,
    r: Any,  # a round of the file, an object (checked by the caller)
    entries: Mapping[int, Entry],
    games: Mapping[str, Game],
    event: str,  # the event as a refusal names it: "event 12"
) -> None:
    """A round of an event: its tables, each with its submissions and its result in force,
    refused where the app could not have made it so (the _check_ functions below)."""
    from tournaments.table_keys import table_keys_add

    number = _whole(r.get("number"), "round", most=32767)
    at = f"{event} round {number}"
    _check_format(tournament, r.get("format"), number, at)
    played = _saved(
        Round(tournament=tournament, number=number, format=r.get("format"), status=r.get("status")),
        "round",
    )
    seated: set[int] = set()  # the round's entries, each at one table (or its bye)
    tables: set[int] = set()
    for m in _need(r.get("matches", []), list, "matches"):
        m = _need(m, dict, "match")
        game = games.get(str(m.get("game"))) if m.get("game") else None
        if m.get("ns") not in entries or any(
            m.get(seat) is not None and (not isinstance(m[seat], int) or m[seat] not in entries)
            for seat in ("ew", "ns_with", "ew_with")
        ):
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "match"})
        _check_seats(tournament, m)
        _check_reasons(m.get("reasons") or [])
        match = _saved(
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
        for s in _need(m.get("submissions", []), list, "submissions"):
            s = _need(s, dict, "submission")
            _author(s.get("author", ""), where)
            _reason(s.get("reason", ""), where)
            winner = s.get("winner")
            if winner is not None and (type(winner) is not int or winner not in entries):
                raise _Refused(
                    _("The backup is damaged: the winner of %(where)s is not one of its pairs.")
                    % {"where": where}
                )
            made = _saved(
                ResultSubmission(
                    match=match,
                    **{f: s.get(f) for f in _SUBMISSION_FIELDS},
                    winner=entries[winner] if winner is not None else None,
                ),
                "result",
            )
            _check_figures(match, made, where)
            ResultSubmission.objects.filter(id=made.id).update(
                created_at=_at(s.get("created_at"), "result")
            )
            by_version[made.version] = made
        if m.get("result") is not None:
            in_force = by_version.get(m["result"])
            if in_force is None or in_force.kind == ResultSubmission.Kind.REOPENED:
                raise _Refused(
                    _(
                        "The backup is damaged: the result in force of %(where)s is not one of "
                        "its results."
                    )
                    % {"where": where}
                )
            match.result = in_force
            match.save(update_fields=["result"])
            if game is not None:  # its lines were built before its result: the result decides
                game_lines_request(game_id=game.id)
        _check_settled(match, played, where)


# A round whose tables are still being played (and a finished event has none).
_PLAYING = (Round.Status.DRAFT, Round.Status.RELEASED, Round.Status.PLAYING)


def _check_finished(row: Mapping[str, Any], rounds: list[Any], at: str) -> None:
    """A finished event has played every round it drew (round_close finishes it)."""
    if row.get("status") != Tournament.Status.FINISHED:
        return
    for r in rounds:
        if isinstance(r, dict) and r.get("status") in _PLAYING:
            raise _Refused(
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
        raise _Refused(
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
            raise _Refused(
                _("The backup is damaged: %(where)s seats %(entry)s at two tables.")
                % {"where": at, "entry": entry.name}
            )
        seated.add(entry.id)
    if match.table and match.table in tables:
        raise _Refused(
            _("The backup is damaged: %(where)s has two tables numbered %(table)s.")
            % {"where": at, "table": match.table}
        )
    tables.add(match.table)


def _check_figures(match: Match, submission: ResultSubmission, where: str) -> None:
    """A result's figures as the table's pages take them (results.check_scores); a reopening
    keeps the figures of the result it set aside, and names no winner."""
    from tournaments.services.results import check_scores

    if submission.kind == ResultSubmission.Kind.REOPENED:
        if submission.winner_id is not None:
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": where})
        return
    try:
        check_scores(match, submission.ns_score, submission.ew_score, submission.winner_id)
    except TournamentError as refused:
        raise _damaged(where, str(refused)) from None


def _check_settled(match: Match, played: Round, where: str) -> None:
    """A table is settled (confirmed, closed) when, and only when, a result is in force; a bye
    is settled with none. A round complete or closed has every table settled (round_close)."""
    from tournaments.selectors.event import SETTLED

    settled = match.status in SETTLED
    if match.ew_id is not None and settled and match.result_id is None:
        raise _Refused(
            _("The backup is damaged: %(where)s is settled and has no result in force.")
            % {"where": where}
        )
    if match.result_id is not None and not settled:
        raise _Refused(
            _("The backup is damaged: %(where)s has a result in force and is not settled.")
            % {"where": where}
        )
    if not settled and played.status not in _PLAYING:
        raise _Refused(
            _("The backup is damaged: %(where)s has no result, and its round is over.")
            % {"where": where}
        )


def _check_plan(tournament: Tournament, at: str) -> None:
    """What the event's pages read as names: its preset, formats and tie-breaks; and entries
    of one kind all through (pairs, or individual players: engine.formats)."""
    from scorekeeper.rules import PRESETS, RuleViolation, ruleset_for
    from tournaments.engine.errors import DrawRefused
    from tournaments.engine.formats import FORMATS, check_entries_kind
    from tournaments.engine.standings import METRICS

    if tournament.variant not in PRESETS:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": at})
    try:
        ruleset_for(tournament.variant, 4, dict(_need(tournament.rules, dict, at)), 2)
    except RuleViolation:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": at}) from None
    formats = _need(tournament.round_formats, list, at)
    tiebreaks = _need(tournament.tiebreaks, list, at)
    if (
        not all(isinstance(f, str) and f in FORMATS for f in formats)
        or not tiebreaks
        or not all(isinstance(t, str) and t in METRICS for t in tiebreaks)
    ):
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": at})
    try:
        check_entries_kind(tournament.format, formats, tournament.knockout_top)
    except DrawRefused as refused:
        raise _damaged(at, str(TournamentError(refused.message, **refused.values))) from None


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
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "match"})


def _check_entry_names(entry: Mapping[str, Any], keys: set[str]) -> None:
    """An entry's names as the event's own forms take them: no control character, and no two
    entries of one event under one name (scorekeeper.names.name_key)."""
    names = [entry.get(f) for f in ("name", "player_1", "player_2", "club")]
    if any(not isinstance(n, str) or has_control_characters(n) for n in names if n is not None):
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "entry"})
    key = name_key(str(entry.get("name") or ""))
    if not key or key in keys:
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "entry"})
    keys.add(key)


def _check_one_pair_each(entry: Mapping[str, Any], playing: set[int]) -> None:
    """As the event's forms: a pair is two players, and a player plays in one pair of an event
    still playing (a withdrawn pair's players may have entered again)."""
    pair = [p for p in (entry.get("first_player"), entry.get("second_player")) if p is not None]
    if len(set(pair)) != len(pair):
        raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "entry"})
    if entry.get("withdrawn_after") is None:
        if playing & set(pair):
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "entry"})
        playing.update(pair)


def _check_reasons(reasons: object) -> None:
    """A pairing's reasons as the pages word them: [reason, values...]."""
    from tournaments.engine.types import Reason

    for reason in _need(reasons, list, "reasons"):
        if (
            not isinstance(reason, list)
            or not reason
            or reason[0] not in Reason.__members__.values()
        ):
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "reasons"})
        if not all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in reason[1:]):
            raise _Refused(_("The backup is damaged: %(where)s.") % {"where": "reasons"})


def _seasons_import(club: Club, rows: object, events: Mapping[int, Tournament]) -> None:
    """Each season as its form saves it (clubs.services.season_save: its name, its method and
    best N, its first day not after its last)."""
    from clubs.services import season_save

    for row in _need(rows, list, "seasons"):
        row = _need(row, dict, "season")
        try:
            season_save(
                club_id=club.id,
                name=row.get("name"),  # checked by season_save
                method=row.get("method")
                if row.get("method") in Season.Method.values
                else "placing",
                best=_whole(row.get("best", 0), "season", most=1000),
                event_ids=[events[e].id for e in row.get("events", []) if e in events],
                starts_on=_day(row.get("starts_on"), "season"),
                ends_on=_day(row.get("ends_on"), "season"),
            )
        except ClubError as refused:
            raise _damaged(f"season {str(row.get('name'))[:80]}", str(refused)) from None
