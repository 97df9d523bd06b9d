"""Writes: games and hands. Each service owns its transaction, its locks and its validation.

A hand is scored by the rules engine when it is written. The game row is locked
(``select_for_update``) for every change to its hands, so hands from several phones are numbered
without gaps or duplicates and no update is lost; on SQLite the same holds through IMMEDIATE
transactions (settings.py). The game row also caches its totals, hand count and end (models.py),
so a write reads the game row and the hands from the one it changes onward, never those before.

An edit or a delete names the hand it was shown by its number *and* version: the version changes
whenever the hand's content or place changes, so a stale or repeated request is refused (409) and
never reaches another hand.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from datetime import timezone as fixed_offset
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Model
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.rows_copied import rows_copied
from scorekeeper import game_tables
from scorekeeper.hand_scoring import ScoredEntry, entered_sides, score_entry, stored_sides
from scorekeeper.models import Game, GameKey, Hand, Revision, Side, hash_token
from scorekeeper.names import (
    MAX_PLAYER_NAMES,
    MAX_SIDE_NAME,
    has_control_characters,
    name_replaced,
    players_text,
    shows_nothing,
)
from scorekeeper.rules import HOUSE_RULES, RuleViolation, game_outcome, ruleset_for
from scorekeeper.rules.errors import gettext_noop
from scorekeeper.rules.paper_totals import side_for_total
from scorekeeper.selectors import game_ruleset, hand_last_deleted
from scorekeeper.signals import game_changed, game_rematched, games_restored

MAX_HANDS = 2000  # a game longer than this is a script, not a table (and an import's cap)
_SHIFT = 1_000_000  # renumbering moves hands out of the way first: (game, number) is unique


class Conflict(Exception):
    """The change was made against a state that is no longer current (HTTP 409)."""

    def __init__(self, message: str, *, game: Game) -> None:
        # Worded in lower case, as the engine's messages are; shown alone (a page's message, the
        # API's "error"), it is a sentence.
        super().__init__(capfirst(message))
        self.game = game


class GameFinished(Conflict):
    """A hand after the game has ended."""


class GameLocked(Conflict):
    """A change to a game whose hands are locked: a tournament table whose result stands."""


@dataclass(frozen=True)
class Author:
    """Who made a change: a logged-in user, or the holder of the game's edit link."""

    label: str  # Revision.author: the username, or EDIT_LINK

    @classmethod
    def of(cls, user: Any) -> Author:
        if user is not None and getattr(user, "is_authenticated", False):
            return cls(user.get_username())
        return cls(EDIT_LINK)


EDIT_LINK = "edit link"  # Revision.author of a change made through the edit link (shown translated)


@dataclass(frozen=True)
class HandWrite:
    """A hand as written, with each side's total after it and the game's caches after the write."""

    hand: Hand
    game: Game
    score_after: tuple[int, ...]
    names: list[str]  # the game's side names, in seating order


def check_text(value: str, *, side: int | None = None, field: str = "sides") -> str:
    """Text a player typed: one line, no control characters (NUL...) and no lone surrogates."""
    if has_control_characters(value):
        raise RuleViolation(
            gettext_noop("names may not hold control characters"), side=side, field=field
        )
    return value


def _side_names(sides: object) -> list[tuple[str, str]]:
    if not isinstance(sides, list) or not sides or not all(isinstance(s, dict) for s in sides):
        raise RuleViolation(
            gettext_noop("sides must be a list of objects with a name"), field="sides"
        )
    out = []
    for i, side in enumerate(sides, 1):
        unknown = set(side) - {"name", "players"}
        if unknown:
            raise RuleViolation(
                gettext_noop("unknown key %(key)r"), side=i, key=sorted(unknown)[0], field="sides"
            )
        # null is no name (the OpenAPI document gives each a type), as a body's keys
        # (api.body_object): leave the key out for Side 1, Side 2...
        for key in ("name", "players"):
            if key in side and side[key] is None:
                raise RuleViolation(
                    gettext_noop("%(key)s may not be null: give a value or leave it out"),
                    side=i,
                    key=key,
                    field="sides",
                )
        name = side.get("name", "")
        players = side.get("players", "")
        if isinstance(players, list) and all(isinstance(p, str) for p in players):
            players = players_text(players)
        if not isinstance(name, str) or not isinstance(players, str):
            raise RuleViolation(
                gettext_noop("side names and players are text"), side=i, field="sides"
            )
        name, players = check_text(name.strip(), side=i), check_text(players.strip(), side=i)
        if len(name) > MAX_SIDE_NAME or len(players) > MAX_PLAYER_NAMES:
            raise RuleViolation(gettext_noop("that name is too long"), side=i, field="sides")
        # What shows nothing is left empty (names.shows_nothing): the side takes its default.
        name, players = ("" if shows_nothing(text) else text for text in (name, players))
        out.append((name or _("Side %(n)s") % {"n": i}, players))
    return out


