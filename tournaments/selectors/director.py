"""Reads of the director's pages: the dashboard (the rounds, the pairs, the current round's
tables with what each pair said and its two private links), what the page polls, a match to
decide (404 outside the tournament, or for a bye)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404
from django.urls import reverse

from clubs.models import Membership
from core.phone_links import PhoneLinks
from tournaments.clock_words import timing_note
from tournaments.engine.formats import FORMATS
from tournaments.models import Entry, Match, ResultSubmission, Round, Tournament
from tournaments.selectors.clock import no_show_due, round_timing
from tournaments.selectors.event import SETTLED
from tournaments.selectors.results import Said, said_since_director
from tournaments.selectors.standings import CurrentStandings, standings_current
from tournaments.table_keys import table_token
from tournaments.words import reason_words, table_state


def tournaments_directed(user: Any) -> QuerySet[Tournament]:
    """The tournaments of the clubs this user directs, newest first (a hundred at most)."""
    clubs = Membership.objects.filter(user_id=user.pk, role=Membership.Role.DIRECTOR)
    return (
        Tournament.objects.filter(club_id__in=clubs.values("club_id"))
        .select_related("club")
        .order_by("-created_at")[:100]
    )


def draft_of(tournament: Tournament) -> Round | None:
    """The round drawn and not yet released, if any."""
    return tournament.round_set.filter(status=Round.Status.DRAFT).first()


def pair_names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entries.values_list("id", "name"))


def can_draw(tournament: Tournament, rounds: list[Round], entries: int) -> bool:
    """Whether the next round may be drawn: pairs enough, rounds to come, the last one settled
    (a complete round is closed as the next is drawn: services.rounds.round_pair)."""
    settled = (Round.Status.COMPLETE, Round.Status.CLOSED)
    return (
        entries >= (4 if tournament.individual else 2)
        and (tournament.rounds == 0 or len(rounds) < tournament.rounds)  # 0: the whole schedule
        and (not rounds or rounds[-1].status in settled)
    )


def next_round_number(tournament: Tournament) -> int | None:
    """The number of the round to draw next, or None while it cannot be drawn."""
    rounds = list(tournament.round_set.all())
    if not can_draw(tournament, rounds, tournament.entries.count()):
        return None
    return len(rounds) + 1


@dataclass(frozen=True)
class MatchRow:
    """A match of the round for the director: what each pair submitted, side by side, why it
    was paired so, and each pair's private link (the ones on the table card)."""

    match: Match
    ns_said: ResultSubmission | None
    ew_said: ResultSubmission | None
    state: str  # where the table stands, in words (words.table_state), naming the director
    why: list[str]
    ns_url: str
    ew_url: str
    disputed: bool
    timing: str = ""  # the clock's mark on the table (clock_words.timing_note)
    no_show: bool = False  # may be scored as a no-show now (services.results.result_no_show)


def match_rows(played: Round, links: PhoneLinks) -> list[MatchRow]:
    matches = list(
        played.matches.select_related(
            "ns", "ew", "ns_with", "ew_with", "result", "game"
        ).prefetch_related("submissions")
    )
    timing = round_timing(played)
    planned = played.tournament.hands_per_round
    absent = no_show_due(played)
    rows = []
    for m in matches:
        said = said_since_director(m.submissions.all())
        rows.append(
            MatchRow(
                match=m,
                ns_said=said.ns,
                ew_said=said.ew,
                state=table_state(m, said.reopened, named=True),
                why=reason_words(m.reasons),
                ns_url=links.to(reverse("table", args=[table_token(m.game, "ns")]))
                if m.game
                else "",
                ew_url=links.to(reverse("table", args=[table_token(m.game, "ew")]))
                if m.game
                else "",
                disputed=m.status == Match.Status.DISPUTED,
                timing=timing_note(timing[m.id], planned) if m.id in timing else "",
                no_show=absent and m.game is not None and not m.game.hand_count and not m.result,
            )
        )
    return rows


@dataclass(frozen=True)
class PairRow:
    """A pair on the director's list: who plays in it, and what may still be done with it."""

    entry: Entry
    played: bool  # it sits at a table of a released round: its names and seed are kept

    @property
    def players(self) -> str:
        return ", ".join(p for p in (self.entry.player_1, self.entry.player_2) if p)

    @property
    def withdrawn(self) -> bool:
        return self.entry.withdrawn_after is not None


def _released_tables(tournament_id: int) -> QuerySet[Match]:
    """The tables of the released rounds: a pair at one has played (a draft is not played)."""
    return Match.objects.filter(round__tournament_id=tournament_id).exclude(
        round__status=Round.Status.DRAFT
    )


