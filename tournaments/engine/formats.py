"""Every pairing format by name: one ``pair_round(RoundInput) -> Draw`` each. A tournament may
change format from round to round (three Mitchell rounds, then a Danish one)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.engine import danish, individual, knockout, mitchell, movements, roundrobin, swiss
from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.types import Draw, Pair, RoundInput

FORMATS: dict[str, Callable[[RoundInput], Draw]] = {
    "swiss": swiss.pair_round,
    "roundrobin": roundrobin.pair_round,
    "mitchell": mitchell.pair_round,
    "danish": danish.pair_round,
    "danish_plain": danish.pair_round_plain,
    "knockout": knockout.pair_round,
    "individual": individual.pair_round,
    "individual_movement": movements.pair_round,
}
# The formats of individual events (an entry is one player; partners change every round): an
# event plays one of them all through, never mixed with the pairs' formats.
INDIVIDUAL = ("individual", "individual_movement")


def pair_round(fmt: str, given: RoundInput) -> Draw:
    """Round ``given.number`` drawn by format ``fmt``. A round of a pairs' format needs two
    pairs playing (every pair withdrawn, or all but one, would draw a round of no table);
    individual events and knockouts count their own entries."""
    playing = len(given.playing())
    if fmt not in (*INDIVIDUAL, "knockout") and playing < 2:
        raise DrawRefused(
            gettext_noop("a round needs two pairs playing at least; %(n)s play"), n=playing
        )
    return FORMATS[fmt](given)


MAX_ROUNDS = 200  # a round robin of 200 pairs plays 199 rounds
# Formats that follow a schedule fixed by the field; Swiss and Danish pair from the standings
# and play as many rounds as the director asks.
SCHEDULED = ("roundrobin", "mitchell", "knockout", "individual_movement")
# The formats that seat the field by a schedule of places (roundrobin.places), each with the
# order it gives the field's places in.
SEATING: dict[str, Callable[[Sequence[Pair], int], Sequence[Pair]]] = {
    "roundrobin": lambda field, _start: field,
    "mitchell": mitchell.arranged,
}


def schedule_rounds(fmt: str, entrants: int, legs: int = 1) -> int | None:
    """The rounds of a format's whole schedule for ``entrants`` pairs (round robin, Mitchell,
    knockout to its final), or None for a format paired from the standings."""
    if fmt == "roundrobin":
        return roundrobin.rounds_needed(entrants, legs)
    if fmt == "mitchell":
        return mitchell.rounds_possible(entrants)
    if fmt == "knockout":
        return knockout.rounds_needed(entrants)
    if fmt == "individual_movement":
        return movements.rounds_of(entrants)
    return None


def phases(round_formats: Sequence[str]) -> list[tuple[str, int, int]]:
    """The runs of rounds of one format: (format, first round, rounds), in order."""
    runs: list[tuple[str, int, int]] = []
    for number, fmt in enumerate(round_formats, 1):
        if runs and runs[-1][0] == fmt:
            runs[-1] = (fmt, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((fmt, number, 1))
    return runs


@dataclass(frozen=True)
class Phase:
    """Rounds of one format in a tournament's plan. ``rounds`` None: the whole schedule of a
    round robin, a Mitchell movement or a knockout (set by the field at round 1), or a knockout
    of the top pairs after other rounds (its rounds follow from their number)."""

    format: str
    rounds: int | None = None


@dataclass(frozen=True)
class Plan:
    """A plan as a tournament keeps it: its first format, each round's format where they
    differ, its rounds (0: the whole schedule of one scheduled format), the knockout's pairs."""

    format: str
    round_formats: tuple[str, ...]
    rounds: int
    knockout_top: int = 0


def plan_of(given: Sequence[Phase], knockout_top: int = 0) -> Plan:
    """The plan of ``given`` phases, checked (check_plan), or a DrawRefused saying what to fix:
    Swiss ×5 then a knockout of the top 4 plays 5 + 2 rounds."""
    if not given:
        raise DrawRefused(gettext_noop("a plan has one format at least"))
    if any(phase.format not in FORMATS for phase in given):
        raise DrawRefused(gettext_noop("a plan names formats the app plays"))
    if any(phase.format == "knockout" for phase in given[:-1]):
        raise DrawRefused(gettext_noop("a knockout comes last in a plan: it ends with the final"))
    first = given[0]
    if len(given) == 1:
        if knockout_top:
            raise DrawRefused(
                gettext_noop("a knockout of the top pairs comes after rounds of another format")
            )
        if first.rounds is None and first.format not in SCHEDULED:
            raise DrawRefused(gettext_noop("Swiss and Danish play the number of rounds you set"))
        plan = Plan(first.format, (), first.rounds or 0)
    else:
        formats: list[str] = []
        for i, phase in enumerate(given):
            rounds = phase.rounds
            if rounds is None and phase.format == "knockout" and i == len(given) - 1:
                if knockout_top < 2:
                    raise DrawRefused(
                        gettext_noop(
                            "a knockout after other rounds needs the number of pairs it takes "
                            "(the top 4, the top 8...)"
                        )
                    )
                rounds = knockout.rounds_needed(knockout_top)
            if rounds is None:
                raise DrawRefused(
                    gettext_noop(
                        "give the rounds of each format of the plan (%(format)s has none); only "
                        "a plan of one format may play a whole schedule"
                    ),
                    format=phase.format,
                )
            formats += [phase.format] * rounds
        plan = Plan(first.format, tuple(formats), len(formats), knockout_top)
    check_plan(plan.format, plan.round_formats, plan.rounds, plan.knockout_top)
    return plan


