"""Reads of a club: its members' clubs, its players with their figures, a player's page, the
leaders. Figures are sums of the statistics' lines (one row per player per game: models.
PlayerGameLine), made by the database, so a page's cost does not grow with the hands played."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Count, Max, Min, Q, QuerySet, Sum

from clubs.events import events_app
from clubs.ladder import Contribution, EventResult, LadderMethod, LadderRow, Placing, ladder
from clubs.models import Club, Membership, Player, PlayerGameLine, Season, SeatedPlayer
from clubs.person_data import PARTS
from clubs.preset_words import PresetCard, preset_card
from clubs.rating import RatedGame, Rating, rated_games, ratings
from clubs.statistics import GameLine, MonthPoint, Stats, Totals, stats_of, trend
from scorekeeper.names import name_key


def clubs_of(user: Any) -> QuerySet[Membership]:
    """The user's clubs, with their role in each."""
    return Membership.objects.filter(user_id=user.pk).select_related("club").order_by("club__name")


def clubs_directed(user: Any) -> QuerySet[Club]:
    return Club.objects.filter(
        memberships__user_id=user.pk, memberships__role=Membership.Role.DIRECTOR
    ).order_by("name")


_SUMS = {
    "games": Count("id"),
    "finished": Count("id", filter=Q(finished=True)),
    "won": Count("id", filter=Q(won=True)),
    "hands": Sum("hands"),
    "points": Sum("points"),
    "canastas": Sum("canastas"),
    "red_threes": Sum("red_threes"),
    "went_out": Sum("went_out"),
    "caught": Sum("caught"),
    "best": Max("best"),
    "worst": Min("worst"),
}


def _totals(row: Mapping[str, Any]) -> Totals:
    return Totals(
        **{k: (row[k] if k in ("best", "worst") else row[k] or 0) for k in _SUMS},
    )


@dataclass(frozen=True)
class PlayerFigures:
    player_id: int
    name: str
    stats: Stats


def players_by_name(players: Iterable[Player]) -> dict[str, Player]:
    """The club's players by name_key: their names, and the names a merged or renamed record
    was known by, unless it is another's name or an old name of several ("Ana", merged into
    Anna, picks Anna)."""
    players = list(players)
    found = {name_key(p.name): p for p in players}
    known_as: dict[str, list[Player]] = {}
    for p in players:
        for alias in p.aliases:
            known_as.setdefault(name_key(alias), []).append(p)
    for key, owners in known_as.items():
        if key not in found and len(owners) == 1:
            found[key] = owners[0]
    return found


# Two names this alike (difflib's ratio of their keys) are more likely one player mistyped.
LOOKALIKE = 0.8


def lookalike_names(club: Club, names: Iterable[str]) -> list[tuple[str, str]]:
    """Each name new to the club that looks like one of its players' ("Ana Rossi", "Anna
    Rossi"): a typo, most likely, which the form asks about before it adds a player."""
    known = players_by_name(club.players.all())
    keys = list(known)
    found = []
    for name in dict.fromkeys(" ".join(n.split()) for n in names):
        key = name_key(name)
        if not key or key in known:
            continue
        close = difflib.get_close_matches(key, keys, n=1, cutoff=LOOKALIKE)
        if close:
            found.append((name, known[close[0]].name))
    return found


def players_with_figures(club: Club) -> list[PlayerFigures]:
    """Every player of the club with their figures, by name."""
    names = dict(club.players.values_list("id", "name"))
    rows = PlayerGameLine.objects.filter(club=club).values("player_id").annotate(**_SUMS).order_by()
    figures = {row["player_id"]: _totals(row) for row in rows}
    found = [
        PlayerFigures(pid, name, stats_of(figures.get(pid, Totals())))
        for pid, name in names.items()
    ]
    return sorted(found, key=lambda f: f.name.casefold())


# A share of games won over one or two finished games says little (games left unfinished are
# no wins nor losses: they do not count towards it).
LEADERS_LEAST_FINISHED = 3