# The easternmost time zone (Kiribati's Line Islands): a day after its date has begun nowhere.
EASTERNMOST = fixed_offset(timedelta(hours=14))


def checked_played_on(value: object) -> date:
    """The day a game or an event was played: a date, today at the latest; None is today (the
    site's time zone, settings.TIME_ZONE). A player east of the site, whose day is already
    tomorrow there, enters it: only a day that has begun nowhere on Earth is refused."""
    today = timezone.localdate()
    if value is None:
        return today
    if not isinstance(value, date) or isinstance(value, datetime):  # a day, not a moment
        raise RuleViolation(gettext_noop("the day played is a date"), field="played_on")
    if value > timezone.now().astimezone(EASTERNMOST).date():
        raise RuleViolation(
            gettext_noop("the day played is today or before (today is %(today)s)"),
            field="played_on",
            today=today.isoformat(),
        )
    return value


def game_create(
    *,
    variant: str,
    players: int,
    sides: list[dict[str, Any]],
    rules: dict[str, Any] | None = None,
    owner: Any = None,
    played_on: date | None = None,
    round_hands: int | None = None,
) -> tuple[Game, str]:
    """Create a game; returns it with its edit token (shown once: only its hash is kept).
    ``played_on``: the day it was played (today where not given: a paper evening's day).
    ``round_hands``: an event's table, a game of its round's hands whatever its rules' end."""
    day = checked_played_on(played_on)
    names = _side_names(sides)
    # The number of sides picks the layout, and with it the target (2.1, 2.10).
    ruleset = ruleset_for(variant, players, rules or {}, len(names))
    if round_hands is not None:
        HOUSE_RULES["hands"].values.parse("round_hands", round_hands)  # as a game of hands
    overrides = {name: value for name, value in ruleset.overrides if name != "target"}
    token = secrets.token_urlsafe(24)
    with transaction.atomic():
        game = Game.objects.create(
            token_hash=hash_token(token),
            variant=ruleset.variant.id,
            players=players,
            rules=overrides,
            target=ruleset.target,
            round_hands=round_hands,
            totals=[0] * len(names),
            owner=owner if getattr(owner, "is_authenticated", False) else None,
            played_on=day,
        )
        Side.objects.bulk_create(
            Side(game=game, position=i, name=name, player_names=player_names)
            for i, (name, player_names) in enumerate(names)
        )
    return game, token


def game_first_dealer_set(*, game_id: str, seat: object) -> Game:
    """Choose who deals the first hand (a seat, seats.py); the deal rotates from there."""
    with transaction.atomic():
        game = _locked(game_id, writing=False)  # who deals changes no hand
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise RuleViolation(
                gettext_noop("the first dealer is a seat from 1 to %(n)s"), n=game.players
            )
        game.first_dealer = seat
        game.save(update_fields=["first_dealer", "updated_at"])
    return game


def game_rematch(*, game_id: str, owner: Any = None) -> tuple[Game, str]:
    """A new game with the same preset, players, sides and house rules (and, through
    ``game_rematched``, whatever other apps keep of its players: a club's seats)."""
    game = Game.objects.prefetch_related("sides").get(id=game_id)
    with transaction.atomic():
        made, token = game_create(
            variant=game.variant,
            players=game.players,
            sides=[{"name": s.name, "players": s.player_names} for s in game.sides.all()],
            rules=game.engine_rules,
            owner=owner,
        )
        game_rematched.send(sender=Game, game_id=made.id, source_id=game.id)
    return made, token


def _locked(game_id: str, *, writing: bool = True) -> Game:
    """The game's row, locked for this transaction; refused (GameLocked) when ``writing`` to a
    game whose hands are locked."""
    game = Game.objects.select_for_update().get(id=game_id)
    if writing and game.locked:
        raise GameLocked(_("this table's result is settled: ask the director"), game=game)
    return game


