"""The tournament itself: created from a checked plan, and its plan changed before round 1 is
drawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import directs
from clubs.models import Club
from clubs.services import club_of_director
from clubs.vp_scales import ScaleRefused, checked_margins
from scorekeeper.i18n import explain
from scorekeeper.names import NameRefused, checked_name
from scorekeeper.rules import PRESETS, RuleViolation, ruleset_for
from scorekeeper.services import checked_played_on, games_played_on_set
from tournaments.engine.errors import DrawRefused
from tournaments.engine.formats import FORMATS, check_by_direction, check_plan
from tournaments.engine.standings import DEFAULT_ORDER, METRICS
from tournaments.models import Match, Tournament
from tournaments.services._common import locked_tournament
from tournaments.services.clock import timing_checked
from tournaments.services.errors import TournamentError
from tournaments.services.standings import standings_mark_stale
from tournaments.sizes import MAX_EVENT_NAME


def tournament_create(
    *,
    name: str,
    format: str,
    rounds: int,
    variant: str = "classic",
    rules: dict[str, Any] | None = None,
    round_formats: Sequence[str] = (),
    hands_per_round: int | None = 4,
    points: str = Tournament.Points.WDL,
    sit_out: str = Tournament.SitOut.FIXED,
    tiebreaks: Sequence[str] = DEFAULT_ORDER,
    seeded: bool = True,
    seed: int = 0,
    legs: int = 1,
    knockout_top: int = 0,
    third_place: bool = False,
    rank_by_direction: bool = False,
    check_in: bool = False,
    director: Any = None,
    club: Club | None = None,
    played_on: date | None = None,
    vp_margins: Sequence[int] = (),
    vp_scale_name: str = "",
    timing: Mapping[str, Any] | None = None,
) -> Tournament:
    """A tournament, checked before anything is saved: ``rounds`` 0 plays the whole schedule
    of a round robin, a Mitchell movement or a knockout (its length set by the field at round 1).
    It belongs to ``club``, or else to the one club ``director`` directs (their first event
    makes one: clubs.services.club_of_director); a script's event may belong to none. It is
    played on ``played_on`` (today where not given), which its tables' games take."""
    name = event_name(name)
    if format not in FORMATS or any(f not in FORMATS for f in round_formats):
        raise TournamentError(_("Unknown format: %(format)s.") % {"format": format})
    if variant not in PRESETS:
        raise TournamentError(_("Unknown preset: %(variant)s.") % {"variant": variant})
    _plan_checked(format, round_formats, rounds, knockout_top, rank_by_direction)
    unknown = [t for t in tiebreaks if t not in METRICS]
    if unknown or not tiebreaks:
        raise TournamentError(_("Unknown tie-break: %(name)s.") % {"name": ", ".join(unknown)})
    if points not in Tournament.Points.values:
        raise TournamentError(_("Unknown points method: %(points)s.") % {"points": points})
    if sit_out not in Tournament.SitOut.values:
        raise TournamentError(_("Unknown sit-out score: %(sit_out)s.") % {"sit_out": sit_out})
    margins, scale_name = vp_scale_of(list(vp_margins), vp_scale_name)
    timed = timing_checked(timing or {})  # the round clock's settings (services.clock)
    if margins and points != Tournament.Points.VP:
        raise TournamentError(_("A scale of victory points needs victory points per table."))
    try:
        ruleset_for(variant, 4, rules or {}, 2)
        day = checked_played_on(played_on)
    except RuleViolation as violation:
        raise TournamentError(explain(violation)) from None
    signed_in = getattr(director, "is_authenticated", False)
    if club is None and signed_in:
        club = club_of_director(director)
        if club is None:
            raise TournamentError(_("Pick the club that runs the event."))
    elif club is not None and signed_in and not directs(club.id, director):
        raise TournamentError(
            _("Only a director of %(club)s can create its events.") % {"club": club.name}
        )
    return Tournament.objects.create(
        club=club,
        name=name,
        variant=variant,
        rules=rules or {},
        format=format,
        round_formats=list(round_formats),
        rounds=rounds,
        hands_per_round=hands_per_round,
        points=points,
        sit_out=sit_out,
        tiebreaks=list(tiebreaks),
        seeded=seeded,
        seed=seed,
        legs=legs,
        knockout_top=knockout_top,
        third_place=third_place,
        rank_by_direction=rank_by_direction,
        check_in=check_in,
        director=director if getattr(director, "is_authenticated", False) else None,
        played_on=day,
        vp_margins=margins,
        vp_scale_name=scale_name,
        **timed,
    )


