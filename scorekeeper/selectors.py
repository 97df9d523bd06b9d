"""Reads: a game's state from its row's caches and the hands a page shows.

The game row caches each side's total and the game's end (models.py), and each hand its running
totals, so a page reads a fixed number of rows whatever the length of the game: the scoreboard
shows a window of hands and a chart of at most CHART_POINTS points. The API and the exports read
every hand (game_state).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection
from django.db.models import QuerySet
from django.http import Http404

from scorekeeper import game_tables
from scorekeeper.game_tables import TableOfGame
from scorekeeper.models import Game, GameKey, Hand, Revision, hash_token
from scorekeeper.rules import PRESETS, Minimum, Ruleset, ruleset_for
from scorekeeper.rules.opening import game_hand_number, next_opening
from scorekeeper.seats import dealer_of, seat_names

T = TypeVar("T")

BOARD_PAGE = 20  # hands on one page of the scoreboard
CHART_POINTS = 60  # the most hands the chart plots (evenly spread over a longer game)


@dataclass(frozen=True)
class SideState:
    position: int
    name: str
    player_names: str
    total: int  # the side's running total after the last hand
    opening_minimum: Minimum


@dataclass(frozen=True)
class HandRow:
    number: int
    scores: tuple[int, ...]  # this hand's score per side
    breakdowns: tuple[dict[str, int], ...]
    running: tuple[int, ...]  # each side's total after this hand
    after_end: bool  # entered after the hand that ended the game (kept, flagged)
    version: int
    record: dict[str, Any]
    # A side's adjustment (rules/adjustments.py: {"points", "reason"}), or None.
    adjustments: tuple[dict[str, Any] | None, ...] = ()


@dataclass(frozen=True)
class GameState:
    game: Game
    ruleset: Ruleset
    sides: tuple[SideState, ...]
    hands: tuple[HandRow, ...]  # every hand, or the window a page shows
    hand_count: int
    winner: int | None
    ended_at: int | None  # number of the hand that ended the game

    @property
    def finished(self) -> bool:
        return self.ended_at is not None

    @property
    def next_number(self) -> int:
        return self.hand_count + 1

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(side.total for side in self.sides)

    @property
    def winner_name(self) -> str | None:
        return self.sides[self.winner].name if self.winner is not None else None

    @property
    def winner_players(self) -> int:
        """The winning side's players, which its message agrees with: "Anna & Ben win!", "Anna
        wins!" (0 without a winner)."""
        return self.ruleset.layout[self.winner] if self.winner is not None else 0


def game_ruleset(game: Game, sides: int) -> Ruleset:
    """The ruleset a game's hands are scored under (its sides pick the seating), an event
    table's game being its round's hands."""
    return ruleset_for(game.variant, game.players, game.engine_rules, sides).with_hands(
        game.round_hands
    )


def game_hands(game: Game) -> int | None:
    """How many hands a game of a number of hands plays (a tournament table plays its round's);
    None for a game played to a target. No query: the sides are counted by the totals."""
    ruleset = game_ruleset(game, len(game.totals))
    return ruleset.seating.hands if ruleset.target is None else None


def game_get(game_id: str) -> Game:
    return Game.objects.prefetch_related("sides").get(id=game_id)


def _row(hand: Hand, ended_at: int | None) -> HandRow:
    sides = hand.result["sides"]
    return HandRow(
        number=hand.number,
        scores=tuple(side["total"] for side in sides),
        breakdowns=tuple(side["breakdown"] for side in sides),
        running=tuple(hand.score_after),
        after_end=ended_at is not None and hand.number > ended_at,
        version=hand.version,
        record=hand.record if "record" not in hand.get_deferred_fields() else {},
        adjustments=tuple(side.get("adjustment") for side in sides),
    )