def game_lock(*, game_id: str, locked: bool) -> None:
    """Lock a game's hands (a tournament table's result stands, or a director corrected it) or
    open them again. The game takes a new version, so every page showing it is rendered afresh
    and its players' statistics are rebuilt (the result says who won the table)."""
    Game.objects.filter(id=game_id).update(
        locked=locked, version=F("version") + 1, updated_at=timezone.now()
    )
    game_changed.send(sender=Game, game_id=game_id)


def game_played_on_set(*, game_id: str, played_on: object) -> Game:
    """Correct the day a game was played (a paper evening entered with today's date). Its
    players' statistics follow (a new version: their lines are rebuilt). A tournament table's
    game (one with a pair's key) is played on its event's day: refused, the director changes
    the event's (games_played_on_set)."""
    day = checked_played_on(played_on)
    with transaction.atomic():
        game = _locked(game_id, writing=False)  # the day changes no hand
        if game.keys.exists():
            raise RuleViolation(
                gettext_noop(
                    "a tournament table is played on its event's day: change the event's day"
                )
            )
        games_played_on_set(game_ids=[game.id], played_on=day)
        game.refresh_from_db()
    return game


def games_played_on_set(*, game_ids: Sequence[str], played_on: date) -> None:
    """Set the day these games were played (an event's tables, when the director changes its
    day), each at a new version so pages and statistics follow; inside the caller's
    transaction."""
    Game.objects.filter(id__in=list(game_ids)).update(
        played_on=played_on, version=F("version") + 1, updated_at=timezone.now()
    )
    for game_id in game_ids:
        game_changed.send(sender=Game, game_id=game_id)


def sides_player_renamed(*, side_ids: Sequence[int], olds: Sequence[str], new: str) -> None:
    """A player's name replaced in these sides' names and players (a club's anonymised player,
    clubs.services.player_anonymise), each game at a new version so its pages follow; inside
    the caller's transaction. A name that would grow past the side's limits is cut."""
    name_most = Side._meta.get_field("name").max_length
    players_most = Side._meta.get_field("player_names").max_length
    games = set()
    for side in Side.objects.filter(id__in=list(side_ids)):
        side.name = name_replaced(side.name, olds, new)[:name_most]
        side.player_names = name_replaced(side.player_names, olds, new)[:players_most]
        side.save(update_fields=["name", "player_names"])
        games.add(side.game_id)
    Game.objects.filter(id__in=games).update(version=F("version") + 1, updated_at=timezone.now())


def game_key_add(*, game_id: str, holder: str, token: str) -> None:
    """Another key to the game's edit pages (a tournament pair's table link): only its hash is
    kept, as for the game's own edit link."""
    GameKey.objects.create(game_id=game_id, holder=holder, token_hash=hash_token(token))


def _names(game: Game) -> list[str]:
    return list(game.sides.values_list("name", flat=True))


def _from(game: Game, number: int) -> list[Hand]:
    """The game's hands from ``number`` on, in order."""
    return list(game.hands.filter(number__gte=number).order_by("number"))


def _before(totals: Sequence[int], hands: Iterable[Hand]) -> list[int]:
    """Each side's total before the first of ``hands``, from the totals after the last."""
    before = list(totals)
    for hand in hands:
        for i, side in enumerate(hand.result["sides"]):
            before[i] -= side["total"]
    return before


def _caches_rewrite(game: Game, first: int, before: Sequence[int], hands: Sequence[Hand]) -> None:
    """Rewrite the caches from hand ``first`` on: each hand's ``score_after`` and the game's
    totals, count and end. ``before`` is each side's total before hand ``first``, ``hands`` the
    game's hands from ``first`` on, in order, with their results (VARIANTS.md 2.10)."""
    totals = list(before)
    ended_earlier = game.ended_at is not None and game.ended_at < first
    if not ended_earlier:
        game.ended_at = game.winner = None
    ruleset = game_ruleset(game, len(totals))
    for number, hand in enumerate(hands, first):
        for i, side in enumerate(hand.result["sides"]):
            totals[i] += side["total"]
        hand.score_after = list(totals)
        if game.ended_at is None:
            outcome = game_outcome(ruleset, totals, hand.result.get("wins_game"), number)
            if outcome.finished:
                game.ended_at, game.winner = number, outcome.winner
    game.totals = totals
    game.hand_count = first - 1 + len(hands)


