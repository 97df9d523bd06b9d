"""Every pairing format by name: one ``pair_round(RoundInput) -> Draw`` each."""

from __future__ import annotations

from collections.abc import Callable

from tournaments.engine import swiss
from tournaments.engine.model import Draw, RoundInput

FORMATS: dict[str, Callable[[RoundInput], Draw]] = {
    "swiss": swiss.pair_round,
}