def game_state(game: Game, hands: Sequence[Hand] | None = None) -> GameState:
    """The state of a game (prefetch its sides) with ``hands`` (default: every hand)."""
    if hands is None:
        hands = list(game.hands.order_by("number"))
    sides = list(game.sides.all())
    ruleset = game_ruleset(game, len(sides))
    totals = list(game.totals) or [0] * len(sides)
    variant = ruleset.variant
    return GameState(
        game=game,
        ruleset=ruleset,
        sides=tuple(
            SideState(
                s.position,
                s.name,
                s.player_names,
                totals[i],
                next_opening(variant, totals[i], game_hand_number(ruleset, game.hand_count + 1)),
            )
            for i, s in enumerate(sides)
        ),
        hands=tuple(_row(hand, game.ended_at) for hand in hands),
        hand_count=game.hand_count,
        winner=game.winner,
        ended_at=game.ended_at,
    )


def game_summary(game: Game) -> GameState:
    """The state of a game without its hands: totals, end, next hand number (two queries)."""
    return game_state(game, hands=())


def game_state_by_id(game_id: str) -> GameState:
    """The state of a game with every hand (Game.DoesNotExist for an unknown id)."""
    return game_state(game_get(game_id))


def _or_404(get: Callable[[str], T]) -> Callable[[str], T]:
    """A read by game id for a page: an unknown id is a 404."""

    def read(game_id: str) -> T:
        try:
            return get(game_id)
        except Game.DoesNotExist:
            raise Http404 from None

    return read


def game_row(game_id: str) -> Game:
    """The game's row alone: its sides are read only when a page needs them."""
    return Game.objects.get(id=game_id)


game_row_or_404 = _or_404(game_row)
game_or_404 = _or_404(game_get)
game_state_or_404 = _or_404(game_state_by_id)


@dataclass(frozen=True)
class BoardPage:
    number: int  # 1-based
    count: int  # pages in all (at least 1)
    first: int  # the first and last hand number shown (0, 0 without hands)
    last: int