def _caches_save(game: Game) -> None:
    """Write the game row's caches (after :func:`_caches_rewrite`) and its new version."""
    game.save(
        update_fields=[
            "totals",
            "hand_count",
            "ended_at",
            "winner",
            "version",
            "updated_at",
        ]
    )
    game_changed.send(sender=Game, game_id=game.id)


def _revision(game: Game, hand: Hand, action: str, author: Author) -> Revision:
    """The hand as it is now (before a change, or as created), kept at the game's new version
    (not saved yet)."""
    return Revision(
        game=game,
        number=hand.number,
        action=action,
        record=hand.record,
        result=hand.result,
        author=author.label,
        game_version=game.version,
    )


def _renumber(game: Game, after: int, by: int) -> None:
    """Move the hands after number ``after`` by ``by`` places; each takes the game's version."""
    later = Hand.objects.filter(game=game, number__gt=after)
    later.update(number=F("number") + _SHIFT)  # out of the way of the unique (game, number)
    Hand.objects.filter(game=game, number__gt=_SHIFT).update(
        number=F("number") - _SHIFT + by, version=game.version
    )


def _new_hand(game: Game, number: int, entry: ScoredEntry) -> Hand:
    """A hand as scored, at the game's new version (not saved yet)."""
    return Hand(
        game=game,
        number=number,
        record={"sides": entry.sides},
        result=entry.result,
        version=game.version,
    )


def hand_add(
    *, game_id: str, sides: object, author: Author, expected_number: int | None = None
) -> HandWrite:
    """Score and append the next hand. Refused (409) after the game has ended."""
    with transaction.atomic():
        game = _locked(game_id)
        number = game.hand_count + 1
        if expected_number is not None and expected_number != number:
            raise Conflict(
                _("hand %(expected)s was already entered from another device: this is hand %(n)s")
                % {"expected": expected_number, "n": number},
                game=game,
            )
        if game.ended_at is not None:
            raise GameFinished(_("the game has ended: no more hands"), game=game)
        stop = game_tables.hand_stop(game.id)  # an event's table: its round's clock
        if stop is not None and number > stop.hands:
            raise GameFinished(stop.message, game=game)
        if number > MAX_HANDS:
            raise RuleViolation(gettext_noop("a game holds %(n)s hands at most"), n=MAX_HANDS)
        names = _names(game)
        before = list(game.totals)
        entry = score_entry(game, sides, names, before, number)
        game.version += 1
        hand = _new_hand(game, number, entry)
        _caches_rewrite(game, number, before, [hand])
        hand.save(force_insert=True)
        _revision(game, hand, Revision.Action.CREATED, author).save(force_insert=True)
        _caches_save(game)
    return HandWrite(hand, game, tuple(game.totals), names)


def _shown(game: Game, hands: list[Hand], number: int, expected_version: int) -> Hand:
    """The hand the player was shown: that number at that version, or a refusal."""
    if not hands or hands[0].number != number:
        raise Hand.DoesNotExist(f"game {game.id} has no hand {number}")
    hand = hands[0]
    if hand.version != expected_version:
        raise Conflict(
            _("hand %(n)s was changed from another device since you opened it") % {"n": number},
            game=game,
        )
    return hand


def hand_revise(
    *, game_id: str, number: int, sides: object, author: Author, expected_version: int
) -> HandWrite:
    """Replace a hand's record; the previous version is kept as a revision."""
    with transaction.atomic():
        game = _locked(game_id)
        hands = _from(game, number)
        hand = _shown(game, hands, number, expected_version)
        before = _before(game.totals, hands)
        names = _names(game)
        entry = score_entry(game, sides, names, before, number)
        game.version += 1
        _revision(game, hand, Revision.Action.EDITED, author).save(force_insert=True)
        hand.record, hand.result = {"sides": entry.sides}, entry.result
        hand.version = game.version
        _caches_rewrite(game, number, before, hands)
        hand.save(update_fields=["record", "result", "version", "score_after", "updated_at"])
        Hand.objects.bulk_update(hands[1:], ["score_after"], batch_size=500)
        _caches_save(game)
    return HandWrite(hand, game, tuple(hand.score_after), names)