def leaders(club: Club, *, least_finished: int = LEADERS_LEAST_FINISHED) -> list[PlayerFigures]:
    """The club's players with enough finished games, best share of them won first (then the
    average hand)."""
    found = [f for f in players_with_figures(club) if f.stats.totals.finished >= least_finished]
    return sorted(found, key=lambda f: (*leader_key(f), f.name.casefold()))


def leader_key(figures: PlayerFigures) -> tuple[float, float]:
    """What orders the leaders (their names only list those equal on it, who share a rank)."""
    return (-(figures.stats.win_rate or 0), -(figures.stats.average_hand or 0))


@dataclass(frozen=True)
class PartnerFigures:
    partner_id: int
    name: str
    stats: Stats
    events: int = 0  # club events played together as a pair, finished
    events_won: int = 0


@dataclass(frozen=True)
class GameRow:
    game_id: str
    day: date
    hands: int
    points: int
    won: bool
    finished: bool
    partner: str
    drawn: bool
    opponents: str = ""  # the other sides' players (or names): "Carla, Dario"; "Eva; Gus"
    scores: tuple[int, ...] = ()  # the result in force, the player's side first
    event: str = ""  # an event table's event, and its round
    round: int | None = None


@dataclass(frozen=True)
class PlayerPage:
    player: Player
    stats: Stats
    months: list[MonthPoint]
    partners: list[PartnerFigures]
    recent: list[GameRow]
    events_played: int
    events_won: int


RECENT_GAMES = 20


def player_page(player: Player) -> PlayerPage:
    """A player's figures, trend by month, partnerships and latest games: four reads of the
    lines, and three of the latest games' tables, whatever the number of hands."""
    lines = PlayerGameLine.objects.filter(player=player)
    totals = _totals(lines.aggregate(**_SUMS))
    by_month = [
        GameLine(
            day=row["day"],
            hands=row["hands"],
            points=row["points"],
            canastas=0,
            red_threes=0,
            went_out=0,
            caught=0,
            best=None,
            worst=None,
            won=row["won"],
            finished=row["finished"],
        )
        for row in lines.values("day", "hands", "points", "won", "finished")
    ]
    partner_rows = (
        lines.exclude(partner=None)
        .values("partner_id", "partner__name")
        .annotate(**_SUMS)
        .order_by()
    )
    events = _events(player)
    figures = {
        row["partner_id"]: (row["partner__name"], stats_of(_totals(row))) for row in partner_rows
    }
    only_events = set(events.together) - set(figures)
    for partner_id, name in Player.objects.filter(id__in=only_events).values_list("id", "name"):
        figures[partner_id] = (name, stats_of(Totals()))
    partners = sorted(
        (
            PartnerFigures(partner_id, name, stats, *events.together.get(partner_id, (0, 0)))
            for partner_id, (name, stats) in figures.items()
        ),
        key=lambda p: (-p.stats.totals.games - p.events, p.name.casefold()),
    )
    recent = _recent_games(
        lines.order_by("-day", "-game__created_at", "-id").values(
            "game_id", "day", "hands", "points", "won", "finished", "partner__name", "drawn", "side"
        )[:RECENT_GAMES]
    )
    return PlayerPage(
        player, stats_of(totals), trend(by_month), partners, recent, events.played, events.won
    )


def _recent_games(rows: Iterable[Mapping[str, Any]]) -> list[GameRow]:
    """The latest games as the page lists them: the event and round of an event table, the
    opponents, and the result in force (a settled table's, corrected or not, which may differ
    from its hands' totals; else the game's totals). Three reads, whatever the number of rows."""
    from scorekeeper.game_tables import tables_shown
    from scorekeeper.models import Game, Side

    rows = list(rows)
    ids = [row["game_id"] for row in rows]
    sides: dict[str, dict[int, str]] = {}
    for game_id, position, name, players in Side.objects.filter(game_id__in=ids).values_list(
        "game_id", "position", "name", "player_names"
    ):
        sides.setdefault(game_id, {})[position] = players or name
    totals = dict(Game.objects.filter(id__in=ids).values_list("id", "totals"))
    tables = tables_shown(ids)
    recent = []
    for row in rows:
        game_id, side = row["game_id"], row["side"]
        scores = list(totals.get(game_id) or [])
        table = tables.get(game_id)
        if table and table.scores is not None:
            scores = list(table.scores)
        others = [n for p, n in sorted(sides.get(game_id, {}).items()) if p != side]
        recent.append(
            GameRow(
                game_id,
                row["day"],
                row["hands"],
                row["points"],
                row["won"],
                row["finished"],
                row["partner__name"] or "",
                row["drawn"],
                opponents="; ".join(others),
                scores=tuple(
                    [scores[side], *(s for i, s in enumerate(scores) if i != side)]
                    if side < len(scores)
                    else ()
                ),
                event=table.event if table else "",
                round=table.round if table else None,
            )
        )
    return recent


