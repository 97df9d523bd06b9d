"""A club: its members and directors, and its players as records.

A director's rights come from the club (``Membership.role``): they run the club's events, keep
its players and presets, and see its private pages; a member sees the club's pages. One server
holds many clubs, and nobody sees another club's private pages (``clubs.access``).

A player is a record of the club, not an account: a name the director or a member adds (or
picks) when a game or an event is set up. A game's side names its players by these records
(``SeatedPlayer``), and a tournament pair by its two (``tournaments.Entry``); a home game still
needs neither names nor an account. Two records of one person are merged by a director: every
seat, pair and statistic of the duplicate then points at the kept record, and the duplicate's
name becomes one of its aliases; the names as the games and pairs wrote them stay as written
(``services.player_merge``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorekeeper.models import Side
from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME


class Club(models.Model):
    name = models.CharField(_("name"), max_length=MAX_CLUB_NAME, unique=True)
    # An openskill rating of the players (rating.py), shown on its pages; off by default.
    rating = models.BooleanField(_("rating"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", pgettext_lazy("club role", "Member")
        DIRECTOR = "director", pgettext_lazy("club role", "Director")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_unique_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.club}"


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=MAX_PLAYER_NAME)
    # The names of records merged into this one, so a search by an old spelling still finds it.
    aliases = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="player_unique_name")]

    def __str__(self) -> str:
        return self.name


class SeatedPlayer(models.Model):
    """A club player on a side of a game (a home game or a tournament table)."""

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="seated")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(default=0)  # the player's place in the side (0, 1, 2)

    class Meta:
        ordering = ["side", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["side", "seat"], name="seated_unique_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.player} on {self.side}"


class PlayerGameLine(models.Model):
    """A club player's game in figures (statistics.GameLine): derived from the game's hands,
    kept so a player's page and the leaders' table sum a row per game instead of reading every
    hand. ``game_version`` is the game's version it was built from; a change of the game marks
    it due (LinesDue) and it is rebuilt (statistics_refresh.py)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="lines")
    game = models.ForeignKey("scorekeeper.Game", on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )  # the other player of a two-player side
    game_version = models.PositiveIntegerField()
    side = models.PositiveSmallIntegerField(default=0)  # the side's position in the game
    day = models.DateField()
    hands = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)
    canastas = models.PositiveIntegerField(default=0)
    red_threes = models.PositiveIntegerField(default=0)
    went_out = models.PositiveIntegerField(default=0)
    caught = models.PositiveIntegerField(default=0)
    best = models.IntegerField(null=True, blank=True)
    worst = models.IntegerField(null=True, blank=True)
    won = models.BooleanField(default=False)
    finished = models.BooleanField(default=False)
    drawn = models.BooleanField(default=False)  # finished with no winner: a tie

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="line_unique_game"),
        ]
        indexes = [models.Index(fields=["club", "player"], name="line_club_player")]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.game_id}"


class LinesDue(models.Model):
    """A game whose club players' statistics' lines are due to be rebuilt: written in the same
    transaction as the change that makes them stale (the game's hands, result or day; its
    players seated by an import), deleted by the rebuild once the game's row is locked
    (statistics_refresh.py). So a club's page asks which of its games are due without reading
    its lines: the rows are as many as the changes not yet rebuilt, however many lines the club
    has. Insert only: a change adds a row and never waits for another's."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("scorekeeper.Game", on_delete=models.CASCADE, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["club", "game"], name="lines_due_club_game")]

    def __str__(self) -> str:
        return f"{self.game_id} due in club {self.club_id}"


class ClubPreset(models.Model):
    """A club's own rules: a preset of the rulebooks with the club's house rules (validated as
    any game's: scorekeeper.rules.ruleset_for), saved once and picked when a game or an event
    is set up."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="presets")
    name = models.CharField(_("name"), max_length=60)
    variant = models.CharField(_("preset"), max_length=20)
    players = models.PositiveSmallIntegerField(default=4)
    sides = models.PositiveSmallIntegerField(default=2)
    rules = models.JSONField(default=dict, blank=True)  # house rules, the target included
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="preset_unique_name")]

    def __str__(self) -> str:
        return self.name


class ClubVpScale(models.Model):
    """A club's victory-point scale (clubs/vp_scales.py): its ten upper margins, from 10–10 to
    20–0, saved once and picked for an event, which keeps its own copy."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="vp_scales")
    name = models.CharField(_("name"), max_length=60)
    margins = models.JSONField(default=list)  # ten whole numbers, rising
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="vp_scale_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """A ladder across some of the club's events (ladder.py): points per event by placing or by
    the event's own points, the best ``best`` events of each player counting (0: all). Its
    events are those picked (``events``: ``tournaments.Tournament.seasons`` seen from here),
    and, where it has dates, every club event played from ``starts_on`` to ``ends_on`` (both
    included; either open), by the day it was played."""

    class Method(models.TextChoices):
        PLACING = "placing", _("By placing")
        EVENT_POINTS = "event_points", _("By the event's points")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=80)
    method = models.CharField(
        _("points per event"), max_length=15, choices=Method.choices, default=Method.PLACING
    )
    best = models.PositiveSmallIntegerField(_("best events counting"), default=0)
    starts_on = models.DateField(_("from"), null=True, blank=True)
    ends_on = models.DateField(_("to"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="season_unique_name")]

    def __str__(self) -> str:
        return self.name


class ClubImport(models.Model):
    """A club's backup being imported in the background (backup.py): the file, how far it got
    (games and events made), and the club it made. A club being imported has no member until
    the import ends, so nobody sees it half-made; a failed import removes what it made."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        RUNNING = "running", _("Being imported")
        DONE = "done", _("Imported")
        FAILED = "failed", _("Failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=MAX_CLUB_NAME, blank=True)  # "": the file's club name
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    game_ids = models.JSONField(default=list, blank=True)  # games made so far (undone on failure)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)  # a running import silent too long is lost

    def __str__(self) -> str:
        return f"import {self.id} {self.status}"


class ClubImportFile(models.Model):
    """An import's file, kept apart from its progress until the import ends: SQLite rewrites a
    whole row on each update, and the progress written after every chunk of games rewrote a
    20 MB file with it (a third of a 2,500-game import's time)."""

    job = models.OneToOneField(
        ClubImport, primary_key=True, on_delete=models.CASCADE, related_name="file"
    )
    data = models.BinaryField()

    def __str__(self) -> str:
        return f"file of import {self.job_id}"
