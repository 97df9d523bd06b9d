"""A federation (or league) groups clubs (issue 33): its officers are accounts, as a club's
directors are; a club joins by its director's request and an officer's acceptance."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorekeeper.names import MAX_CLUB_NAME


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
