"""A pair's guide through the event (in an individual event, a player's): where it plays the
round just released (table, direction, opponents, partner, hands, why), a bye said plainly,
its standing between rounds, its final place at the end.

The page follows changes (static/scorekeeper/follow.mjs): ``guide_facts`` reads only what
decides what the guide shows (a handful of small reads, whatever the size of the event), and
``guide_version`` makes its version from them. The standings count in it only where the guide
shows them: a phone at a table in play does not reload for every other table's result."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from core.minus_sign import figure_text, scores_text
from tournaments.clock_words import clock_shown
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.pairing_words import pairing_explained
from tournaments.selectors.checkin import absent_withdrawn, late_place
from tournaments.selectors.event import SETTLED
from tournaments.selectors.public import sit_out_words
from tournaments.selectors.standings import CurrentStandings, standings_final, standings_latest
from tournaments.words import METRIC_LABELS, direction_name, metrics_shown


class Stage(StrEnum):
    BEFORE = "before"  # no round released yet
    TABLE = "table"  # at a table of the round in play
    SITS_OUT = "sits_out"  # a bye, the phantom's table, an individual event's sit-out
    BETWEEN = "between"  # its table settled (or the round complete): the next one to come
    AWAY = "away"  # not in the round: withdrawn, or a late entry not yet joined
    FINISHED = "finished"


# Where the guide shows the standings (and so follows their changes).
STANDINGS_SHOWN = (Stage.SITS_OUT, Stage.BETWEEN, Stage.AWAY, Stage.FINISHED)


@dataclass(frozen=True)
class GuideFacts:
    """What decides the guide: the entry, its event, the latest released round and the
    entry's table in it, and the latest standings' version."""

    tournament: Tournament
    entry: Entry
    played: Round | None
    match: Match | None
    standings_version: int

    @property
    def stage(self) -> Stage:
        if self.tournament.status == Tournament.Status.FINISHED:
            return Stage.FINISHED
        if self.played is None:
            return Stage.BEFORE
        if self.match is None:
            return Stage.AWAY
        if self.match.ew_id is None:
            return Stage.SITS_OUT
        done = (Round.Status.COMPLETE, Round.Status.CLOSED)
        if self.match.status in SETTLED or self.played.status in done:
            return Stage.BETWEEN
        return Stage.TABLE

    @property
    def can_check_in(self) -> bool:
        """The guide's "We are here": an event with check-in, not finished, the pair not yet
        here, before round 1 is out (a pair at a table is plainly here), or withdrawn as absent
        (a late check-in)."""
        entry = self.entry
        return (
            self.tournament.check_in
            and self.tournament.status != Tournament.Status.FINISHED
            and entry.checked_in_at is None
            and (
                (self.played is None and entry.withdrawn_after is None)
                or (absent_withdrawn(entry) and late_place(self.tournament))
            )
        )


def guide_facts(entry: Entry, *, shown: bool = True) -> GuideFacts:
    """The facts of ``entry``'s guide (``entry.tournament`` read with it). ``shown``: with the
    table's pairs, game and result, which the page shows; its version, which the phones ask
    every five seconds, reads the table's row without them (a join of six tables less to
    build; its round is still joined, by which the tables are ordered)."""
    tournament = entry.tournament
    played = tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    match = None
    if played is not None:
        played.tournament = tournament
        at_table = played.matches.filter(
            Q(ns=entry) | Q(ew=entry) | Q(ns_with=entry) | Q(ew_with=entry)
        )
        if shown:
            at_table = at_table.select_related("ns", "ew", "ns_with", "ew_with", "game", "result")
        match = at_table.first()
    latest = tournament.snapshots.order_by("-version").values_list("version", flat=True).first()
    return GuideFacts(tournament, entry, played, match, latest or 0)


def guide_version(facts: GuideFacts, *, private: bool) -> str:
    """The guide's version: it changes with what the guide shows (the private guide also says
    whether the pair is checked in)."""
    stage, played, match, entry = facts.stage, facts.played, facts.match, facts.entry
    parts: list[Any] = [stage, facts.tournament.status, entry.withdrawn_after, entry.joins]
    if played is not None:
        parts += [played.number, played.status, bool(played.clock)]
    if match is not None:
        parts += [match.id, match.status, match.result_id]
    if stage in STANDINGS_SHOWN:
        parts.append(facts.standings_version)
    if private:
        parts += [facts.tournament.check_in, entry.checked_in_at is not None]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Standing:
    """The entry's line of the standings: its rank ("=3" when shared) among ``of`` (its
    direction's, where the event ranks North-South and East-West apart), the first metric."""

    rank: str
    of: int
    label: str
    points: str
    direction: str
    after_round: int
    provisional: bool
    final: bool


