"""The tournament's codes as the pages say them, defined once: why a pairing was made, where a
table stands, the tie-break metrics' names (their values: core.minus_sign.figure_text)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from tournaments.engine.directions import Direction
from tournaments.engine.formats import FORMATS, phases_of
from tournaments.engine.types import Reason
from tournaments.models import (
    Match,
    ResultSubmission,
    StandingsSnapshot,
    Tournament,
    format_name,
)
from tournaments.selectors.event import SETTLED, knockout_start

REASON_WORDS = {
    Reason.SEEDED: gettext_lazy("seeded"),
    Reason.RANDOM: gettext_lazy("drawn at random"),
    Reason.SCORE_GROUP: gettext_lazy("same points"),
    Reason.PULLED_DOWN: gettext_lazy("different points: the nearest pairing"),
    Reason.REMATCH: gettext_lazy("a rematch: it could not be avoided"),
    Reason.REMATCH_AVOIDED: gettext_lazy("a rematch avoided"),
    Reason.SAME_CLUB: gettext_lazy("one club: it could not be avoided"),
    Reason.CLUB_AVOIDED: gettext_lazy("a meeting of one club avoided"),
    Reason.BYE: gettext_lazy("the lowest-ranked pair without a bye"),
    Reason.PHANTOM: gettext_lazy("sits out: the phantom's table in the schedule"),
    Reason.SCHEDULE: gettext_lazy("by the schedule"),
    Reason.STANDINGS: gettext_lazy("next to each other in the standings"),
    Reason.MOVED_DOWN: gettext_lazy("moved to avoid last round's match"),
    Reason.BRACKET: gettext_lazy("by the bracket"),
    Reason.BRACKET_BYE: gettext_lazy("a top seed goes through"),
    Reason.SWAPPED: gettext_lazy("swapped by the director"),
    Reason.NEW_PARTNERS: gettext_lazy("new partners"),
    Reason.PARTNERS_AGAIN: gettext_lazy("partners again: no seating avoids it"),
    Reason.NEW_OPPONENTS: gettext_lazy("new opponents"),
    Reason.OPPONENTS_AGAIN: gettext_lazy("some have met as opponents before"),
    Reason.POINTS_RANGE: gettext_lazy("players of near points"),
    Reason.MOVEMENT: gettext_lazy("by the fixed movement"),
    Reason.MOVEMENT_LEFT: gettext_lazy("the field changed: drawn Swiss-like, not by the movement"),
    Reason.SITS_OUT: gettext_lazy("sits out: the fewest sit-outs so far, then the lowest ranked"),
}
# What a swap made of a pairing: the director chose it, so it was not "unavoidable".
SWAPPED_WORDS = {
    Reason.REMATCH: gettext_lazy("a rematch: they have met before"),
    Reason.SAME_CLUB: gettext_lazy("one club: two pairs of the same club meet"),
}


def reason_words(reasons: list[list[int | str]]) -> list[str]:
    """A pairing's reasons in words, as stored on its match ([reason, values...])."""
    why = [Reason(str(r[0])) for r in reasons]
    words = SWAPPED_WORDS if Reason.SWAPPED in why else {}
    return [str(words.get(r) or REASON_WORDS[r]) for r in why]


# The director's result on a table, by its kind, as the public pages and the pairs read it ...
DECIDED = {
    ResultSubmission.Kind.CORRECTED: gettext_lazy("Corrected by the director"),
    ResultSubmission.Kind.ADJUSTED: gettext_lazy("Score adjusted by the director"),
    ResultSubmission.Kind.FORFEIT: gettext_lazy("Forfeit, entered by the director"),
}
# ... and as the directors' own pages say it, naming which director entered it (the account's
# name, kept with the result). Never on a page the public or a pair sees: a login is locked
# after a few wrong passwords, so anyone who read it off the wall could lock the director out.
DECIDED_BY = {
    ResultSubmission.Kind.CORRECTED: gettext_lazy("Corrected by %(name)s"),
    ResultSubmission.Kind.ADJUSTED: gettext_lazy("Score adjusted by %(name)s"),
    ResultSubmission.Kind.FORFEIT: gettext_lazy("Forfeit, entered by %(name)s"),
}


def decided_words(result: ResultSubmission, *, named: bool = False) -> str:
    """How a result in force came about where the director decided it: "Corrected by the
    director", or with ``named`` (the directors' own pages) "Corrected by dora" (a result
    without a director's name, a script's, says it without one); "" for the pairs' own."""
    if result.by != ResultSubmission.By.DIRECTOR:
        return ""
    kind = ResultSubmission.Kind(result.kind)
    if named and result.author and kind in DECIDED_BY:
        return str(DECIDED_BY[kind]) % {"name": result.author}
    words = DECIDED.get(kind)
    return str(words) if words is not None else str(result.get_kind_display())


