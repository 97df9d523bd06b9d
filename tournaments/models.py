"""Tournaments: entries (pairs), rounds, matches and their games, result submissions, and
standings snapshots. Results are versioned submissions (nothing edited in place); standings are
derived data, rebuilt by a Celery task from the confirmed results."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.models import Game
from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME, MAX_SIDE_NAME
from tournaments.engine.formats import FORMATS

# A format's key as stored on a tournament and a round (engine.formats.Format.key).
MAX_FORMAT_KEY = 20


def format_known(key: str) -> None:
    """A format field's check: a key of the engine's registry. The field has no choices, so
    a new format in the registry needs no migration."""
    if key not in FORMATS:
        raise ValidationError(_("Unknown format: %(format)s."), params={"format": key})


def format_name(key: str) -> str:
    """A format's name in the active language, from the msgid its registry entry declares
    (a key the registry no longer knows: the key itself)."""
    known = FORMATS.get(key)
    return gettext(known.label) if known is not None else key


def format_choices(*, individual: bool | None = None) -> list[tuple[str, str]]:
    """The formats a form offers, named in the active language, in the registry's order;
    ``individual`` True or False: only the individual formats, or only the pairs'."""
    return [
        (key, format_name(key))
        for key, fmt in FORMATS.items()
        if individual is None or fmt.individual == individual
    ]