def hand_delete(*, game_id: str, number: int, author: Author, expected_version: int) -> None:
    """Delete the hand shown; the hands after it move up one number (and take a new version)."""
    with transaction.atomic():
        game = _locked(game_id)
        hands = _from(game, number)
        hand = _shown(game, hands, number, expected_version)
        before = _before(game.totals, hands)
        game.version += 1
        _revision(game, hand, Revision.Action.DELETED, author).save(force_insert=True)
        hand.delete()
        _renumber(game, number, -1)
        _caches_rewrite(game, number, before, hands[1:])
        Hand.objects.bulk_update(hands[1:], ["score_after"], batch_size=500)
        _caches_save(game)


def hand_undo_delete(*, game_id: str, author: Author) -> HandWrite:
    """Put the last deleted hand back at its number (rescored: totals may have moved since)."""
    with transaction.atomic():
        game = _locked(game_id)
        deleted = hand_last_deleted(game)
        if deleted is None:
            raise Conflict(_("there is no deleted hand to restore"), game=game)
        if deleted.game_version != game.version:
            # Undo restores exactly what it says: the last change, with nothing saved since.
            raise Conflict(
                _("the game changed after hand %(n)s was deleted: it can no longer be undone")
                % {"n": deleted.number},
                game=game,
            )
        number = min(deleted.number, game.hand_count + 1)
        hands = _from(game, number)
        before = _before(game.totals, hands)
        names = _names(game)
        entry = score_entry(game, stored_sides(deleted.record), names, before, number)
        game.version += 1
        _renumber(game, number - 1, 1)
        hand = _new_hand(game, number, entry)
        _caches_rewrite(game, number, before, [hand, *hands])
        hand.save(force_insert=True)
        Hand.objects.bulk_update(hands, ["score_after"], batch_size=500)
        deleted.undone = True
        deleted.save(update_fields=["undone"])
        _revision(game, hand, Revision.Action.RESTORED, author).save(force_insert=True)
        _caches_save(game)
    return HandWrite(hand, game, tuple(hand.score_after), names)


def game_recompute(*, game_id: str) -> Game:
    """Rescore every hand from its record: results and the game's caches are derived data."""
    with transaction.atomic():
        game = _locked(game_id, writing=False)
        hands = list(game.hands.order_by("number"))
        names = _names(game)
        sides = len(names)
        totals = [0] * sides
        for hand in hands:
            entry = score_entry(game, stored_sides(hand.record), names, totals, hand.number)
            hand.result = entry.result
            totals = [t + s["total"] for t, s in zip(totals, entry.result["sides"], strict=True)]
        game.ended_at = None
        _caches_rewrite(game, 1, [0] * sides, hands)
        Hand.objects.bulk_update(hands, ["result", "score_after"], batch_size=500)
        game.version += 1
        _caches_save(game)
    return game


@dataclass(frozen=True)
class RestoredGame:
    """A game of a backup (clubs.backup) as the file gives it: its row (``game``, not saved),
    its sides (``Side`` fields), its hands as entered (number, record), its history
    (``Revision`` fields, ``at`` among them), the moment it was made and the day it was played."""

    game: Game
    sides: Sequence[dict[str, Any]]
    hands: Sequence[tuple[int, dict[str, Any]]]
    history: Sequence[dict[str, Any]]
    created_at: datetime
    played_on: date


class RestoreRefused(Exception):
    """A game of a backup that cannot be restored: ``index`` in the list given, and the rule that
    refused one of its hands (``violation``), or None for a row its model refuses."""

    def __init__(self, index: int, violation: RuleViolation | None = None) -> None:
        super().__init__(index, violation)
        self.index = index
        self.violation = violation


def _links(model: type[Model]) -> list[str]:
    """A model's links to other rows: a restored row's checks leave them out (the restore sets
    them itself, to rows not saved yet)."""
    return [field.name for field in model._meta.fields if field.is_relation]


