"""A federation (or league) groups clubs (issue 33): its officers are accounts, as a club's
directors are; a club joins by its director's request and an officer's acceptance."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME


class Federation(models.Model):
    name = models.CharField(_("name"), max_length=MAX_CLUB_NAME, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Officer(models.Model):
    """An account that runs a federation: accepts its clubs (and, later, its ranking)."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="officers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federation_offices"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["federation", "user"], name="one_office_a_federation")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.federation})"


class Affiliation(models.Model):
    """A club's place in a federation: asked by a director of the club, then accepted or
    refused by an officer. One row a club and federation: a refused club may ask again."""

    class Status(models.TextChoices):
        ASKED = "asked", pgettext_lazy("a club's request to join a federation", "Asked")
        ACCEPTED = "accepted", pgettext_lazy("a club's request to join a federation", "Accepted")
        REFUSED = "refused", pgettext_lazy("a club's request to join a federation", "Refused")

    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, related_name="affiliations"
    )
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="affiliations")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ASKED)
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    asked_at = models.DateTimeField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "club"], name="one_affiliation_a_club_and_federation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.club} in {self.federation}: {self.status}"


def default_points_table() -> list[dict[str, object]]:
    """A federation's first points table (engine.ranking.PointsTable), until its officers set
    their own: more points for a bigger field, a point or more for taking part."""
    return [
        {"from_field": 4, "places": [10, 6, 4], "rest": 1},
        {"from_field": 8, "places": [20, 14, 10, 7, 5], "rest": 2},
        {"from_field": 16, "places": [40, 30, 22, 16, 12, 9, 7, 5], "rest": 3},
    ]


# The ranking's columns a federation's CSV export may carry, in this order (federations.csv).
CSV_COLUMNS = ("rank", "number", "name", "category", "points", "events", "clubs")


def default_csv_columns() -> list[str]:
    return list(CSV_COLUMNS)


class Ranking(models.Model):
    """A federation's ranking rules, one row a federation: its points table, its categories
    (``[{"name", "from_points"}]``), the days a club has to report a sanctioned event after it
    is played, the CSV export's columns, and whether its members' rating is shown."""

    federation = models.OneToOneField(Federation, on_delete=models.CASCADE, related_name="ranking")
    points_table = models.JSONField(default=default_points_table)
    categories = models.JSONField(default=list, blank=True)
    report_days = models.PositiveSmallIntegerField(default=10)
    csv_columns = models.JSONField(default=default_csv_columns)
    # The members' rating across clubs (federations/ratings.py), shown where the officers say.
    rating = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.federation} ranking"


class RankingSeason(models.Model):
    """The ranking's season: events played from ``starts`` to ``ends`` count, all of a
    member's or the best ``best_of``."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=60)
    starts = models.DateField(_("starts"))
    ends = models.DateField(_("ends"))
    best_of = models.PositiveSmallIntegerField(_("best of"), null=True, blank=True)

    class Meta:
        ordering = ["-starts", "name"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "name"], name="one_season_a_name")
        ]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """A person the federation knows, by its membership number: one history across the clubs
    whose player records are linked to it. ``user``: the person's own account, if they have
    one (then a link waits for their consent). A duplicate merged into another record points
    at it, and is shown no more; an anonymised one keeps its results under "anonymous"."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="members")
    number = models.CharField(_("membership number"), max_length=20)
    name = models.CharField(_("name"), max_length=MAX_PLAYER_NAME)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="federation_members",
    )
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged"
    )
    anonymised_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "number"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "number"], name="one_member_a_number")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.number})"


class MemberLink(models.Model):
    """A club's player record as a federation member: asked (waiting for the person's consent,
    when the member has an account) or linked. One link a player and federation."""

    class Status(models.TextChoices):
        ASKED = "asked", pgettext_lazy("a player's link to a federation member", "Waiting")
        LINKED = "linked", pgettext_lazy("a player's link to a federation member", "Linked")

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="links")
    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LINKED)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["federation", "player"], name="one_link_a_player")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} as {self.member}: {self.status}"


class MemberChange(models.Model):
    """The log of a federation's members: every link, unlink, consent and merge, who made it
    and when, with what undoing it needs (``details``); undone once at most."""

    class Action(models.TextChoices):
        LINK = "link", pgettext_lazy("a change to a federation's members", "Linked")
        UNLINK = "unlink", pgettext_lazy("a change to a federation's members", "Unlinked")
        CONSENT = "consent", pgettext_lazy("a change to a federation's members", "Consented")
        REFUSE = "refuse", pgettext_lazy("a change to a federation's members", "Refused")
        MERGE = "merge", pgettext_lazy("a change to a federation's members", "Merged")
        ANONYMISE = "anonymise", pgettext_lazy("a change to a federation's members", "Anonymised")
        CLUB_MERGE = (
            "club_merge",
            pgettext_lazy("a change to a federation's members", "Merged by the club"),
        )

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=10, choices=Action.choices)
    member = models.ForeignKey(Member, null=True, on_delete=models.SET_NULL, related_name="+")
    details = models.JSONField(default=dict)  # player, club, number, link ids moved…
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.federation_id} {self.action} {self.member_id}"


class Sanction(models.Model):
    """A club's event marked for a federation: it reports its final standings when it finishes,
    and again at every correction (EventReport)."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="sanctions")
    event = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="sanctions"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["federation", "event"], name="one_sanction_an_event")
        ]

    def __str__(self) -> str:
        return f"{self.event_id} for {self.federation_id}"


class EventReport(models.Model):
    """A sanctioned event's final places as reported: ``placings`` ``[{"rank", "players",
    "direction"?}]`` (the club's player ids; members are found through the links when the
    ranking is made, so a player linked later brings their history). Each correction is one
    more ``revision``; the highest stands."""

    sanction = models.ForeignKey(Sanction, on_delete=models.CASCADE, related_name="reports")
    revision = models.PositiveIntegerField()
    standings_version = models.PositiveIntegerField()  # the event's snapshot it was made from
    played_on = models.DateField()
    placings = models.JSONField(default=list)
    reported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sanction", "-revision"]
        constraints = [
            models.UniqueConstraint(fields=["sanction", "revision"], name="one_report_a_revision")
        ]

    def __str__(self) -> str:
        return f"{self.sanction_id} report {self.revision}"
