"""Games, their sides, hands and the revisions of hands.

Only what players entered is stored as the source of truth: the hand records. A hand's ``result``
(its score, from the engine) and ``score_after`` (the running totals after it), and the game's
``totals``, ``hand_count``, ``ended_at`` and ``winner`` are caches, rewritten in the same
transaction as the records (the game row is locked) and recomputable at any time
(``services.game_recompute``). They let a write do work that does not grow with the hands before
it, and a page read the hands it shows, not the whole game. What follows from them is not stored
again: a game's status is its ``ended_at``, a hand's entry its "created" revision.

A hand's ``version`` is the game's change counter (``Game.version``) when that hand last changed
content *or place*: at any moment, a number and a version name exactly one state of one hand, so a
stale or repeated edit or delete can never reach another hand.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_game_id() -> str:
    """A short public id: unguessable enough for a read-only share link (60 bits)."""
    return secrets.token_urlsafe(8)[:10].replace("-", "x").replace("_", "y")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Game(models.Model):
    class Status(models.TextChoices):  # Game.status
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    id = models.CharField(primary_key=True, max_length=12, default=new_game_id, editable=False)
    # The edit token is a capability (like a password): only its hash is stored.
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    variant = models.CharField(_("variant"), max_length=20)
    players = models.PositiveSmallIntegerField(_("players"))
    rules = models.JSONField(_("house rules"), default=dict, blank=True)  # validated overrides
    # None: the game is a number of hands (hand-and-foot, house rule "hands").
    target = models.PositiveIntegerField(_("target"), null=True, blank=True)
    # An event's table: the game is its round's hands, whatever end its rules give (set by the
    # tournament app; rules.Ruleset.with_hands). None: the game ends as its rules say.
    round_hands = models.PositiveSmallIntegerField(null=True, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="games",
    )
    version = models.PositiveIntegerField(default=0)  # bumped on every change, for stale checks
    # Caches of the hands (see the module docstring).
    totals = models.JSONField(default=list)  # each side's total after the last hand
    hand_count = models.PositiveIntegerField(default=0)
    ended_at = models.PositiveIntegerField(null=True, blank=True)  # the hand that ended the game
    winner = models.PositiveSmallIntegerField(null=True, blank=True)  # 0-based side; None: draw
    first_dealer = models.PositiveSmallIntegerField(default=0)  # a seat (seats.py) dealing hand 1
    # No hand may change: set by the tournament app once the table's result stands, until the
    # director reopens the table (services.game_lock). Recomputing is still allowed.
    locked = models.BooleanField(default=False)
    # The day it was played, which the statistics, trends and seasons follow: today for a game
    # begun here, the paper's day for an evening entered later (an event's table: the event's).
    played_on = models.DateField(_("played on"), default=timezone.localdate)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return f"{self.variant} {self.id}"

    def key_holder(self, token: str) -> str | None:
        """Who ``token`` opens this game for: "" for the game's own edit link, a key's holder
        (GameKey), or None when it is no key to this game."""
        hashed = hash_token(token)
        if secrets.compare_digest(self.token_hash, hashed):
            return ""
        keys = self.keys.filter(token_hash=hashed).exclude(holder=GameKey.RETIRED)
        return keys.values_list("holder", flat=True).first()

    @property
    def status(self) -> Game.Status:
        """Playing until a hand ends the game (``ended_at``)."""
        return self.Status.PLAYING if self.ended_at is None else self.Status.FINISHED

    def token_matches(self, token: str) -> bool:
        return self.key_holder(token) is not None

    @property
    def engine_rules(self) -> dict[str, object]:
        """The house rules as the engine takes them, the target included where there is one."""
        if self.target is None:
            return dict(self.rules)
        return {**self.rules, "target": self.target}


class GameKey(models.Model):
    """Another key to a game's edit pages besides its own edit link: a tournament table's game
    has one per pair (each pair's table link). Only a hash of the token is stored."""

    # A key that no longer opens the game, kept to recognise it (a table card printed before
    # each pair had its own link: tournaments.table_keys).
    RETIRED = "retired"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="keys")
    holder = models.CharField(max_length=20)  # who holds it, e.g. "ns" or "ew"
    token_hash = models.CharField(max_length=64, unique=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "holder"], name="gamekey_unique_holder")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} {self.holder}"


class Side(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sides")
    position = models.PositiveSmallIntegerField()  # 0-based, seating order
    name = models.CharField(_("name"), max_length=60)
    player_names = models.CharField(_("players"), max_length=200, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="side_unique_position")
        ]

    def __str__(self) -> str:
        return self.name


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()  # 1-based, without gaps
    record = models.JSONField()  # the sides as entered (hand-format.md, without score_before)
    result = models.JSONField()  # cache: [{"total", "breakdown"}] per side and "wins_game"
    score_after = models.JSONField(default=list)  # cache: each side's running total after it
    version = models.PositiveIntegerField(default=1)  # Game.version when it last changed or moved
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.number}"


class Revision(models.Model):
    """A hand as it was before a change (or as created), with who and when."""

    class Action(models.TextChoices):
        CREATED = "created", _("Entered")
        EDITED = "edited", _("Edited")
        DELETED = "deleted", _("Deleted")
        RESTORED = "restored", _("Restored")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    record = models.JSONField()  # the hand's record before the change (created: as entered)
    result = models.JSONField()
    author = models.CharField(max_length=150)  # username, or "edit link"
    undone = models.BooleanField(default=False)  # a delete that was undone
    game_version = models.PositiveIntegerField(default=0)  # Game.version after this change
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.number} {self.action}"


class IdempotentRequest(models.Model):
    """A write made once under a client's Idempotency-Key, and what it answered.

    A retry with the same key (a dropped connection, a double tap, a reload) gets the first answer
    and writes nothing. The row is written in the same transaction as the write it guards, so two
    retries racing each other leave one write (the unique constraint refuses the second).
    """

    scope = models.CharField(max_length=200)  # "POST /api/v1/games/x/hands", or a page's write
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)  # sha256 of the request body
    answer = models.JSONField()  # what to give back: status, body, headers (API) or a number
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotent_unique_key")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"
