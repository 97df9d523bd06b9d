"""Writes: games and hands. Each service owns its transaction, its locks and its validation.

A hand is scored by the rules engine when it is written; the game row is locked
(``select_for_update``) for every change to its hands, so hands from several phones are numbered
without gaps or duplicates and no update is lost. On SQLite the same holds through IMMEDIATE
transactions (settings.py).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper.models import Game, Hand, Revision, Side, hash_token
from scorekeeper.rules import RuleViolation, ruleset_for, score_record
from scorekeeper.rules.errors import gettext_noop
from scorekeeper.rules.records import side_layout
from scorekeeper.selectors import game_progress, game_ruleset


class Conflict(Exception):
    """The change was made against a state that is no longer current (HTTP 409)."""

    def __init__(self, message: str, *, game: Game) -> None:
        super().__init__(message)
        self.game = game


class GameFinished(Conflict):
    """A hand after the game has ended."""


@dataclass(frozen=True)
class Author:
    """Who made a change: a logged-in user, or the holder of the game's edit link."""

    label: str
    user: Any = None

    @classmethod
    def of(cls, user: Any) -> Author:
        if user is not None and getattr(user, "is_authenticated", False):
            return cls(user.get_username(), user)
        return cls("edit link")


MAX_NAME = 60


def _side_names(sides: object) -> list[tuple[str, str]]:
    if not isinstance(sides, list) or not all(isinstance(s, dict) for s in sides):
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
        name = side.get("name") or _("Side %(n)s") % {"n": i}
        players = side.get("players", "")
        if isinstance(players, list) and all(isinstance(p, str) for p in players):
            players = ", ".join(p.strip() for p in players if p.strip())
        if not isinstance(name, str) or not isinstance(players, str):
            raise RuleViolation(
                gettext_noop("side names and players are text"), side=i, field="sides"
            )
        if len(name) > MAX_NAME or len(players) > 200:
            raise RuleViolation(gettext_noop("that name is too long"), side=i, field="sides")
        out.append((name.strip(), players.strip()))
    return out


def game_create(
    *,
    variant: str,
    players: int,
    sides: list[dict[str, Any]],
    rules: dict[str, Any] | None = None,
    owner: Any = None,
) -> tuple[Game, str]:
    """Create a game; returns it with its edit token (shown once: only its hash is kept)."""
    ruleset = ruleset_for(variant, players, rules or {})
    names = _side_names(sides)
    side_layout(ruleset, len(names))
    overrides = {name: value for name, value in ruleset.overrides if name != "target"}
    token = secrets.token_urlsafe(24)
    with transaction.atomic():
        game = Game.objects.create(
            token_hash=hash_token(token),
            variant=ruleset.variant.id,
            players=players,
            rules=overrides,
            target=ruleset.target,
            owner=owner if getattr(owner, "is_authenticated", False) else None,
        )
        Side.objects.bulk_create(
            Side(game=game, position=i, name=name, player_names=player_names)
            for i, (name, player_names) in enumerate(names)
        )
    return game, token


def game_rematch(*, game_id: str, owner: Any = None) -> tuple[Game, str]:
    """A new game with the same preset, players, sides and house rules."""
    game = Game.objects.prefetch_related("sides").get(id=game_id)
    return game_create(
        variant=game.variant,
        players=game.players,
        sides=[{"name": s.name, "players": s.player_names} for s in game.sides.all()],
        rules=game.engine_rules,
        owner=owner,
    )


