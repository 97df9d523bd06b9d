"""Writes to a club: the club itself, its members and directors, its players (added, renamed,
merged) and the players seated at its games. Each function owns its transaction; a refusal is a
``ClubError`` whose message the page shows, with nothing saved."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.events import events_app
from clubs.models import (
    Club,
    ClubPreset,
    ClubVpScale,
    Membership,
    Player,
    PlayerGameLine,
    Season,
    SeatedPlayer,
)
from clubs.person_data import PARTS
from clubs.selectors import players_by_name
from clubs.vp_scales import ScaleRefused, checked_margins
from scorekeeper.models import Game
from scorekeeper.names import MAX_CLUB_NAME, MAX_PLAYER_NAME, NameRefused, checked_name, name_key
from scorekeeper.services import sides_player_renamed

MAX_PLAYERS = 5000  # players a club keeps
ANONYMOUS = "Anonymous"  # an anonymised player's name, before its number (player_anonymise)
MAX_PRESETS = 50
MAX_VP_SCALES = 20


class ClubError(Exception):
    """A change the club refuses; ``str()`` is the message for the page."""


def record_name(value: object, *, limit: int, what: str) -> str:
    """A name the club keeps (its own, a player's, a preset's, a season's: names.checked_name),
    refused as the club's pages show it (ClubError); its backup's import checks them here too."""
    try:
        return checked_name(value, limit=limit, what=what)
    except NameRefused as refused:
        raise ClubError(str(refused)) from None


def club_create(*, name: str, director: Any) -> Club:
    """A club, with ``director`` as its first director."""
    name = record_name(name, limit=MAX_CLUB_NAME, what=_("A club"))
    with transaction.atomic():
        if any(name_key(n) == name_key(name) for n in Club.objects.values_list("name", flat=True)):
            raise ClubError(_("A club is already called %(name)s.") % {"name": name})
        try:
            with transaction.atomic():
                club = Club.objects.create(name=name)
        except IntegrityError:  # another request took the name meanwhile
            raise ClubError(_("A club is already called %(name)s.") % {"name": name}) from None
        Membership.objects.create(club=club, user=director, role=Membership.Role.DIRECTOR)
    return club


def club_of_director(user: Any) -> Club | None:
    """The club a director's new event belongs to when none is named: the one club they direct,
    or (their first event) a club made for them, named by their account's full name, or "New
    club" (never by their login: a club's name is on its public pages, and a published login can
    be locked out), which they rename on its page. None for nobody logged in, or a director of
    several clubs (the form then asks which)."""
    if not getattr(user, "is_authenticated", False):
        return None
    directed = list(Club.objects.filter(memberships__user=user, memberships__role="director"))
    if len(directed) == 1:
        return directed[0]
    if directed:
        return None
    full_name = user.get_full_name().strip()
    base = record_name(full_name or _("New club"), limit=MAX_CLUB_NAME - 6, what=_("A club"))
    taken = {name_key(n) for n in Club.objects.values_list("name", flat=True)}
    name, n = base, 1
    while name_key(name) in taken:
        n += 1
        name = f"{base} ({n})"
    return club_create(name=name, director=user)


def club_rename(*, club_id: int, name: str) -> Club:
    name = record_name(name, limit=MAX_CLUB_NAME, what=_("A club"))
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        others = Club.objects.exclude(id=club_id).values_list("name", flat=True)
        if any(name_key(n) == name_key(name) for n in others):
            raise ClubError(_("A club is already called %(name)s.") % {"name": name})
        club.name = name
        club.save(update_fields=["name"])
    return club


def club_rating_set(*, club_id: int, on: bool) -> None:
    Club.objects.filter(id=club_id).update(rating=bool(on))


def membership_set(*, club_id: int, username: str, role: str) -> Membership:
    """Add an account to the club, or change its role. The club keeps at least one director."""
    if role not in Membership.Role.values:
        raise ClubError(_("Unknown role: %(role)s.") % {"role": role})
    user = get_user_model().objects.filter(username=str(username).strip()).first()
    if user is None:
        raise ClubError(_("No account is called %(name)s.") % {"name": str(username)[:150]})
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        membership, _created = Membership.objects.get_or_create(
            club=club, user=user, defaults={"role": role}
        )
        if membership.role != role:
            if membership.role == Membership.Role.DIRECTOR:
                _keep_a_director(club, leaving=membership)
            membership.role = role
            membership.save(update_fields=["role"])
    return membership


def membership_remove(*, club_id: int, membership_id: int) -> None:
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        membership = Membership.objects.filter(club=club, id=membership_id).first()
        if membership is None:
            return
        if membership.role == Membership.Role.DIRECTOR:
            _keep_a_director(club, leaving=membership)
        membership.delete()


def membership_leave(*, club_id: int, user: Any) -> None:
    """The user leaves the club (a member added by a director they did not choose, or one who
    no longer plays there); refused for its last director."""
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        membership = Membership.objects.filter(club=club, user_id=user.pk).first()
        if membership is None:
            return
        if membership.role == Membership.Role.DIRECTOR:
            _keep_a_director(club, leaving=membership)
        membership.delete()


def _keep_a_director(club: Club, *, leaving: Membership) -> None:
    others = club.memberships.filter(role=Membership.Role.DIRECTOR).exclude(id=leaving.id)
    if not others.exists():
        raise ClubError(_("A club needs a director: make another member a director first."))


def _player_name(value: object) -> str:
    return record_name(value, limit=MAX_PLAYER_NAME, what=_("A player"))


def players_named(*, club_id: int, names: Iterable[str]) -> dict[str, Player]:
    """The club's players by these names (a name's case and spacing aside, or a name a player
    was known by before a merge or a rename), each added when the club has no player of that
    name yet: how a game or an event picks or adds its players.
    Keyed by the names as given; blank names are left out."""
    given = [" ".join(str(n).split()) for n in names]
    wanted: dict[str, str] = {}
    for name in given:
        if name:
            wanted.setdefault(name_key(name), name)  # a new player takes its first spelling
    if not wanted:
        return {}
    for name in wanted.values():
        _player_name(name)
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        found = players_by_name(club.players.all())
        new = [Player(club=club, name=n) for k, n in wanted.items() if k not in found]
        if club.players.count() + len(new) > MAX_PLAYERS:
            raise ClubError(_("A club keeps %(n)s players at most.") % {"n": MAX_PLAYERS})
        for player in Player.objects.bulk_create(new):
            found[name_key(player.name)] = player
        # bulk_create sets the ids on PostgreSQL and SQLite both (RETURNING).
        # Two records whose names only now compare equal (an older way of comparing kept
        # both): the one written exactly so is picked.
        exact = {p.name: p for p in found.values()}
    return {n: exact.get(n) or found[name_key(n)] for n in given if n}


def player_add(*, club_id: int, name: str) -> Player:
    name = _player_name(name)
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        if any(name_key(n) == name_key(name) for n in club.players.values_list("name", flat=True)):
            raise ClubError(_("The club already has a player called %(name)s.") % {"name": name})
        if club.players.count() >= MAX_PLAYERS:
            raise ClubError(_("A club keeps %(n)s players at most.") % {"n": MAX_PLAYERS})
        return Player.objects.create(club=club, name=name)


def player_rename(*, club_id: int, player_id: int, name: str) -> Player:
    name = _player_name(name)
    with transaction.atomic():
        Club.objects.select_for_update().get(id=club_id)
        player = Player.objects.get(club_id=club_id, id=player_id)
        others = Player.objects.filter(club_id=club_id).exclude(id=player_id)
        if any(name_key(n) == name_key(name) for n in others.values_list("name", flat=True)):
            raise ClubError(_("The club already has a player called %(name)s.") % {"name": name})
        if player.name != name:
            player.aliases = _aliases(player.aliases, player.name, name)
            player.name = name
            player.save(update_fields=["name", "aliases"])
    return player


def player_remove(*, club_id: int, player_id: int) -> None:
    """Remove a record that has played nothing (a name typed by mistake): refused once it sat
    in a game or played in an event, whose records it is part of (merge it instead)."""
    with transaction.atomic():
        Club.objects.select_for_update().get(id=club_id)
        player = Player.objects.filter(club_id=club_id, id=player_id).first()
        if player is None:
            return
        played = SeatedPlayer.objects.filter(player=player).exists() or bool(
            events_app().events_of_player(player.id)
        )
        if played:
            raise ClubError(
                _("%(name)s has played: their games stay theirs. Merge a duplicate instead.")
                % {"name": player.name}
            )
        player.delete()


def _aliases(old: Sequence[str], *names: str) -> list[str]:
    """The names a record was known by, without repeats (the current one excluded by the caller
    when it is also the record's name)."""
    seen: dict[str, str] = {}
    for name in [*old, *names]:
        seen.setdefault(name_key(name), name)
    return list(seen.values())[-20:]


def check_player_merge(*, club_id: int, keep_id: int, duplicate_id: int) -> tuple[Player, Player]:
    """The kept player and the duplicate, if they may be merged (asked before the director is
    asked to confirm, and again in the merge): refused when they are one record, when either
    is not the club's, or when the two sat in one game or played in one event (two people)."""
    if keep_id == duplicate_id:
        raise ClubError(_("Pick two different players to merge."))
    players = {
        p.id: p for p in Player.objects.filter(club_id=club_id, id__in=[keep_id, duplicate_id])
    }
    if len(players) != 2:
        raise ClubError(_("Both players must be the club's."))
    keep, duplicate = players[keep_id], players[duplicate_id]
    games_of = SeatedPlayer.objects.values_list("side__game_id", flat=True)
    together = set(games_of.filter(player=keep)) & set(games_of.filter(player=duplicate))
    if together:
        raise ClubError(
            _("%(a)s and %(b)s played in the same game: they are two people.")
            % {"a": keep.name, "b": duplicate.name}
        )
    if _same_event(keep, duplicate):
        raise ClubError(
            _("%(a)s and %(b)s played in the same event: they are two people.")
            % {"a": keep.name, "b": duplicate.name}
        )
    return keep, duplicate


def player_merge(*, club_id: int, keep_id: int, duplicate_id: int) -> Player:
    """Merge a duplicate record into the kept one: every seat at a game and every pair of an
    event that named the duplicate names the kept player, whose statistics then count all of
    it; the duplicate's name is kept as an alias (check_player_merge says when not)."""
    with transaction.atomic():
        Club.objects.select_for_update().get(id=club_id)
        keep, duplicate = check_player_merge(
            club_id=club_id, keep_id=keep_id, duplicate_id=duplicate_id
        )
        SeatedPlayer.objects.filter(player=duplicate).update(player=keep)
        # The statistics' lines hold the same figures under the kept name.
        PlayerGameLine.objects.filter(player=duplicate).update(player=keep)
        PlayerGameLine.objects.filter(partner=duplicate).update(partner=keep)
        events_app().player_merge(duplicate_id=duplicate.id, keep_id=keep.id)
        for part in PARTS:
            part.player_merge(duplicate_id=duplicate.id, keep_id=keep.id)
        keep.aliases = [
            a
            for a in _aliases(keep.aliases, duplicate.name, *duplicate.aliases)
            if name_key(a) != name_key(keep.name)
        ]
        keep.save(update_fields=["aliases"])
        duplicate.delete()
    return keep


def player_anonymise(*, club_id: int, player_id: int) -> Player:
    """The record of a person who asked to be forgotten: named "Anonymous" and a number
    wherever the club and the apps above wrote their name (the sides of its games, its pairs,
    its standings, its federations' logs), its old names dropped. Its games, results and
    statistics stand, under that name."""
    with transaction.atomic():
        Club.objects.select_for_update().get(id=club_id)
        player = Player.objects.filter(club_id=club_id, id=player_id).first()
        if player is None:
            raise ClubError(_("The club has no such player."))
        # One word for every language, with the record's number: unique in the club, and no
        # longer telling whom it was.
        new = f"{ANONYMOUS} {player.id}"
        if player.name == new:
            return player
        olds = [player.name, *player.aliases]
        sides = SeatedPlayer.objects.filter(player=player).values_list("side_id", flat=True)
        sides_player_renamed(side_ids=list(sides), olds=olds, new=new)
        for part in PARTS:
            part.anonymise(player.id, olds, new)
        player.name, player.aliases = new, []
        player.save(update_fields=["name", "aliases"])
    return player


def _same_event(a: Player, b: Player) -> bool:
    """Whether the two are players of one event (one pair, or two), withdrawn pairs included."""
    return bool(events_app().events_of_player(a.id) & events_app().events_of_player(b.id))


def game_players_seat(*, game: Game, club_id: int, sides: Sequence[Sequence[str]]) -> None:
    """Seat the club's players (picked or added by name) on a new game's sides, in order."""
    named = players_named(club_id=club_id, names=[n for side in sides for n in side])
    seated: dict[int, str] = {}
    for name in (" ".join(n.split()) for side in sides for n in side):
        if not name:
            continue
        player = named[name]
        if seated.setdefault(player.id, name) != name:  # "Ana", merged into Anna, and Anna
            raise ClubError(
                _("%(a)s and %(b)s are one player, %(player)s: a player sits once.")
                % {"a": seated[player.id], "b": name, "player": player.name}
            )
    positions = dict(game.sides.values_list("position", "id"))
    SeatedPlayer.objects.bulk_create(
        SeatedPlayer(side_id=positions[position], player=named[name], seat=seat)
        for position, names in enumerate(sides)
        for seat, name in enumerate(n for n in (" ".join(x.split()) for x in names) if n)
        if position in positions
    )


def club_game_create(
    *,
    club_id: int,
    owner: Any,
    variant: str,
    players: int,
    sides: Sequence[dict[str, str]],
    rules: dict[str, Any] | None = None,
    played_on: date | None = None,
) -> tuple[Game, str]:
    """A game of the club's players: as any game (scorekeeper.services.game_create), its sides'
    players then seated as the club's records, picked or added by name ("Anna, Ben"), so it
    counts in their statistics. All or nothing."""
    from scorekeeper.services import game_create

    with transaction.atomic():
        game, token = game_create(
            variant=variant,
            players=players,
            sides=list(sides),
            rules=rules,
            owner=owner,
            played_on=played_on,
        )
        names = [[n for n in str(side.get("players") or "").split(",")] for side in sides]
        most = max(1, players // max(1, len(sides)))
        for side_names in names:
            named = [n for n in side_names if n.strip()]
            if len(named) > most:
                raise ClubError(
                    _("A side of this table holds %(n)s players: %(names)s names more.")
                    % {"n": most, "names": ", ".join(" ".join(n.split()) for n in named)}
                )
        seen: set[str] = set()
        for side_names in names:
            for name in side_names:
                key = name_key(name)
                if key and key in seen:
                    raise ClubError(
                        _("%(name)s is named twice: a player sits on one side, once.")
                        % {"name": " ".join(name.split())}
                    )
                seen.add(key)
        game_players_seat(game=game, club_id=club_id, sides=names)
        # Each side names its players as the club writes them ("anna rossi": Anna Rossi).
        for side in game.sides.prefetch_related("seated__player"):
            seated = [s.player.name for s in side.seated.all()]
            if seated:
                side.player_names = ", ".join(seated)
                side.save(update_fields=["player_names"])
    return game, token


def preset_save(
    *, club_id: int, name: str, variant: str, players: int, sides: int, rules: dict[str, Any]
) -> ClubPreset:
    """Save the club's rules under a name (a name already used is replaced), checked as any
    game's house rules are: a preset that could not start a game is refused with the engine's
    reason."""
    from scorekeeper.i18n import explain
    from scorekeeper.rules import RuleViolation, ruleset_for

    name = record_name(name, limit=60, what=_("A preset"))
    try:
        ruleset = ruleset_for(variant, players, rules, sides)
    except RuleViolation as violation:
        raise ClubError(explain(violation)) from None
    except KeyError:
        raise ClubError(_("Unknown preset: %(variant)s.") % {"variant": variant}) from None
    overrides = dict(ruleset.overrides)  # as given, the target included
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        full = _("A club keeps %(n)s presets at most.")
        preset = _named(club.presets.all(), name, ClubPreset(club=club), full, MAX_PRESETS)
        preset.name, preset.variant, preset.players, preset.sides = name, variant, players, sides
        preset.rules = overrides
        preset.save()
    return preset


def _named(saved: Iterable[Any], name: str, new: Any, full: str, most: int) -> Any:
    """The club's item of that name (a preset, a scale), which saving replaces, or ``new`` while
    the club keeps fewer than ``most``; else refused with ``full`` (the caller holds the club's
    row)."""
    existing = {name_key(item.name): item for item in saved}
    if name_key(name) in existing:
        return existing[name_key(name)]
    if len(existing) >= most:
        raise ClubError(full % {"n": most})
    return new


def preset_delete(*, club_id: int, preset_id: int) -> None:
    ClubPreset.objects.filter(club_id=club_id, id=preset_id).delete()


def vp_scale_save(*, club_id: int, name: str, margins: object) -> ClubVpScale:
    """Save a victory-point scale under a name (a name already used is replaced: the events that
    used it keep their own copy), checked (clubs/vp_scales.py)."""
    name = record_name(name, limit=60, what=_("A scale"))
    try:
        margins = checked_margins(margins)
    except ScaleRefused as refused:
        raise ClubError(str(refused)) from None
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        full = _("A club keeps %(n)s scales at most.")
        scale = _named(club.vp_scales.all(), name, ClubVpScale(club=club), full, MAX_VP_SCALES)
        scale.name, scale.margins = name, list(margins)
        scale.save()
    return scale


def vp_scale_delete(*, club_id: int, scale_id: int) -> None:
    ClubVpScale.objects.filter(club_id=club_id, id=scale_id).delete()


def season_save(
    *,
    club_id: int,
    name: str,
    method: str,
    best: int,
    event_ids: Sequence[int],
    season_id: int | None = None,
    starts_on: date | None = None,
    ends_on: date | None = None,
) -> Season:
    """A new season, or a season's name, method, best N, events and dates changed; only the
    club's own events may count (those picked, and every one played within the dates)."""
    name = record_name(name, limit=80, what=_("A season"))
    if starts_on and ends_on and starts_on > ends_on:
        raise ClubError(_("A season ends on its first day or after it."))
    if method not in Season.Method.values:
        raise ClubError(_("Unknown method: %(method)s.") % {"method": method})
    if not 0 <= best <= 1000:
        raise ClubError(_("Count from 0 (every event) to 1000 events."))
    with transaction.atomic():
        club = Club.objects.select_for_update().get(id=club_id)
        picked = list(club.tournaments.filter(id__in=list(event_ids)))  # tournaments' relation
        if len(picked) != len(set(event_ids)):
            raise ClubError(_("A season counts only the club's own events."))
        others = club.seasons.exclude(id=season_id) if season_id else club.seasons.all()
        if any(name_key(n) == name_key(name) for n in others.values_list("name", flat=True)):
            raise ClubError(_("A season is already called %(name)s.") % {"name": name})
        season = club.seasons.get(id=season_id) if season_id else Season(club=club)
        season.name, season.method, season.best = name, method, best
        season.starts_on, season.ends_on = starts_on, ends_on
        season.save()
        season.events.set(picked)
    return season
