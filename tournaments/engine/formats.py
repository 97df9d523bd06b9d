"""Every pairing format by name, each one :class:`Format` in the ``FORMATS`` registry: its
``pair_round(RoundInput) -> Draw``, schedule, seating, kind, limits and words. A tournament may
change format from round to round (three Mitchell rounds, then a Danish one), and checks its
plan here (``plan_of``, ``check_plan``).

A new format is its engine module and one ``Format(...)`` below (and its tests): the model
stores the key without a list of choices (tournaments.models.format_known), so it needs no
migration, and the director's form, the plan's words and the simulator read it from here
(tests/integration/test_format_registry.py registers a toy format and plays it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.engine import danish, individual, knockout, mitchell, movements, roundrobin, swiss
from tournaments.engine.errors import DrawRefused, gettext_noop
from tournaments.engine.types import Draw, Pair, RoundInput

Seating = Callable[[Sequence[Pair], int], Sequence[Pair]]


@dataclass(frozen=True)
class Format:
    """One pairing format, declared once: the Django layer reads everything it offers, checks
    and says about a format from here (the form's choices, the model's check, the plan's words),
    so a new format is its engine module and one entry in ``FORMATS``.

    ``label`` and ``help`` are English msgids (marked with gettext_noop so that makemessages
    finds them); the app translates them where it shows them."""

    key: str  # stored on tournaments and rounds (at most 20 characters)
    label: str  # its name on the pages
    pair_round: Callable[[RoundInput], Draw]
    # The rounds of its whole schedule for (entrants, legs), or None where no schedule fits
    # that field (a fixed movement for 10 players); no schedule at all: paired from the
    # standings, as many rounds as the director sets (Swiss, Danish).
    schedule: Callable[[int, int], int | None] | None = None
    # What a phase longer than its schedule is refused with (check_phase): %(pairs)s,
    # %(length)s and %(rounds)s.
    too_long: str = ""
    # The order it gives the field's places in, for a format seated by a schedule of places
    # (roundrobin.places): a pair's place is kept when it withdraws and comes back.
    seating: Seating | None = None
    individual: bool = False  # an entry is one player; partners change every round
    # Ends with a final: it comes last in a plan, may take the top pairs of the rounds before,
    # plays exactly the rounds its pairs need, and a tied table plays another hand.
    knockout: bool = False
    # The round its phase ends with, as a drawn round (after the phase's earlier rounds) says,
    # whatever the plan said: a knockout's final, sooner when withdrawals left a round of
    # walkovers.
    ends: Callable[[Draw, Sequence[Draw]], int] | None = None
    keeps_tables: bool = False  # pairs keep their table from round to round where they can
    # The pairs a round needs playing (pair_round refuses fewer); 0 where the format counts
    # its own entries (an individual event's players, a knockout's bracket).
    min_playing: int = 2
    help: str = ""  # what it differs by, beside the plan's format choices
    # Its pairs keep their direction all through its phase (Mitchell: North-South pairs stay
    # North-South): an event with such rounds may rank the two directions apart
    # (engine.directions, check_by_direction).
    fixed_directions: bool = False

    @property
    def scheduled(self) -> bool:
        """Whether it follows a schedule fixed by the field (its tables cannot be swapped)."""
        return self.schedule is not None

    @property
    def swappable(self) -> bool:
        """Whether a director may swap two pairs of its draft: not in a schedule or a bracket,
        whose later rounds would not follow, nor in an individual event, whose partnerships
        are drawn together."""
        return not self.scheduled and not self.individual


def _whole(rounds: Callable[[int], int | None]) -> Callable[[int, int], int | None]:
    """A schedule that one pass through the field fills, whatever the legs."""
    return lambda entrants, _legs: rounds(entrants)


_ALL = (
    Format("swiss", gettext_noop("Swiss"), swiss.pair_round),
    Format(
        "roundrobin",
        gettext_noop("Round robin"),
        roundrobin.pair_round,
        schedule=roundrobin.rounds_needed,
        too_long=gettext_noop(
            "the round robin of %(pairs)s pairs ends after %(length)s rounds, and the plan plays "
            "%(rounds)s rounds in it: change the number of rounds, or the pairs"
        ),
        seating=lambda field, _start: field,
        keeps_tables=True,
    ),
    Format(
        "mitchell",
        gettext_noop("Mitchell"),
        mitchell.pair_round,
        schedule=_whole(mitchell.rounds_possible),
        too_long=gettext_noop(
            "a Mitchell movement of %(pairs)s pairs ends after %(length)s rounds, and the plan "
            "plays %(rounds)s rounds in it: change the number of rounds, or the pairs"
        ),
        seating=mitchell.arranged,
        fixed_directions=True,
    ),
    Format(
        "danish",
        gettext_noop("Modified Danish"),
        danish.pair_round,
        help=gettext_noop(
            "Danish pairs by the standings: 1st v 2nd, 3rd v 4th, and so on. Modified Danish does "
            "the same, but never seats two pairs that met in the round before at one table (with "
            "four pairs or more): the lower one moves down a place, or at the foot of the "
            "standings the upper one moves up."
        ),
    ),
    Format("danish_plain", gettext_noop("Danish"), danish.pair_round_plain),
    Format(
        "knockout",
        gettext_noop("Knockout"),
        knockout.pair_round,
        schedule=_whole(knockout.rounds_needed),
        too_long=gettext_noop(
            "a knockout of %(pairs)s pairs plays %(length)s rounds to its final, and the plan "
            "gives it %(rounds)s: change the number of rounds, or the pairs"
        ),
        knockout=True,
        ends=knockout.final_round,
        min_playing=0,
    ),
    # Individual events: players enter alone, partners change every round; an event plays one
    # of them all through, never mixed with the pairs' formats.
    Format(
        "individual",
        gettext_noop("Individual (Swiss-like)"),
        individual.pair_round,
        individual=True,
        min_playing=0,
    ),
    Format(
        "individual_movement",
        gettext_noop("Individual, fixed movement (8, 12, 16)"),
        movements.pair_round,
        schedule=_whole(movements.rounds_of),
        too_long=gettext_noop(
            "the movement for %(pairs)s players ends after %(length)s rounds, and the plan plays "
            "%(rounds)s: change the number of rounds"
        ),
        individual=True,
        min_playing=0,
    ),
)
# Every format by its key, in the order the director's form offers them.
FORMATS: dict[str, Format] = {fmt.key: fmt for fmt in _ALL}


def pair_round(fmt: str, given: RoundInput) -> Draw:
    """Round ``given.number`` drawn by format ``fmt``. A round of a pairs' format needs two
    pairs playing (every pair withdrawn, or all but one, would draw a round of no table);
    individual events and knockouts count their own entries."""
    spec = FORMATS[fmt]
    playing = len(given.playing())
    if playing < spec.min_playing:
        raise DrawRefused(
            gettext_noop("a round needs two pairs playing at least; %(n)s play"), n=playing
        )
    return spec.pair_round(given)


MAX_ROUNDS = 200  # a round robin of 200 pairs plays 199 rounds


def schedule_rounds(fmt: str, entrants: int, legs: int = 1) -> int | None:
    """The rounds of a format's whole schedule for ``entrants`` pairs (round robin, Mitchell,
    knockout to its final), or None for a format paired from the standings."""
    schedule = FORMATS[fmt].schedule
    return None if schedule is None else schedule(entrants, legs)


def _knockout(fmt: str) -> bool:
    return fmt in FORMATS and FORMATS[fmt].knockout


def _to_final(fmt: str, pairs: int) -> int:
    """The rounds a knockout of ``pairs`` plays to its final (its schedule always fits)."""
    return schedule_rounds(fmt, pairs) or 0


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
    if any(FORMATS[phase.format].knockout for phase in given[:-1]):
        raise DrawRefused(gettext_noop("a knockout comes last in a plan: it ends with the final"))
    first = given[0]
    if len(given) == 1:
        if knockout_top:
            raise DrawRefused(
                gettext_noop("a knockout of the top pairs comes after rounds of another format")
            )
        if first.rounds is None and not FORMATS[first.format].scheduled:
            raise DrawRefused(gettext_noop("Swiss and Danish play the number of rounds you set"))
        plan = Plan(first.format, (), first.rounds or 0)
    else:
        formats: list[str] = []
        for i, phase in enumerate(given):
            rounds = phase.rounds
            if rounds is None and FORMATS[phase.format].knockout and i == len(given) - 1:
                if knockout_top < 2:
                    raise DrawRefused(
                        gettext_noop(
                            "a knockout after other rounds needs the number of pairs it takes "
                            "(the top 4, the top 8...)"
                        )
                    )
                rounds = _to_final(phase.format, knockout_top)
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
        Phase(run_format, None if knockout_top and i and _knockout(run_format) else count)
        for i, (run_format, _first, count) in enumerate(runs)
    ]


def check_entries_kind(fmt: str, round_formats: Sequence[str], knockout_top: int = 0) -> None:
    """Refuse a plan that mixes pair formats and individual ones: an entry is a pair or one
    player for the whole event (a plan whose rounds were later fitted to its field still
    holds to it, where check_plan's lengths may no longer: clubs.backup checks this part)."""
    individual = any(FORMATS[f].individual for f in {fmt, *round_formats} if f in FORMATS)
    if individual and (len({fmt, *round_formats}) > 1 or knockout_top):
        raise DrawRefused(
            gettext_noop("an individual event plays one individual format in every round")
        )


def check_by_direction(fmt: str, round_formats: Sequence[str]) -> None:
    """Refuse ranking North-South and East-West apart (engine.directions) for a plan without a
    round of a format that keeps its pairs' directions (a Mitchell), or with a knockout (its
    bracket crowns one winner of the whole field, and ranks its pairs before the others)."""
    plan = {fmt, *round_formats}
    if not any(f in FORMATS and FORMATS[f].fixed_directions for f in plan):
        raise DrawRefused(
            gettext_noop(
                "North-South and East-West are ranked apart only in a plan with Mitchell "
                "rounds, where pairs keep their direction"
            )
        )
    if any(f in FORMATS and FORMATS[f].knockout for f in plan):
        raise DrawRefused(
            gettext_noop(
                "North-South and East-West cannot be ranked apart with a knockout: its "
                "bracket crowns one winner"
            )
        )


def check_plan(fmt: str, round_formats: Sequence[str], rounds: int, knockout_top: int = 0) -> None:
    """Refuse a tournament's plan that no field can play, before it is created: its rounds,
    the format of each, and a knockout of the top pairs. ``rounds`` 0 plays the whole schedule
    of a scheduled format, its length set by the field at round 1."""
    if any(f not in FORMATS for f in (fmt, *round_formats)):
        raise DrawRefused(gettext_noop("a plan names formats the app plays"))
    check_entries_kind(fmt, round_formats, knockout_top)
    if rounds == 0 and not round_formats and FORMATS[fmt].scheduled:
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
        if not FORMATS[final[0]].knockout or len(runs) < 2 or knockout_top < 2:
            raise DrawRefused(
                gettext_noop(
                    "a knockout of the top pairs comes after rounds of another format, "
                    "and takes 2 pairs at least"
                )
            )
        needed = _to_final(final[0], knockout_top)
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


def fitted_rounds(
    fmt: str, entrants: int, rounds: int, legs: int = 1, *, strict: bool = True
) -> int:
    """The rounds a phase of ``rounds`` rounds plays with ``entrants`` pairs at its first round:
    a knockout as many as its pairs need to reach the final (a field smaller than its plan's
    top K, after withdrawals); any other format the plan's, checked (check_phase), or, not
    ``strict`` (a phase after round 1, when the plan can no longer change), cut to the end of
    its schedule (a round robin of the 6 pairs left after withdrawals plays 5 rounds)."""
    if FORMATS[fmt].knockout:
        return _to_final(fmt, entrants)
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
    ends = FORMATS[fmt].ends
    return None if ends is None else ends(draw, earlier)


def check_phase(fmt: str, entrants: int, rounds: int, legs: int = 1) -> None:
    """Refuse, at its first round, a phase of ``rounds`` rounds that its schedule for
    ``entrants`` pairs cannot fill (a knockout must reach its final exactly)."""
    length = schedule_rounds(fmt, entrants, legs)
    if length is None:
        return
    if rounds > length or (FORMATS[fmt].knockout and rounds != length):
        raise DrawRefused(FORMATS[fmt].too_long, pairs=entrants, length=length, rounds=rounds)