def has_played(entry: Entry) -> bool:
    """Whether the pair sits at a table of a released round: its names and seed are kept."""
    seated = _released_tables(entry.tournament_id)
    return seated.filter(
        Q(ns_id=entry.id) | Q(ew_id=entry.id) | Q(ns_with_id=entry.id) | Q(ew_with_id=entry.id)
    ).exists()


def pair_rows(tournament: Tournament, entries: list[Entry]) -> list[PairRow]:
    """The pairs, seed order first (unseeded after, as listed), each with whether it has played
    (one query: the released rounds' tables)."""
    seated = _released_tables(tournament.id)
    played = {
        entry
        for seats in seated.values_list("ns_id", "ew_id", "ns_with_id", "ew_with_id")
        for entry in seats
    }
    ordered = sorted(entries, key=lambda e: (e.seed == 0, e.seed, e.id))
    return [PairRow(entry, entry.id in played) for entry in ordered]


@dataclass(frozen=True)
class Dashboard:
    """The director's page: the event as it stands, and what may be done next."""

    tournament: Tournament
    entries: list[Entry]
    rounds: list[Round]
    current: Round | None  # the latest round, drafted or played
    rows: list[MatchRow]  # the current round's matches
    standings: CurrentStandings
    pairs: list[PairRow]

    @property
    def disputes(self) -> list[MatchRow]:
        return [r for r in self.rows if r.disputed]

    @property
    def settled(self) -> int:
        return sum(1 for r in self.rows if r.match.status in SETTLED)

    @property
    def open_matches(self) -> int:
        return len(self.rows) - self.settled

    @property
    def can_draw(self) -> bool:
        return can_draw(self.tournament, self.rounds, len(self.entries))

    @property
    def swappable(self) -> bool:
        """A draft's pairs may be swapped, but in a schedule (a Mitchell's, a round robin's):
        or a bracket (a knockout's): its later rounds would not follow (services.rounds.round_swap)."""
        return self.current is not None and FORMATS[self.current.format].swappable

    @property
    def seated(self) -> list[Entry]:
        """The pairs of the current draft, the ones a swap may move (never a withdrawn pair)."""
        ids = {p for r in self.rows for p in (r.match.ns_id, r.match.ew_id) if p is not None}
        return [e for e in self.entries if e.id in ids]


def director_dashboard(tournament: Tournament, links: PhoneLinks) -> Dashboard:
    """The director's page in a constant number of queries (the rounds, the pairs, the
    current round's matches with their submissions, the latest snapshot)."""
    rounds = list(tournament.round_set.all())
    entries = list(tournament.entries.all())
    current = rounds[-1] if rounds else None
    rows = match_rows(current, links) if current else []
    return Dashboard(
        tournament,
        entries,
        rounds,
        current,
        rows,
        standings_current(tournament),
        pair_rows(tournament, entries),
    )


@dataclass(frozen=True)
class RoundProgress:
    """What the director's page polls: the latest round and its settled and disputed tables
    (four small queries)."""

    rounds: int
    status: str
    settled: int
    disputed: int


def round_progress(tournament: Tournament) -> RoundProgress:
    last = tournament.round_set.order_by("-number").first()
    if last is None:
        return RoundProgress(0, "", 0, 0)
    return RoundProgress(
        last.number,
        last.status,
        last.matches.filter(status__in=SETTLED).count(),
        last.matches.filter(status=Match.Status.DISPUTED).count(),
    )


def match_of(tournament: Tournament, match_id: int) -> Match:
    """A table of the tournament for the director to decide; 404 for another's or a bye."""
    try:
        match = Match.objects.select_related(
            "ns", "ew", "ns_with", "ew_with", "round", "game", "result"
        ).get(id=match_id, round__tournament=tournament)
    except Match.DoesNotExist:
        raise Http404 from None
    if match.ew is None:
        raise Http404  # a bye has no result
    return match


@dataclass(frozen=True)
class MatchReview:
    """What the director sees beside the result's form: every version of the result, what
    each pair said, the hands' totals, and whether the table may be reopened."""

    submissions: list[ResultSubmission]
    said: Said
    hands: list[int] | None  # the game's totals, once a hand is entered
    reopenable: bool


def match_review(match: Match) -> MatchReview:
    submissions = list(match.submissions.all())
    game = match.game
    return MatchReview(
        submissions,
        said_since_director(submissions),
        list(game.totals) if game is not None and game.hand_count else None,
        match.status in SETTLED and match.round.status != Round.Status.CLOSED,
    )