def table_state(match: Match, reopened: ResultSubmission | None, *, named: bool = False) -> str:
    """Where a table stands, as every page says it (the director's board, the public page, the
    results page, a pair's rounds and its table link, the wall): "Confirmed", the director's
    result (decided_words: "Corrected by the director"; ``named``, on the directors' own pages:
    "Corrected by dora"), or a reopened table's reason until it settles again, with what the
    pairs have sent since ("Reopened: a hand entered twice · Waiting for the other pair").
    ``reopened``: the director's reopening, while it is the director's last act
    (selectors.results.Said)."""
    result = match.result
    if match.status in SETTLED and result is not None:
        return decided_words(result, named=named) or str(match.get_status_display())
    if reopened is not None:
        why = gettext("Reopened: %(reason)s") % {"reason": reopened.reason}
        if match.status == Match.Status.PLAYING:
            return why
        return f"{why} · {match.get_status_display()}"
    return str(match.get_status_display())


# The tie-break metrics (engine.standings.METRICS) as the standings' column headings, where
# "Scored" stands beside "Points".
METRIC_LABELS: Mapping[str, Promise] = {
    "tp": gettext_lazy("Points"),
    "wins": gettext_lazy("Wins"),
    "margin": gettext_lazy("Margin"),
    "scored": gettext_lazy("Scored"),
    "h2h": gettext_lazy("Head to head"),
    "h2h_all": gettext_lazy("Head to head (all met)"),
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("Median Buchholz"),
    "opp_less_partners": gettext_lazy("Opponents less partners"),
}
# The same metrics named on their own (a CSV column), where "Scored" alone would not say what
# was scored.
METRIC_NAMES: Mapping[str, Promise] = {**METRIC_LABELS, "scored": gettext_lazy("Points scored")}
# ... and as a tie-break to choose, where the two ways of head to head must say how they differ.
TIEBREAK_NAMES: Mapping[str, Promise] = {
    **METRIC_NAMES,
    "h2h": gettext_lazy("Head to head (mini-league)"),
    "h2h_all": gettext_lazy("Head to head (only if all met)"),
    "opp_less_partners": gettext_lazy("Opponents' points less partners' (individual events)"),
}


# A two-winner Mitchell's directions (engine.directions), as its standings head them.
DIRECTION_NAMES = {
    Direction.NS: gettext_lazy("North–South"),
    Direction.EW: gettext_lazy("East–West"),
}


def direction_name(value: object) -> str:
    """A standings row's ``direction`` ("ns", "ew") by its name; none for another value (a
    field ranked whole)."""
    known = {d.value: name for d, name in DIRECTION_NAMES.items()}
    return str(known.get(str(value), ""))


def metrics_shown(tournament: Tournament) -> list[str]:
    """The tournament's tie-breaks in its order, as the standings show them (points if none)."""
    return [m for m in tournament.tiebreaks if m in METRIC_LABELS] or ["tp"]


def standings_metrics(tournament: Tournament) -> list[str]:
    """The metrics a standings table shows: metrics_shown, or none for a knockout alone, which
    ranks by its bracket (points, Buchholz and head to head mean nothing there)."""
    return [] if knockout_start(tournament) == 1 else metrics_shown(tournament)


def plan_words(tournament: Tournament) -> str:
    """The round plan in a line: "Mitchell ×2, then Danish ×1", "Swiss ×5, then a knockout of
    the top 4 with a third-place match", "Round robin: the whole schedule", "Mitchell: the
    whole schedule · North–South and East–West ranked apart"."""
    parts = []
    for phase in phases_of(
        tournament.format, tournament.round_formats, tournament.rounds, tournament.knockout_top
    ):
        name = format_name(phase.format)
        knockout = phase.format in FORMATS and FORMATS[phase.format].knockout
        if knockout and tournament.knockout_top:
            part = gettext("a knockout of the top %(n)s") % {"n": tournament.knockout_top}
        elif knockout:
            part = name  # every pair, to the final: its rounds follow from the field
        elif phase.rounds is None:
            part = gettext("%(format)s: the whole schedule") % {"format": name}
        else:
            part = gettext("%(format)s ×%(n)s") % {"format": name, "n": phase.rounds}
        parts.append(part)
    text = parts[-1]
    if len(parts) > 1:
        text = gettext("%(first)s, then %(next)s") % {"first": ", ".join(parts[:-1]), "next": text}
    if tournament.third_place and any(
        f in FORMATS and FORMATS[f].knockout for f in (tournament.format, *tournament.round_formats)
    ):
        text += " " + gettext("(with a third-place match)")
    if tournament.rank_by_direction:
        text += " · " + gettext("North–South and East–West ranked apart")
    return text


def standings_heading(snapshot: StandingsSnapshot, final: bool = False) -> str:
    """The standings page's heading: which results they count and their version (the
    director's exports name it)."""
    n = {"n": snapshot.after_round, "v": snapshot.version}
    if final:
        return gettext("Final standings after round %(n)s · version %(v)s") % n
    if snapshot.after_round:
        return gettext("Standings after round %(n)s · version %(v)s") % n
    return gettext("Standings · version %(v)s") % n