def phases_of(
    fmt: str, round_formats: Sequence[str], rounds: int, knockout_top: int
) -> list[Phase]:
    """A stored plan as its phases (the form's rows): a knockout of the top pairs, and a whole
    schedule, without a number of rounds."""
    if not round_formats:
        return [Phase(fmt, rounds or None)]
    runs = phases(round_formats)
    return [
        Phase(run_format, None if run_format == "knockout" and knockout_top and i else count)
        for i, (run_format, _first, count) in enumerate(runs)
    ]


def check_entries_kind(fmt: str, round_formats: Sequence[str], knockout_top: int = 0) -> None:
    """Refuse a plan that mixes pair formats and individual ones: an entry is a pair or one
    player for the whole event (a plan whose rounds were later fitted to its field still
    holds to it, where check_plan's lengths may no longer: clubs.backup checks this part)."""
    individual = {fmt, *round_formats} & set(INDIVIDUAL)
    if individual and (len({fmt, *round_formats}) > 1 or knockout_top):
        raise DrawRefused(
            gettext_noop("an individual event plays one individual format in every round")
        )


def check_plan(fmt: str, round_formats: Sequence[str], rounds: int, knockout_top: int = 0) -> None:
    """Refuse a tournament's plan that no field can play, before it is created: its rounds,
    the format of each, and a knockout of the top pairs. ``rounds`` 0 plays the whole schedule
    of a scheduled format, its length set by the field at round 1."""
    check_entries_kind(fmt, round_formats, knockout_top)
    if rounds == 0 and not round_formats and fmt in SCHEDULED:
        return
    if not 1 <= rounds <= MAX_ROUNDS:
        raise DrawRefused(gettext_noop("a tournament has 1 to %(n)s rounds"), n=MAX_ROUNDS)
    if round_formats and len(round_formats) != rounds:
        raise DrawRefused(
            gettext_noop("the plan gives a format to %(given)s rounds of %(rounds)s"),
            given=len(round_formats),
            rounds=rounds,
        )
    if knockout_top:
        runs = phases(round_formats or [fmt] * rounds)
        final = runs[-1]
        if final[0] != "knockout" or len(runs) < 2 or knockout_top < 2:
            raise DrawRefused(
                gettext_noop(
                    "a knockout of the top pairs comes after rounds of another format, "
                    "and takes 2 pairs at least"
                )
            )
        needed = knockout.rounds_needed(knockout_top)
        if final[2] != needed:
            raise DrawRefused(
                gettext_noop(
                    "a knockout of the top %(top)s plays %(needed)s rounds to its final, and "
                    "the plan gives it %(rounds)s"
                ),
                top=knockout_top,
                needed=needed,
                rounds=final[2],
            )


_TOO_SHORT = {
    "roundrobin": gettext_noop(
        "the round robin of %(pairs)s pairs ends after %(length)s rounds, and the plan plays "
        "%(rounds)s rounds in it: change the number of rounds, or the pairs"
    ),
    "mitchell": gettext_noop(
        "a Mitchell movement of %(pairs)s pairs ends after %(length)s rounds, and the plan plays "
        "%(rounds)s rounds in it: change the number of rounds, or the pairs"
    ),
    "knockout": gettext_noop(
        "a knockout of %(pairs)s pairs plays %(length)s rounds to its final, and the plan gives "
        "it %(rounds)s: change the number of rounds, or the pairs"
    ),
    "individual_movement": gettext_noop(
        "the movement for %(pairs)s players ends after %(length)s rounds, and the plan plays "
        "%(rounds)s: change the number of rounds"
    ),
}


def fitted_rounds(
    fmt: str, entrants: int, rounds: int, legs: int = 1, *, strict: bool = True
) -> int:
    """The rounds a phase of ``rounds`` rounds plays with ``entrants`` pairs at its first round:
    a knockout as many as its pairs need to reach the final (a field smaller than its plan's
    top K, after withdrawals); any other format the plan's, checked (check_phase), or, not
    ``strict`` (a phase after round 1, when the plan can no longer change), cut to the end of
    its schedule (a round robin of the 6 pairs left after withdrawals plays 5 rounds)."""
    if fmt == "knockout":
        return knockout.rounds_needed(entrants)
    if not strict:
        length = schedule_rounds(fmt, entrants, legs)
        return rounds if length is None else min(rounds, length)
    check_phase(fmt, entrants, rounds, legs)
    return rounds


def phase_end(fmt: str, draw: Draw, earlier: Sequence[Draw]) -> int | None:
    """The round its phase ends with, as ``draw`` (after the phase's ``earlier`` rounds) says,
    whatever the plan said: a knockout's final, sooner when withdrawals left a round of
    walkovers (later again if that draft is discarded and a pair comes back); None for a
    format whose length the plan sets."""
    return knockout.final_round(draw, earlier) if fmt == "knockout" else None


def check_phase(fmt: str, entrants: int, rounds: int, legs: int = 1) -> None:
    """Refuse, at its first round, a phase of ``rounds`` rounds that its schedule for
    ``entrants`` pairs cannot fill (a knockout must reach its final exactly)."""
    length = schedule_rounds(fmt, entrants, legs)
    if length is None:
        return
    if rounds > length or (fmt == "knockout" and rounds != length):
        raise DrawRefused(_TOO_SHORT[fmt], pairs=entrants, length=length, rounds=rounds)
