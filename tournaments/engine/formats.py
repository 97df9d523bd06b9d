"""Every pairing format by name: one ``pair_round(RoundInput) -> Draw`` each. A tournament may
change format from round to round (three Mitchell rounds, then a Danish one)."""

from __future__ import annotations

from collections.abc import Callable

from tournaments.engine import danish, knockout, mitchell, roundrobin, swiss
from tournaments.engine.model import Draw, RoundInput

FORMATS: dict[str, Callable[[RoundInput], Draw]] = {
    "swiss": swiss.pair_round,
    "roundrobin": roundrobin.pair_round,
    "mitchell": mitchell.pair_round,
    "danish": danish.pair_round,
    "danish_plain": danish.pair_round_plain,
    "knockout": knockout.pair_round,
}
