"""Why a pair meets whom, in plain words for the pair itself (issue 31: "pairings explained"),
from the reasons the engine gave when it drew the round (engine.types.Reason, kept on each
table: Match.reasons). The director's page says the same reasons in a few words
(words.REASON_WORDS); a pair's page says them to the pair, naming the other pairs.

A reason's values are the engine's: SCORE_GROUP (points), PULLED_DOWN (North–South's points,
East–West's), REMATCH_AVOIDED and CLUB_AVOIDED (the pair next in the standings, by entry id,
which the North–South pair, the higher-ranked, could not meet). A reason with no sentence here
is said in the director's words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.engine.types import Reason
from tournaments.words import REASON_WORDS

Values = Sequence[int]


class Seen:
    """The table as the pair sees it: its side, the pair across, the event's names by entry."""

    def __init__(self, north: bool, opponent: str, names: Mapping[int, str]) -> None:
        self.north, self.opponent, self.names = north, opponent, names

    def name(self, entry_id: int) -> str:
        return self.names.get(entry_id, "?")


def _pulled(values: Values, seen: Seen) -> str:
    mine, theirs = (values[0], values[1]) if seen.north else (values[1], values[0])
    return _(
        "%(opponent)s was the nearest pair in the standings you could meet "
        "(points: you %(mine)s, they %(theirs)s)."
    ) % {"opponent": seen.opponent, "mine": mine, "theirs": theirs}


# The pair next in the standings that the North–South pair (the higher-ranked) could not meet,
# said to that pair (first) or to the pair across (second).
AVOIDED = {
    Reason.REMATCH_AVOIDED: (
        gettext_lazy(
            "You had already met %(nearest)s, the next pair in the standings, so you meet "
            "%(opponent)s."
        ),
        gettext_lazy(
            "%(opponent)s had already met %(nearest)s, the pair after them in the standings, "
            "so they meet you."
        ),
    ),
    Reason.CLUB_AVOIDED: (
        gettext_lazy(
            "%(nearest)s, the next pair in the standings, is of your club, so you meet "
            "%(opponent)s."
        ),
        gettext_lazy(
            "%(nearest)s, the pair after %(opponent)s in the standings, is of their club, so "
            "they meet you."
        ),
    ),
}


# Said the same to every pair, whoever it meets.
PLAIN = {
    Reason.SEEDED: gettext_lazy("Round 1 is drawn by seed."),
    Reason.RANDOM: gettext_lazy("Round 1 is drawn at random."),
    Reason.BYE: gettext_lazy(
        "You have the bye: it goes to the lowest-ranked pair that has not had one yet."
    ),
    Reason.PHANTOM: gettext_lazy(
        "You sit out this round: the schedule's empty table, as the field is one short."
    ),
    Reason.SCHEDULE: gettext_lazy("The schedule fixed before round 1 seats you here."),
    Reason.MOVED_DOWN: gettext_lazy("Moved one place down, to avoid last round's match."),
    Reason.BRACKET: gettext_lazy("The bracket seats you, by seed."),
    Reason.BRACKET_BYE: gettext_lazy("A top seed: you go through to the next round."),
    Reason.SWAPPED: gettext_lazy("The director changed this table's pairing."),
}
# Naming the pair across the table (and, for SCORE_GROUP, the points both were on).
ACROSS = {
    Reason.SCORE_GROUP: gettext_lazy("You and %(opponent)s were on the same points (%(points)s)."),
    Reason.REMATCH: gettext_lazy(
        "You meet %(opponent)s again: no draw of the whole field could avoid a rematch."
    ),
    Reason.SAME_CLUB: gettext_lazy(
        "You and %(opponent)s are of one club: no draw of the whole field could avoid it."
    ),
    Reason.STANDINGS: gettext_lazy(
        "You and %(opponent)s were next to each other in the standings."
    ),
}


def _said(code: Reason, values: Values, seen: Seen) -> str:
    if code is Reason.PULLED_DOWN:
        return _pulled(values, seen)
    if code in AVOIDED:
        said = AVOIDED[code][0 if seen.north else 1]
        return str(said) % {"nearest": seen.name(values[0]), "opponent": seen.opponent}
    if code in ACROSS:
        points = values[0] if values else ""
        return str(ACROSS[code]) % {"opponent": seen.opponent, "points": points}
    if code in PLAIN:
        return str(PLAIN[code])
    return capfirst(str(REASON_WORDS[code])) + "."


def pairing_explained(
    reasons: Sequence[Sequence[int | str]], *, north: bool, opponent: str, names: Mapping[int, str]
) -> list[str]:
    """The table's reasons ([reason, values...], as Match.reasons keeps them) as sentences to
    the pair sitting ``north`` (North–South) or not, across from ``opponent``."""
    seen = Seen(north, opponent, names)
    said = []
    for reason in reasons:
        code, values = Reason(str(reason[0])), [int(v) for v in reason[1:]]
        try:
            said.append(_said(code, values, seen))
        except IndexError:  # a reason kept without the values it says (an older draw)
            said.append(capfirst(str(REASON_WORDS[code])) + ".")
    return said