def board_page(hand_count: int, page: int | None) -> BoardPage:
    """The window of hands a scoreboard page shows; by default the last (latest hands)."""
    count = max(1, -(-hand_count // BOARD_PAGE))
    number = count if page is None else min(max(page, 1), count)
    first = (number - 1) * BOARD_PAGE + 1
    last = min(number * BOARD_PAGE, hand_count)
    return BoardPage(number, count, first if hand_count else 0, last)


def game_board(game: Game, page: int | None = None) -> tuple[GameState, BoardPage]:
    """The scoreboard: the game's summary and one page of its hands (three queries)."""
    window = board_page(game.hand_count, page)
    hands = list(
        game.hands.filter(number__gte=window.first, number__lte=window.last)
        .only("game_id", "number", "result", "score_after", "version")  # not records or dates
        .order_by("number")
    )
    return game_state(game, hands), window


def chart_points(game: Game) -> list[tuple[int, tuple[int, ...]]]:
    """(hand number, running totals) for the chart: every hand, or CHART_POINTS spread evenly
    over a longer game (the last hand always among them)."""
    count = game.hand_count
    if count <= CHART_POINTS:
        hands = game.hands.all()
    else:
        numbers = {round(1 + i * (count - 1) / (CHART_POINTS - 1)) for i in range(CHART_POINTS)}
        hands = game.hands.filter(number__in=numbers)
    rows = hands.order_by("number").values_list("number", "score_after")
    return [(number, tuple(after)) for number, after in rows]


def hand_shown(game: Game, number: int) -> Hand | None:
    return game.hands.filter(number=number).first()


def totals_before(game: Game, number: int) -> tuple[int, ...]:
    """Each side's total before hand ``number`` (past the last hand: the current totals)."""
    if number > game.hand_count:
        return tuple(game.totals)
    if number <= 1:
        return (0,) * len(game.totals)
    after = game.hands.filter(number=number - 1).values_list("score_after", flat=True).first()
    return tuple(after) if after is not None else (0,) * len(game.totals)


def hand_last_deleted(game: Game) -> Revision | None:
    """The last delete of the game's hands not yet undone."""
    return (
        game.revisions.filter(action=Revision.Action.DELETED, undone=False)
        .order_by("-at", "-id")
        .first()
    )


def hand_undoable(game: Game) -> Revision | None:
    """The delete that "undo" would reverse, only while it is the game's last change: once a hand
    was saved, corrected or deleted since, putting the old hand back would renumber that work."""
    deleted = hand_last_deleted(game)
    return deleted if deleted is not None and deleted.game_version == game.version else None


@dataclass(frozen=True)
class RevisionRow:
    """A change as the history shows it. An edit's revision keeps the hand as it was before;
    ``after`` is the result it was changed to (None for the other changes)."""

    revision: Revision
    after: dict[str, Any] | None = None


def game_revisions(game: Game) -> list[RevisionRow]:
    """The game's changes, newest first, each edit with the result it led to.

    That result is not stored with the edit: it is the "before" of the next change of the same
    hand (another edit, or its delete), or the hand as it is now. The hand is followed through
    the renumbering of later deletes and restores. Two queries whatever the number of changes.
    """
    revisions = list(game.revisions.order_by("-at", "-id"))
    after: dict[int, dict[str, Any]] = {}  # revision id -> the result its edit led to
    waiting: dict[int, Revision] = {}  # hand number now -> the edit waiting for its result
    Action = Revision.Action
    for revision in sorted(revisions, key=lambda r: r.id):  # ids follow the game's changes
        number = revision.number
        if revision.action in (Action.EDITED, Action.DELETED) and number in waiting:
            after[waiting.pop(number).id] = revision.result
        if revision.action == Action.DELETED:  # the hands after it move up one number
            waiting = {n - 1 if n > number else n: edit for n, edit in waiting.items()}
        elif revision.action == Action.RESTORED:  # the hands from its number move down one
            waiting = {n + 1 if n >= number else n: edit for n, edit in waiting.items()}
        if revision.action == Action.EDITED:
            waiting[number] = revision
    if waiting:
        for number, result in game.hands.filter(number__in=waiting).values_list("number", "result"):
            after[waiting[number].id] = result
    return [RevisionRow(revision, after.get(revision.id)) for revision in revisions]


def games_of_user(user: Any) -> QuerySet[Game]:
    return Game.objects.filter(owner=user).prefetch_related("sides").order_by("-updated_at")


@dataclass(frozen=True)
class GameCard:
    """A game as the home page lists it: its sides with their totals, and where it stands."""

    game: Game
    variant_name: str
    sides: tuple[tuple[str, int], ...]
    winner: str | None  # the winning side's name once the game has ended
    winner_players: int  # its players, which "Anna & Ben won" agrees with (0 without a winner)
    next_number: int

    @property
    def finished(self) -> bool:
        return self.game.ended_at is not None


def game_cards(ids: Sequence[str]) -> list[GameCard]:
    """The games of ``ids`` that exist, in that order (two queries)."""
    games = {g.id: g for g in Game.objects.filter(id__in=ids).prefetch_related("sides")}
    cards = []
    for game_id in ids:
        game = games.get(game_id)
        if game is None:
            continue
        names = [s.name for s in game.sides.all()]
        totals = list(game.totals) or [0] * len(names)
        cards.append(
            GameCard(
                game=game,
                variant_name=PRESETS[game.variant].name
                if game.variant in PRESETS
                else game.variant,
                sides=tuple(zip(names, totals, strict=False)),
                winner=names[game.winner] if game.winner is not None else None,
                winner_players=game_ruleset(game, len(names)).layout[game.winner]
                if game.winner is not None
                else 0,
                next_number=game.hand_count + 1,
            )
        )
    return cards


@dataclass(frozen=True)
class Deal:
    seats: tuple[str, ...]  # each seat's player, going round the table
    first_dealer: int
    # Who deals the next hands, once round the table from the next: the board follows the
    # hands kept on a phone with them (board.mjs).
    coming: tuple[str, ...]

    @property
    def next_dealer(self) -> str:
        return self.coming[0]


def game_deal(game: Game) -> Deal:
    """Whose turn it is to deal the game's next hand (one query: the sides)."""
    sides = list(game.sides.values_list("name", "player_names"))
    seats = tuple(seat_names(sides, game_ruleset(game, len(sides)).layout))
    first = game.first_dealer if game.first_dealer < len(seats) else 0
    following = range(game.hand_count + 1, game.hand_count + 1 + len(seats))
    return Deal(seats, first, tuple(dealer_of(seats, first, number) for number in following))


def game_tournament_table(game: Game, token: str | None) -> TableOfGame | None:
    """The event table whose game this is, if any, and its table page for the pair whose key
    (``token``, a GameKey's: tournaments.table_keys) this device holds; None for a device
    holding the game's own edit link. Asked of the registered tables (game_tables): the scoring
    app does not know the app that draws them."""
    if not token or not game.key_holder(token):
        return None
    return game_tables.table_page(game.id, token)


def game_version_of(game_id: str) -> tuple[int, int] | None:
    """A game's version (every change moves it on) and its number of hands, or None for no such
    game: one indexed read, for the phones that follow the game. Phones ask it every few seconds,
    so it is one plain SQL statement rather than a query the ORM builds each time (bench/phones.py:
    the ORM's building was a fifth of an unchanged poll's CPU)."""
    with connection.cursor() as cursor:
        cursor.execute(_GAME_VERSION, [game_id])
        row = cursor.fetchone()
    return (row[0], row[1]) if row is not None else None


_GAME_VERSION = f"SELECT version, hand_count FROM {Game._meta.db_table} WHERE id = %s"  # noqa: S608


def game_key_holder(game_id: str, token: str) -> str | None:
    """Who ``token`` opens the game for, as ``Game.key_holder`` says ("" for its own edit link,
    a key's holder, None for no key to it); Game.DoesNotExist for no such game. One plain
    statement rather than the game's row and its keys read by the ORM: every write through the
    API asks it first (bench/evening.py, a table's hands)."""
    hashed = hash_token(token)
    with connection.cursor() as cursor:
        cursor.execute(_GAME_KEY_HOLDER, [hashed, GameKey.RETIRED, game_id])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist(game_id)
    own_hash, holder = row
    return "" if secrets.compare_digest(own_hash, hashed) else holder


_GAME_KEY_HOLDER = (
    f"SELECT g.token_hash, (SELECT k.holder FROM {GameKey._meta.db_table} k "  # noqa: S608
    "WHERE k.game_id = g.id AND k.token_hash = %s AND k.holder <> %s LIMIT 1) "
    f"FROM {Game._meta.db_table} g WHERE g.id = %s"
)


def hand_changes(game_ids: Sequence[str]) -> dict[str, list[tuple[float, int]]]:
    """Each game's hands over time, in order: (server seconds since the epoch, +1 for a hand
    entered or put back, -1 for one deleted), from its revisions (an edit changes no count).
    A round clock's signals are read against them (tournaments.engine.clock.HandsHeld). One
    read."""
    delta: dict[str, int] = {
        Revision.Action.CREATED: 1,
        Revision.Action.RESTORED: 1,
        Revision.Action.DELETED: -1,
    }
    changes: dict[str, list[tuple[float, int]]] = {game_id: [] for game_id in game_ids}
    rows = (
        Revision.objects.filter(game_id__in=list(game_ids), action__in=list(delta))
        .order_by("at", "id")
        .values_list("game_id", "action", "at")
    )
    for game_id, action, at in rows:
        changes[game_id].append((at.timestamp(), delta[action]))
    return changes