class Tournament(models.Model):
    class Points(models.TextChoices):
        WDL = "wdl", _("Win 2, draw 1, loss 0")
        VP = "vp", _("Victory points 20–0")
        RAW = "raw", _("Raw score")

    class SitOut(models.TextChoices):
        """What a pair that sits out a round scores (engine.points.SitOut)."""

        FIXED = "fixed", _("A win (as a bye)")
        OWN_AVERAGE = "own_average", _("The pair's own average")
        FIELD_AVERAGE = "field_average", _("The field's average")

    class TimeRule(models.TextChoices):
        """What a table still playing when time is called scores (engine.clock)."""

        COUNTED = "counted", _("The hands played count")
        FINISH = "finish", _("The hand in progress is finished, and counts")
        DIRECTOR = "director", _("The director decides")

    class Status(models.TextChoices):
        SETUP = "setup", _("Setting up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", pgettext_lazy("tournament", "Finished")

    name = models.CharField(_("name"), max_length=120)
    variant = models.CharField(_("preset"), max_length=20, default="classic")
    players = models.PositiveSmallIntegerField(default=4)  # per table: two pairs
    rules = models.JSONField(_("house rules"), default=dict, blank=True)
    format = models.CharField(_("format"), max_length=MAX_FORMAT_KEY, validators=[format_known])
    # A format per round where they differ (e.g. three Mitchell rounds then a Danish one).
    round_formats = models.JSONField(default=list, blank=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    hands_per_round = models.PositiveSmallIntegerField(_("hands per round"), null=True, blank=True)
    points = models.CharField(max_length=10, choices=Points.choices, default=Points.WDL)
    # Victory points by a club's scale (clubs/vp_scales.py), copied when the event is set up so
    # that a scale changed later never changes its standings; none: the default for its hands.
    vp_margins = models.JSONField(default=list, blank=True)
    vp_scale_name = models.CharField(max_length=60, blank=True, default="")
    sit_out = models.CharField(max_length=15, choices=SitOut.choices, default=SitOut.FIXED)
    tiebreaks = models.JSONField(default=list)  # metric names, in order (engine.standings)
    seeded = models.BooleanField(default=True)  # round 1 by seed, else at random
    seed = models.PositiveIntegerField(default=0)  # the random draw's seed
    legs = models.PositiveSmallIntegerField(default=1)
    knockout_top = models.PositiveSmallIntegerField(default=0)  # top K after a Swiss
    third_place = models.BooleanField(default=False)
    # Mitchell as bridge clubs rank it: North-South and East-West pairs ranked apart, two winners.
    rank_by_direction = models.BooleanField(
        _("rank North-South and East-West apart"), default=False
    )
    # The round clock (engine.clock): a round's length as proposed for each round (none: no
    # clock), the "last hand" signal that many minutes before the end, what a table still
    # playing at the end scores, and whether one table reaching its target stops the others.
    round_minutes = models.PositiveSmallIntegerField(_("minutes a round"), null=True, blank=True)
    last_hand_minutes = models.PositiveSmallIntegerField(_("last hand signal"), default=5)
    time_rule = models.CharField(max_length=10, choices=TimeRule.choices, default=TimeRule.FINISH)
    stop_at_target = models.BooleanField(default=False)
    # A table where a pair has not appeared this many minutes after the clock started may be
    # scored as a no-show (the present pair wins, as a forfeit); 0: no such rule.
    no_show_minutes = models.PositiveSmallIntegerField(default=0)
    # Pairs (or players) say they are here before round 1 (their link, the door poster's code).
    check_in = models.BooleanField(_("check-in"), default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    # With the TableChange rows not yet folded in (selectors.versions.event_versions): bumped in
    # the same transaction as every change the standings are computed from (a result settled or
    # reopened, a round released or closed, a pair added or withdrawn): a snapshot built from an
    # older version is stale, and is rebuilt (services.standings.standings_mark_stale).
    inputs_version = models.PositiveIntegerField(default=0)
    inputs_changed_at = models.DateTimeField(null=True, blank=True)  # the last such change
    # With the TableChange rows not yet folded in, bumped by every write the public pages show
    # (services._common): they are rendered once per version and answered 304 while it stays.
    public_version = models.PositiveIntegerField(default=0)
    # Why the last draw asked for was refused (engine.errors.DrawRefused: a message id and its
    # values, shown in the director's language), until the next one is asked for.
    draw_refusal = models.JSONField(null=True, blank=True)
    # The round the director asked a worker to draw, and when, until it is drawn or refused:
    # asked again meanwhile, nothing more is queued; taken by no worker for a while, the
    # director's page draws it itself (services.rounds.round_draw_untaken).
    draw_asked = models.PositiveSmallIntegerField(null=True, blank=True)
    draw_asked_at = models.DateTimeField(null=True, blank=True)
    # The club that runs it: its directors direct the event (tournaments.access). None only for
    # an event made outside any club (a script's, or before clubs existed without a director).
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments"
    )
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )  # who created it
    # The club's seasons that picked it (a season also counts the events played within its dates:
    # clubs.selectors.season_events). Declared here, the upper app, so clubs names no model of
    # tournaments; its table is the one clubs made (clubs 0002, moved by tournaments 0015).
    seasons = models.ManyToManyField(
        "clubs.Season", related_name="events", blank=True, db_table="clubs_season_events"
    )
    # The day it was played (its tables' games take it): a season counts it by this day.
    played_on = models.DateField(_("played on"), default=timezone.localdate)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    @property
    def individual(self) -> bool:
        """Players enter alone and the engine forms the partnerships (engine.individual): an
        entry is one player, and a table's side two entries."""
        known = FORMATS.get(self.format)
        return known is not None and known.individual

    def get_format_display(self) -> str:
        return format_name(self.format)

    @property
    def entry_players(self) -> int:
        """The players an entry is: one in an individual event, else a pair's two. A message
        whose subject is an entry, or a table's side, agrees with them ("Anna & Ben sent their
        result")."""
        return 1 if self.individual else 2

    def format_of(self, number: int) -> str:
        """The format of round ``number`` (1-based)."""
        if 0 < number <= len(self.round_formats):
            return str(self.round_formats[number - 1])
        return self.format

    def phase_start(self, number: int) -> int:
        """The first round of the run of rounds in round ``number``'s format."""
        fmt, start = self.format_of(number), number
        while start > 1 and self.format_of(start - 1) == fmt:
            start -= 1
        return start


class Entry(models.Model):
    """A pair: its two players, a club, a seed; the round a late entry joins, and the last round
    a withdrawn pair played. In an individual event, one player (``player_1``, ``first_player``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    # A pair's names become a game's side names: the game's limits (scorekeeper.names).
    name = models.CharField(_("name"), max_length=MAX_SIDE_NAME)
    player_1 = models.CharField(max_length=MAX_PLAYER_NAME, blank=True)
    player_2 = models.CharField(max_length=MAX_PLAYER_NAME, blank=True)
    # The two players as the club's records (a club's event picks or adds them by name), so the
    # pair's tables count in each player's statistics.
    first_player = models.ForeignKey(
        "clubs.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    second_player = models.ForeignKey(
        "clubs.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    club = models.CharField(max_length=MAX_CLUB_NAME, blank=True)
    seed = models.PositiveIntegerField(default=0)
    joins = models.PositiveSmallIntegerField(default=1)
    withdrawn_after = models.PositiveSmallIntegerField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)  # None: not (yet) here
    # Withdrawn by check-in for not being there (services.checkin.absentees_withdraw): such a
    # pair, and no other withdrawn one, may check in late from the door and play again.
    withdrawn_absent = models.BooleanField(default=False)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="entry_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RELEASED = "released", _("Released")
        PLAYING = "playing", _("Playing")
        COMPLETE = "complete", _("Complete")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    format = models.CharField(max_length=MAX_FORMAT_KEY, validators=[format_known])
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    # The round clock's log, every timing decision in order (engine.clock.ClockEvent as JSON):
    # started, paused, resumed, minutes added (to the round or one table), ended. The clock at
    # any moment is computed from it and the server's time, never stored.
    clock = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.number}"

    def get_format_display(self) -> str:
        return format_name(self.format)


class RoundDraft(models.Model):
    """The draft as the round's format drew it, before any swap: [ns, ew, reasons] per table,
    ew null for a bye (selectors.event.drawn_of). A pairing the director's swaps bring back
    says the draw's reasons again (engine.swap). A row of its own, read by the swaps alone: a
    1000-pair round's draft is 500 tables' pairs and reasons, which every table's page, hand,
    result and clock poll would otherwise read with the round. None for a round drawn before
    drafts were kept, or imported from a backup."""

    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    drawn = models.JSONField(default=list)

    def __str__(self) -> str:
        return f"draft of round {self.round_id}"


class Match(models.Model):
    """Two entries at a table (N-S first) and the scorekeeper game they play; a bye has no E-W
    entry and no game. In an individual event four: ``ns`` and ``ns_with`` partner for the round
    against ``ew`` and ``ew_with`` (a sit-out is one player's bye)."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        SUBMITTED = "submitted", _("Waiting for the other pair")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("With the director")
        CLOSED = "closed", _("Closed by the director")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(default=0)  # 0: a bye
    ns = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    ew = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    ns_with = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ew_with = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reasons = models.JSONField(default=list)  # engine.types.Why, as [reason, values...]
    # The table's game; each pair opens it through its own link (tournaments.table_keys).
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.SET_NULL)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # The submission in force (confirmed, corrected or adjusted); the submissions themselves
    # are never edited.
    result = models.ForeignKey(
        "ResultSubmission", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["round__number", "table", "id"]

    def __str__(self) -> str:
        return f"round {self.round.number} table {self.table}"

    @property
    def ns_side(self) -> str:
        """North-South as the pages name it: the pair, or an individual event's two partners."""
        return side_name(self.ns, self.ns_with)

    @property
    def ew_side(self) -> str:
        return side_name(self.ew, self.ew_with) if self.ew is not None else ""

    def sides(self) -> tuple[tuple[Entry, ...], tuple[Entry, ...]]:
        """The entries of each side (one, or two partners)."""
        north = tuple(e for e in (self.ns, self.ns_with) if e is not None)
        return north, tuple(e for e in (self.ew, self.ew_with) if e is not None)


def side_name(entry: Entry, partner: Entry | None) -> str:
    """A side's name: the pair's, or "Ann & Ben" (the two partners of an individual event)."""
    return side_label(entry.name, partner.name if partner is not None else None)


def side_label(name: str, partner: str | None) -> str:
    """side_name from the names alone (an export reads names, not rows)."""
    return name if partner is None else f"{name} & {partner}"


class ResultSubmission(models.Model):
    """One version of a match's result: a pair's submission, or the director's entry."""

    class By(models.TextChoices):
        NS = "ns", _("North-South")
        EW = "ew", _("East-West")
        DIRECTOR = "director", _("Director")

    class Kind(models.TextChoices):
        SUBMITTED = "submitted", _("Submitted")
        CORRECTED = "corrected", _("Corrected")
        ADJUSTED = "adjusted", _("Adjusted score")
        FORFEIT = "forfeit", _("Forfeit")
        # The director opened a settled table again: the pairs enter hands and submit anew.
        REOPENED = "reopened", _("Reopened")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="submissions")
    version = models.PositiveIntegerField()
    by = models.CharField(max_length=10, choices=By.choices)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.SUBMITTED)
    ns_score = models.IntegerField()
    ew_score = models.IntegerField()
    winner = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )  # a tie played off (knockout), or the pair that played when the other forfeited
    reason = models.CharField(max_length=300, blank=True)
    author = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="submission_unique_version")
        ]

    def __str__(self) -> str:
        return f"{self.match_id} v{self.version} {self.ns_score} – {self.ew_score}"