@dataclass(frozen=True)
class Guide:
    facts: GuideFacts
    version: str
    stage: Stage
    table: int | None = None
    north: bool = True
    partner: Entry | None = None
    opponents: tuple[Entry, ...] = ()
    why: tuple[str, ...] = ()
    sits_out: str = ""  # "Bye", "Sits out (the phantom's table)"
    away: str = ""  # why the entry does not play the round
    clock: dict[str, Any] | None = None
    standing: Standing | None = None
    score: str = ""  # the table's result in force once settled, the entry's side first

    @property
    def direction(self) -> str:
        return str(_("North-South") if self.north else _("East-West"))

    @property
    def hands(self) -> int | None:
        return self.facts.tournament.hands_per_round

    @property
    def side(self) -> str:
        """The side of the table link the entry holds ("ns", "ew")."""
        return "ns" if self.north else "ew"


def pair_guide(facts: GuideFacts, current: CurrentStandings | None, version: str) -> Guide:
    """The guide from its facts; ``current``: the standings (services.standings_shown) where
    the stage shows them (STANDINGS_SHOWN), else None."""
    stage, match, entry = facts.stage, facts.match, facts.entry
    standing = _standing(facts, current) if stage in STANDINGS_SHOWN else None
    if match is None:
        away = _away(facts) if stage == Stage.AWAY else ""
        return Guide(facts, version, stage, away=away, standing=standing)
    north = entry.id in (match.ns_id, match.ns_with_id)
    ours, theirs = match.sides() if north else tuple(reversed(match.sides()))
    names = dict(facts.tournament.entries.values_list("id", "name"))
    why = pairing_explained(
        match.reasons,
        north=north,
        opponent=" & ".join(e.name for e in theirs),
        names=names,
    )
    return Guide(
        facts,
        version,
        stage,
        table=match.table or None,
        north=north,
        partner=next((e for e in ours if e.id != entry.id), None),
        opponents=tuple(theirs),
        why=tuple(why),
        sits_out=sit_out_words(match) if match.ew_id is None else "",
        clock=clock_shown(facts.tournament, facts.played, match.table)
        if stage == Stage.TABLE
        else None,
        standing=standing,
        score=_score(match, north),
    )


def _score(match: Match, north: bool) -> str:
    result = match.result
    if match.status not in SETTLED or result is None:
        return ""
    scores = (result.ns_score, result.ew_score)
    return scores_text(scores if north else tuple(reversed(scores)))


def _away(facts: GuideFacts) -> str:
    entry, played = facts.entry, facts.played
    number = played.number if played is not None else 0
    if absent_withdrawn(entry):
        return _("You were not checked in before round 1, so you were left out of the draw.")
    if entry.withdrawn_after is not None:
        return _("You withdrew after round %(n)s.") % {"n": entry.withdrawn_after}
    if entry.joins > number:
        return _("You join in round %(n)s.") % {"n": entry.joins}
    if entry.checked_in_at is not None:  # checked in late, after this round was drawn
        return _("You are checked in: you play from the next round drawn.")
    return _("You do not play round %(n)s: ask the director.") % {"n": number}


def _standing(facts: GuideFacts, current: CurrentStandings | None) -> Standing | None:
    snapshot = current.snapshot if current is not None else standings_latest(facts.tournament)
    if snapshot is None:
        return None
    row = next((r for r in snapshot.rows if r.get("entry") == facts.entry.id), None)
    if row is None:
        return None
    direction = row.get("direction")
    of = sum(1 for r in snapshot.rows if r.get("direction") == direction)
    first = metrics_shown(facts.tournament)[0]
    final = current is not None and standings_final(facts.tournament, current)
    return Standing(
        rank=("=" if row.get("shared") else "") + str(row.get("rank", "")),
        of=of,
        label=str(METRIC_LABELS[first]),
        points=figure_text(row.get("metrics", {}).get(first, 0)),
        direction=direction_name(direction),
        after_round=snapshot.after_round,
        provisional=snapshot.provisional or bool(current and current.stale),
        final=final,
    )
