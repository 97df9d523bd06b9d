"""The federation's writes (issue 33): the federation and its clubs; its members and the club
players linked to them, with the person's consent, logged and undoable; its ranking's rules.
Each checks who may do it and changes its rows in one transaction; the message of a refusal is
the page's. Sanctioned events and their reports: federations.reports."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import directs
from clubs.models import Player
from federations.models import (
    Affiliation,
    Federation,
    Member,
    MemberChange,
    MemberLink,
    Officer,
    Ranking,
    RankingSeason,
)
from federations.selectors import is_accepted, is_officer
from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME, NameRefused, checked_name, name_key

MAX_NUMBER = 20  # a membership number's characters


class FederationError(Exception):
    """A change the federation refuses; ``str()`` is the message for the page."""


def federation_create(*, name: str, officer: Any) -> Federation:
    """A federation, with ``officer`` as its first officer."""
    try:
        name = checked_name(name, limit=MAX_CLUB_NAME, what=_("A federation"))
    except NameRefused as refused:
        raise FederationError(str(refused)) from None
    taken = _("A federation is already called %(name)s.") % {"name": name}
    with transaction.atomic():
        names = Federation.objects.values_list("name", flat=True)
        if any(name_key(known) == name_key(name) for known in names):
            raise FederationError(taken)
        try:
            with transaction.atomic():
                federation = Federation.objects.create(name=name)
        except IntegrityError:  # another request took the name meanwhile
            raise FederationError(taken) from None
        Officer.objects.create(federation=federation, user=officer)
        Ranking.objects.create(federation=federation)
    return federation


def affiliation_ask(*, federation_id: int, club_id: int, by: Any) -> Affiliation:
    """A director of the club asks that it join the federation (again, after a refusal)."""
    if not directs(club_id, by):
        raise FederationError(_("Only a director of the club may ask to join a federation."))
    with transaction.atomic():
        if not Federation.objects.filter(id=federation_id).exists():
            raise FederationError(_("There is no such federation."))
        affiliation, _made = Affiliation.objects.select_for_update().get_or_create(
            federation_id=federation_id,
            club_id=club_id,
            defaults={"asked_by": by, "asked_at": timezone.now()},
        )
        if affiliation.status == Affiliation.Status.ACCEPTED:
            raise FederationError(_("The club is already in this federation."))
        affiliation.status = Affiliation.Status.ASKED
        affiliation.asked_by, affiliation.asked_at = by, timezone.now()
        affiliation.decided_by = affiliation.decided_at = None
        affiliation.save()
    return affiliation


def affiliation_decide(*, affiliation_id: int, accept: bool, by: Any) -> Affiliation:
    """An officer of the federation accepts the club's request, or refuses it."""
    with transaction.atomic():
        affiliation = Affiliation.objects.select_for_update().filter(id=affiliation_id).first()
        if affiliation is None or not is_officer(affiliation.federation_id, by):
            raise FederationError(
                _("Only an officer of the federation may accept or refuse a club.")
            )
        if affiliation.status != Affiliation.Status.ASKED:
            raise FederationError(_("This club's request has been answered already."))
        accepted, refused = Affiliation.Status.ACCEPTED, Affiliation.Status.REFUSED
        affiliation.status = accepted if accept else refused
        affiliation.decided_by, affiliation.decided_at = by, timezone.now()
        affiliation.save()
    return affiliation


def _officer(federation_id: int, user: Any) -> None:
    if not is_officer(federation_id, user):
        raise FederationError(_("Only an officer of the federation may do this."))


def _number(value: object) -> str:
    number = " ".join(str(value or "").split())
    if not number or len(number) > MAX_NUMBER or not number.isprintable():
        raise FederationError(
            _("A membership number is 1 to %(n)s letters or digits.") % {"n": MAX_NUMBER}
        )
    return number


