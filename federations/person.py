"""What a federation keeps of a person (issue 33): its member record, the club records linked
to it, and the log of those links; downloaded by the member (or an officer on their behalf),
and anonymised at their request, their results standing under "anonymous". Registered with the
clubs (clubs.person_data) for what a club's download and anonymising of a player reach."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.selectors import player_data
from federations.models import EventReport, Member, MemberChange, MemberLink
from federations.selectors import is_officer
from federations.services import FederationError

ANONYMOUS = "Anonymous"  # an anonymised member's name (clubs.services.ANONYMOUS for players)


class FederationLinks:
    """The clubs' part: a player's links to federation members."""

    name = "federations"

    def data(self, player_id: int) -> list[dict[str, Any]]:
        links = MemberLink.objects.filter(player_id=player_id).select_related(
            "member", "federation"
        )
        return [
            {
                "federation": link.federation.name,
                "member": link.member.number,
                "member_name": link.member.name,
                "status": link.status,
                "linked_at": link.made_at.isoformat(),
            }
            for link in links
        ]

    def anonymise(self, player_id: int, old_names: Sequence[str], new_name: str) -> None:  # noqa: ARG002
        for change in MemberChange.objects.filter(details__player=player_id):
            change.details = {**change.details, "player_name": new_name}
            change.save(update_fields=["details"])

    def kept_elsewhere(self, player_id: int) -> list[str]:
        """The federations whose member the record is linked to (their record is theirs)."""
        return sorted(
            MemberLink.objects.filter(player_id=player_id).values_list(
                "federation__name", flat=True
            )
        )

    def player_merge(self, *, duplicate_id: int, keep_id: int) -> None:
        """A duplicate's link is the kept record's, in each federation where it has none; the
        places its club's events reported under the duplicate are the kept record's (as the
        events' pairs are), so the member's history stays whole."""
        touched: set[int] = set()  # the federations whose members' history this changes
        for link in MemberLink.objects.filter(player_id=duplicate_id):
            kept = MemberLink.objects.filter(federation_id=link.federation_id, player_id=keep_id)
            if not kept.exists():
                link.player_id = keep_id
                link.save(update_fields=["player"])
            touched.add(link.federation_id)
        keep = Player.objects.get(id=keep_id)
        for report in EventReport.objects.filter(
            sanction__event__club_id=keep.club_id
        ).select_related("sanction"):
            if any(duplicate_id in placing["players"] for placing in report.placings):
                for placing in report.placings:
                    placing["players"] = [
                        keep_id if p == duplicate_id else p for p in placing["players"]
                    ]
                report.save(update_fields=["placings"])
                touched.add(report.sanction.federation_id)
        # Logged in each federation concerned (and so its ranking worked out again).
        for federation_id in touched:
            kept_link = MemberLink.objects.filter(
                federation_id=federation_id, player_id=keep_id
            ).first()
            MemberChange.objects.create(
                federation_id=federation_id,
                action=MemberChange.Action.CLUB_MERGE,
                member=kept_link.member if kept_link else None,
                details={
                    "player": keep_id,
                    "player_name": keep.name,
                    "club": keep.club_id,
                    "duplicate_player": duplicate_id,
                },
            )


FEDERATION_LINKS = FederationLinks()


def _may_see(member: Member, user: Any) -> bool:
    own = getattr(user, "is_authenticated", False) and member.user_id == user.pk
    return bool(own) or is_officer(member.federation_id, user)


def member_data(*, member_id: int, by: Any) -> dict[str, Any]:
    """Everything held about a member, as JSON: the federation's record, its log, the places its
    sanctioned events reported. To the member themself, also every club record linked to them
    (and confirmed), with all the club holds of it; to an officer on their behalf, only what the
    clubs share with the federation (each linked record's name and club), never the rest of a
    club's data."""
    member = Member.objects.select_related("federation").filter(id=member_id).first()
    if member is None or not _may_see(member, by):
        raise FederationError(_("Only the member or an officer of the federation may do this."))
    own = getattr(by, "is_authenticated", False) and member.user_id == by.pk
    links = list(
        MemberLink.objects.filter(member=member, status=MemberLink.Status.LINKED).select_related(
            "player__club"
        )
    )
    players = {link.player_id for link in links}
    reports = EventReport.objects.filter(sanction__federation=member.federation).select_related(
        "sanction__event"
    )
    placed = [
        {
            "event": report.sanction.event.name,
            "played_on": report.played_on.isoformat(),
            "revision": report.revision,
            "rank": placing["rank"],
            "field": len(report.placings),
        }
        for report in reports
        for placing in report.placings
        if players & set(placing["players"])
    ]
    data = {
        "federation": member.federation.name,
        "member": {
            "number": member.number,
            "name": member.name,
            "account": member.user.username if member.user else None,
            "created_at": member.created_at.isoformat(),
            "anonymised_at": member.anonymised_at.isoformat() if member.anonymised_at else None,
        },
        "changes": [
            {"action": c.action, "at": c.at.isoformat(), "details": c.details}
            for c in MemberChange.objects.filter(member=member)
        ],
        "reported_places": placed,
        "linked_records": [
            {"club": link.player.club.name, "name": link.player.name} for link in links
        ],
    }
    if own:
        data["club_records"] = [player_data(link.player) for link in links]
    return data


def member_anonymise(*, member_id: int, by: Any) -> Member:
    """The member (or an officer on their behalf) has the federation's record anonymised: its
    name and number no longer say whom it was, the account is unlinked; its events still count
    under "anonymous". The clubs' own records are the clubs' (their directors anonymise them)."""
    with transaction.atomic():
        member = Member.objects.select_for_update().filter(id=member_id).first()
        if member is None or not _may_see(member, by):
            raise FederationError(_("Only the member or an officer of the federation may do this."))
        if member.anonymised_at is None:
            # The record, and the duplicates merged into it (an undone merge gives back no name).
            for record in [member, *Member.objects.filter(merged_into=member)]:
                record.name, record.number = ANONYMOUS, f"anon-{record.id}"
                record.user, record.anonymised_at = None, timezone.now()
                record.save(update_fields=["name", "number", "user", "anonymised_at"])
            # The log keeps what was done, not whom it named; a club's request nobody can
            # answer any more is dropped.
            for change in MemberChange.objects.filter(member=member):
                change.details = {
                    k: v
                    for k, v in change.details.items()
                    if k not in ("player_name", "duplicate_number")
                }
                change.save(update_fields=["details"])
            MemberLink.objects.filter(member=member, status=MemberLink.Status.ASKED).delete()
            MemberChange.objects.create(
                federation_id=member.federation_id,
                action=MemberChange.Action.ANONYMISE,
                member=member,
                by=by if by.is_authenticated else None,
            )
    return member