def games_restore(games: Sequence[RestoredGame]) -> list[list[Side]]:
    """Games of a backup saved as the file gives them, in a few statements for them all: each
    row checked first as its model allows (its types, lengths and choices), every hand scored
    again by the engine (as game_recompute does: results and caches are derived data), then the
    games, sides, hands and history written at once. All or nothing: RestoreRefused names the
    first game refused, and nothing is saved. Gives each game's sides, for the caller to seat
    its players in the same transaction."""
    rows: list[Game] = []
    made_sides: list[list[Side]] = []
    hands: list[Hand] = []
    revisions: list[Revision] = []
    moments: list[datetime] = []
    for index, item in enumerate(games):
        game = item.game
        sides = [Side(game=game, **fields) for fields in item.sides]
        try:
            game.full_clean(exclude=_links(Game), validate_unique=False, validate_constraints=False)
            for side in sides:
                side.full_clean(
                    exclude=_links(Side),
                    validate_unique=False,
                    validate_constraints=False,
                )
        except ValidationError:
            raise RestoreRefused(index) from None
        names = [side.name for side in sorted(sides, key=lambda side: side.position)]
        game_hands = [
            Hand(game=game, number=number, record=record, result={})
            for number, record in item.hands
        ]
        totals = [0] * len(names)
        try:
            for hand in game_hands:
                entry = score_entry(game, stored_sides(hand.record), names, totals, hand.number)
                hand.result = entry.result
                totals = [
                    t + s["total"] for t, s in zip(totals, entry.result["sides"], strict=True)
                ]
        except RuleViolation as violation:
            raise RestoreRefused(index, violation) from None
        game.ended_at = None
        _caches_rewrite(game, 1, [0] * len(names), game_hands)
        game.version += 1  # as a recompute leaves it
        game.played_on = item.played_on
        rows.append(game)
        made_sides.append(sides)
        hands += game_hands
        for fields in item.history:
            revisions.append(Revision(game=game, **{k: v for k, v in fields.items() if k != "at"}))
            moments.append(fields["at"])
    with transaction.atomic():
        Game.objects.bulk_create(rows)
        Side.objects.bulk_create([side for sides in made_sides for side in sides])
        rows_copied(Hand, hands)  # 50,000 for a club's backup; no hand's id is read again
        made = Revision.objects.bulk_create(revisions, batch_size=500)
        # Made now as far as the models know (auto_now_add): then as they were.
        for game, item in zip(rows, games, strict=True):
            game.created_at = item.created_at
        Game.objects.bulk_update(rows, ["created_at"], batch_size=500)
        for revision, at in zip(made, moments, strict=True):
            revision.at = at
        Revision.objects.bulk_update(made, ["at"], batch_size=500)
        games_restored.send(sender=Game, game_ids=[game.id for game in rows])
    return made_sides


def games_delete(*, game_ids: Sequence[str]) -> None:
    """Remove games whole, with their hands, history and keys (an import undone)."""
    Game.objects.filter(id__in=list(game_ids)).delete()


RECORD_KEYS = frozenset({"variant", "players", "rules", "sides"})


def game_import(
    *,
    records: Sequence[tuple[int, object]],
    owner: Any = None,
    author: Author,
    sides: list[dict[str, Any]] | None = None,
    played_on: date | None = None,
) -> tuple[Game, str]:
    """A game from hand records in hand-format (JSON Lines export, or a game begun on paper),
    played on ``played_on`` (today where not given).

    ``records`` are (line number, parsed record). The first gives the preset, players, house
    rules and sides, each named by the first record that names it (``sides``, names and players
    as game_create takes them, instead where given); every record's sides are entered as hands
    in order (their names and score_before come from the game). Linear in the number of hands;
    all or nothing: a refusal names its line and nothing is saved.
    """
    if not records:
        raise RuleViolation(gettext_noop("nothing to import: no hand records"))
    if len(records) > MAX_HANDS:
        raise RuleViolation(
            gettext_noop("an import holds %(n)s hands at most"), n=MAX_HANDS, field="file"
        )
    line = records[0][0]
    try:
        with transaction.atomic():
            first = _record(records[0][1])
            game, token = game_create(
                variant=first.get("variant"),  # type: ignore[arg-type]
                players=first.get("players", 4),
                sides=sides or _named_sides(first.get("sides"), records),
                rules=first.get("rules"),
                owner=owner,
                played_on=played_on,
            )
            names = _names(game)
            totals = [0] * len(names)
            new_hands, new_revisions = [], []
            for number, (at, value) in enumerate(records, 1):
                line = at  # named in a refusal
                record = _record(value)
                if not isinstance(record.get("rules", {}), dict):
                    raise RuleViolation(gettext_noop("rules must be an object"), field="rules")
                if (
                    record.get("variant"),
                    record.get("players", 4),
                    record.get("rules", first.get("rules")),
                ) != (game.variant, game.players, first.get("rules")):
                    raise RuleViolation(
                        gettext_noop(
                            "every hand must be of the same preset, players and house rules"
                        )
                    )
                entry = score_entry(game, entered_sides(record.get("sides")), names, totals, number)
                totals = [
                    t + s["total"] for t, s in zip(totals, entry.result["sides"], strict=True)
                ]
                game.version += 1
                hand = _new_hand(game, number, entry)
                new_hands.append(hand)
                new_revisions.append(_revision(game, hand, Revision.Action.CREATED, author))
            _caches_rewrite(game, 1, [0] * len(totals), new_hands)
            if game.ended_at is not None and game.ended_at < len(new_hands):
                line = records[game.ended_at][0]  # the first hand after the end
                raise RuleViolation(
                    gettext_noop("the game had already ended after hand %(n)s"),
                    n=game.ended_at,
                )
            Hand.objects.bulk_create(new_hands, batch_size=500)
            Revision.objects.bulk_create(new_revisions, batch_size=500)
            _caches_save(game)
    except RuleViolation as violation:
        violation.line = line
        raise
    return game, token