def _member_values(number: str, name: str, username: str) -> tuple[str, str, Any]:
    """A member's number, name and account, checked (the account's user, or None)."""
    number = _number(number)
    try:
        name = checked_name(name, limit=MAX_PLAYER_NAME, what=_("A member's name"))
    except NameRefused as refused:
        raise FederationError(str(refused)) from None
    user = None
    if username.strip():
        user = get_user_model().objects.filter(username=username.strip()).first()
        if user is None:
            raise FederationError(_("There is no account called %(name)s.") % {"name": username})
    return number, name, user


def member_edit(*, member_id: int, number: str, name: str, username: str = "", by: Any) -> Member:
    """An officer corrects a member's number, name or account (a typo, an account made later).
    An anonymised record is not given a name again."""
    with transaction.atomic():
        member = Member.objects.select_for_update().filter(id=member_id).first()
        if member is None or not is_officer(member.federation_id, by):
            raise FederationError(_("Only an officer of the federation may do this."))
        if member.anonymised_at is not None:
            raise FederationError(_("An anonymised record stays anonymous."))
        number, name, user = _member_values(number, name, username)
        taken = Member.objects.filter(federation_id=member.federation_id, number=number)
        if taken.exclude(id=member.id).exists():
            raise FederationError(
                _("The federation already has a member number %(number)s.") % {"number": number}
            )
        member.number, member.name, member.user = number, name, user
        member.save(update_fields=["number", "name", "user"])
    return member


def member_add(
    *, federation_id: int, number: str, name: str, username: str = "", by: Any
) -> Member:
    """An officer records a member: a number the federation has not given, a name, and the
    person's account if they have one (then their club records are linked with their consent)."""
    _officer(federation_id, by)
    number, name, user = _member_values(number, name, username)
    taken = _("The federation already has a member number %(number)s.") % {"number": number}
    try:
        with transaction.atomic():
            if Member.objects.filter(federation_id=federation_id, number=number).exists():
                raise FederationError(taken)
            return Member.objects.create(
                federation_id=federation_id, number=number, name=name, user=user
            )
    except IntegrityError:  # the same number, given meanwhile
        raise FederationError(taken) from None


def _logged(
    federation_id: int, action: str, member: Member | None, by: Any, **details: Any
) -> None:
    MemberChange.objects.create(
        federation_id=federation_id, action=action, member=member, by=by, details=details
    )


def _about(player: Player) -> dict[str, Any]:
    """What the log keeps of a club's record (its name as it was, for the officers' reading)."""
    return {"player": player.id, "player_name": player.name, "club": player.club_id}


def member_link(*, federation_id: int, player_id: int, number: str, by: Any) -> MemberLink:
    """A director of the player's club links the club's record to the federation's member of
    that number (the club being in the federation). A member with an account must consent:
    the link waits for them (``link_answer``); one without is linked at once."""
    player = Player.objects.filter(id=player_id).first()
    if player is None or not directs(player.club_id, by):
        raise FederationError(_("Only a director of the player's club may link them."))
    if not is_accepted(federation_id, player.club_id):
        raise FederationError(_("The club is not in this federation."))
    number = _number(number)
    with transaction.atomic():
        member = (
            Member.objects.select_for_update()
            .filter(federation_id=federation_id, number=number, merged_into=None)
            .first()
        )
        if member is None:
            raise FederationError(
                _("The federation has no member number %(number)s.") % {"number": number}
            )
        twin = (
            MemberLink.objects.filter(member=member, player__club_id=player.club_id)
            .select_related("player")
            .first()
        )
        if twin is not None:
            raise FederationError(
                _(
                    "%(member)s (%(number)s) is already the club's %(other)s: a person is one "
                    "record of a club (merge the two on the club's players' page)."
                )
                % {"member": member.name, "number": member.number, "other": twin.player.name}
            )
        linked = _("%(name)s is linked to a member already: unlink them first.") % {
            "name": player.name
        }
        if MemberLink.objects.filter(federation_id=federation_id, player_id=player_id).exists():
            raise FederationError(linked)
        status = MemberLink.Status.ASKED if member.user_id else MemberLink.Status.LINKED
        try:
            with transaction.atomic():
                link = MemberLink.objects.create(
                    federation_id=federation_id,
                    member=member,
                    player=player,
                    status=status,
                    made_by=by,
                )
        except IntegrityError:  # linked meanwhile
            raise FederationError(linked) from None
        _logged(
            federation_id,
            MemberChange.Action.LINK,
            member,
            by,
            status=status,
            **_about(player),
        )
    return link


