"""A knockout's bracket as the pages draw it (public page, wall screen, director's page, PDF):
each round's matches in bracket order with the pairs' names and scores, filled in as the rounds
are released and the results come in, and the podium once the final is played. Read from the
event's state by the engine (engine/bracket.py); None for a tournament without a knockout."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.minus_sign import number_text
from tournaments.engine import bracket as engine_bracket
from tournaments.models import Tournament
from tournaments.selectors.event import EventState, bracket_of, event_state, knockout_start


@dataclass(frozen=True)
class Slot:
    """One pair of a match: its name ("" until known) and its score at that table."""

    name: str = ""
    entry: int | None = None
    score: str = ""
    won: bool = False


@dataclass(frozen=True)
class ShownMatch:
    upper: Slot
    lower: Slot
    bye: bool = False  # the upper pair goes through without playing
    played: bool = False


@dataclass(frozen=True)
class BracketRound:
    title: str  # "Final", "Semi-finals", "Quarter-finals", "Round of 16"
    matches: list[ShownMatch]


@dataclass(frozen=True)
class Bracket:
    rounds: list[BracketRound]
    third_place: ShownMatch | None
    champion: str = ""
    runner_up: str = ""
    third: list[str] = field(default_factory=list)  # both semi-finals' losers without a match
    fourth: str = ""

    @property
    def podium(self) -> bool:
        return bool(self.champion)


def _title(matches: int) -> str:
    if matches == 1:
        return pgettext("knockout round", "Final")
    if matches == 2:
        return _("Semi-finals")
    if matches == 4:
        return _("Quarter-finals")
    return _("Round of %(n)s") % {"n": 2 * matches}


def knockout_bracket(
    tournament: Tournament, state: EventState | None = None, drafts: bool = False
) -> Bracket | None:
    """The bracket of the tournament's knockout as its released rounds have it (``drafts``: the
    director's page shows a drawn round before its release), or None without a knockout."""
    if knockout_start(tournament) is None:
        return None
    state = state or event_state(tournament)
    drawn = bracket_of(state, drafts)
    if drawn is None:
        return Bracket([], None)
    names = {pair.id: pair.name for pair in state.pairs}

    def slot(pair: int | None, score: int | None, winner: int | None) -> Slot:
        if pair is None:
            return Slot()
        shown_score = "" if score is None else number_text(score)
        return Slot(names.get(pair, ""), pair, shown_score, winner == pair)

    def match(m: engine_bracket.BracketMatch) -> ShownMatch:
        winner = m.winner if (m.upper_score is not None or m.bye) else None
        return ShownMatch(
            slot(m.upper, m.upper_score, winner),
            slot(m.lower, m.lower_score, winner),
            m.bye,
            m.upper_score is not None,
        )

    rounds = [BracketRound(_title(len(r)), [match(m) for m in r]) for r in drawn.rounds]
    third = match(drawn.third_place) if drawn.third_place is not None else None
    return Bracket(
        rounds,
        third,
        names.get(drawn.champion, "") if drawn.champion is not None else "",
        names.get(drawn.runner_up, "") if drawn.runner_up is not None else "",
        [names.get(p, "") for p in drawn.third],
        names.get(drawn.fourth, "") if drawn.fourth is not None else "",
    )