def game_import_paper(
    *,
    variant: str,
    players: int,
    sides: list[dict[str, Any]],
    rules: dict[str, Any],
    hands: Sequence[tuple[int, Sequence[int | dict[str, Any]]]],
    owner: Any = None,
    author: Author,
    played_on: date | None = None,
) -> tuple[Game, str]:
    """A game kept on paper: game_create's arguments (its day played too), and per hand (its row's number, each side's
    entry) where an entry is the side's total or its parts in hand-format. A total is written as
    parts that score exactly it (rules/paper_totals.py); then as game_import, all or nothing, a
    refusal naming the row."""
    ruleset = ruleset_for(variant, players, rules, len(sides))
    records: list[tuple[int, object]] = []
    for row, entries in hands:
        record_sides = []
        for i, entry in enumerate(entries):
            if isinstance(entry, dict):
                record_sides.append(entry)
                continue
            try:
                record_sides.append(side_for_total(ruleset, entry))
            except RuleViolation as violation:
                violation.side, violation.side_name = i + 1, sides[i].get("name") or ""
                violation.line = row
                raise
        record = {"variant": variant, "players": players, "rules": rules, "sides": record_sides}
        records.append((row, record))
    return game_import(
        records=records, owner=owner, author=author, sides=sides, played_on=played_on
    )


def _named_sides(first: object, records: Sequence[tuple[int, object]]) -> list[dict[str, Any]]:
    """The sides of the first record, each named as the first record that names it does: a file
    written by hand may name a side only from a later line, and every later line's names are
    otherwise dropped (they come from the game: hand_scoring.FROM_THE_GAME). Anything that is
    not a record is left for game_import to refuse at its line."""
    if not isinstance(first, list):
        return []
    # The first record's names as they are (game_create refuses one that is not text).
    names: list[Any] = [side.get("name", "") if isinstance(side, dict) else "" for side in first]
    for _line, value in records[1:]:
        sides = value.get("sides") if isinstance(value, dict) else None
        for i, side in enumerate(sides[: len(names)] if isinstance(sides, list) else []):
            name = side.get("name") if isinstance(side, dict) else None
            if _unnamed(names[i]) and isinstance(name, str) and name.strip():
                names[i] = name
    return [{"name": name} for name in names]


def _unnamed(name: object) -> bool:
    return name is None or (isinstance(name, str) and not name.strip())


def _record(value: object) -> dict[str, Any]:
    if not isinstance(value, dict) or not value.keys() <= RECORD_KEYS:
        raise RuleViolation(gettext_noop("not a hand record"))
    return value


@dataclass(frozen=True)
class RecomputeSent:
    queued: int  # sent to a Celery worker
    done_here: int  # recomputed in this process: the broker did not answer


def games_recompute_request(*, game_ids: Sequence[str]) -> RecomputeSent:
    """Ask a worker to recompute each game; where the broker does not answer, do it here so the
    work is never dropped (tasks.game_recompute is idempotent, so a twin run is harmless)."""
    from core.background import send
    from scorekeeper.tasks import game_recompute as task

    queued = done_here = 0
    for game_id in game_ids:
        if send(task, game_id):
            queued += 1
        else:
            done_here += 1
    return RecomputeSent(queued, done_here)
