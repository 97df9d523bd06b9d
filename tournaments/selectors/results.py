"""What the pairs have said at a table: each pair's latest submission since the director last
acted on it, read once here for the table's link, the director's pages and result_submit."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Prefetch

from scorekeeper.game_tables import TableOutcome
from tournaments.engine.clock import Stop
from tournaments.models import Match, ResultSubmission
from tournaments.selectors.event import SETTLED


@dataclass(frozen=True)
class Said:
    """Each pair's latest word on a table since the director last acted on it (a reopened
    table starts afresh); None where the pair has said nothing. ``director``: that last act (a
    correction, a reopening...), None if the director has not acted on the table."""

    ns: ResultSubmission | None = None
    ew: ResultSubmission | None = None
    director: ResultSubmission | None = None

    def by(self, side: str) -> ResultSubmission | None:
        """What the pair on ``side`` ("ns" or "ew") said."""
        if side == ResultSubmission.By.NS:
            return self.ns
        return self.ew if side == ResultSubmission.By.EW else None

    def against(self, side: str) -> ResultSubmission | None:
        """What the other pair said."""
        return self.ew if side == ResultSubmission.By.NS else self.ns

    @property
    def anything(self) -> bool:
        return self.ns is not None or self.ew is not None

    @property
    def reopened(self) -> ResultSubmission | None:
        """The director's reopening of the table, while it is the director's last act on it
        (the pages say so until the table settles again)."""
        director = self.director
        return director if director and director.kind == ResultSubmission.Kind.REOPENED else None


def said_since_director(submissions: Iterable[ResultSubmission]) -> Said:
    """Each pair's latest word on a table from its submissions in version order (the model's
    ordering: ``match.submissions.all()``, prefetched or not), and the director's last act."""
    said: dict[str, ResultSubmission] = {}
    director = None
    for submission in submissions:
        if submission.by == ResultSubmission.By.DIRECTOR:
            said.clear()
            director = submission
        else:
            said[submission.by] = submission
    return Said(said.get(ResultSubmission.By.NS), said.get(ResultSubmission.By.EW), director)


def director_acts() -> Prefetch:
    """The director's submissions of each match, as ``said_since_director`` reads them: a page
    that needs only the director's last act (the public pages) prefetches no pair's."""
    return Prefetch(
        "submissions",
        queryset=ResultSubmission.objects.filter(by=ResultSubmission.By.DIRECTOR),
    )


def table_version(match: Match, sent: int | None = None) -> str:
    """What a table page shows changes with: its game's hands, the match's state, the results the
    pairs sent, the round's state and the director's clock decisions (a pause shows at once;
    the signals themselves fall on the phone, static/core/clock.mjs, with no reload). The table
    page's phones ask it every few seconds (``table_keys.table_version_of``, which reads the
    same in one query). ``sent``: the table's submissions, where the caller has read them (else
    counted here)."""
    game = match.game
    if sent is None:
        sent = match.submissions.count()
    return version_text(
        game.version if game else 0,
        match.status,
        match.result_id,
        sent,
        match.round.status,
        len(match.round.clock),
    )


def version_text(
    game_version: int,
    status: str,
    result_id: int | None,
    sent: int,
    round_status: str,
    decisions: int,
) -> str:
    """``table_version``'s words, from what it reads."""
    return f"{game_version}.{status}.{result_id or 0}.{sent}.{round_status}.{decisions}"


def winning_side(
    ns_score: int,
    ew_score: int,
    winner: int | None,
    sides: Sequence[Collection[int | None]],
) -> int | None:
    """The side that won a table's result, by its position in ``sides`` (0 North-South, 1
    East-West: each side's entries); None for a draw. The entry the result names as its winner
    (a forfeit's present pair, a tie played off) wins for its side; else, and for a winner named
    who sits at neither side, the higher score wins."""
    for position, side in enumerate(sides):
        if winner is not None and winner in side:
            return position
    if ns_score == ew_score:
        return None
    return 0 if ns_score > ew_score else 1


def table_outcome(game_id: str) -> TableOutcome | None:
    """The settled result of the event table played as this game (confirmed by both pairs, or
    the director's); None for a game that is no event table, or whose result is not settled.
    The result, not the game's hands, says who won: a table cut short, a forfeit or a
    director's correction stand whatever the hands say."""
    return table_outcomes([game_id]).get(game_id)


def table_outcomes(game_ids: Iterable[str]) -> dict[str, TableOutcome]:
    """``table_outcome`` of each of the games that has one, by game id: one read."""
    rows = Match.objects.filter(
        game_id__in=list(game_ids), status__in=SETTLED, result__isnull=False
    ).values_list(
        "game_id",
        "ns_id",
        "ns_with_id",
        "ew_id",
        "ew_with_id",
        "result__ns_score",
        "result__ew_score",
        "result__winner_id",
    )
    return {
        game_id: TableOutcome(
            winning_side(ns_score, ew_score, winner, ((ns, ns_with), (ew, ew_with)))
        )
        for game_id, ns, ns_with, ew, ew_with, ns_score, ew_score, winner in rows
    }


@dataclass(frozen=True)
class RoundHands:
    """Where a table stands in its round's hands, as its page says it: the hands entered, the
    round's, whether they are done (the result is to be sent), and whether a tie asks for
    another hand."""

    entered: int
    planned: int | None  # None: an event of no set hands, its tables played to their target
    done: bool
    tie_break: bool
    stopped: bool = False  # done because the round's clock (or another table's target) stopped it

    @property
    def extra(self) -> int:
        """Hands played past the round's: a tied table's tie-break hands."""
        return max(0, self.entered - self.planned) if self.planned else 0


def round_hands(match: Match, stop: Stop) -> RoundHands:
    """The table's hands against its round's: its game is the round's hands
    (services.rounds.round_release: Game.round_hands), and says itself when they are done, a
    tie playing another hand where its rules say so (a knockout table's always); or the round's
    clock stopped it (``stop``: selectors.clock), and no hand can follow."""
    game = match.game
    planned = match.round.tournament.hands_per_round
    entered = game.hand_count if game else 0
    ended = game is not None and game.ended_at is not None
    stopped = not ended and stop.hands is not None and entered >= stop.hands
    if game is None or not planned:
        return RoundHands(entered, None, stopped, False, stopped)
    tie_break = not ended and not stopped and entered >= planned
    return RoundHands(entered, planned, ended or stopped, tie_break, stopped)