def _plan_checked(
    fmt: str, round_formats: Sequence[str], rounds: int, knockout_top: int, by_direction: bool
) -> None:
    """The plan as the engine checks it (engine.formats), and the directions ranked apart
    only where it has Mitchell rounds."""
    try:
        check_plan(fmt, round_formats, rounds, knockout_top)
        if by_direction:
            check_by_direction(fmt, round_formats)
    except DrawRefused as refused:
        raise TournamentError(refused.message, **refused.values) from None


def vp_scale_of(margins: object, name: object) -> tuple[list[int], str]:
    """An event's victory-point scale, checked as a club's is (clubs/vp_scales.py): its margins
    and its name, or none (the default scale for the event's hands)."""
    if margins in (None, []) and name in (None, ""):
        return [], ""
    try:
        checked = checked_margins(margins)
    except ScaleRefused as refused:
        raise TournamentError(str(refused)) from None
    try:
        shown = checked_name(name, limit=60, what=_("A scale"))
    except NameRefused as refused:
        raise TournamentError(str(refused)) from None
    return list(checked), shown


def event_name(value: object) -> str:
    """The event's name as every page shows it: a name as a club's are (names.checked_name).
    (A club's backup is checked with it too: clubs.backup.)"""
    try:
        return checked_name(value, limit=MAX_EVENT_NAME, what=_("An event"))
    except NameRefused as refused:
        raise TournamentError(str(refused)) from None


def tournament_played_on_set(*, tournament_id: int, played_on: object) -> Tournament:
    """Correct the day the event was played (an evening entered later, a date mistyped): its
    tables' games take it, and with them its players' statistics and the seasons that count
    the event by its day."""
    try:
        day = checked_played_on(played_on)
    except RuleViolation as violation:
        raise TournamentError(explain(violation)) from None
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if tournament.played_on != day:
            tournament.played_on = day
            tournament.save(update_fields=["played_on"])
            tables = Match.objects.filter(round__tournament=tournament).exclude(game=None)
            games_played_on_set(
                game_ids=list(tables.values_list("game_id", flat=True)), played_on=day
            )
    return tournament


def tournament_plan_set(
    *,
    tournament_id: int,
    format: str,
    rounds: int,
    round_formats: Sequence[str] = (),
    knockout_top: int = 0,
    third_place: bool = False,
    rank_by_direction: bool = False,
) -> Tournament:
    """Change the plan before round 1 is drawn (a schedule the field cannot fill, an evening
    that runs short, a knockout added after the Swiss). The standings are computed from
    whether the directions rank apart: a change marks them stale."""
    if format not in FORMATS or any(f not in FORMATS for f in round_formats):
        raise TournamentError(_("Unknown format: %(format)s.") % {"format": format})
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        if tournament.round_set.exists():
            raise TournamentError(_("The plan is set once round 1 is drawn."))
        if FORMATS[format].individual != tournament.individual and tournament.entries.exists():
            # An entry is a pair or one player: the field entered is of the other kind.
            raise TournamentError(
                _(
                    "Pairs and individual players are entered differently: change between a "
                    "pair format and an individual one before adding anyone."
                )
            )
        _plan_checked(format, round_formats, rounds, knockout_top, rank_by_direction)
        if tournament.rank_by_direction != rank_by_direction:
            standings_mark_stale(tournament.id)
        tournament.format = format
        tournament.round_formats = list(round_formats)
        tournament.rounds = rounds
        tournament.knockout_top = knockout_top
        tournament.third_place = third_place
        tournament.rank_by_direction = rank_by_direction
        tournament.draw_refusal = None  # the refusal was about the plan asked for before
        tournament.save(
            update_fields=[
                "format",
                "round_formats",
                "rounds",
                "knockout_top",
                "third_place",
                "rank_by_direction",
                "draw_refusal",
            ]
        )
    return tournament
