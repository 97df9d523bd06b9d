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

The lists of the apps above the clubs are theirs to write and read (``PARTS``: tournaments
registers ``"events"``, tournaments/backup.py); the games are written through scorekeeper's
services; the checks of a field, shared with the parts, are in backup_fields.py.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any, Protocol

import orjson
from django.db import DatabaseError, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.backup_fields import (
    Keyed,
    Refused,
    author,
    by_id,
    by_name,
    damaged,
    day,
    moment,
    need,
    played_on,
    rows_of,
    when,
    whole,
)
from clubs.models import (
    Club,
    ClubImport,
    ClubImportFile,
    Membership,
    Player,
    Season,
    SeatedPlayer,
)
from clubs.services import ClubError, record_name
from clubs.statistics_refresh import club_lines_request, games_lines_due
from core import background
from core.one_reading import one_reading
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
from scorekeeper.services import RestoredGame, RestoreRefused, games_delete, games_restore

logger = logging.getLogger(__name__)

FORMAT, VERSION = "canasta-club", 1
# A club's years of evenings are a few megabytes; imported in the background at about 5 ms a game.
MAX_BYTES = 50 * 1024 * 1024

_GAME_FIELDS = ("variant", "players", "rules", "target", "round_hands", "first_dealer", "locked")


class BackupPart(Protocol):
    """A list of the club's backup that another app keeps (tournaments: ``"events"``), as it
    says at start-up (``PARTS``): the clubs app writes and reads the file, and each part its own
    rows, so that clubs imports nothing of the apps above it."""

    key: str  # its list in the file

    def export(self, club: Club) -> list[dict[str, Any]]:
        """The club's rows of the part, as plain JSON data."""

    def game_ids(self, club: Club) -> set[str]:
        """The games its rows name (the file holds them among the games)."""

    def keyed_lists(self, rows: object) -> list[Keyed]:
        """The lists within its rows that must name each record once."""

    def import_row(
        self,
        club: Club,
        row: object,
        players: Mapping[int, Player],
        games: Mapping[str, Game],
        progress: Callable[[], None],
    ) -> dict[int, Any]:
        """One row of its list made for the new club (its own transactions, ``progress`` after
        each), by the file's id; refused with clubs.backup_fields.Refused."""

    def undo(self, club_id: int) -> None:
        """Remove what it made for the club (a failed import)."""


PARTS: list[BackupPart] = []
# Export ------------------------------------------------------------------------------------------


def club_export(club: Club) -> dict[str, Any]:
    """The club's record as plain JSON data."""
    players = list(club.players.order_by("id"))
    game_ids = set(
        SeatedPlayer.objects.filter(player__club=club).values_list("side__game_id", flat=True)
    )
    for part in PARTS:
        game_ids |= part.game_ids(club)
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
        "vp_scales": [
            {"name": s.name, "margins": s.margins} for s in club.vp_scales.order_by("id")
        ],
        "games": _games_data(game_ids),
        **{part.key: part.export(club) for part in PARTS},
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
        "created_at": when(game.created_at),
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
                "at": when(r.at),
            }
            for r in game.revisions.all()
        ],
    }


def club_export_bytes(club: Club) -> bytes:
    """The file: read in one transaction, as the database was at its first read (PostgreSQL's
    repeatable read), so a player added meanwhile cannot leave a seat the file cannot name."""
    with transaction.atomic():
        one_reading()
        data = club_export(club)
    return json.dumps(data, ensure_ascii=False, indent=1).encode()


# Import ------------------------------------------------------------------------------------------


