"""The statistics' rows kept up to date: one ``PlayerGameLine`` per club player per game, built
from the game's stored hands (their results and records) by ``game_lines_refresh``.

Derived data that catches up by itself: every change of a game's hands, and every settled,
corrected or reopened result of an event table (``scorekeeper.signals.game_changed``), marks the
game due for each club seated in it (``LinesDue``, in the change's own transaction) and sends
the refresh on commit; the refresh deletes the marks it answers. A page finds its club's games
due from the marks alone, whatever the number of lines, rebuilds the oldest few itself and asks
the workers for the rest (``lines_catch_up``): a refresh lost with a worker or a broker is done
by the next page. Rebuilding twice writes the same rows.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.core.cache import cache
from django.db import DatabaseError, transaction
from django.db.models import Count, Exists, OuterRef, Q

from clubs.models import LinesDue, PlayerGameLine, SeatedPlayer
from clubs.statistics import HandOfSide, game_line
from core import background
from scorekeeper.game_tables import TableOutcome, table_outcomes
from scorekeeper.models import Game, Hand, Side
from scorekeeper.rules.hand_facts import side_facts
from scorekeeper.selectors import game_ruleset

logger = logging.getLogger(__name__)

# Games a page rebuilds itself when their lines lag (no worker took the task): a handful is
# milliseconds; more is left to the worker and the page says it is being brought up to date.
CATCH_UP_HERE = 20
ASK_AT_ONCE = 200  # and the workers asked for this many more at a time,
ASK_EVERY = 60  # at most once a minute per club
REFRESH_AT_ONCE = 100  # games a task rebuilds together (club_lines_request)


def game_lines_refresh(*, game_id: str) -> int:
    """Rebuild the lines of every club player seated in the game; the number written."""
    return games_lines_refresh(game_ids=[game_id])


def games_lines_refresh(*, game_ids: Sequence[str]) -> int:
    """Rebuild the lines of every club player seated in these games (a few statements for them
    all: a restored backup's games, a hundred at a time); the number written."""
    with transaction.atomic():
        # The games' rows, locked: a worker's rebuild and a page's never interleave their delete
        # and insert (a hand written meanwhile waits, and asks for its own rebuild).
        games = list(Game.objects.select_for_update().filter(id__in=list(game_ids)).order_by("id"))
        ids = [game.id for game in games]
        # The marks read before what they stand for: a mark commits with its change, so every
        # change marked here is seen by the reads below, and only these marks are answered (one
        # committed meanwhile, by a change that holds no game row, stays for the next rebuild).
        answered = list(LinesDue.objects.filter(game_id__in=ids).values_list("id", flat=True))
        seated: dict[str, list[SeatedPlayer]] = {}
        for s in SeatedPlayer.objects.filter(side__game_id__in=ids).select_related(
            "side", "player"
        ):
            seated.setdefault(s.side.game_id, []).append(s)
        sides = dict(
            Side.objects.filter(game_id__in=ids)
            .values("game_id")
            .annotate(n=Count("id"))
            .values_list("game_id", "n")
        )
        hands: dict[str, list[Any]] = {}
        for hand in (
            Hand.objects.filter(game_id__in=ids)
            .order_by("game_id", "number")
            .values("game_id", "number", "record", "result")
        ):
            hands.setdefault(hand["game_id"], []).append(hand)
        outcomes = table_outcomes(ids)
        lines: list[PlayerGameLine] = []
        for game in games:
            played = hands.get(game.id, [])
            if game.ended_at is not None:  # hands entered after the end are kept, not played
                played = [hand for hand in played if hand["number"] <= game.ended_at]
            lines += _lines(
                game, seated.get(game.id, []), sides.get(game.id, 0), played, outcomes.get(game.id)
            )
        PlayerGameLine.objects.filter(game_id__in=ids).delete()
        PlayerGameLine.objects.bulk_create(lines, batch_size=500)
        LinesDue.objects.filter(id__in=answered).delete()
    return len(lines)


def _lines(
    game: Game,
    seated: list[SeatedPlayer],
    sides: int,
    hands: list[Any],
    table: TableOutcome | None,
) -> list[PlayerGameLine]:
    """The game's lines, one per club player seated in it (none while nothing counts yet).
    ``table``: the settled result of the event table the game is, which says who won, whatever
    its hands say (a table whose result came without its hands, from a paper slip, is still a
    game played and won)."""
    if not seated or (game.hand_count == 0 and table is None):  # nothing to count yet
        return []
    variant = game_ruleset(game, sides).variant
    by_side: dict[int, list[HandOfSide]] = {}
    positions = {s.side.position for s in seated}
    for hand in hands:
        records = hand["record"]["sides"]
        facts = [side_facts(side, variant) for side in records]
        for position in positions:
            if position >= len(facts):
                continue
            others_out = any(f.went_out for i, f in enumerate(facts) if i != position)
            total = hand["result"]["sides"][position]["total"]
            by_side.setdefault(position, []).append(HandOfSide(total, facts[position], others_out))
    finished, winner = game.ended_at is not None, game.winner
    if table is not None:
        finished, winner = True, table.winner
    partners: dict[int, list[int]] = {}
    for s in seated:
        partners.setdefault(s.side.position, []).append(s.player_id)
    lines, counted = [], set()
    for s in seated:
        if s.player_id in counted:  # one record seated twice: its first seat counts
            continue
        counted.add(s.player_id)
        position = s.side.position
        line = game_line(
            by_side.get(position, []),
            day=game.played_on,  # the day played, not entered: a paper evening's
            won=finished and winner == position,
            finished=finished,
        )
        mates = [p for p in partners[position] if p != s.player_id]
        lines.append(
            PlayerGameLine(
                player_id=s.player_id,
                game=game,
                club_id=s.player.club_id,
                partner_id=mates[0] if len(mates) == 1 else None,
                game_version=game.version,
                side=position,
                day=line.day,
                hands=line.hands,
                points=line.points,
                canastas=line.canastas,
                red_threes=line.red_threes,
                went_out=line.went_out,
                caught=line.caught,
                best=line.best,
                worst=line.worst,
                won=line.won,
                finished=line.finished,
                drawn=finished and winner is None,
            )
        )
    return lines


def game_lines_request(*, game_id: str) -> None:
    """The game's lines due (for each club seated in it), rebuilt once the transaction commits
    (a worker, or here without a broker)."""
    from clubs.tasks import game_lines_refresh as task
    from core.background import send_on_commit

    if games_lines_due(game_ids=[game_id]):
        send_on_commit(task, game_id)


def games_lines_request(*, game_ids: Sequence[str]) -> None:
    """These games' lines due, and one refresh of them sent once the transaction commits."""
    from clubs.tasks import games_lines_refresh as task
    from core.background import send_on_commit

    if games_lines_due(game_ids=game_ids):
        send_on_commit(task, list(game_ids))


def club_lines_request(*, club_id: int) -> int:
    """Every game due in the club rebuilt, a hundred a task (here, without a broker): a
    restored club's games, marked due chunk by chunk, once its import has ended (its pages open
    first, and say their statistics are being brought up to date meanwhile). The number of
    games."""
    from clubs.tasks import games_lines_refresh as task

    due = LinesDue.objects.filter(club_id=club_id).order_by("game_id")
    game_ids = list(due.values_list("game_id", flat=True).distinct())
    for start in range(0, len(game_ids), REFRESH_AT_ONCE):
        background.send_on_commit(task, game_ids[start : start + REFRESH_AT_ONCE])
    return len(game_ids)


def games_lines_due(*, game_ids: Sequence[str]) -> bool:
    """Mark these games due in every club whose players sit in them, inside the caller's
    transaction (its change and the mark commit together). False when no club player sits in
    any: nothing to rebuild."""
    clubs = (
        SeatedPlayer.objects.filter(side__game_id__in=list(game_ids))
        .values_list("player__club_id", "side__game_id")
        .distinct()
    )
    due = [LinesDue(club_id=club_id, game_id=game_id) for club_id, game_id in clubs]
    LinesDue.objects.bulk_create(due)
    return bool(due)


def _stale_game_ids(club_id: int, player_id: int | None) -> list[str]:
    """The club's games due (those of one player, seated or with a line), oldest first: read
    from the marks alone, never from the lines."""
    due = LinesDue.objects.filter(club_id=club_id)
    if player_id is not None:
        seated = SeatedPlayer.objects.filter(player_id=player_id, side__game_id=OuterRef("game_id"))
        counted = PlayerGameLine.objects.filter(player_id=player_id, game_id=OuterRef("game_id"))
        due = due.filter(Q(Exists(seated)) | Q(Exists(counted)))
    stale = dict(due.values_list("game_id", "game__created_at"))
    return sorted(stale, key=lambda game_id: (stale[game_id], game_id))


def lines_catch_up(*, club_id: int, player_id: int | None = None) -> bool:
    """Bring the club's lines (or one player's) up to date: a few stale games rebuilt here, the
    rest asked of the workers (at most once a minute per club, and never run here: a page stays
    quick without a worker). True when nothing lags any more. A rebuild that meets the database
    unwell is left for later: the page shows what is there."""
    from clubs.tasks import game_lines_refresh as task

    stale = _stale_game_ids(club_id, player_id)
    try:
        for game_id in stale[:CATCH_UP_HERE]:
            game_lines_refresh(game_id=game_id)
    except DatabaseError:
        logger.warning("the statistics of club %s could not catch up now", club_id)
        return False
    rest = stale[CATCH_UP_HERE : CATCH_UP_HERE + ASK_AT_ONCE]
    if rest and cache.add(f"lines-asked:{club_id}", 1, ASK_EVERY):
        for game_id in rest:
            background.ask(task, game_id)
    return len(stale) <= CATCH_UP_HERE
