"""A federation's optional rating of its members across clubs (issue 33): the clubs' rating
(clubs/rating.py: openskill's Plackett-Luce model) fed every finished table of the federation's
sanctioned events, in the order played, whatever the club: a member's tables in every club that
links them count together. Overall, or for one rule family (classic canasta and its presets,
or one of the families: samba, bolivia, modern American, hand and foot).

Only what the clubs share with the federation counts: the tables of the events they marked for
it. A player no club linked to a member is rated too (their opponents' wins over them say
something), and shown to no one. Kept in the cache for each state of what it counts."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max

from clubs.models import PlayerGameLine
from clubs.rating import rated_games, ratings
from federations.rankings import member_of_players, what_counts
from scorekeeper.rules.families import FAMILIES
from tournaments.models import Match

CLASSIC = "classic"  # every preset of VARIANTS.md: one family
FAMILY_IDS = (CLASSIC, *(family.id for family in FAMILIES))


def family_of(variant: str) -> str:
    return variant if variant in FAMILY_IDS else CLASSIC


@dataclass(frozen=True)
class MemberRating:
    member: int
    value: float  # the rating shown (clubs.rating.Rating.value)
    games: int


def member_ratings(federation_id: int, family: str | None = None) -> list[MemberRating]:
    """The members' ratings, highest first (then by the fewer games' uncertainty: more games
    first), over the sanctioned events' tables (of one ``family``, where given)."""
    # The tables' lines are rebuilt after a game changes (a new id): a rating read from lines
    # not yet rebuilt is not kept past them.
    lines = PlayerGameLine.objects.filter(
        game__match__round__tournament__sanctions__federation_id=federation_id
    ).aggregate(n=Count("id"), last=Max("id"))
    key = (
        f"federation-rating:{federation_id}:{family}:{what_counts(federation_id)}:"
        f"{lines['n']}:{lines['last']}"
    )
    found = cache.get(key)
    if found is None:
        found = _member_ratings(federation_id, family)
        cache.set(key, found, timeout=24 * 3600)
    return list(found)


def _member_ratings(federation_id: int, family: str | None) -> list[MemberRating]:
    members = {player: member.id for player, member in member_of_players(federation_id).items()}
    tables = Match.objects.filter(
        round__tournament__sanctions__federation_id=federation_id, game__isnull=False
    ).values_list("game_id", "game__variant")
    games = {game: variant for game, variant in tables if family in (None, family_of(variant))}
    lines = (
        PlayerGameLine.objects.filter(game_id__in=list(games), finished=True)
        .order_by("game__played_on", "game__created_at", "game_id", "side", "id")
        .values_list("game_id", "side", "player_id", "won")
    )
    # A member by their id; an unlinked player apart (below 0), rated and never shown.
    played = rated_games(lines, lambda player: members.get(player, -player))
    shown = [
        MemberRating(who, rating.value, rating.games)
        for who, rating in ratings(played).items()
        if who > 0
    ]
    return sorted(shown, key=lambda r: (-r.value, -r.games, r.member))