@dataclass(frozen=True)
class EventsPlayed:
    played: int  # finished events
    won: int  # first in the final standings
    together: dict[int, tuple[int, int]]  # by partner: events played as a pair, and won


def _events(player: Player) -> EventsPlayed:
    """The finished events the player played in, those their pair won (first in the final
    standings), and both by partner: two queries, however many events."""
    rows = events_app().finished_entries(player.id)
    entries = {entry: tournament for entry, tournament, _first, _second in rows}
    partner_of = {
        entry: second if first == player.id else first
        for entry, _t, first, second in rows
        if first is not None and second is not None
    }
    finals = events_app().latest_standings(set(entries.values())).items()
    won, won_entries = set(), set()
    for tournament_id, standings in finals:
        firsts = {row["entry"] for row in standings or [] if row.get("rank") == 1}
        for entry in firsts:
            if entries.get(entry) == tournament_id:
                won.add(tournament_id)
                won_entries.add(entry)
    together: dict[int, tuple[int, int]] = {}
    for entry, partner in partner_of.items():
        played, firsts_together = together.get(partner, (0, 0))
        together[partner] = (played + 1, firsts_together + (entry in won_entries))
    return EventsPlayed(len(set(entries.values())), len(won), together)


def preset_cards(club: Club) -> list[PresetCard]:
    """The club's presets in words."""
    return [preset_card(p) for p in club.presets.all()]


def presets_of_member(user: Any) -> list[tuple[Club, list[PresetCard]]]:
    """The presets of every club the user belongs to (the Rules page's section)."""
    if not getattr(user, "is_authenticated", False):
        return []
    clubs = Club.objects.filter(memberships__user_id=user.pk).prefetch_related("presets")
    return [
        (club, [preset_card(p) for p in club.presets.all()]) for club in clubs if club.presets.all()
    ]


@dataclass(frozen=True)
class LadderEvent:
    tournament: Any
    provisional: bool  # not finished: its latest standings


@dataclass(frozen=True)
class SeasonLadder:
    season: Season
    events: list[LadderEvent]
    rows: list[tuple[LadderRow, str, list[Contribution | None]]]  # row, name, one per event


def season_events(season: Season) -> QuerySet[Any]:
    """The season's events in the order played: those picked, and where the season has dates,
    every club event played within them (by the day played, not the day entered)."""
    counted = Q(seasons=season)  # the club's events, as tournaments declares them
    dated = _within_dates(season)
    if dated is not None:
        counted |= dated
    club_events = season.club.tournaments
    ids = club_events.filter(counted).values("id")
    return club_events.filter(id__in=ids).order_by(*EVENTS_PLAYED)


EVENTS_PLAYED = ("played_on", "created_at", "id")  # a season's events in the order played


def _within_dates(season: Season) -> Q | None:
    """The club's events played within the season's dates; None: the season has none."""
    if not (season.starts_on or season.ends_on):
        return None
    dated = Q(club_id=season.club_id)
    if season.starts_on:
        dated &= Q(played_on__gte=season.starts_on)
    if season.ends_on:
        dated &= Q(played_on__lte=season.ends_on)
    return dated


def season_picked_outside_dates(season: Season) -> list[Any]:
    """The events picked for a dated season that its dates do not take in: its page names them
    beside the dates, which alone would not say that they count."""
    dated = _within_dates(season)
    if dated is None:
        return []
    return list(season.events.exclude(dated).order_by(*EVENTS_PLAYED))