def link_answer(*, link_id: int, consent: bool, by: Any) -> None:
    """The member (their own account) consents to a club's record being linked to them, or
    refuses it (the link is dropped)."""
    with transaction.atomic():
        link = (
            MemberLink.objects.select_for_update()
            .select_related("member", "player")
            .filter(id=link_id)
            .first()
        )
        if link is None or not by.is_authenticated or link.member.user_id != by.pk:
            raise FederationError(_("Only the member may answer this request."))
        if link.status != MemberLink.Status.ASKED:
            raise FederationError(_("This request has been answered already."))
        details = _about(link.player)
        if consent:
            link.status = MemberLink.Status.LINKED
            link.save(update_fields=["status"])
            _logged(link.federation_id, MemberChange.Action.CONSENT, link.member, by, **details)
        else:
            link.delete()
            _logged(link.federation_id, MemberChange.Action.REFUSE, link.member, by, **details)


def member_unlink(*, link_id: int, by: Any) -> None:
    """A director of the player's club, or an officer of the federation, unlinks a record: its
    events no longer count for the member (logged: undoing it links them again)."""
    with transaction.atomic():
        link = (
            MemberLink.objects.select_for_update()
            .select_related("member", "player")
            .filter(id=link_id)
            .first()
        )
        allowed = link is not None and (
            directs(link.player.club_id, by) or is_officer(link.federation_id, by)
        )
        if link is None or not allowed:
            raise FederationError(_("Only the club's director or the federation may unlink it."))
        _logged(
            link.federation_id,
            MemberChange.Action.UNLINK,
            link.member,
            by,
            status=link.status,
            **_about(link.player),
        )
        link.delete()


def member_merge(*, federation_id: int, keep_id: int, duplicate_id: int, by: Any) -> Member:
    """An officer merges a duplicate member record into the kept one: the duplicate's links
    (its clubs' records) count for the kept member; the duplicate points at it (logged:
    undoing it gives them back)."""
    _officer(federation_id, by)
    if keep_id == duplicate_id:
        raise FederationError(_("Pick two different members to merge."))
    with transaction.atomic():
        found = {
            m.id: m
            for m in Member.objects.select_for_update().filter(
                federation_id=federation_id, id__in=[keep_id, duplicate_id], merged_into=None
            )
        }
        if len(found) != 2:
            raise FederationError(_("Both members must be the federation's, and not merged."))
        keep, duplicate = found[keep_id], found[duplicate_id]
        moved = list(MemberLink.objects.filter(member=duplicate).values_list("id", flat=True))
        MemberLink.objects.filter(id__in=moved).update(member=keep)
        if keep.user_id is not None and duplicate.user_id != keep.user_id:
            # Records the kept member's person never confirmed: they wait for their consent.
            MemberLink.objects.filter(id__in=moved).update(status=MemberLink.Status.ASKED)
        duplicate.merged_into = keep
        duplicate.save(update_fields=["merged_into"])
        _logged(
            federation_id,
            MemberChange.Action.MERGE,
            keep,
            by,
            duplicate=duplicate.id,
            duplicate_number=duplicate.number,
            links=moved,
        )
    return keep