class TableChange(models.Model):
    """A table's change the public pages show (a result sent, settled or reopened), written by
    the table's own transaction as a row of its own, so that the tables of one event never
    wait for each other on the tournament's row: ``inputs`` when the standings count it.

    The event's versions are the tournament's counters plus its rows not yet counted in
    (services._common.changes_folded moves them into the counters, under the tournament's row
    lock, in one transaction): a count of committed rows, which only ever grows in the order
    transactions commit, where ids drawn from a sequence would not."""

    id = models.BigAutoField(primary_key=True)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    inputs = models.BooleanField()
    at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.tournament_id} change {self.id}"


class StandingsSnapshot(models.Model):
    """The standings as the task wrote them: one row per entry with every metric."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    fingerprint = models.CharField(max_length=64)  # sha256 of the inputs: same inputs, no new row
    provisional = models.BooleanField(default=True)  # matches still pending
    # The event's inputs version it was built from (selectors.versions): older means stale.
    inputs_version = models.PositiveIntegerField(default=0)
    after_round = models.PositiveSmallIntegerField(default=0)
    rows = models.JSONField(default=list)  # [{"entry", "rank", "shared", "metrics", ...}]
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "version"], name="snapshot_unique_version"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} standings v{self.version}"


class PrintJob(models.Model):
    """A round's document made in the background (print_jobs.py): a large round takes longer to
    lay out than a request may. Its progress is shown while it is made; once ready, the file is
    served again while nothing it prints has changed (``fingerprint``)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        MAKING = "making", _("Being made")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="print_jobs")
    kind = models.CharField(max_length=10)  # printing.KINDS
    per_page = models.PositiveSmallIntegerField(default=4)
    language = models.CharField(max_length=10, default="en")
    base = models.TextField(blank=True)  # the phones' address (links.py), any length a Host has
    fingerprint = models.CharField(max_length=64)  # sha256 of everything the document shows
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    done = models.PositiveIntegerField(default=0)  # tables laid out
    total = models.PositiveIntegerField(default=0)
    file = models.CharField(max_length=100, blank=True)  # its name in settings.PRINT_ROOT
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)  # a job making no progress is lost

    def __str__(self) -> str:
        return f"{self.round} {self.kind} {self.status}"