def season_ladder(season: Season) -> SeasonLadder:
    """The season's ladder from each event's latest standings (final once it is finished): a
    read per event, whatever its size."""
    tournaments = list(season_events(season))
    standings = events_app().latest_standings(t.id for t in tournaments)
    results, shown = [], []
    for tournament in tournaments:
        if tournament.id not in standings:
            continue
        players = events_app().entry_players(tournament.id)
        ranked = [row for row in standings[tournament.id] or [] if row.get("rank")]
        placings = tuple(
            Placing(
                players.get(row["entry"], ()), int(row["rank"]), float(row["metrics"].get("tp", 0))
            )
            for row in ranked
        )
        results.append(EventResult(tournament.id, len(ranked), placings))
        shown.append(LadderEvent(tournament, not events_app().finished(tournament)))
    rows = ladder(results, method=LadderMethod(season.method), best=season.best)
    names = dict(
        Player.objects.filter(id__in=[r.player_id for r in rows]).values_list("id", "name")
    )
    order = [e.tournament.id for e in shown]
    table = []
    for row in rows:
        by_event = {c.event_id: c for c in row.contributions}
        table.append((row, names.get(row.player_id, "?"), [by_event.get(e) for e in order]))
    table.sort(key=lambda t: (t[0].rank, t[1].casefold()))
    return SeasonLadder(season, shown, table)


def club_ratings(club: Club) -> dict[int, Rating]:
    """The club's ratings (rating.py) from its finished games' lines, kept in the cache under a
    fingerprint of those lines: any line rebuilt (a game changed: a new id) or re-pointed (a
    merge: another player) gives a new one."""
    from django.core.cache import cache

    finished = PlayerGameLine.objects.filter(club=club, finished=True)
    seen = finished.aggregate(n=Count("id"), last=Max("id"), who=Sum("player_id"))
    key = f"club-ratings:{club.id}:{seen['n']}:{seen['last']}:{seen['who']}"
    found = cache.get(key)
    if found is None:
        found = ratings(_rated_games(finished))
        cache.set(key, found, 24 * 3600)
    return found


def _rated_games(lines: QuerySet[PlayerGameLine]) -> list[RatedGame]:
    """Each finished game as its club players by side and the side that won (None: a draw),
    in the order the games were played; the winner as the lines say (an event table's by its
    settled result). A side of guests alone is not in it: a game left with one side of club
    players says nothing of their level against each other."""
    return rated_games(
        lines.order_by("game__played_on", "game__created_at", "game_id", "side", "id").values_list(
            "game_id", "side", "player_id", "won"
        )
    )


def player_data(player: Player) -> dict[str, Any]:
    """Everything held about a club's player, as JSON (issue 33: a person's own data): the
    record, the games they sat in and their lines of figures, and what each app above keeps
    (their events' pairs, their federations' links: clubs.person_data)."""
    seats = SeatedPlayer.objects.filter(player=player).select_related("side", "side__game")
    lines = PlayerGameLine.objects.filter(player=player).order_by("day", "id")
    return {
        "club": player.club.name,
        "player": {
            "id": player.id,
            "name": player.name,
            "aliases": list(player.aliases),
            "created_at": player.created_at.isoformat(),
        },
        "games": [
            {
                "game": str(seat.side.game_id),
                "played_on": seat.side.game.played_on.isoformat(),
                "side": seat.side.name,
                "players": seat.side.player_names,
                "seat": seat.seat,
            }
            for seat in seats.order_by("side__game__played_on", "id")
        ],
        "figures": [
            {
                "game": str(line.game_id),
                "day": line.day.isoformat(),
                **{
                    field: getattr(line, field)
                    for field in (
                        "hands",
                        "points",
                        "canastas",
                        "red_threes",
                        "went_out",
                        "caught",
                        "best",
                        "worst",
                        "won",
                        "finished",
                        "drawn",
                    )
                },
            }
            for line in lines
        ],
        **{part.name: part.data(player.id) for part in PARTS},
    }