def hand_score(
    game: Game, sides: object, names: list[str], score_before: tuple[int, ...]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Check and score a hand's sides for the game, saving nothing: (sides as stored, result)."""
    if not isinstance(sides, list):
        raise RuleViolation(
            gettext_noop("sides must be a list, one object per side"), field="sides"
        )
    if len(sides) != len(names):
        raise RuleViolation(
            gettext_noop("this game has %(n)s sides, not %(given)s"),
            field="sides",
            n=len(names),
            given=len(sides),
        )
    entered = []
    for i, side in enumerate(sides):
        if not isinstance(side, dict):
            raise RuleViolation(gettext_noop("%(key)s must be an object"), key="side", side=i + 1)
        if "score_before" in side:
            raise RuleViolation(
                gettext_noop("score_before comes from the game: leave it out"),
                side=i + 1,
                field="score_before",
            )
        entered.append({"name": names[i], **side})
    record = {
        "variant": game.variant,
        "players": game.players,
        "rules": game.engine_rules,
        "sides": [{**side, "score_before": score_before[i]} for i, side in enumerate(entered)],
    }
    score = score_record(record)
    result = {
        "sides": [
            {
                "total": s.total,
                "breakdown": s.breakdown.as_dict(),
            }
            for s in score.sides
        ],
        "wins_game": score.wins_game,
    }
    return entered, result


def _locked(game_id: str) -> tuple[Game, list[str], list[Hand]]:
    game = Game.objects.select_for_update().get(id=game_id)
    names = list(game.sides.values_list("name", flat=True))
    hands = list(game.hands.order_by("number"))
    return game, names, hands


def _totals_before(hands: list[Hand], number: int, sides: int) -> tuple[int, ...]:
    totals = [0] * sides
    for hand in hands:
        if hand.number >= number:
            break
        for i, side in enumerate(hand.result["sides"]):
            totals[i] += side["total"]
    return tuple(totals)


def _save_status(game: Game, sides: int, hands: list[Hand]) -> None:
    """Rewrite the game's cached status and bump its version (the row is locked: no race)."""
    progress = game_progress(game_ruleset(game), sides, (h.result for h in hands))
    game.status = Game.Status.FINISHED if progress.finished else Game.Status.PLAYING
    game.version += 1
    game.save(update_fields=["status", "version", "updated_at"])


def hand_record(
    *, game_id: str, sides: object, author: Author, expected_number: int | None = None
) -> Hand:
    """Score and append the next hand. Refused (409) after the game has ended."""
    with transaction.atomic():
        game, names, hands = _locked(game_id)
        number = len(hands) + 1
        if expected_number is not None and expected_number != number:
            raise Conflict(
                _("hand %(expected)s was already entered from another device: this is hand %(n)s")
                % {"expected": expected_number, "n": number},
                game=game,
            )
        progress = game_progress(game_ruleset(game), len(names), (h.result for h in hands))
        if progress.finished:
            raise GameFinished(_("the game has ended: no more hands"), game=game)
        entered, result = hand_score(game, sides, names, _totals_before(hands, number, len(names)))
        hand = Hand.objects.create(
            game=game, number=number, record={"sides": entered}, result=result
        )
        _keep(game, number, Revision.Action.CREATED, hand.record, result, author)
        _save_status(game, len(names), [*hands, hand])
    return hand


def hand_revise(
    *, game_id: str, number: int, sides: object, author: Author, expected_version: int | None = None
) -> Hand:
    """Replace a hand's record; the previous version is kept as a revision."""
    with transaction.atomic():
        game, names, hands = _locked(game_id)
        hand = _current_hand(game, hands, number, expected_version)
        entered, result = hand_score(game, sides, names, _totals_before(hands, number, len(names)))
        _keep(game, number, Revision.Action.EDITED, hand.record, hand.result, author)
        hand.record, hand.result, hand.version = {"sides": entered}, result, hand.version + 1
        hand.save(update_fields=["record", "result", "version", "updated_at"])
        _save_status(game, len(names), hands)
    return hand


def _current_hand(game: Game, hands: list[Hand], number: int, expected_version: int | None) -> Hand:
    """The hand of that number, refusing (409) an edit made against an older version."""
    for hand in hands:
        if hand.number == number:
            if expected_version is not None and expected_version != hand.version:
                raise Conflict(
                    _("hand %(n)s was changed from another device since you opened it")
                    % {"n": number},
                    game=game,
                )
            return hand
    raise Hand.DoesNotExist(f"game {game.id} has no hand {number}")


def _keep(game: Game, number: int, action: str, record: Any, result: Any, author: Author) -> None:
    Revision.objects.create(
        game=game,
        number=number,
        action=action,
        record=record,
        result=result,
        author=author.label,
        user=author.user,
    )


def hand_delete(
    *, game_id: str, number: int, author: Author, expected_version: int | None = None
) -> None:
    """Delete a hand; the hands after it move up one number. The last delete can be undone."""
    with transaction.atomic():
        game, names, hands = _locked(game_id)
        hand = _current_hand(game, hands, number, expected_version)
        _keep(game, number, Revision.Action.DELETED, hand.record, hand.result, author)
        hand.delete()
        later = [h for h in hands if h.number > number]
        for h in later:  # ascending, so each number is free when it is taken
            h.number -= 1
            h.save(update_fields=["number"])
        _save_status(game, len(names), [h for h in hands if h.pk != hand.pk])


def last_delete(game: Game) -> Revision | None:
    return (
        game.revisions.filter(action=Revision.Action.DELETED, undone=False)
        .order_by("-at", "-id")
        .first()
    )


def hand_undo_delete(*, game_id: str, author: Author) -> Hand:
    """Put the last deleted hand back at its number (rescored: totals may have moved since)."""
    with transaction.atomic():
        game, names, hands = _locked(game_id)
        deleted = last_delete(game)
        if deleted is None:
            raise Conflict(_("there is no deleted hand to restore"), game=game)
        number = min(deleted.number, len(hands) + 1)
        for h in reversed([h for h in hands if h.number >= number]):  # descending: free the slot
            h.number += 1
            h.save(update_fields=["number"])
        entered, result = hand_score(
            game, deleted.record["sides"], names, _totals_before(hands, number, len(names))
        )
        hand = Hand.objects.create(
            game=game, number=number, record={"sides": entered}, result=result
        )
        deleted.undone = True
        deleted.save(update_fields=["undone"])
        _keep(game, number, Revision.Action.RESTORED, hand.record, result, author)
        _save_status(game, len(names), sorted([*hands, hand], key=lambda h: h.number))
    return hand


def game_recompute(*, game_id: str) -> Game:
    """Rescore every hand from its record: results and status are derived data."""
    with transaction.atomic():
        game, names, hands = _locked(game_id)
        totals = (0,) * len(names)
        for hand in hands:
            _, hand.result = hand_score(game, hand.record["sides"], names, totals)
            hand.save(update_fields=["result"])
            totals = tuple(
                t + s["total"] for t, s in zip(totals, hand.result["sides"], strict=True)
            )
        _save_status(game, len(names), hands)
    return game


def game_import(
    *, records: list[dict[str, Any]], owner: Any = None, author: Author
) -> tuple[Game, str]:
    """A game from hand records in hand-format (JSON Lines export, or a game begun on paper).

    The first record gives the preset, players, house rules and side names; every record's
    sides are entered as hands in order (their score_before is recomputed by the game).
    """
    if not records:
        raise RuleViolation(gettext_noop("nothing to import: no hand records"))
    first = records[0]
    if not isinstance(first, dict) or not isinstance(first.get("sides"), list):
        raise RuleViolation(gettext_noop("a hand record must be a JSON object"))
    with transaction.atomic():
        game, token = game_create(
            variant=first.get("variant"),  # type: ignore[arg-type]
            players=first.get("players", 4),
            sides=[
                {"name": s.get("name", "") if isinstance(s, dict) else ""} for s in first["sides"]
            ],
            rules={k: v for k, v in (first.get("rules") or {}).items()},
            owner=owner,
        )
        for line, record in enumerate(records, 1):
            if not isinstance(record, dict) or set(record) - {
                "variant",
                "players",
                "rules",
                "sides",
            }:
                raise RuleViolation(gettext_noop("line %(line)s: not a hand record"), line=line)
            if (record.get("variant"), record.get("players", 4)) != (game.variant, game.players):
                raise RuleViolation(
                    gettext_noop(
                        "line %(line)s: every hand must be of the same preset and players"
                    ),
                    line=line,
                )
            sides = [
                {k: v for k, v in side.items() if k not in ("score_before", "name")}
                if isinstance(side, dict)
                else side
                for side in record.get("sides", [])
            ]
            try:
                hand_record(game_id=game.id, sides=sides, author=author)
            except RuleViolation as violation:
                raise RuleViolation(
                    gettext_noop("line %(line)s: %(error)s"), line=line, error=str(violation)
                ) from None
            except GameFinished:
                raise RuleViolation(
                    gettext_noop("line %(line)s: the game had already ended"), line=line
                ) from None
    return game, token