def _read(data: bytes, name: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The file read and its envelope checked (format, version, the club's name), before any
    work: what the import page can refuse at once."""
    if len(data) > MAX_BYTES:
        raise ClubError(_("A backup holds %(n)s MB at most.") % {"n": MAX_BYTES // 2**20})
    try:  # orjson: a 20 MB backup in a fraction of json's time (NaN, which none holds, refused)
        backup = orjson.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ClubError(_("This is not a club's backup file (it is not JSON).")) from None
    if not isinstance(backup, dict) or backup.get("format") != FORMAT:
        raise ClubError(_("This is not a club's backup file."))
    if type(backup.get("version")) is not int or backup["version"] != VERSION:
        raise ClubError(_("This backup's version is not one this server reads."))
    club_data = need(backup.get("club"), dict, "club")
    named = need(club_data.get("name"), str, "club")
    club_name = record_name(name or named, limit=MAX_CLUB_NAME, what=_("A club"))
    _name_free(club_name)
    for keyed in _keyed_lists(backup):  # before anything is made
        _each_once(*keyed)
    return backup, club_data, club_name


def _keyed_lists(backup: Mapping[str, Any]) -> list[Keyed]:
    lists: list[Keyed] = [
        ("players", backup.get("players"), "id", by_id),
        ("games", backup.get("games"), "id", by_id),
        *((part.key, backup.get(part.key), "id", by_id) for part in PARTS),
        ("presets", backup.get("presets"), "name", by_name),
        ("vp_scales", backup.get("vp_scales"), "name", by_name),
        ("seasons", backup.get("seasons"), "name", by_name),
    ]
    for part in PARTS:
        lists += part.keyed_lists(backup.get(part.key))
    for season in rows_of(backup.get("seasons")):
        lists.append((f"events of season {season.get('name')}", season.get("events"), "", by_id))
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
            raise Refused(
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
        job = _job_create(director, name, data)
        transaction.on_commit(lambda: _send(job.id))
    return job


def _send(job_id: int) -> None:
    from clubs import tasks

    background.send_long(tasks.club_import_run, job_id)


def club_import(*, data: bytes, director: Any, name: str = "") -> Club:
    """A new club from a backup file, here and now (a script, a test); as the page's import."""
    _read(data, name)
    with transaction.atomic():
        job = _job_create(director, name, data)
    club_import_run(job_id=job.id)
    job.refresh_from_db()
    if job.status != ClubImport.Status.DONE or job.club is None:
        raise ClubError(job.error)
    return job.club


def _job_create(director: Any, name: str, data: bytes) -> ClubImport:
    job = ClubImport.objects.create(user=director, name=name)
    ClubImportFile.objects.create(job=job, data=data)
    return job


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
        data = ClubImportFile.objects.filter(job_id=job_id).values_list("data", flat=True).first()
        backup, club_data, club_name = _read(bytes(data or b""), job.name)
        club = _import(job, backup, club_data, club_name)
    except _Stopped:  # a page took it for lost and failed it: what was made goes, as it said
        _undo(job)
        return
    except Exception as error:
        ClubImportFile.objects.filter(job_id=job_id).delete()  # whatever becomes of the undoing
        _undo(job)
        if isinstance(error, ClubError):
            message = str(error)
        elif isinstance(error, _SHAPE_ERRORS):
            message = _("The backup is damaged: it cannot be read as a club's record.")
        else:
            message = _("The import failed on this server: try again later.")
        ClubImport.objects.filter(id=job_id).update(
            status=ClubImport.Status.FAILED, error=message[:300], club=None, game_ids=[]
        )
        if not isinstance(error, (*_SHAPE_ERRORS, ClubError)):
            raise  # a fault of ours, not of the file: it must surface
        return
    with transaction.atomic():
        done = ClubImport.objects.filter(id=job_id, status=ClubImport.Status.RUNNING).update(
            status=ClubImport.Status.DONE,
            updated_at=timezone.now(),  # when it ended
        )
        if done:
            ClubImportFile.objects.filter(job_id=job_id).delete()  # the file, dropped once imported
    if done:
        # The club is open: its players' statistics are built now (derived data: its pages
        # catch up by themselves whatever becomes of this).
        try:
            club_lines_request(club_id=club.id)
        except DatabaseError:
            logger.warning("the statistics of imported club %s left to its pages", club.id)


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
CHUNK_GAMES = 100  # a transaction's worth: about a second of work (games_restore)
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
            for part in reversed(PARTS):  # what names the games, before the games
                part.undo(job.club_id)
        games_delete(game_ids=list(job.game_ids))
        if job.club_id is not None:
            Club.objects.filter(id=job.club_id).delete()


def club_import_check(*, job_id: int, user: Any) -> ClubImport | None:
    """The user's import as its page shows it. One that no worker has taken for a while (a
    broker with no worker behind it) is run here, in a thread of this process; one that began
    and has been silent too long (its process ended) is undone and failed, to be imported
    again. Each once, however many pages look (a conditional update claims it)."""
    job = ClubImport.objects.filter(id=job_id, user_id=user.pk).first()
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
            ClubImportFile.objects.filter(job_id=job.id).delete()  # to be imported again
    job.refresh_from_db()
    return job


def _import(
    job: ClubImport, backup: dict[str, Any], club_data: dict[str, Any], club_name: str
) -> Club:
    director = job.user
    games_data = need(backup.get("games", []), list, "games")
    parts = [(part, need(backup.get(part.key, []), list, part.key)) for part in PARTS]
    # Each step's progress is written in its own transaction, so an import that dies between
    # two steps is undone whole (_undo reads what the job says it made).
    with transaction.atomic():
        _name_free(club_name)
        club = Club.objects.create(name=club_name, rating=club_data.get("rating") is True)
        players = _players_import(club, backup.get("players", []))
        _presets_import(club, backup.get("presets", []))
        _vp_scales_import(club, backup.get("vp_scales", []))
        _progress(job, club=club, total=len(games_data) + sum(len(rows) for _p, rows in parts))
    games: dict[str, Game] = {}
    for start in range(0, len(games_data), CHUNK_GAMES):
        with transaction.atomic():
            made = _games_import(games_data[start : start + CHUNK_GAMES], players, director)
            # With the games, in their transaction: one commit a chunk (SQLite's are slow).
            _progress(
                job,
                game_ids=[g.id for g in {**games, **made}.values()],
                done=len(games) + len(made),
            )
        games.update(made)
    imported: dict[str, dict[int, Any]] = {}
    for part, rows in parts:
        made_here = imported.setdefault(part.key, {})
        for row in rows:
            made_here.update(part.import_row(club, row, players, games, lambda: _progress(job)))
            _progress(job, done=job.done + 1)
    with transaction.atomic():
        _seasons_import(club, backup.get("seasons", []), imported.get("events", {}))
        _progress(job)  # still this run's: the club gets its director only then
        Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    return club


def _players_import(club: Club, rows: object) -> dict[int, Player]:
    from clubs.services import MAX_PLAYERS

    found: dict[int, Player] = {}
    seen: set[str] = set()
    listed = need(rows, list, "players")
    if len(listed) > MAX_PLAYERS:
        raise ClubError(_("A club keeps %(n)s players at most.") % {"n": MAX_PLAYERS})
    for row in listed:
        row = need(row, dict, "players")
        name = record_name(row.get("name"), limit=80, what=_("A player"))
        if name_key(name) in seen:
            raise ClubError(_("The backup names two players %(name)s.") % {"name": name})
        seen.add(name_key(name))
        aliases = [
            record_name(a, limit=80, what=_("A player"))
            for a in need(row.get("aliases", []), list, "aliases")
        ][:20]
        found[need(row.get("id"), int, "player id")] = Player(club=club, name=name, aliases=aliases)
    Player.objects.bulk_create(found.values())
    return found


def _presets_import(club: Club, rows: object) -> None:
    from clubs.services import preset_save

    for row in need(rows, list, "presets"):
        row = need(row, dict, "presets")
        preset_save(
            club_id=club.id,
            name=row.get("name", ""),
            variant=str(row.get("variant", "")),
            players=need(row.get("players"), int, "preset players"),
            sides=need(row.get("sides"), int, "preset sides"),
            rules=need(row.get("rules", {}), dict, "preset rules"),
        )


def _vp_scales_import(club: Club, rows: object) -> None:
    """The club's scales of victory points (a backup from before them has none)."""
    from clubs.services import vp_scale_save

    for row in need(rows, list, "vp_scales"):
        row = need(row, dict, "vp_scales")
        vp_scale_save(club_id=club.id, name=row.get("name", ""), margins=row.get("margins"))


def _games_import(rows: object, players: Mapping[int, Player], owner: Any) -> dict[str, Game]:
    """Each game as entered, then scored again by the engine (services.games_restore), and its
    players seated; the whole list in a few statements."""
    from scorekeeper.rules import HOUSE_RULES, ruleset_for

    old_ids: list[str] = []
    restored: list[RestoredGame] = []
    seated: list[list[list[Any]]] = []  # each game's sides' [seat, player]
    for row in need(rows, list, "games"):
        row = need(row, dict, "games")
        old_id = str(need(row.get("id"), str, "game id"))
        sides = need(row.get("sides"), list, "sides")
        positions = sorted(need(side, dict, "side").get("position") for side in sides)
        if positions != list(range(len(sides))):
            raise damaged(f"game {old_id}")
        try:
            ruleset_for(
                str(row.get("variant")),
                need(row.get("players"), int, "players"),
                {
                    **need(row.get("rules") or {}, dict, "rules"),
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
        game = Game(
            token_hash=hash_token(secrets.token_urlsafe(24)),
            totals=[0] * len(sides),
            owner=owner,  # its edit link stays on the old server: the importer opens it
            **{f: row.get(f) for f in _GAME_FIELDS if f != "locked"},
            locked=row.get("locked") is True,
        )
        side_rows = [need(side, dict, "side") for side in sides]
        seated.append([_seats(side, players, game.players // len(sides)) for side in side_rows])
        if len({player for seats in seated[-1] for _seat, player in seats}) != sum(
            len(seats) for seats in seated[-1]
        ):
            raise damaged("seated")  # a player sits once
        history = [need(x, dict, "history") for x in need(row.get("history", []), list, "history")]
        made = moment(row.get("created_at"), "game")
        restored.append(
            RestoredGame(
                game=game,
                sides=[
                    {
                        "position": need(side.get("position"), int, "side"),
                        "name": _side_text(side.get("name", ""), MAX_SIDE_NAME, old_id),
                        "player_names": _side_text(
                            side.get("player_names", ""), MAX_PLAYER_NAMES, old_id
                        ),
                    }
                    for side in side_rows
                ],
                hands=_hands(row.get("hands", []), old_id),
                history=[
                    {
                        "number": whole(r.get("number"), "history"),
                        "action": _action(r.get("action")),
                        "record": _recorded(r.get("record"), len(sides)),
                        "result": _result(r.get("result"), len(sides)),
                        "author": author(r.get("author", "")),
                        "undone": r.get("undone") is True,
                        "game_version": whole(r.get("game_version", 0), "history"),
                        "at": moment(r.get("at"), "history"),
                    }
                    for r in history
                ],
                created_at=made,
                played_on=played_on(row.get("played_on"), f"game {old_id}", made),
            )
        )
        old_ids.append(old_id)
    try:
        made_sides = games_restore(restored)
    except RestoreRefused as refused:
        old_id = old_ids[refused.index]
        if refused.violation is None:
            raise damaged(f"game {old_id}") from None
        raise ClubError(
            _("Game %(id)s of the backup holds a hand the rules refuse: %(reason)s")
            % {"id": old_id, "reason": explain(refused.violation)}
        ) from None
    SeatedPlayer.objects.bulk_create(
        SeatedPlayer(side=side, player=players[player], seat=seat)
        for game_sides, game_seats in zip(made_sides, seated, strict=True)
        for side, seats in zip(game_sides, game_seats, strict=True)  # both in the file's order
        for seat, player in seats
    )
    # Their players' statistics due, with the games (the game's news came before its players
    # were seated: clubs.apps._games_restored found none); built once the import has ended
    # (club_import_run), after the club opens.
    games_lines_due(
        game_ids=[
            item.game.id
            for item, game_seats in zip(restored, seated, strict=True)
            if any(game_seats)
        ]
    )
    return {old_id: item.game for old_id, item in zip(old_ids, restored, strict=True)}


def _seats(side: dict[str, Any], players: Mapping[int, Player], most: int) -> list[list[Any]]:
    """A side's seated players ([seat, player id]) as the club game's form takes them: at most
    the side's share of the players (one at least), each a player of the backup, each seat once."""
    seats = need(side.get("seated", []), list, "seated")
    if len(seats) > max(1, most):
        raise damaged("seated")
    taken: set[int] = set()
    for pair in seats:
        if not isinstance(pair, list) or len(pair) != 2:
            raise damaged("seated")
        seat, player = pair
        if type(player) is not int or player not in players:
            raise damaged("seated")
        if type(seat) is not int or not 0 <= seat <= 32767:
            raise damaged("seated")
        if seat in taken:
            raise damaged("seated")
        taken.add(seat)
    return seats


def _side_text(value: object, limit: int, game: str) -> str:
    """A side's name or players as the game's own form takes them: one line, within limits."""
    if not isinstance(value, str) or len(value) > limit or has_control_characters(value):
        raise damaged(f"game {game}")
    return value


def _action(value: object) -> str:
    if value not in Revision.Action.values:
        raise damaged("history")
    return str(value)


def _recorded(value: object, sides: int) -> dict[str, Any]:
    """A revision's hand as entered: a side object for each of the game's sides (an undone
    deletion scores it again, and the engine then checks the rest)."""
    record = need(value, dict, "history")
    rows = need(record.get("sides"), list, "history")
    if len(rows) != sides or not all(isinstance(side, dict) for side in rows):
        raise damaged("history")
    return record


def _result(value: object, sides: int) -> dict[str, Any]:
    """A revision's scores as the history shows them: each side's total (and its breakdown)."""
    result = need(value, dict, "history")
    rows = need(result.get("sides"), list, "history")
    if len(rows) != sides:
        raise damaged("history")
    for side in rows:
        side = need(side, dict, "history")
        if type(side.get("total")) is not int or abs(side["total"]) > 10**9:
            raise damaged("history")
        need(side.get("breakdown", {}), dict, "history")
        if "adjustment" in side:  # shown in the history as the engine words it
            try:
                adjustment_of(side["adjustment"], 1)
            except RuleViolation:
                raise damaged("history") from None
    return result


def _hands(rows: object, game: str) -> list[tuple[int, dict[str, Any]]]:
    """The game's hands as entered, numbered 1, 2, 3... (the engine checks each record)."""
    hands = []
    for number, row in enumerate(need(rows, list, "hands"), start=1):
        row = need(row, dict, f"game {game}")
        record = need(row.get("record"), dict, f"game {game}")
        need(record.get("sides"), list, f"game {game}")
        if row.get("number") != number:
            raise damaged(f"game {game}")
        hands.append((number, record))
    return hands


def _seasons_import(club: Club, rows: object, events: Mapping[int, Any]) -> None:
    """Each season as its form saves it (clubs.services.season_save: its name, its method and
    best N, its first day not after its last)."""
    from clubs.services import season_save

    for row in need(rows, list, "seasons"):
        row = need(row, dict, "season")
        try:
            season_save(
                club_id=club.id,
                name=row.get("name"),  # checked by season_save
                method=row.get("method")
                if row.get("method") in Season.Method.values
                else "placing",
                best=whole(row.get("best", 0), "season", most=1000),
                event_ids=[events[e].id for e in row.get("events", []) if e in events],
                starts_on=day(row.get("starts_on"), "season"),
                ends_on=day(row.get("ends_on"), "season"),
            )
        except ClubError as refused:
            raise damaged(f"season {str(row.get('name'))[:80]}", str(refused)) from None