def change_undo(*, change_id: int, by: Any) -> MemberChange:
    """An officer undoes a link, an unlink or a merge (once): a link is dropped, an unlinked
    record linked again (unless linked anew meanwhile), a merge's links given back."""
    with transaction.atomic():
        change = MemberChange.objects.select_for_update().filter(id=change_id).first()
        if change is None or not is_officer(change.federation_id, by):
            raise FederationError(_("Only an officer of the federation may do this."))
        if change.undone_at is not None:
            raise FederationError(_("This change has been undone already."))
        details, Action = change.details, MemberChange.Action
        if change.action == Action.LINK:
            dropped, _kinds = MemberLink.objects.filter(
                federation_id=change.federation_id,
                player_id=details["player"],
                member=change.member,
            ).delete()
            if not dropped:
                raise FederationError(
                    _("The record is no longer linked so: undo what changed it since first.")
                )
        elif change.action == Action.UNLINK:
            if (
                change.member is None
                or MemberLink.objects.filter(
                    federation_id=change.federation_id, player_id=details["player"]
                ).exists()
            ):
                raise FederationError(_("The record is linked again already."))
            if not Player.objects.filter(id=details["player"]).exists():
                raise FederationError(_("The club's record is gone."))
            MemberLink.objects.create(
                federation_id=change.federation_id,
                member=change.member,
                player_id=details["player"],
                status=details["status"],
                made_by=by,
            )
        elif change.action == Action.MERGE:
            duplicate = Member.objects.select_for_update().get(id=details["duplicate"])
            MemberLink.objects.filter(id__in=details["links"], member=change.member).update(
                member=duplicate
            )
            duplicate.merged_into = None
            duplicate.save(update_fields=["merged_into"])
        else:
            raise FederationError(_("A member's own answer cannot be undone here."))
        change.undone_by, change.undone_at = by, timezone.now()
        change.save(update_fields=["undone_by", "undone_at"])
    return change


def ranking_set(
    *,
    federation_id: int,
    points_table: list[dict[str, Any]],
    categories: list[dict[str, Any]],
    report_days: int,
    csv_columns: list[str],
    by: Any,
    rating: bool = False,
) -> Ranking:
    """An officer sets the ranking's rules (checked by the engine: federations.forms reads
    them from the page)."""
    _officer(federation_id, by)
    with transaction.atomic():
        ranking = Ranking.objects.select_for_update().get(federation_id=federation_id)
        ranking.points_table, ranking.categories = points_table, categories
        ranking.report_days, ranking.csv_columns = report_days, csv_columns
        ranking.rating = rating
        ranking.save()
    return ranking


def season_add(
    *, federation_id: int, name: str, starts: Any, ends: Any, best_of: int | None, by: Any
) -> RankingSeason:
    """An officer adds a season of the ranking."""
    _officer(federation_id, by)
    try:
        name = checked_name(name, limit=60, what=_("A season"))
    except NameRefused as refused:
        raise FederationError(str(refused)) from None
    if ends < starts:
        raise FederationError(_("A season ends on or after the day it starts."))
    with transaction.atomic():
        if RankingSeason.objects.filter(federation_id=federation_id, name=name).exists():
            raise FederationError(
                _("The federation already has a season called %(name)s.") % {"name": name}
            )
        return RankingSeason.objects.create(
            federation_id=federation_id, name=name, starts=starts, ends=ends, best_of=best_of
        )


def officer_add(*, federation_id: int, username: str, by: Any) -> Officer:
    """An officer makes another account an officer of the federation."""
    _officer(federation_id, by)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise FederationError(_("There is no account called %(name)s.") % {"name": username})
    officer, _made = Officer.objects.get_or_create(federation_id=federation_id, user=user)
    return officer


def officer_remove(*, federation_id: int, officer_id: int, by: Any) -> None:
    """An officer removes an officer (themself too), never the last one."""
    _officer(federation_id, by)
    with transaction.atomic():
        officers = list(Officer.objects.select_for_update().filter(federation_id=federation_id))
        if len(officers) <= 1:
            raise FederationError(_("A federation keeps one officer at least."))
        Officer.objects.filter(federation_id=federation_id, id=officer_id).delete()


def season_remove(*, season_id: int, by: Any) -> None:
    """An officer removes a season (a wrong date: add it again); the events stay."""
    season = RankingSeason.objects.filter(id=season_id).first()
    if season is None or not is_officer(season.federation_id, by):
        raise FederationError(_("Only an officer of the federation may do this."))
    season.delete()
